import { createSecretKey } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export interface AccessClaims {
  userId: number;
  role: string;
  tokenVersion: number;
  /** The sign-in this token belongs to (its refresh-token family): signing out ends it. */
  sessionId: string;
}

export interface AccessTokens {
  ttlSeconds: number;
  sign(claims: AccessClaims): Promise<string>;
  /** Returns the claims, or null for a token that is malformed, forged or expired. */
  verify(token: string): Promise<AccessClaims | null>;
}

/** Tokens whose signature was checked, kept so a busy client's calls skip the HMAC. */
export const VERIFIED_TOKENS_KEPT = 10_000;

export function createAccessTokens(secret: string, ttlSeconds: number): AccessTokens {
  // A KeyObject skips re-importing the key on every verification.
  const key = createSecretKey(Buffer.from(secret, 'utf8'));
  // The exact token text once its signature held, with its claims and expiry (seconds). Only
  // the signature check is spared: the expiry is checked on every call, and the caller still
  // reads the account and its sign-in each time, so sign-out and revocation bite at once.
  const verified = new Map<string, { claims: AccessClaims; expires: number }>();
  const remember = (token: string, claims: AccessClaims, expires: number) => {
    if (verified.size >= VERIFIED_TOKENS_KEPT) {
      const oldest = verified.keys().next();
      if (!oldest.done) verified.delete(oldest.value);
    }
    verified.set(token, { claims, expires });
  };
  return {
    ttlSeconds,
    sign: (claims) =>
      new SignJWT({ role: claims.role, tv: claims.tokenVersion, sid: claims.sessionId })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(claims.userId))
        .setIssuedAt()
        .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
        .sign(key),
    async verify(token) {
      const kept = verified.get(token);
      if (kept) {
        if (kept.expires > Date.now() / 1000) return kept.claims;
        verified.delete(token);
        return null;
      }
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        const userId = Number(payload.sub);
        const { tv, sid } = payload;
        if (
          !Number.isInteger(userId) ||
          typeof tv !== 'number' ||
          typeof sid !== 'string' ||
          !UUID.test(sid)
        )
          return null;
        const claims = { userId, role: String(payload.role), tokenVersion: tv, sessionId: sid };
        if (typeof payload.exp === 'number') remember(token, claims, payload.exp);
        return claims;
      } catch {
        return null;
      }
    },
  };
}
