import { randomUUID } from 'node:crypto';
import { decodePassword, MESSAGES, type AppRole, type Session } from '@scrutineer/contracts';
import type { AppDeps } from '../../platform/deps.js';
import type { Executor } from '../../platform/db/database.js';
import { recordEvent } from '../../platform/db/events.js';
import { forbidden, unauthorized } from '../../platform/errors.js';
import { findUserByEmail, findUserById, type UserRow } from '../users/index.js';
import { issueRefreshToken, revokeFamily, spendRefreshToken } from './refresh-tokens.repository.js';

// Verifying against a real hash for unknown e-mails keeps the answer time the same.
let dummyHash: Promise<string> | undefined;

/** Signs an access token and issues a refresh token (in `familyId`'s chain when given). */
export async function issueSession(
  deps: AppDeps,
  db: Executor,
  user: UserRow,
  familyId?: string,
): Promise<Session> {
  const sessionId = familyId ?? randomUUID();
  const accessToken = await deps.tokens.sign({
    userId: user.id,
    role: user.role,
    tokenVersion: user.tokenVersion,
    sessionId,
  });
  const refreshToken = await issueRefreshToken(
    db,
    user.id,
    deps.config.REFRESH_TOKEN_TTL_SECONDS,
    sessionId,
  );
  return {
    access_token: accessToken,
    refresh_token: refreshToken,
    expires_in: deps.tokens.ttlSeconds,
    id: user.id,
    user_id: user.id,
    role: user.role as AppRole,
    subscriptionPlan: user.subscriptionPlan,
    test_job: user.testJob,
  };
}

export async function signIn(
  deps: AppDeps,
  input: { email: string; password: string },
): Promise<Session> {
  const db = deps.database.db;
  const user = await findUserByEmail(db, input.email);
  const plain = decodePassword(input.password);
  if (!user?.passwordHash) {
    dummyHash ??= deps.hasher.hash('not-a-password');
    await deps.hasher.verify(await dummyHash, plain);
    throw unauthorized(MESSAGES.invalidCredentials);
  }
  if (!(await deps.hasher.verify(user.passwordHash, plain))) {
    throw unauthorized(MESSAGES.invalidCredentials);
  }
  if (!user.active) throw forbidden(MESSAGES.accountInactive);
  if (!user.verified) throw forbidden(MESSAGES.emailNotVerified);
  return db.transaction(async (tx) => {
    await recordEvent(tx, {
      actorId: user.id,
      subjectType: 'user',
      subjectId: user.id,
      action: 'sign-in',
    });
    return issueSession(deps, tx, user);
  });
}

export async function refreshSession(deps: AppDeps, refreshToken: string): Promise<Session> {
  return deps.database.db
    .transaction(async (tx) => {
      const outcome = await spendRefreshToken(tx, refreshToken);
      if (outcome.kind === 'reused') {
        // A spent token presented again means it leaked: end every session of that sign-in.
        await revokeFamily(tx, outcome.familyId);
        return { revoked: true as const };
      }
      if (outcome.kind === 'invalid') return { revoked: true as const };
      const user = await findUserById(tx, outcome.userId);
      if (!user?.active) return { revoked: true as const };
      return {
        revoked: false as const,
        session: await issueSession(deps, tx, user, outcome.familyId),
      };
    })
    .then((result) => {
      if (result.revoked) throw unauthorized(MESSAGES.refreshInvalid);
      return result.session;
    });
}

export async function signOut(deps: AppDeps, refreshToken: string): Promise<void> {
  await deps.database.db.transaction(async (tx) => {
    const outcome = await spendRefreshToken(tx, refreshToken);
    if (outcome.kind !== 'invalid') await revokeFamily(tx, outcome.familyId);
  });
}
