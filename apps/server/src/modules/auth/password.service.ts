import type { AppDeps } from '../../platform/deps.js';
import type { Executor } from '../../platform/db/database.js';
import { recordEvent } from '../../platform/db/events.js';
import { badRequest } from '../../platform/errors.js';
import { passwordResetMail } from '../../platform/mail/templates.js';
import { MESSAGES } from '@scrutineer/contracts';
import { findUserByEmail, findUserById, updateUser } from '../users/index.js';
import { consumeKey, issueKey, spendKeys } from './keys.repository.js';
import { acceptNewPassword, refuseOwnEmail } from './password-policy.js';
import { revokeUserTokens } from './refresh-tokens.repository.js';

const RESET_TTL_MS = 3600 * 1000;

/** Mails a reset link when the account exists; the caller's answer is the same either way. */
export async function requestPasswordReset(deps: AppDeps, email: string): Promise<void> {
  const user = await findUserByEmail(deps.database.db, email);
  if (!user?.active) return;
  const key = await issueKey(deps.database.db, user.id, 'reset', RESET_TTL_MS);
  // Links use the configured public address, never a host named by the caller.
  const link = `${deps.config.publicUrl}/session/set-newpassword/${key}/${user.id}`;
  await deps.mailer.send(passwordResetMail(user.email, link));
}

export async function setNewPassword(
  deps: AppDeps,
  input: { forgot_key: string; user_id: number; new_password: string; confirm_password: string },
): Promise<void> {
  const plain = acceptNewPassword(input.new_password, { confirm: input.confirm_password });
  const passwordHash = await deps.hasher.hash(plain);
  await deps.database.db.transaction(async (tx) => {
    const userId = await consumeKey(tx, input.forgot_key, 'reset');
    if (!userId || userId !== input.user_id) throw badRequest(MESSAGES.resetKeyInvalid);
    const user = await findUserById(tx, userId);
    if (!user?.active) throw badRequest(MESSAGES.resetKeyInvalid);
    // Checked once the key proves the caller may know the address; the key stays unspent.
    refuseOwnEmail(plain, user.email);
    // Opening the mailed link proves the address, so a reset also verifies it.
    await updateUser(tx, userId, {
      passwordHash,
      verified: true,
      tokenVersion: user.tokenVersion + 1,
    });
    await revokeUserTokens(tx, userId);
    await spendKeys(tx, userId, 'reset');
    await recordEvent(tx, {
      actorId: userId,
      subjectType: 'user',
      subjectId: userId,
      action: 'reset-password',
    });
  });
}

const INVITATION_TTL_MS = 7 * 24 * 3600 * 1000;

/**
 * A set-password link for an account created by an invitation: a reset key that lasts 7 days,
 * opened on the same page as a password reset (setting it also verifies the e-mail).
 */
export async function invitationLink(deps: AppDeps, tx: Executor, userId: number): Promise<string> {
  const key = await issueKey(tx, userId, 'reset', INVITATION_TTL_MS);
  return `${deps.config.publicUrl}/session/set-newpassword/${key}/${userId}`;
}
