import { defineRoute } from '../common/route.js';
import { outboxPageSchema, outboxQuerySchema } from './outbox.schemas.js';

export const adminRoutes = {
  listOutbox: defineRoute({
    method: 'GET',
    path: '/admin/mail-outbox',
    summary: 'Mail the platform sent, newest first (Admin)',
    tags: ['admin'],
    query: outboxQuerySchema,
    response: outboxPageSchema,
  }),
};
