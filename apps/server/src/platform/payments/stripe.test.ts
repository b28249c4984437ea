import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { InvalidSignatureError } from './provider.js';
import { createStripeProvider } from './stripe.js';

const WEBHOOK_SECRET = 'whsec_test_secret';

interface Captured {
  method: string;
  path: string;
  form: URLSearchParams;
  authorization: string | undefined;
}

/** A local server standing in for Stripe's API: records each call and answers like Stripe. */
let api: Server;
let port: number;
let calls: Captured[] = [];
let sessions = new Map<string, Record<string, unknown>>();

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

beforeAll(async () => {
  api = createServer((request, response) => {
    void (async () => {
      const body = await readBody(request);
      const url = new URL(request.url ?? '/', 'http://localhost');
      calls.push({
        method: request.method ?? '',
        path: url.pathname,
        form: new URLSearchParams(body),
        authorization: request.headers.authorization,
      });
      response.setHeader('content-type', 'application/json');
      if (request.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
        const form = new URLSearchParams(body);
        const id = `cs_test_${sessions.size + 1}`;
        const session = {
          id,
          object: 'checkout.session',
          url: `https://checkout.stripe.test/pay/${id}`,
          mode: form.get('mode'),
          amount_total: Number(form.get('line_items[0][price_data][unit_amount]')),
          currency: 'usd',
          payment_status: 'unpaid',
          status: 'open',
          customer_details: null,
          subscription: null,
        };
        sessions.set(id, session);
        response.end(JSON.stringify(session));
        return;
      }
      const match = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(url.pathname);
      const found = match && sessions.get(decodeURIComponent(match[1] ?? ''));
      if (request.method === 'GET' && found) {
        response.end(JSON.stringify(found));
        return;
      }
      response.statusCode = 404;
      response.end(
        JSON.stringify({
          error: { type: 'invalid_request_error', message: 'No such checkout.session' },
        }),
      );
    })();
  });
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
  port = (api.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise<void>((resolve) => api.close(() => resolve()));
});

beforeEach(() => {
  calls = [];
  sessions = new Map();
});

const provider = () =>
  createStripeProvider({
    secretKey: 'sk_test_123',
    publishableKey: 'pk_test_123',
    webhookSecret: WEBHOOK_SECRET,
    host: '127.0.0.1',
    port,
    protocol: 'http',
  });

const stripe = new Stripe('sk_test_123');
function signed(payload: object, timestamp?: number) {
  const body = JSON.stringify(payload);
  const header = stripe.webhooks.generateTestHeaderString({
    payload: body,
    secret: WEBHOOK_SECRET,
    ...(timestamp ? { timestamp } : {}),
  });
  return { body: Buffer.from(body), headers: { 'stripe-signature': header } };
}

describe('Stripe checkout sessions', () => {
  it('sends a one-off payment session with amount, return addresses and metadata', async () => {
    const created = await provider().createCheckout({
      mode: 'payment',
      amountCents: 2500,
      description: 'Donation to Fulton Recount',
      successUrl: 'https://app.test/project/success/7?session_id={CHECKOUT_SESSION_ID}',
      cancelUrl: 'https://app.test/project/cancle/7',
      customerEmail: 'dana@example.org',
      metadata: { kind: 'project', project_id: '7' },
    });
    expect(created).toEqual({ id: 'cs_test_1', url: 'https://checkout.stripe.test/pay/cs_test_1' });
    expect(calls).toHaveLength(1);
    const call = calls[0]!;
    expect(call.method).toBe('POST');
    expect(call.authorization).toBe('Bearer sk_test_123');
    const form = Object.fromEntries(call.form);
    expect(form).toMatchObject({
      mode: 'payment',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][unit_amount]': '2500',
      'line_items[0][price_data][product_data][name]': 'Donation to Fulton Recount',
      success_url: 'https://app.test/project/success/7?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'https://app.test/project/cancle/7',
      customer_email: 'dana@example.org',
      'metadata[kind]': 'project',
      'metadata[project_id]': '7',
      'payment_intent_data[metadata][project_id]': '7',
    });
    expect(form['line_items[0][price_data][recurring][interval]']).toBeUndefined();
  });

  it('sends a subscription session with a monthly or yearly price', async () => {
    await provider().createCheckout({
      mode: 'subscription',
      interval: 'year',
      amountCents: 20000,
      description: 'Pro (Yearly)',
      successUrl: 'https://app.test/s?session_id={CHECKOUT_SESSION_ID}',
      cancelUrl: 'https://app.test/c',
      metadata: { kind: 'package', package_id: '3' },
    });
    const form = Object.fromEntries(calls[0]!.form);
    expect(form).toMatchObject({
      mode: 'subscription',
      'line_items[0][price_data][unit_amount]': '20000',
      'line_items[0][price_data][recurring][interval]': 'year',
      'subscription_data[metadata][package_id]': '3',
    });
  });

  it('reads a paid session back, and answers null for an unknown one', async () => {
    const p = provider();
    const { id } = await p.createCheckout({
      mode: 'payment',
      amountCents: 1000,
      description: 'Gift',
      successUrl: 'https://app.test/s',
      cancelUrl: 'https://app.test/c',
      metadata: {},
    });
    expect((await p.retrieveCheckout(id))?.paid).toBe(false);
    sessions.set(id, {
      ...sessions.get(id),
      payment_status: 'paid',
      customer_details: {
        name: 'Dana Donor',
        email: 'dana@example.org',
        address: {
          line1: '1 Main St',
          city: 'Macon',
          state: 'GA',
          postal_code: '31201',
          country: 'US',
        },
      },
    });
    expect(await p.retrieveCheckout(id)).toEqual({
      sessionId: id,
      paid: true,
      amountCents: 1000,
      currency: 'usd',
      subscriptionId: null,
      payer: {
        name: 'Dana Donor',
        email: 'dana@example.org',
        address: '1 Main St',
        city: 'Macon',
        state: 'GA',
        country: 'US',
        zipCode: '31201',
      },
    });
    expect(await p.retrieveCheckout('cs_missing')).toBeNull();
  });

  it('hands the publishable key to the client', () => {
    expect(provider().publishableKey).toBe('pk_test_123');
  });
});

