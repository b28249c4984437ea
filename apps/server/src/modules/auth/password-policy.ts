import { decodePassword, MESSAGES, PASSWORD_MIN_LENGTH } from '@scrutineer/contracts';
import { badRequest } from '../../platform/errors.js';

/** Decodes a base64 password and applies the length rule. */
export function acceptNewPassword(encoded: string, encodedConfirm?: string): string {
  const plain = decodePassword(encoded);
  if (encodedConfirm !== undefined && decodePassword(encodedConfirm) !== plain) {
    throw badRequest(MESSAGES.passwordsDiffer);
  }
  if (plain.length < PASSWORD_MIN_LENGTH) throw badRequest(MESSAGES.passwordTooShort);
  if (plain.length > 256) throw badRequest('Password must be at most 256 characters.');
  return plain;
}
