import { z } from 'zod';

/** Every refusal answers `{ error }` with the spec's wording where it has one. */
export const errorSchema = z.object({ error: z.string() });
export type ErrorBody = z.infer<typeof errorSchema>;

export const messageSchema = z.object({ message: z.string() });
export type MessageBody = z.infer<typeof messageSchema>;

export const idParamsSchema = z.object({ id: z.coerce.number().int().positive() });

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
