import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/deps.js';
import type { Authenticator } from '../../platform/http/access.js';
import type { LocalProvider } from '../../platform/payments/index.js';
import { registerLocalCheckoutRoutes } from './local-checkout.routes.js';
import { registerPaymentRoutes } from './payments.routes.js';

export function registerPaymentsModule(
  app: FastifyInstance,
  auth: Authenticator,
  deps: AppDeps,
): void {
  registerPaymentRoutes(app, auth, deps);
  if (deps.payments.name === 'local')
    registerLocalCheckoutRoutes(app, deps, deps.payments as LocalProvider);
}

export { listFundraising } from './payments.service.js';
export { handleProviderEvent } from './record.service.js';
