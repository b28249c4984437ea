import type { FastifyInstance } from 'fastify';
import { referenceRoutes } from '@scrutineer/contracts';
import type { Authenticator } from '../../platform/http/access.js';
import { registerRoute } from '../../platform/http/route.js';
import { jurisdictionMap } from './jurisdictions.js';
import { allCountries, usStates } from './places.js';

/** The static lists: public, and the same for everyone. */
export function registerReferenceRoutes(app: FastifyInstance, auth: Authenticator): void {
  registerRoute(app, auth, referenceRoutes.jurisdictions, {
    access: 'public',
    handler: async () => jurisdictionMap(),
  });
  registerRoute(app, auth, referenceRoutes.usStates, {
    access: 'public',
    handler: async () => usStates(),
  });
  registerRoute(app, auth, referenceRoutes.countries, {
    access: 'public',
    handler: async () => allCountries(),
  });
}
