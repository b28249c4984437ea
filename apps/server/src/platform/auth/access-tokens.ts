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

export function createAccessTokens(secret: string, ttlSeconds: number): AccessTokens {
  // A KeyObject skips re-importing the key on every verification.
  const key = createSecretKey(Buffer.from(secret, 'utf8'));
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
        return { userId, role: String(payload.role), tokenVersion: tv, sessionId: sid };
      } catch {
        return null;
      }
    },
  };
}
