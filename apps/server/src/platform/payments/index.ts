import type { Config } from '../config.js';
import type { Database } from '../db/database.js';
import { createLocalProvider } from './local.js';
import type { PaymentProvider } from './provider.js';
import { createStripeProvider } from './stripe.js';

export * from './provider.js';
export * from './local.js';
export { createStripeProvider } from './stripe.js';

/** The provider config selects: Stripe with its keys, otherwise the local test-mode checkout. */
export function createPaymentProvider(
  config: Config,
  db: () => Database,
  secret: string,
): PaymentProvider {
  if (config.PAYMENT_PROVIDER === 'stripe') {
    return createStripeProvider({
      secretKey: config.STRIPE_SECRET_KEY ?? '',
      publishableKey: config.STRIPE_PUBLISHABLE_KEY ?? null,
      webhookSecret: config.STRIPE_WEBHOOK_SECRET ?? '',
      host: config.STRIPE_API_HOST,
      port: config.STRIPE_API_PORT,
      protocol: config.STRIPE_API_PROTOCOL,
    });
  }
  return createLocalProvider(db, secret);
}
