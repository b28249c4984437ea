import { z } from 'zod';
import { idParamsSchema, messageSchema } from '../common/common.schemas.js';
import { defineRoute } from '../common/route.js';
import {
  adoptableListSchema,
  directUploadCreateSchema,
  directUploadUpdateSchema,
  generalUploadCreateSchema,
  generalUploadLinkSchema,
  generalUploadTokenQuerySchema,
  generalUploadUpdateSchema,
  tokenQuerySchema,
  uploadListSchema,
  uploadProgressSchema,
  uploadSavedSchema,
  uploadSetAdoptSchema,
  uploadSetCreateSchema,
  uploadSetUpdateSchema,
  uploadStartedSchema,
} from './upload.schemas.js';

const tags = ['uploads'];
const adoptedSchema = z.object({ message: z.string(), items: uploadListSchema.shape.items });

/** Upload sets (Election Files tab) under `/files` or `/files-district`. */
function uploadSetRoutes(base: '/files' | '/files-district', owner: string) {
  return {
    list: defineRoute({
      method: 'GET',
      path: `${base}/:id`,
      summary: `File sets of an ${owner} (Auditor, Uploader)`,
      tags,
      params: idParamsSchema,
      response: uploadListSchema,
    }),
    create: defineRoute({
      method: 'POST',
      path: base,
      summary: 'Start a file set upload (zip only): one signed URL per part',
      tags,
      body: uploadSetCreateSchema,
      response: uploadStartedSchema,
      status: 201,
    }),
    update: defineRoute({
      method: 'PUT',
      path: `${base}/:id`,
      summary: 'Complete (Uploaded + upload_parts), abort or fail a set, or edit it',
      tags,
      params: idParamsSchema,
      body: uploadSetUpdateSchema,
      response: uploadSavedSchema,
    }),
    parts: defineRoute({
      method: 'GET',
      path: `${base}/:id/parts`,
      summary: 'Parts already acknowledged and fresh URLs for the rest (resume)',
      tags,
      params: idParamsSchema,
      response: uploadProgressSchema,
    }),
    remove: defineRoute({
      method: 'DELETE',
      path: `${base}/:id`,
      summary: 'Delete a file set (not while Uploading)',
      tags,
      params: idParamsSchema,
      response: messageSchema,
    }),
    adopt: defineRoute({
      method: 'POST',
      path: `${base}/adopt`,
      summary: 'Make file sets of files already uploaded (comma-joined names)',
      tags,
      body: uploadSetAdoptSchema,
      response: adoptedSchema,
      status: 201,
    }),
    adoptable: defineRoute({
      method: 'GET',
      path: `${base}/adoptable/:id`,
      summary: `Files of an ${owner} that can be adopted as file sets`,
      tags,
      params: idParamsSchema,
      response: adoptableListSchema,
    }),
  };
}

/** Direct uploads by members (File Upload tab) and the files sent through links. */
function memberFileRoutes(base: string, requested: string) {
  return {
    list: defineRoute({
      method: 'GET',
      path: `${base}/:id`,
      summary: 'Direct uploads',
      tags,
      params: idParamsSchema,
      response: uploadListSchema,
    }),
    create: defineRoute({
      method: 'POST',
      path: base,
      summary: 'Start a direct upload',
      tags,
      body: directUploadCreateSchema,
      response: uploadStartedSchema,
      status: 201,
    }),
    update: defineRoute({
      method: 'PUT',
      path: `${base}/:id`,
      summary: 'Complete, fail or cancel a direct upload',
      tags,
      params: idParamsSchema,
      body: directUploadUpdateSchema,
      response: uploadSavedSchema,
    }),
    parts: defineRoute({
      method: 'GET',
      path: `${base}/:id/parts`,
      summary: 'Acknowledged parts (resume)',
      tags,
      params: idParamsSchema,
      response: uploadProgressSchema,
    }),
    remove: defineRoute({
      method: 'DELETE',
      path: `${base}/:id`,
      summary: 'Delete a direct upload',
      tags,
      params: idParamsSchema,
      response: messageSchema,
    }),
    requested: defineRoute({
      method: 'GET',
      path: `${requested}/:id`,
      summary: 'Files sent through upload links',
      tags,
      params: idParamsSchema,
      response: uploadListSchema,
    }),
    removeRequested: defineRoute({
      method: 'DELETE',
      path: `${requested}/:id`,
      summary: 'Delete a requested file',
      tags,
      params: idParamsSchema,
      response: messageSchema,
    }),
  };
}

/** The public link page's calls: no login, the link's token instead. */
function linkFileRoutes(base: string) {
  return {
    create: defineRoute({
      method: 'POST',
      path: base,
      summary: 'Upload through a link (request_id + token)',
      tags,
      body: directUploadCreateSchema,
      response: uploadStartedSchema,
      status: 201,
    }),
    update: defineRoute({
      method: 'PUT',
      path: `${base}/:id`,
      summary: 'Complete, fail or cancel a link upload',
      tags,
      params: idParamsSchema,
      body: directUploadUpdateSchema,
      response: uploadSavedSchema,
    }),
    parts: defineRoute({
      method: 'GET',
      path: `${base}/:id/parts`,
      summary: 'Acknowledged parts (resume)',
      tags,
      params: idParamsSchema,
      query: tokenQuerySchema,
      response: uploadProgressSchema,
    }),
    list: defineRoute({
      method: 'GET',
      path: `${base}/request/:id`,
      summary: "The link's own files",
      tags,
      params: idParamsSchema,
      query: tokenQuerySchema,
      response: uploadListSchema,
    }),
    remove: defineRoute({
      method: 'DELETE',
      path: `${base}/:id`,
      summary: "Delete one of the link's files",
      tags,
      params: idParamsSchema,
      query: tokenQuerySchema,
      response: messageSchema,
    }),
  };
}

export const uploadSetRoutesFor = {
  election: uploadSetRoutes('/files', 'election'),
  district: uploadSetRoutes('/files-district', 'district'),
};

export const memberFileRoutesFor = {
  election: memberFileRoutes('/upload-files', '/requested-files'),
  district: memberFileRoutes('/upload-district-files', '/requested-district-files'),
};

export const linkFileRoutesFor = {
  election: linkFileRoutes('/direct-upload'),
  district: linkFileRoutes('/direct-district-upload'),
};

export const generalUploadRoutes = {
  create: defineRoute({
    method: 'POST',
    path: '/general-upload',
    summary: 'Start a general upload (no login)',
    tags,
    body: generalUploadCreateSchema,
    response: uploadStartedSchema,
    status: 201,
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/general-upload/:id',
    summary: 'Complete, fail or cancel a general upload (its upload_token)',
    tags,
    params: idParamsSchema,
    body: generalUploadUpdateSchema,
    response: uploadSavedSchema,
  }),
  parts: defineRoute({
    method: 'GET',
    path: '/general-upload/:id/parts',
    summary: 'Acknowledged parts of a general upload (resume; its upload_token)',
    tags,
    params: idParamsSchema,
    query: generalUploadTokenQuerySchema,
    response: uploadProgressSchema,
  }),
  list: defineRoute({
    method: 'GET',
    path: '/general-upload',
    summary: 'General uploads (Admin)',
    tags,
    response: uploadListSchema,
  }),
  link: defineRoute({
    method: 'GET',
    path: '/general-upload-link',
    summary: 'The general upload page address with a fresh token, to share (Admin)',
    tags,
    response: generalUploadLinkSchema,
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/general-upload/:id',
    summary: 'Delete a general upload (Admin)',
    tags,
    params: idParamsSchema,
    response: messageSchema,
  }),
};
