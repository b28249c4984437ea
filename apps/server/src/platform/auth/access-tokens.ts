import { createSecretKey } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

export interface AccessClaims {
  userId: number;
  role: string;
  tokenVersion: number;
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
      new SignJWT({ role: claims.role, tv: claims.tokenVersion })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(claims.userId))
        .setIssuedAt()
        .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
        .sign(key),
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        const userId = Number(payload.sub);
        if (!Number.isInteger(userId) || typeof payload.tv !== 'number') return null;
        return { userId, role: String(payload.role), tokenVersion: payload.tv };
      } catch {
        return null;
      }
    },
  };
}
