import {
  decodePassword,
  MESSAGES,
  type ChangePasswordBody,
  type Session,
  type UpdateProfileBody,
} from '@scrutineer/contracts';
import type { AppDeps } from '../../platform/deps.js';
import { recordEvent } from '../../platform/db/events.js';
import { badRequest, conflict, forbidden } from '../../platform/errors.js';
import { verificationMail } from '../../platform/mail/templates.js';
import {
  acceptNewPassword,
  issueKey,
  issueSession,
  revokeUserTokens,
  spendKeys,
} from '../auth/index.js';

const EMAIL_CONFIRM_TTL_MS = 7 * 24 * 3600 * 1000;
import { findUserByEmail, updateUser, type UserRow } from '../users/index.js';

export async function updateProfile(
  deps: AppDeps,
  user: UserRow,
  input: UpdateProfileBody,
): Promise<UserRow> {
  if (input.role && input.role !== user.role) throw forbidden('You cannot change your own role.');
  const newEmail = input.email.trim();
  const { updated, confirmKey } = await deps.database.db.transaction(async (tx) => {
    const emailChanged = newEmail.toLowerCase() !== user.email.toLowerCase();
    if (emailChanged && (await findUserByEmail(tx, newEmail))) throw conflict(MESSAGES.emailTaken);
    // A new address counts once its owner opens the link mailed to it; until then the
    // account keeps the verified address it has.
    const updated = await updateUser(tx, user.id, {
      firstName: input.first_name,
      lastName: input.last_name,
      phoneNumber: input.phone_number,
    });
    if (!updated) throw badRequest(MESSAGES.notFound);
    const confirmKey = emailChanged
      ? await issueKey(tx, user.id, 'email', EMAIL_CONFIRM_TTL_MS, newEmail)
      : null;
    await recordEvent(tx, {
      actorId: user.id,
      subjectType: 'user',
      subjectId: user.id,
      action: 'update-profile',
      data: { emailChangeRequested: emailChanged },
    });
    return { updated, confirmKey };
  });
  if (confirmKey) {
    const link = `${deps.config.publicUrl}/verify/${confirmKey}`;
    await deps.mailer.send(verificationMail(newEmail, updated.firstName, link));
  }
  return updated;
}

/** Changes the password; every other session ends and the caller gets a fresh one. */
export async function changePassword(
  deps: AppDeps,
  user: UserRow,
  input: ChangePasswordBody,
): Promise<Session> {
  if (input.email.toLowerCase() !== user.email.toLowerCase())
    throw badRequest(MESSAGES.emailMismatch);
  const current = decodePassword(input.current_password);
  if (!user.passwordHash || !(await deps.hasher.verify(user.passwordHash, current))) {
    throw badRequest(MESSAGES.currentPasswordWrong);
  }
  const plain = acceptNewPassword(input.new_password, {
    confirm: input.confirm_password,
    email: user.email,
  });
  const passwordHash = await deps.hasher.hash(plain);
  return deps.database.db.transaction(async (tx) => {
    const updated = await updateUser(tx, user.id, {
      passwordHash,
      tokenVersion: user.tokenVersion + 1,
    });
    if (!updated) throw badRequest(MESSAGES.notFound);
    await revokeUserTokens(tx, user.id);
    await spendKeys(tx, user.id, 'reset');
    await recordEvent(tx, {
      actorId: user.id,
      subjectType: 'user',
      subjectId: user.id,
      action: 'change-password',
    });
    return issueSession(deps, tx, updated);
  });
}

export async function closeAccount(deps: AppDeps, user: UserRow, email: string): Promise<void> {
  if (email.toLowerCase() !== user.email.toLowerCase()) throw badRequest(MESSAGES.emailMismatch);
  await deps.database.db.transaction(async (tx) => {
    await updateUser(tx, user.id, {
      active: false,
      closedAt: new Date(),
      tokenVersion: user.tokenVersion + 1,
    });
    await revokeUserTokens(tx, user.id);
    await recordEvent(tx, {
      actorId: user.id,
      subjectType: 'user',
      subjectId: user.id,
      action: 'close-account',
    });
  });
}
