import { createHmac, timingSafeEqual } from 'node:crypto';

export interface PartGrant {
  key: string;
  uploadId: string;
  partNumber: number;
  /** Unix seconds after which the URL stops working. */
  expires: number;
}

export const PART_URL_PREFIX = '/api/blobs/parts/';

/** HMAC-signed, expiring part URLs for the local store, in the shape of S3's presigned ones. */
export function createPartSigner(secret: string, ttlSeconds: number) {
  const sign = (grant: PartGrant) =>
    createHmac('sha256', `blob-parts:${secret}`)
      .update(`${grant.key}\n${grant.uploadId}\n${grant.partNumber}\n${grant.expires}`)
      .digest('base64url');

  return {
    url(key: string, uploadId: string, partNumber: number, now = Date.now()): string {
      const expires = Math.floor(now / 1000) + ttlSeconds;
      const query = new URLSearchParams({
        partNumber: String(partNumber),
        uploadId,
        expires: String(expires),
        signature: sign({ key, uploadId, partNumber, expires }),
      });
      return `${PART_URL_PREFIX}${key}?${query.toString()}`;
    },
    /** True when the signature matches and has not expired. */
    verify(grant: PartGrant, signature: string, now = Date.now()): boolean {
      if (!Number.isFinite(grant.expires) || grant.expires * 1000 < now) return false;
      const expected = Buffer.from(sign(grant));
      const given = Buffer.from(signature);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}

export type PartSigner = ReturnType<typeof createPartSigner>;
