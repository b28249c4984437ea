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
import { acceptNewPassword, issueSession, revokeUserTokens } from '../auth/index.js';
import { findUserByEmail, updateUser, type UserRow } from '../users/index.js';

export async function updateProfile(
  deps: AppDeps,
  user: UserRow,
  input: UpdateProfileBody,
): Promise<UserRow> {
  if (input.role && input.role !== user.role) throw forbidden('You cannot change your own role.');
  return deps.database.db.transaction(async (tx) => {
    const emailChanged = input.email.toLowerCase() !== user.email.toLowerCase();
    if (emailChanged && (await findUserByEmail(tx, input.email)))
      throw conflict(MESSAGES.emailTaken);
    const updated = await updateUser(tx, user.id, {
      firstName: input.first_name,
      lastName: input.last_name,
      email: input.email,
      phoneNumber: input.phone_number,
    });
    if (!updated) throw badRequest(MESSAGES.notFound);
    await recordEvent(tx, {
      actorId: user.id,
      subjectType: 'user',
      subjectId: user.id,
      action: 'update-profile',
      data: { emailChanged },
    });
    return updated;
  });
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
  const plain = acceptNewPassword(input.new_password, input.confirm_password);
  const passwordHash = await deps.hasher.hash(plain);
  return deps.database.db.transaction(async (tx) => {
    const updated = await updateUser(tx, user.id, {
      passwordHash,
      tokenVersion: user.tokenVersion + 1,
    });
    if (!updated) throw badRequest(MESSAGES.notFound);
    await revokeUserTokens(tx, user.id);
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
