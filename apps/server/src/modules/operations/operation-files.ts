import { createHmac, timingSafeEqual } from 'node:crypto';

const HOUR = 3_600_000;

const sign = (secret: string, folder: string, expires: number) =>
  createHmac('sha256', secret)
    .update(`operation-file:${folder}:${expires}`)
    .digest('base64url')
    .slice(0, 32);

/**
 * A link to a report or download that opens in a new window (no bearer header there): the
 * stage's folder and an expiry signed with the server secret, then the file's path inside the
 * folder, so a report's relative links (its crops) resolve too. Valid for the rest of this
 * hour and the next, so the link stays the same between polls.
 */
export function signFileLink(secret: string, folder: string, path: string, now = Date.now()) {
  const expires = (Math.floor(now / HOUR) + 2) * HOUR;
  const encoded = Buffer.from(folder).toString('base64url');
  return `/api/operation-files/${encoded}/${expires}/${sign(secret, folder, expires)}/${path}`;
}

/** The blob key a signed link names, or null when the link is forged, expired or escapes. */
export function readFileLink(
  secret: string,
  link: { folder: string; expires: string; mac: string; path: string },
  now = Date.now(),
): string | null {
  const folder = Buffer.from(link.folder, 'base64url').toString('utf8');
  const expires = Number(link.expires);
  if (!Number.isFinite(expires) || expires <= now) return null;
  const expected = Buffer.from(sign(secret, folder, expires));
  const given = Buffer.from(link.mac);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  const path = link.path;
  if (!path || path.split('/').some((part) => part === '' || part === '.' || part === '..'))
    return null;
  return `${folder}/${path}`;
}

const TYPES: Record<string, string> = {
  html: 'text/html; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  pdf: 'application/pdf',
  zip: 'application/zip',
  png: 'image/png',
  txt: 'text/plain; charset=utf-8',
  json: 'application/json',
};
export const contentTypeOf = (name: string) =>
  TYPES[name.split('.').pop()?.toLowerCase() ?? ''] ?? 'application/octet-stream';
