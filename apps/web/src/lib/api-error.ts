/** A refused or failed API call, carrying the server's `error` text for display. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** The text to show for any thrown value. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return 'Something went wrong. Please try again.';
}

/** Picks the message of a failed answer: `error`, else `message` or `msg` (spec part 3 §8). */
export function messageFromBody(body: unknown, status: number): string {
  if (typeof body === 'object' && body !== null) {
    for (const key of ['error', 'message', 'msg'] as const) {
      const value: unknown = (body as Record<string, unknown>)[key];
      if (typeof value === 'string' && value) return value;
    }
  }
  return status >= 500
    ? 'The server could not complete the request.'
    : `Request failed (${status}).`;
}

/**
 * A refusal that names its field (`name: Required.`) as the field and the plain message, so a
 * form shows it under that field; other texts come back with no field.
 */
export function fieldError(error: unknown): { field: string | null; message: string } {
  const text = errorMessage(error);
  const match = /^([a-z_][\w.]*): (.+)$/is.exec(text);
  return match
    ? { field: match[1] ?? null, message: match[2] ?? text }
    : { field: null, message: text };
}
