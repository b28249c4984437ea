import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { localCheckouts } from '../../db/schema.js';
import type { Database } from '../db/database.js';
import {
  emptyPayer,
  InvalidSignatureError,
  type PayerDetails,
  type PaymentProvider,
  type ProviderCheckout,
  type ProviderEvent,
} from './provider.js';

export const LOCAL_SIGNATURE_HEADER = 'scrutineer-signature';
export const LOCAL_CHECKOUT_PATH = '/api/local-checkout';
/** Test cards, as hosted providers document them: one pays, one is declined. */
export const TEST_CARD_PAID = '4242424242424242';
export const TEST_CARD_DECLINED = '4000000000000002';

export type LocalCheckoutRow = typeof localCheckouts.$inferSelect;

export interface LocalPayment {
  card: string;
  name: string;
  email: string;
  address?: string;
  city?: string;
  state?: string;
  country?: string;
  zipCode?: string;
}

export type LocalPayResult =
  { ok: true; checkout: ProviderCheckout; redirect: string } | { ok: false; error: string };

export interface LocalProvider extends PaymentProvider {
  readonly name: 'local';
  find(id: string): Promise<LocalCheckoutRow | null>;
  /** Charges a test card; a checkout is paid once, a second submission is refused. */
  pay(id: string, payment: LocalPayment): Promise<LocalPayResult>;
  cancel(id: string): Promise<string | null>;
  /** Signs an event body as the webhook route expects it. */
  sign(body: string, timestamp?: number): string;
}

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

function checkoutOf(row: LocalCheckoutRow): ProviderCheckout {
  const address = row.payerAddress ?? {};
  const payer: PayerDetails = {
    ...emptyPayer(),
    name: row.payerName ?? '',
    email: row.payerEmail ?? row.customerEmail ?? '',
    address: address.address ?? '',
    city: address.city ?? '',
    state: address.state ?? '',
    country: address.country ?? '',
    zipCode: address.zipCode ?? '',
  };
  return {
    sessionId: row.id,
    paid: row.status === 'paid',
    amountCents: row.amountCents,
    currency: 'usd',
    payer,
    subscriptionId: row.subscriptionId,
  };
}

/**
 * The built-in provider for running without a provider account: a hosted checkout page served
 * by this app in plainly marked test mode, with the same session, redirect and event flow.
 */
export function createLocalProvider(db: () => Database, secret: string): LocalProvider {
  const key = createHmac('sha256', secret).update('local-payments').digest();
  const sign = (body: string, timestamp = Math.floor(Date.now() / 1000)) =>
    `t=${timestamp},v1=${createHmac('sha256', key).update(`${timestamp}.${body}`).digest('hex')}`;
  const find = async (id: string) =>
    (await db().select().from(localCheckouts).where(eq(localCheckouts.id, id)))[0] ?? null;

  return {
    name: 'local',
    publishableKey: null,
    sign,
    find,
    async createCheckout(request) {
      const id = `cs_local_${randomBytes(18).toString('hex')}`;
      await db()
        .insert(localCheckouts)
        .values({
          id,
          mode: request.mode,
          interval: request.mode === 'subscription' ? (request.interval ?? 'month') : null,
          amountCents: request.amountCents,
          description: request.description,
          successUrl: request.successUrl,
          cancelUrl: request.cancelUrl,
          customerEmail: request.customerEmail ?? null,
          metadata: request.metadata,
        });
      return { id, url: `${LOCAL_CHECKOUT_PATH}/${id}` };
    },
    async retrieveCheckout(id) {
      const row = await find(id);
      return row ? checkoutOf(row) : null;
    },
    async pay(id, payment) {
      const card = payment.card.replace(/[\s-]/g, '');
      if (!/^\d{13,19}$/.test(card) || !luhn(card))
        return { ok: false, error: 'Your card number is invalid.' };
      if (card === TEST_CARD_DECLINED) return { ok: false, error: 'Your card was declined.' };
      if (!payment.name.trim()) return { ok: false, error: 'Enter the name on the card.' };
      if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(payment.email.trim()))
        return { ok: false, error: 'Enter a valid e-mail address.' };
      const [row] = await db()
        .update(localCheckouts)
        .set({
          status: 'paid',
          paidAt: new Date(),
          payerName: payment.name.trim(),
          payerEmail: payment.email.trim(),
          payerAddress: {
            address: payment.address?.trim() ?? '',
            city: payment.city?.trim() ?? '',
            state: payment.state?.trim() ?? '',
            country: payment.country?.trim() ?? '',
            zipCode: payment.zipCode?.trim() ?? '',
          },
          cardLast4: card.slice(-4),
          subscriptionId: null,
        })
        .where(and(eq(localCheckouts.id, id), eq(localCheckouts.status, 'open')))
        .returning();
      if (!row) return { ok: false, error: 'This checkout is no longer open.' };
      // A recurring checkout starts a subscription, named like the session it came from.
      const paid =
        row.mode === 'subscription'
          ? ((
              await db()
                .update(localCheckouts)
                .set({ subscriptionId: `sub_local_${id.slice('cs_local_'.length)}` })
                .where(eq(localCheckouts.id, id))
                .returning()
            )[0] ?? row)
          : row;
      return {
        ok: true,
        checkout: checkoutOf(paid),
        redirect: paid.successUrl.replaceAll('{CHECKOUT_SESSION_ID}', id),
      };
    },
    async cancel(id) {
      const [row] = await db()
        .update(localCheckouts)
        .set({ status: 'canceled' })
        .where(and(eq(localCheckouts.id, id), eq(localCheckouts.status, 'open')))
        .returning();
      const current = row ?? (await find(id));
      return current ? current.cancelUrl.replaceAll('{CHECKOUT_SESSION_ID}', id) : null;
    },
    parseEvent(rawBody, headers): ProviderEvent {
      const header = headers[LOCAL_SIGNATURE_HEADER];
      if (typeof header !== 'string') throw new InvalidSignatureError();
      const parts = new Map(
        header.split(',').map((part) => part.split('=', 2) as [string, string]),
      );
      const timestamp = Number(parts.get('t'));
      if (!Number.isInteger(timestamp) || Math.abs(Date.now() / 1000 - timestamp) > 300)
        throw new InvalidSignatureError();
      const expected = Buffer.from(sign(rawBody.toString('utf8'), timestamp));
      const given = Buffer.from(header);
      if (expected.length !== given.length || !timingSafeEqual(expected, given))
        throw new InvalidSignatureError();
      const event = JSON.parse(rawBody.toString('utf8')) as ProviderEvent;
      return event;
    },
  };
}
