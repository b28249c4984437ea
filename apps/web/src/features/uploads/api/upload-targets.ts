import {
  generalUploadRoutes,
  linkFileRoutesFor,
  memberFileRoutesFor,
  uploadSetRoutesFor,
} from '@scrutineer/contracts';
import { api } from '../../../lib/api-client';
import type { PartPlan } from '../uploader/part-plan';
import type { UploadTarget } from '../uploader/upload-target';
import { ownerField, type OwnerType } from './upload-keys';

const start = (file: File, plan: PartPlan) => ({
  file_name: file.name,
  // The spec: an empty content type is sent as application/octet-stream.
  content_type: file.type || 'application/octet-stream',
  file_size: file.size,
  chunk_size: plan.size,
  chunk_count: plan.count,
  status: 'Uploading',
});

/** A member's direct upload on the File Upload tab of an election or a district. */
export function directUploadTarget(type: OwnerType, ownerId: number): UploadTarget {
  const routes = memberFileRoutesFor[type];
  return {
    scope: `${type}:${ownerId}:direct`,
    cancelStatus: 'Canceled',
    create: async (file, plan) => {
      const body = { ...start(file, plan), ...ownerField(type, ownerId) };
      const started = await api.call(routes.create, { body });
      return { id: started.file.id, urls: started.urls };
    },
    parts: ({ id }) => api.call(routes.parts, { params: { id } }),
    complete: ({ id }, parts) =>
      api.call(routes.update, { params: { id }, body: { status: 'Success', upload_parts: parts } }),
    stop: ({ id }, status) =>
      api.call(routes.update, {
        params: { id },
        body: { status: status === 'Aborted' ? 'Canceled' : status },
      }),
  };
}

/** An election file set (zip only) with its type and description. */
export function uploadSetTarget(
  type: OwnerType,
  ownerId: number,
  details: { file_type: string; description: string },
): UploadTarget {
  const routes = uploadSetRoutesFor[type];
  return {
    scope: `${type}:${ownerId}:set`,
    cancelStatus: 'Aborted',
    create: async (file, plan) => {
      const body = { ...start(file, plan), ...ownerField(type, ownerId), ...details };
      const started = await api.call(routes.create, { body });
      return { id: started.file.id, urls: started.urls };
    },
    parts: ({ id }) => api.call(routes.parts, { params: { id } }),
    complete: ({ id }, parts) =>
      api.call(routes.update, {
        params: { id },
        body: { status: 'Uploaded', upload_parts: parts },
      }),
    stop: ({ id }, status) =>
      api.call(routes.update, {
        params: { id },
        body: { status: status === 'Canceled' ? 'Aborted' : status },
      }),
  };
}

/** An outside party's upload through a request's link: the link's token instead of a login. */
export function linkUploadTarget(type: OwnerType, requestId: number, token: string): UploadTarget {
  const routes = linkFileRoutesFor[type];
  return {
    scope: `${type}-link:${requestId}`,
    cancelStatus: 'Canceled',
    create: async (file, plan) => {
      const body = { ...start(file, plan), request_id: requestId, token };
      const started = await api.call(routes.create, { body });
      return { id: started.file.id, urls: started.urls };
    },
    parts: ({ id }) => api.call(routes.parts, { params: { id }, query: { token } }),
    complete: ({ id }, parts) =>
      api.call(routes.update, {
        params: { id },
        body: { status: 'Success', upload_parts: parts, token },
      }),
    stop: ({ id }, status) =>
      api.call(routes.update, {
        params: { id },
        body: { status: status === 'Aborted' ? 'Canceled' : status, token },
      }),
  };
}

export interface GeneralDetails {
  file_type: string;
  state: string;
  county: string;
}

/**
 * The general upload page: no login, but the token of the Admin's link (`?token=`) to start;
 * each upload then carries its own token from creation. The
 * details are read when each upload starts, as the form stands then.
 */
export function generalUploadTarget(
  details: () => GeneralDetails,
  linkToken: string,
): UploadTarget {
  const withToken = (token: string | undefined) => {
    if (!token) throw new Error('This upload has no token.');
    return token;
  };
  return {
    scope: 'general',
    cancelStatus: 'Canceled',
    create: async (file, plan) => {
      const body = { ...start(file, plan), ...details(), link_token: linkToken };
      const started = await api.call(generalUploadRoutes.create, { body });
      return { id: started.file.id, urls: started.urls, token: started.upload_token };
    },
    parts: ({ id, token }) =>
      api.call(generalUploadRoutes.parts, {
        params: { id },
        query: { upload_token: withToken(token) },
      }),
    complete: ({ id, token }, parts) =>
      api.call(generalUploadRoutes.update, {
        params: { id },
        body: { status: 'Success', upload_parts: parts, upload_token: withToken(token) },
      }),
    stop: ({ id, token }, status) =>
      api.call(generalUploadRoutes.update, {
        params: { id },
        body: {
          status: status === 'Aborted' ? 'Canceled' : status,
          upload_token: withToken(token),
        },
      }),
  };
}