describe('Stripe webhook signatures, verified offline', () => {
  const completed = {
    id: 'evt_1',
    object: 'event',
    type: 'checkout.session.completed',
    data: {
      object: {
        id: 'cs_test_9',
        object: 'checkout.session',
        amount_total: 4000,
        currency: 'usd',
        payment_status: 'paid',
        customer_details: { name: 'Rae', email: 'rae@example.org', address: null },
        subscription: 'sub_1',
      },
    },
  };

  it('accepts a valid signature and reads a completed checkout', () => {
    const { body, headers } = signed(completed);
    const event = provider().parseEvent(body, headers);
    expect(event).toMatchObject({
      type: 'checkout.completed',
      checkout: { sessionId: 'cs_test_9', paid: true, amountCents: 4000, subscriptionId: 'sub_1' },
    });
  });

  it('refuses a tampered body, a wrong secret, a missing header and an expired signature', () => {
    const { body, headers } = signed(completed);
    const tampered = Buffer.from(body.toString().replace('4000', '400000'));
    expect(() => provider().parseEvent(tampered, headers)).toThrow(InvalidSignatureError);
    const other = stripe.webhooks.generateTestHeaderString({
      payload: body.toString(),
      secret: 'whsec_other',
    });
    expect(() => provider().parseEvent(body, { 'stripe-signature': other })).toThrow(
      InvalidSignatureError,
    );
    expect(() => provider().parseEvent(body, {})).toThrow(InvalidSignatureError);
    const old = signed(completed, Math.floor(Date.now() / 1000) - 3600);
    expect(() => provider().parseEvent(old.body, old.headers)).toThrow(InvalidSignatureError);
  });

  it('reads a paid renewal invoice, and ignores the first invoice of a subscription', () => {
    const invoice = (reason: string) => ({
      id: 'evt_2',
      object: 'event',
      type: 'invoice.paid',
      data: {
        object: {
          id: 'in_1',
          object: 'invoice',
          billing_reason: reason,
          amount_paid: 3000,
          currency: 'usd',
          customer_name: 'Bea',
          customer_email: 'bea@example.org',
          parent: { subscription_details: { subscription: 'sub_7' } },
          lines: { data: [{ period: { start: 1, end: 1_900_000_000 } }] },
        },
      },
    });
    const renewal = signed(invoice('subscription_cycle'));
    expect(provider().parseEvent(renewal.body, renewal.headers)).toMatchObject({
      type: 'invoice.paid',
      invoiceId: 'in_1',
      subscriptionId: 'sub_7',
      amountCents: 3000,
      periodEnd: new Date(1_900_000_000_000),
    });
    const first = signed(invoice('subscription_create'));
    expect(provider().parseEvent(first.body, first.headers)).toEqual({
      type: 'ignored',
      name: 'invoice.paid',
    });
    const ended = signed({
      id: 'evt_3',
      object: 'event',
      type: 'customer.subscription.deleted',
      data: { object: { id: 'sub_7', object: 'subscription' } },
    });
    expect(provider().parseEvent(ended.body, ended.headers)).toEqual({
      type: 'subscription.ended',
      subscriptionId: 'sub_7',
    });
  });
});
