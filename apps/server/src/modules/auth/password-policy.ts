import { dictionary } from '@zxcvbn-ts/language-common';
import { decodePassword, MESSAGES, PASSWORD_MIN_LENGTH } from '@scrutineer/contracts';
import { badRequest } from '../../platform/errors.js';

const PASSWORD_MAX_LENGTH = 256;
/** The most used passwords of public breach lists, as the zxcvbn project ships them. */
const COMMON_PASSWORDS = new Set(dictionary['passwords-common']);

/**
 * Decodes a base64 password and applies the rule: 8 to 256 characters, not one character
 * repeated, not a commonly used password, not the account's own e-mail address.
 */
export function acceptNewPassword(
  encoded: string,
  options: { confirm?: string; email?: string } = {},
): string {
  const plain = decodePassword(encoded);
  if (options.confirm !== undefined && decodePassword(options.confirm) !== plain) {
    throw badRequest(MESSAGES.passwordsDiffer);
  }
  if (plain.length < PASSWORD_MIN_LENGTH) throw badRequest(MESSAGES.passwordTooShort);
  if (plain.length > PASSWORD_MAX_LENGTH) {
    throw badRequest(`Password must be at most ${PASSWORD_MAX_LENGTH} characters.`);
  }
  if (/^(.)\1*$/su.test(plain)) throw badRequest(MESSAGES.passwordRepeated);
  const folded = plain.trim().toLowerCase();
  if (COMMON_PASSWORDS.has(folded)) throw badRequest(MESSAGES.passwordTooCommon);
  if (options.email) refuseOwnEmail(plain, options.email);
  return plain;
}

/** Refuses a password that is the account's e-mail address or the part before its @. */
export function refuseOwnEmail(plain: string, email: string): void {
  const folded = plain.trim().toLowerCase();
  const address = email.trim().toLowerCase();
  if (folded === address || folded === address.split('@')[0]) {
    throw badRequest(MESSAGES.passwordIsEmail);
  }
}
