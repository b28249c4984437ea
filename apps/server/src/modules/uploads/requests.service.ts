import { randomBytes } from 'node:crypto';
import {
  earliestTodayIso,
  UPLOAD_MESSAGES,
  type MemberRole,
  type UploadRequest,
  type UploadRequestBody,
} from '@scrutineer/contracts';
import { recordEvent } from '../../platform/db/events.js';
import type { AppDeps } from '../../platform/deps.js';
import { badRequest, notFound } from '../../platform/errors.js';
import type { UserRow } from '../users/index.js';
import { isExpired, requestUrl } from './requests.links.js';
import {
  deleteRequest,
  findRequest,
  insertRequest,
  updateRequest,
  type RequestRow,
} from './requests.repository.js';
import { loadOwnerForUpload, ownerRefFrom, type Owner } from './uploads.owner.js';
import { canUpload } from './uploads.policy.js';

export function presentRequest(
  deps: AppDeps,
  row: RequestRow,
  owner: { name: string; state: string; county: string },
  role: MemberRole | null,
): UploadRequest {
  const expired = isExpired(row);
  const allowed = role !== null && canUpload(role);
  return {
    id: row.id,
    election_id: row.electionId,
    district_id: row.districtId,
    owner_name: owner.name,
    name: row.name,
    email: row.email,
    description: row.description,
    valid_through: row.validThrough,
    send_email: row.sendEmail,
    send_link: row.sendEmail,
    type: row.sendEmail ? 'Email' : 'Link',
    expired,
    status: expired ? 'Expired' : 'Valid',
    // The link lets anyone upload: only those who may upload see it.
    request_url: allowed ? requestUrl(deps.config.publicUrl, deps.linkSecret, row, owner) : '',
    created_at: row.createdAt.toISOString(),
    can: { update: allowed, delete: allowed },
  };
}

/** Loads a request through its election or district (404 when not visible; Observer 403). */
export async function loadRequestFor(
  deps: AppDeps,
  user: UserRow,
  id: number,
  type: Owner['type'],
) {
  const row = await findRequest(deps.database.db, id);
  const ownerId = row && (type === 'election' ? row.electionId : row.districtId);
  if (!row || !ownerId) throw notFound();
  const owner = await loadOwnerForUpload(deps.database.db, user, { type, id: ownerId });
  return { row, owner };
}

/** Creates or updates a request (an id in the path or body updates); mails the link when asked. */
export async function saveRequest(
  deps: AppDeps,
  user: UserRow,
  type: Owner['type'],
  body: UploadRequestBody,
  id?: number,
) {
  if (body.send_email && !body.email) throw badRequest(`email: ${UPLOAD_MESSAGES.emailRequired}`);
  const existingId = id ?? body.id ?? body.request_id;
  const loaded = existingId
    ? await loadRequestFor(deps, user, existingId, type)
    : {
        row: null,
        owner: await loadOwnerForUpload(deps.database.db, user, ownerRefFrom(type, body)),
      };
  // A new or mailed request cannot go out already expired; an existing link may be ended
  // by giving it a past date without mailing it.
  const date = body.valid_through;
  if (date && date < earliestTodayIso() && (!loaded.row || body.send_email)) {
    throw badRequest(`valid_through: ${UPLOAD_MESSAGES.validThroughPast}`);
  }
  const values = {
    name: body.name,
    email: body.email,
    description: body.description,
    validThrough: body.valid_through ?? null,
    sendEmail: body.send_email,
  };
  const row = await deps.database.db.transaction(async (tx) => {
    let saved: RequestRow;
    if (loaded.row) {
      await updateRequest(tx, loaded.row.id, values);
      saved = { ...loaded.row, ...values };
    } else {
      saved = await insertRequest(tx, {
        ...values,
        [type === 'election' ? 'electionId' : 'districtId']: loaded.owner.id,
        tokenSalt: randomBytes(16).toString('hex'),
        createdBy: user.id,
      });
    }
    await recordEvent(tx, {
      actorId: user.id,
      subjectType: 'upload_request',
      subjectId: saved.id,
      action: loaded.row ? 'update' : 'create',
    });
    return saved;
  });
  const presented = presentRequest(deps, row, loaded.owner, loaded.owner.role);
  if (body.send_email) {
    await deps.mailer.send({
      to: row.email,
      subject: `Upload request for ${loaded.owner.name}`,
      text: `${row.name}, you are asked to upload files for ${loaded.owner.name}.\n\n${row.description}\n\nUpload them here: ${presented.request_url}\n${row.validThrough ? `The link works through ${row.validThrough}.` : 'The link does not expire.'}`,
    });
  }
  return { presented, created: !loaded.row };
}

export async function removeRequest(deps: AppDeps, user: UserRow, type: Owner['type'], id: number) {
  const { row } = await loadRequestFor(deps, user, id, type);
  await deps.database.db.transaction(async (tx) => {
    await deleteRequest(tx, row.id);
    await recordEvent(tx, {
      actorId: user.id,
      subjectType: 'upload_request',
      subjectId: row.id,
      action: 'delete',
    });
  });
}
