import { createHmac, timingSafeEqual } from 'node:crypto';

const HOUR = 3_600_000;

interface FolderClaim {
  /** Blob key of the folder the link opens. */
  p: string;
  /** Expiry, ms since epoch. */
  e: number;
}

const sign = (secret: string, body: string) =>
  createHmac('sha256', secret).update(`operation-file:${body}`).digest('base64url');

/**
 * A link to a report or download that opens in a new window (no bearer header there): the
 * stage's folder signed with the server secret, then the file's path inside it, so a report's
 * relative links (its crops) resolve too. Valid for the rest of this hour and the next, so the
 * link stays the same between polls.
 */
export function signFileLink(secret: string, folder: string, path: string, now = Date.now()) {
  const claim: FolderClaim = { p: folder, e: (Math.floor(now / HOUR) + 2) * HOUR };
  const body = Buffer.from(JSON.stringify(claim)).toString('base64url');
  return `/api/operation-files/${body}.${sign(secret, body)}/${path}`;
}

/** The blob key a signed link names, or null when the link is forged, expired or escapes. */
export function readFileLink(secret: string, token: string, path: string, now = Date.now()) {
  const [body, mac] = token.split('.');
  if (!body || !mac) return null;
  const expected = Buffer.from(sign(secret, body));
  const given = Buffer.from(mac);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  if (!path || path.split('/').some((part) => part === '' || part === '.' || part === '..'))
    return null;
  try {
    const claim = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as FolderClaim;
    return claim.e > now ? `${claim.p}/${path}` : null;
  } catch {
    return null;
  }
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
