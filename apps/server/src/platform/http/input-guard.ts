import type { FastifyRequest } from 'fastify';
import { findNulText, NUL_MESSAGE } from '@scrutineer/contracts';
import { badRequest } from '../errors.js';

/**
 * Refuses a request whose path, query or body holds a NUL character anywhere, before any
 * route sees it: no text field of ours can store one, so every route is spared the check.
 */
export async function refuseNulText(request: FastifyRequest): Promise<void> {
  for (const value of [request.params, request.query, request.body]) {
    const found = findNulText(value);
    if (found) throw badRequest(found.length ? `${found.join('.')}: ${NUL_MESSAGE}` : NUL_MESSAGE);
  }
}
