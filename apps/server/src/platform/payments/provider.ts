/** What a checkout is opened for; amounts are whole cents. */
export interface CheckoutRequest {
  /** `subscription` repeats every `interval` until cancelled. */
  mode: 'payment' | 'subscription';
  interval?: 'month' | 'year';
  amountCents: number;
  description: string;
  /** Holds `{CHECKOUT_SESSION_ID}`, replaced by the session id on return. */
  successUrl: string;
  cancelUrl: string;
  customerEmail?: string;
  metadata: Record<string, string>;
}

export interface PayerDetails {
  name: string;
  email: string;
  address: string;
  city: string;
  state: string;
  country: string;
  zipCode: string;
}

/** A checkout as the provider reports it. */
export interface ProviderCheckout {
  sessionId: string;
  paid: boolean;
  amountCents: number;
  currency: string;
  payer: PayerDetails;
  subscriptionId: string | null;
}

export type ProviderEvent =
  | { type: 'checkout.completed'; checkout: ProviderCheckout }
  /** A paid renewal of a subscription (not its first invoice, which the checkout records). */
  | {
      type: 'invoice.paid';
      invoiceId: string;
      subscriptionId: string;
      amountCents: number;
      currency: string;
      periodEnd: Date | null;
      payer: PayerDetails;
    }
  | { type: 'subscription.ended'; subscriptionId: string }
  | { type: 'ignored'; name: string };

/** One payment provider: hosted checkout, confirmation on return, and signed events. */
export interface PaymentProvider {
  readonly name: 'local' | 'stripe';
  /** The key the browser may see; null when the client needs none. */
  readonly publishableKey: string | null;
  createCheckout(request: CheckoutRequest): Promise<{ id: string; url: string }>;
  /** The checkout by id, or null when the provider does not know it. */
  retrieveCheckout(id: string): Promise<ProviderCheckout | null>;
  /** Verifies an event's signature and reads it; throws `InvalidSignatureError` otherwise. */
  parseEvent(
    rawBody: Buffer,
    headers: Record<string, string | string[] | undefined>,
  ): ProviderEvent;
}

export class InvalidSignatureError extends Error {
  constructor(message = 'Invalid webhook signature') {
    super(message);
    this.name = 'InvalidSignatureError';
  }
}

export const emptyPayer = (): PayerDetails => ({
  name: '',
  email: '',
  address: '',
  city: '',
  state: '',
  country: '',
  zipCode: '',
});
