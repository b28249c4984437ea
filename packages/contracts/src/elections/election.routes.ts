import { idParamsSchema, messageSchema } from '../common/common.schemas.js';
import { defineRoute } from '../common/route.js';
import {
  electionCreateBodySchema,
  electionListQuerySchema,
  electionPageSchema,
  electionSavedSchema,
  electionSchema,
  electionUpdateBodySchema,
} from './election.schemas.js';
import {
  electionIdParamsSchema,
  memberCreateBodySchema,
  memberListQuerySchema,
  memberPageSchema,
  memberSavedSchema,
  memberUpdateBodySchema,
} from './member.schemas.js';

const tags = ['elections'];

export const electionRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/elections',
    summary: 'Elections the caller belongs to (all for an Admin); by Access Date, newest first',
    tags,
    query: electionListQuerySchema,
    response: electionPageSchema,
  }),
  get: defineRoute({
    method: 'GET',
    path: '/elections/:id',
    summary: 'Open an election: records the caller access date',
    tags,
    params: idParamsSchema,
    response: electionSchema,
  }),
  create: defineRoute({
    method: 'POST',
    path: '/elections',
    summary:
      "Create an election in a district (the district's Auditor); the creator is its Auditor",
    tags,
    body: electionCreateBodySchema,
    response: electionSavedSchema,
    status: 201,
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/elections/:id',
    summary: 'Update name, description and projects (Auditor); the other fields are locked',
    tags,
    params: idParamsSchema,
    body: electionUpdateBodySchema,
    response: electionSavedSchema,
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/elections/:id',
    summary: 'Delete an election and its memberships (Auditor)',
    tags,
    params: idParamsSchema,
    response: messageSchema,
  }),
};

export const electionUserRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/election-users/election/:electionId',
    summary: 'Members of an election (Auditor)',
    tags,
    params: electionIdParamsSchema,
    query: memberListQuerySchema,
    response: memberPageSchema,
  }),
  create: defineRoute({
    method: 'POST',
    path: '/election-users',
    summary: 'Invite a person by e-mail with a role (Auditor); mails an invitation or a notice',
    tags,
    body: memberCreateBodySchema,
    response: memberSavedSchema,
    status: 201,
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/election-users/:id',
    summary: "Change a member's role (Auditor; not one's own)",
    tags,
    params: idParamsSchema,
    body: memberUpdateBodySchema,
    response: memberSavedSchema,
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/election-users/:id',
    summary: 'Remove a member (Auditor; not oneself)',
    tags,
    params: idParamsSchema,
    response: messageSchema,
  }),
};
