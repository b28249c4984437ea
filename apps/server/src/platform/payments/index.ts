import type { Config } from '../config.js';
import type { Database } from '../db/database.js';
import { createLocalProvider } from './local.js';
import type { PaymentProvider } from './provider.js';

export * from './provider.js';
export * from './local.js';

/**
 * The provider config selects: Stripe with its keys, otherwise the local test-mode checkout.
 * Stripe's library is loaded only when it is selected.
 */
export async function createPaymentProvider(
  config: Config,
  db: () => Database,
  secret: string,
): Promise<PaymentProvider> {
  if (config.PAYMENT_PROVIDER === 'stripe') {
    const { createStripeProvider } = await import('./stripe.js');
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
