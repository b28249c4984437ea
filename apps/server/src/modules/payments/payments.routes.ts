import type { FastifyInstance } from 'fastify';
import { FUNDING_MESSAGES, packageRoutes, paymentRoutes } from '@scrutineer/contracts';
import type { AppDeps } from '../../platform/deps.js';
import { badRequest } from '../../platform/errors.js';
import type { Authenticator } from '../../platform/http/access.js';
import { registerRoute } from '../../platform/http/route.js';
import { InvalidSignatureError } from '../../platform/payments/index.js';
import {
  returnBase,
  startAuditCheckout,
  startPackageCheckout,
  startProjectCheckout,
} from './checkout.service.js';
import { listFundraising } from './payments.service.js';
import { confirmCheckout, handleProviderEvent } from './record.service.js';

export function registerPaymentRoutes(
  app: FastifyInstance,
  auth: Authenticator,
  deps: AppDeps,
): void {
  registerRoute(app, auth, paymentRoutes.config, {
    access: 'public',
    handler: async () => ({
      provider: deps.payments.name,
      publishableKey: deps.payments.publishableKey,
    }),
  });
  for (const route of [paymentRoutes.projectSession, paymentRoutes.projectDonation]) {
    registerRoute(app, auth, route, {
      access: 'optional',
      handler: ({ user, body }) => startProjectCheckout(deps, user, returnBase(deps), body),
    });
  }
  registerRoute(app, auth, paymentRoutes.projectSuccess, {
    access: 'public',
    handler: ({ params }) => confirmCheckout(deps, params.id, 'project'),
  });
  registerRoute(app, auth, paymentRoutes.auditSession, {
    access: 'optional',
    handler: ({ user, body }) => startAuditCheckout(deps, user, returnBase(deps), body),
  });
  registerRoute(app, auth, paymentRoutes.auditSuccess, {
    access: 'public',
    handler: ({ params }) => confirmCheckout(deps, params.id, 'audit'),
  });
  registerRoute(app, auth, paymentRoutes.fundraising, {
    access: 'admin',
    handler: ({ query }) => listFundraising(deps, query.search),
  });
  registerRoute(app, auth, packageRoutes.payment, {
    access: 'session',
    handler: ({ user, body }) => startPackageCheckout(deps, user, returnBase(deps), body),
  });
  registerRoute(app, auth, packageRoutes.paymentSuccess, {
    access: 'session',
    handler: ({ params }) => confirmCheckout(deps, params.id, 'package'),
  });

  // The provider signs the exact bytes it sent, so this route reads the body unparsed.
  void app.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );
    registerRoute(scope, auth, paymentRoutes.webhook, {
      access: 'public',
      handler: async ({ request }) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        let event;
        try {
          event = deps.payments.parseEvent(raw, request.headers);
        } catch (error) {
          if (error instanceof InvalidSignatureError || error instanceof SyntaxError)
            throw badRequest(FUNDING_MESSAGES.webhookSignature);
          throw error;
        }
        await handleProviderEvent(deps, event);
        return { received: true };
      },
    });
  });
}
