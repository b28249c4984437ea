import { idParamsSchema, messageSchema } from '../common/common.schemas.js';
import { defineRoute } from '../common/route.js';
import {
  linkVerifiedSchema,
  linkVerifySchema,
  uploadRequestBodySchema,
  uploadRequestCopySchema,
  uploadRequestListSchema,
  uploadRequestSavedSchema,
} from './upload-request.schemas.js';

const tags = ['upload-requests'];

function requestRoutes(base: string) {
  return {
    list: defineRoute({
      method: 'GET',
      path: `${base}/:id`,
      summary: 'Upload requests (Auditor, Uploader)',
      tags,
      params: idParamsSchema,
      response: uploadRequestListSchema,
    }),
    create: defineRoute({
      method: 'POST',
      path: base,
      summary: 'Create an upload request; mails the link with send_email',
      tags,
      body: uploadRequestBodySchema,
      response: uploadRequestSavedSchema,
      status: 201,
    }),
    update: defineRoute({
      method: 'PUT',
      path: `${base}/:id`,
      summary: 'Update an upload request',
      tags,
      params: idParamsSchema,
      body: uploadRequestBodySchema,
      response: uploadRequestSavedSchema,
    }),
    remove: defineRoute({
      method: 'DELETE',
      path: `${base}/:id`,
      summary: 'Cancel an upload request',
      tags,
      params: idParamsSchema,
      response: messageSchema,
    }),
    copy: defineRoute({
      method: 'POST',
      path: `${base}-copy`,
      summary: 'Save the request and answer its link (request_url)',
      tags,
      body: uploadRequestBodySchema,
      response: uploadRequestCopySchema,
    }),
  };
}

export const uploadRequestRoutesFor = {
  election: requestRoutes('/upload-requests'),
  district: requestRoutes('/upload-district-requests'),
};

export const uploadRequestAdminRoutes = {
  all: defineRoute({
    method: 'GET',
    path: '/upload-requests/all',
    summary: 'Every upload request with its link (Admin)',
    tags,
    response: uploadRequestListSchema,
  }),
};

export const linkVerifyRoutesFor = {
  election: defineRoute({
    method: 'POST',
    path: '/direct-upload/verify',
    summary: 'Check an upload link: answers request_id and email',
    tags,
    body: linkVerifySchema,
    response: linkVerifiedSchema,
  }),
  district: defineRoute({
    method: 'POST',
    path: '/direct-district-upload/verify',
    summary: 'Check a district upload link',
    tags,
    body: linkVerifySchema,
    response: linkVerifiedSchema,
  }),
};
