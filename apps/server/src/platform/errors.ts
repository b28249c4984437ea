import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { MESSAGES } from '@scrutineer/contracts';
import { isDatabaseBusy } from './db/database.js';

export type ErrorCode =
  | 'bad_request'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'too_many_requests'
  | 'unavailable';

const STATUS: Record<ErrorCode, number> = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_many_requests: 429,
  unavailable: 503,
};

/** The one error type services throw; the handler maps its code to a status. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'AppError';
  }

  get status(): number {
    return STATUS[this.code];
  }
}

export const badRequest = (message: string) => new AppError('bad_request', message);
export const unauthorized = (message: string = MESSAGES.signInRequired) =>
  new AppError('unauthorized', message);
export const forbidden = (message: string) => new AppError('forbidden', message);
export const notFound = (message: string = MESSAGES.notFound) => new AppError('not_found', message);
export const conflict = (message: string) => new AppError('conflict', message);

/** Answers `{ error }`: validation names the field, 5xx never leaks internals. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.status).send({ error: error.message });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const field = first?.instancePath.replace(/^\//, '').replaceAll('/', '.') ?? '';
      const message = first?.message ?? 'Invalid request';
      return reply.status(400).send({ error: field ? `${field}: ${message}` : message });
    }
    if (isDatabaseBusy(error)) {
      // Every database connection stayed busy for the whole wait: shed like a crowd at the door.
      return reply.status(503).header('retry-after', '1').send({ error: MESSAGES.serverBusy });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ error: error.message });
    }
    if (isDataException(error)) {
      // The contracts bound what they can; a value the database still cannot hold is the
      // caller's input, not a fault of ours. Its transaction has rolled back.
      request.log.warn({ err: error }, 'value refused by the database');
      return reply.status(400).send({ error: MESSAGES.invalidValue });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ error: 'Something went wrong. Please try again.' });
  });
}

/** A PostgreSQL data exception (SQLSTATE class 22: out of range, NUL in text, bad encoding). */
function isDataException(error: unknown): boolean {
  for (let cause = error, depth = 0; cause && depth < 5; depth += 1) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code)) return true;
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}
