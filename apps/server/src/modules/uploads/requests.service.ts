import { randomBytes } from 'node:crypto';
import {
  earliestTodayIso,
  UPLOAD_MESSAGES,
  type MemberRole,
  type UploadRequest,
  type UploadRequestBody,
} from '@scrutineer/contracts';
import { and, eq, gt, sql } from 'drizzle-orm';
import { z } from 'zod';
import { events } from '../../db/schema.js';
import { recordEvent } from '../../platform/db/events.js';
import type { AppDeps } from '../../platform/deps.js';
import { AppError, badRequest, notFound } from '../../platform/errors.js';
import type { MailMessage } from '../../platform/mail/mailer.js';
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

/** Upload-request mails one account may send an hour, and one address may get a day. */
export const REQUEST_MAILS_PER_HOUR = 20;
export const REQUEST_MAILS_PER_ADDRESS_PER_DAY = 3;
const HOUR_MS = 3600 * 1000;

/** Counts the request mails sent since `since`, by the account or to the address. */
async function requestMailsSince(
  deps: AppDeps,
  since: Date,
  who: { actorId?: number; to?: string },
) {
  const [row] = await deps.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(events)
    .where(
      and(
        eq(events.subjectType, 'upload_request'),
        eq(events.action, 'mail'),
        gt(events.createdAt, since),
        who.actorId !== undefined ? eq(events.actorId, who.actorId) : undefined,
        who.to !== undefined
          ? sql`lower(${events.data}->>'to') = ${who.to.toLowerCase()}`
          : undefined,
      ),
    );
  return row?.n ?? 0;
}

/**
 * Mail goes to a real address, a few times a day at most, from a fixed text naming who asked:
 * the form's name and description stay on the request, never in someone's inbox.
 */
async function assertMayMail(deps: AppDeps, user: UserRow, to: string): Promise<void> {
  if (!z.email().safeParse(to).success) throw badRequest(UPLOAD_MESSAGES.emailInvalid);
  const now = Date.now();
  const byAccount = await requestMailsSince(deps, new Date(now - HOUR_MS), { actorId: user.id });
  const toAddress = await requestMailsSince(deps, new Date(now - 24 * HOUR_MS), { to });
  if (byAccount >= REQUEST_MAILS_PER_HOUR || toAddress >= REQUEST_MAILS_PER_ADDRESS_PER_DAY) {
    throw new AppError('too_many_requests', UPLOAD_MESSAGES.tooManyRequestMails);
  }
}

/** A calendar date (YYYY-MM-DD) as the app shows dates, en-GB: 04/12/2026. */
const gbDate = (iso: string) => iso.split('-').reverse().join('/');

function requestMail(
  to: string,
  sender: UserRow,
  ownerName: string,
  link: string,
  validThrough: string | null,
): MailMessage {
  const who = `${sender.firstName} ${sender.lastName}`.trim();
  return {
    to,
    subject: `Upload request for ${ownerName}`,
    text: `${who ? `${who} (${sender.email})` : sender.email} asks you to upload files for ${ownerName} on Scrutineer.\n\nUpload them here: ${link}\n${validThrough ? `The link works through ${gbDate(validThrough)}.` : 'The link does not expire.'}\n\nIf you do not expect this request, ignore this mail.`,
  };
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
  if (body.send_email) await assertMayMail(deps, user, body.email);
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
    // The mail is counted with the change, so the throttle holds across API instances.
    if (body.send_email) {
      await recordEvent(tx, {
        actorId: user.id,
        subjectType: 'upload_request',
        subjectId: saved.id,
        action: 'mail',
        data: { to: saved.email },
      });
    }
    return saved;
  });
  const presented = presentRequest(deps, row, loaded.owner, loaded.owner.role);
  if (body.send_email) {
    await deps.mailer.send(
      requestMail(row.email, user, loaded.owner.name, presented.request_url, row.validThrough),
    );
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
