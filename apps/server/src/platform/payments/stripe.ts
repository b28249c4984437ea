import Stripe from 'stripe';
import {
  emptyPayer,
  InvalidSignatureError,
  type CheckoutRequest,
  type PayerDetails,
  type PaymentProvider,
  type ProviderCheckout,
  type ProviderEvent,
} from './provider.js';

export interface StripeOptions {
  secretKey: string;
  publishableKey: string | null;
  webhookSecret: string;
  /** A stand-in API server (tests); Stripe's own when unset. */
  host?: string | undefined;
  port?: number | undefined;
  protocol?: 'http' | 'https' | undefined;
  /** Seconds a signed event stays acceptable. */
  toleranceSeconds?: number;
}

function payerFrom(details: Stripe.Checkout.Session.CustomerDetails | null): PayerDetails {
  const payer = emptyPayer();
  if (!details) return payer;
  const address = details.address;
  return {
    name: details.name ?? '',
    email: details.email ?? '',
    address: [address?.line1, address?.line2].filter(Boolean).join(', '),
    city: address?.city ?? '',
    state: address?.state ?? '',
    country: address?.country ?? '',
    zipCode: address?.postal_code ?? '',
  };
}

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === 'string' ? value : value.id;
}

function checkoutFrom(session: Stripe.Checkout.Session): ProviderCheckout {
  return {
    sessionId: session.id,
    // A subscription's first invoice can be free of charge; `complete` is then the signal.
    paid: session.payment_status === 'paid' || session.payment_status === 'no_payment_required',
    amountCents: session.amount_total ?? 0,
    currency: session.currency ?? 'usd',
    payer: payerFrom(session.customer_details),
    subscriptionId: idOf(session.subscription),
  };
}

/** The subscription an invoice belongs to, wherever this API version puts it. */
function invoiceSubscription(invoice: Stripe.Invoice): string | null {
  const parent = invoice.parent?.subscription_details?.subscription;
  if (parent) return idOf(parent);
  const legacy = (invoice as unknown as { subscription?: string | { id: string } | null })
    .subscription;
  return idOf(legacy);
}

/** Stripe Checkout in payment or subscription mode, with signed webhooks. */
export function createStripeProvider(options: StripeOptions): PaymentProvider {
  const stripe = new Stripe(options.secretKey, {
    maxNetworkRetries: 2,
    ...(options.host ? { host: options.host } : {}),
    ...(options.port ? { port: options.port } : {}),
    ...(options.protocol ? { protocol: options.protocol } : {}),
  });
  const tolerance = options.toleranceSeconds ?? 300;

  return {
    name: 'stripe',
    publishableKey: options.publishableKey,
    async createCheckout(request: CheckoutRequest) {
      const recurring =
        request.mode === 'subscription'
          ? { recurring: { interval: request.interval ?? 'month' } }
          : {};
      const session = await stripe.checkout.sessions.create({
        mode: request.mode,
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: 'usd',
              unit_amount: request.amountCents,
              product_data: { name: request.description },
              ...recurring,
            },
          },
        ],
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
        metadata: request.metadata,
        billing_address_collection: 'required',
        ...(request.customerEmail ? { customer_email: request.customerEmail } : {}),
        ...(request.mode === 'subscription'
          ? { subscription_data: { metadata: request.metadata } }
          : { payment_intent_data: { metadata: request.metadata } }),
      });
      if (!session.url) throw new Error('Stripe returned a checkout session without a URL');
      return { id: session.id, url: session.url };
    },
    async retrieveCheckout(id) {
      try {
        return checkoutFrom(await stripe.checkout.sessions.retrieve(id));
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404)
          return null;
        throw error;
      }
    },
    parseEvent(rawBody, headers): ProviderEvent {
      const signature = headers['stripe-signature'];
      if (typeof signature !== 'string') throw new InvalidSignatureError();
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(
          rawBody,
          signature,
          options.webhookSecret,
          tolerance,
        );
      } catch {
        throw new InvalidSignatureError();
      }
      switch (event.type) {
        case 'checkout.session.completed':
        case 'checkout.session.async_payment_succeeded':
          return { type: 'checkout.completed', checkout: checkoutFrom(event.data.object) };
        case 'invoice.paid': {
          const invoice = event.data.object;
          const subscriptionId = invoiceSubscription(invoice);
          // The first invoice is the checkout itself, recorded from the completed session.
          if (!subscriptionId || invoice.billing_reason !== 'subscription_cycle' || !invoice.id)
            return { type: 'ignored', name: event.type };
          const line = invoice.lines.data[0];
          return {
            type: 'invoice.paid',
            invoiceId: invoice.id,
            subscriptionId,
            amountCents: invoice.amount_paid,
            currency: invoice.currency,
            periodEnd: line?.period.end ? new Date(line.period.end * 1000) : null,
            payer: {
              ...emptyPayer(),
              name: invoice.customer_name ?? '',
              email: invoice.customer_email ?? '',
            },
          };
        }
        case 'customer.subscription.deleted':
          return { type: 'subscription.ended', subscriptionId: event.data.object.id };
        default:
          return { type: 'ignored', name: event.type };
      }
    },
  };
}
