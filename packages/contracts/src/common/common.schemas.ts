import { z } from 'zod';

/** Every refusal answers `{ error }` with the spec's wording where it has one. */
export const errorSchema = z.object({ error: z.string() });
export type ErrorBody = z.infer<typeof errorSchema>;

export const messageSchema = z.object({ message: z.string() });
export type MessageBody = z.infer<typeof messageSchema>;

/** The largest value a database integer column holds: ids and counts stay within it. */
export const INT4_MAX = 2_147_483_647;
export const NUL_MESSAGE = 'Text cannot contain NUL characters.';

/** A record id in a path, query or body: a positive whole number a database integer holds. */
export const recordIdSchema = z.coerce.number().int().positive().max(INT4_MAX);
/** A whole number from 0 that a database integer holds (offsets, positions, optional ids). */
export const wholeNumberSchema = z.coerce.number().int().min(0).max(INT4_MAX);
/** Any whole number a database integer holds. */
export const int4Schema = z.coerce.number().int().min(-INT4_MAX).max(INT4_MAX);

export const idParamsSchema = z.object({ id: recordIdSchema });

/**
 * The path of the first text in a request value that holds a NUL character, or null. The
 * database cannot store NUL in text and file systems refuse it in names, so no field may hold it.
 */
export function findNulText(value: unknown, path: string[] = []): string[] | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findNulText(item, [...path, String(index)]);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const found = key.includes('\u0000') ? [...path, key] : findNulText(item, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}

/** A password as the client sends it: base64 of the UTF-8 text. */
export const encodedPasswordSchema = z
  .string()
  .min(1, 'Password is required.')
  .refine((value) => /^[A-Za-z0-9+/]*={0,2}$/.test(value) && value.length % 4 === 0, {
    message: 'Password must be base64-encoded.',
  });

export function encodePassword(plain: string): string {
  const bytes = new TextEncoder().encode(plain);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

export function decodePassword(encoded: string): string {
  const binary = atob(encoded);
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

export const PASSWORD_MIN_LENGTH = 8;
