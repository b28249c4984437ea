import { MESSAGES, type SignUpBody } from '@scrutineer/contracts';
import type { AppDeps } from '../../platform/deps.js';
import { recordEvent } from '../../platform/db/events.js';
import { badRequest, conflict } from '../../platform/errors.js';
import { verificationMail } from '../../platform/mail/templates.js';
import {
  findUserByEmail,
  findUserById,
  insertUser,
  updateUser,
  type UserRow,
} from '../users/index.js';
import { consumeKey, consumeKeyRow, issueKey, spendKeys } from './keys.repository.js';
import { acceptNewPassword } from './password-policy.js';

const VERIFY_TTL_MS = 7 * 24 * 3600 * 1000;

async function mailVerification(deps: AppDeps, user: UserRow): Promise<void> {
  const key = await issueKey(deps.database.db, user.id, 'verify', VERIFY_TTL_MS);
  const link = `${deps.config.publicUrl}/verify/${key}`;
  await deps.mailer.send(verificationMail(user.email, user.firstName, link));
}

/**
 * Creates the account and mails a verification link. An address with an invitation waiting
 * is refused: only its owner, through the invitation's link (or a reset), takes up the account
 * and the roles it was given.
 */
export async function signUp(deps: AppDeps, input: SignUpBody): Promise<{ id: number }> {
  const plain = acceptNewPassword(input.password, { email: input.email });
  const passwordHash = await deps.hasher.hash(plain);
  const values = {
    email: input.email.trim(),
    passwordHash,
    firstName: input.first_name,
    lastName: input.last_name,
    phoneNumber: input.phone_number,
    role: input.role,
    signupDate: input.signup_date ?? new Date().toISOString().slice(0, 10),
  };
  const user = await deps.database.db.transaction(async (tx) => {
    const existing = await findUserByEmail(tx, values.email);
    if (existing && !existing.passwordHash && existing.active)
      throw conflict(MESSAGES.invitationPending);
    if (existing) throw conflict(MESSAGES.emailTaken);
    const saved = await insertUser(tx, values);
    await recordEvent(tx, {
      actorId: saved.id,
      subjectType: 'user',
      subjectId: saved.id,
      action: 'sign-up',
      data: { role: saved.role },
    });
    return saved;
  });
  await mailVerification(deps, user);
  return { id: user.id };
}

/** Verifies an account's address, or confirms a new one and makes it the account's e-mail. */
export async function verifyEmail(deps: AppDeps, token: string): Promise<void> {
  await deps.database.db.transaction(async (tx) => {
    const userId = await consumeKey(tx, token, 'verify');
    if (userId) {
      await updateUser(tx, userId, { verified: true });
      await recordEvent(tx, {
        actorId: userId,
        subjectType: 'user',
        subjectId: userId,
        action: 'verify-email',
      });
      return;
    }
    const change = await consumeKeyRow(tx, token, 'email');
    if (!change?.email) throw badRequest(MESSAGES.verifyTokenInvalid);
    const holder = await findUserByEmail(tx, change.email);
    if (holder && holder.id !== change.userId) throw conflict(MESSAGES.emailTaken);
    await updateUser(tx, change.userId, { email: change.email, verified: true });
    // Other pending changes lapse: the address now is the one just confirmed.
    await spendKeys(tx, change.userId, 'email');
    await recordEvent(tx, {
      actorId: change.userId,
      subjectType: 'user',
      subjectId: change.userId,
      action: 'change-email',
      data: { email: change.email },
    });
  });
}

/** Mails a fresh link to an unverified account; says nothing about whether the e-mail exists. */
export async function resendVerification(
  deps: AppDeps,
  input: { email?: string | undefined; userId?: number | undefined },
): Promise<void> {
  const db = deps.database.db;
  const user = input.userId
    ? await findUserById(db, input.userId)
    : input.email
      ? await findUserByEmail(db, input.email)
      : null;
  if (!input.userId && !input.email) throw badRequest('email: Required.');
  if (user && user.active && !user.verified && user.passwordHash)
    await mailVerification(deps, user);
}
