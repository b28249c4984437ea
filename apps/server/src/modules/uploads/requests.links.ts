import { createHmac, timingSafeEqual } from 'node:crypto';
import { todayIso } from '@scrutineer/contracts';
import type { RequestRow } from './requests.repository.js';

/** A link's token: an HMAC of the request and its salt, so a database leak gives no links. */
export function requestToken(secret: string, row: RequestRow): string {
  return createHmac('sha256', `upload-request:${secret}`)
    .update(`${row.id}:${row.tokenSalt}`)
    .digest('base64url');
}

export function tokenMatches(secret: string, row: RequestRow, token: string): boolean {
  const expected = Buffer.from(requestToken(secret, row));
  const given = Buffer.from(token);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** Valid through the whole of its last day; null never expires. */
export const isExpired = (row: RequestRow, today = todayIso()): boolean =>
  row.validThrough !== null && row.validThrough < today;

/** `{host}/upload/{id}/{state}_{county without spaces, hyphens or dots}?token=…` as the spec's link. */
export function requestUrl(
  publicUrl: string,
  secret: string,
  row: RequestRow,
  place: { state: string; county: string },
) {
  const page = row.districtId && !row.electionId ? 'upload-district' : 'upload';
  const county = `${place.state}_${place.county.replace(/[\s.-]/g, '')}`;
  return `${publicUrl}/${page}/${row.id}/${encodeURIComponent(county)}?token=${requestToken(secret, row)}`;
}
