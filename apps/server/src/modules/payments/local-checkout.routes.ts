import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/deps.js';
import { appCsp } from '../../platform/http/security-headers.js';
import type { LocalProvider } from '../../platform/payments/index.js';
import { renderLocalCheckout } from './local-checkout.page.js';
import { handleProviderEvent } from './record.service.js';

const field = (form: Record<string, string>, name: string) => form[name] ?? '';

/** The local provider's hosted checkout: a page, and the form it posts. */
export function registerLocalCheckoutRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  provider: LocalProvider,
): void {
  // The payment form's answer sends the browser back to the public address.
  const csp = appCsp({ formAction: [new URL(deps.config.publicUrl).origin] });
  void app.register(async (scope) => {
    scope.addHook('onRequest', async (_request, reply) => {
      void reply.header('content-security-policy', csp);
    });
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 16_384 },
      (_request, body, done) =>
        done(null, Object.fromEntries(new URLSearchParams(typeof body === 'string' ? body : ''))),
    );

    scope.get<{ Params: { id: string } }>(
      '/local-checkout/:id',
      { config: { access: 'public' } },
      async (request, reply) => {
        const row = await provider.find(request.params.id);
        if (!row) return reply.status(404).type('text/html').send('Checkout not found.');
        return reply.type('text/html').send(renderLocalCheckout(row));
      },
    );

    scope.post<{ Params: { id: string }; Body: Record<string, string> }>(
      '/local-checkout/:id',
      { config: { access: 'public' } },
      async (request, reply) => {
        const id = request.params.id;
        const form = request.body ?? {};
        const row = await provider.find(id);
        if (!row) return reply.status(404).type('text/html').send('Checkout not found.');
        if (field(form, 'action') === 'cancel') {
          const back = await provider.cancel(id);
          return reply.redirect(back ?? '/', 303);
        }
        const result = await provider.pay(id, {
          card: field(form, 'card'),
          name: field(form, 'name'),
          email: field(form, 'email'),
          address: field(form, 'address'),
          city: field(form, 'city'),
          state: field(form, 'state'),
          country: field(form, 'country'),
          zipCode: field(form, 'zipCode'),
        });
        if (!result.ok) {
          const current = (await provider.find(id)) ?? row;
          return reply
            .status(400)
            .type('text/html')
            .send(renderLocalCheckout(current, { error: result.error, values: form }));
        }
        // Like a hosted provider's webhook, the payment is announced before the browser returns.
        await handleProviderEvent(deps, {
          type: 'checkout.completed',
          checkout: result.checkout,
        }).catch((error: unknown) =>
          deps.log.error({ err: error }, 'recording a local checkout failed'),
        );
        return reply.redirect(result.redirect, 303);
      },
    );
  });
}
