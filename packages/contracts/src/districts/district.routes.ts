import { idParamsSchema, messageSchema } from '../common/common.schemas.js';
import { defineRoute } from '../common/route.js';
import {
  contactBodySchema,
  contactListQuerySchema,
  contactPageSchema,
  contactParamsSchema,
  contactSavedSchema,
  contactSchema,
  districtParamsSchema,
} from './contact.schemas.js';
import {
  districtBodySchema,
  districtListQuerySchema,
  districtPageSchema,
  districtSavedSchema,
  districtSchema,
} from './district.schemas.js';

const tags = ['districts'];

export const districtRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/districts',
    summary: 'Districts the caller belongs to (all for an Admin), searched, sorted and paged',
    tags,
    query: districtListQuerySchema,
    response: districtPageSchema,
  }),
  get: defineRoute({
    method: 'GET',
    path: '/districts/:id',
    summary: 'One district with the caller role',
    tags,
    params: idParamsSchema,
    response: districtSchema,
  }),
  create: defineRoute({
    method: 'POST',
    path: '/districts',
    summary: 'Create a district; the creator becomes its Auditor (not for role User)',
    tags,
    body: districtBodySchema,
    response: districtSavedSchema,
    status: 201,
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/districts/:id',
    summary: 'Update a district (Auditor); country, state and district are locked',
    tags,
    params: idParamsSchema,
    body: districtBodySchema,
    response: districtSavedSchema,
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/districts/:id',
    summary: 'Delete a district with no elections, its contacts and memberships (Auditor)',
    tags,
    params: idParamsSchema,
    response: messageSchema,
  }),
};

export const districtContactRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/district-contacts/:districtId',
    summary: 'Contacts of a district',
    tags,
    params: districtParamsSchema,
    query: contactListQuerySchema,
    response: contactPageSchema,
  }),
  get: defineRoute({
    method: 'GET',
    path: '/district-contacts/:districtId/:id',
    summary: 'One contact of a district',
    tags,
    params: contactParamsSchema,
    response: contactSchema,
  }),
  create: defineRoute({
    method: 'POST',
    path: '/district-contacts/:districtId',
    summary: 'Add a contact to a district (Auditor)',
    tags,
    params: districtParamsSchema,
    body: contactBodySchema,
    response: contactSavedSchema,
    status: 201,
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/district-contacts/:districtId/:id',
    summary: 'Update a contact of a district (Auditor)',
    tags,
    params: contactParamsSchema,
    body: contactBodySchema,
    response: contactSavedSchema,
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/district-contacts/:districtId/:id',
    summary: 'Delete a contact of a district (Auditor)',
    tags,
    params: contactParamsSchema,
    response: messageSchema,
  }),
};
