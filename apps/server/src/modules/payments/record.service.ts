import { FUNDING_MESSAGES, toDollars, type PaymentOutcome } from '@scrutineer/contracts';
import { recordEvent } from '../../platform/db/events.js';
import type { Executor } from '../../platform/db/database.js';
import type { AppDeps } from '../../platform/deps.js';
import { badRequest, notFound } from '../../platform/errors.js';
import type {
  PayerDetails,
  ProviderCheckout,
  ProviderEvent,
} from '../../platform/payments/index.js';
import {
  endSubscription,
  findPackage,
  renewSubscription,
  startSubscription,
} from '../packages/index.js';
import { addReceived, findProjectById } from '../projects/index.js';
import { findUserById } from '../users/index.js';
import {
  addJobDonations,
  findSession,
  findSessionBySubscription,
  insertPaymentOnce,
  listOpenJobs,
  setSessionSubscription,
  type CheckoutSessionRow,
  type PaymentKind,
  type PaymentRow,
} from './payments.repository.js';
import { receiptMail } from './receipts.js';

const SUCCESS_MESSAGES: Record<PaymentKind, string> = {
  project: 'Your project donation is successfully completed!',
  audit: 'Your donation is successfully completed!',
  package: 'Your payment is successfully recived!',
};

/** A signed-in payer's account fills in what the checkout did not ask. */
async function payerOf(db: Executor, session: CheckoutSessionRow, payer: PayerDetails) {
  const user = session.userId ? await findUserById(db, session.userId) : null;
  if (!user) return payer;
  return {
    ...payer,
    name: payer.name || `${user.firstName} ${user.lastName}`.trim(),
    email: payer.email || user.email,
    state: payer.state || user.state,
    country: payer.country || user.country,
    zipCode: payer.zipCode || user.zipCode,
  };
}

/** What the money does, in the transaction that records it. */
async function applyPayment(
  tx: Executor,
  session: CheckoutSessionRow,
  payment: PaymentRow,
  renewal: { subscriptionId: string; until: Date | null } | null,
) {
  if (session.kind === 'project' && session.projectId)
    await addReceived(tx, session.projectId, payment.amountCents);
  if (session.kind === 'audit') await addJobDonations(tx, payment.id, session.lines);
  if (session.kind === 'package' && session.packageId && session.userId) {
    if (renewal) await renewSubscription(tx, renewal.subscriptionId, payment.id, renewal.until);
    else
      await startSubscription(tx, {
        userId: session.userId,
        packageId: session.packageId,
        isMonthly: session.isMonthly,
        priceCents: payment.amountCents,
        manual: false,
        paymentId: payment.id,
        sessionId: session.id,
        providerSubscriptionId: session.providerSubscriptionId,
      });
  }
}

async function recipientOf(deps: AppDeps, session: CheckoutSessionRow): Promise<string> {
  const db = deps.database.db;
  if (session.kind === 'project' && session.projectId)
    return `Project ${(await findProjectById(db, session.projectId))?.name ?? session.projectId}`;
  if (session.kind === 'package' && session.packageId)
    return `Package ${(await findPackage(db, session.packageId))?.pkg.name ?? session.packageId}`;
  const jobs = await listOpenJobs(
    db,
    session.lines.map((line) => line.auditId),
  );
  const names = new Map(jobs.map((job) => [job.id, job.name]));
  return `Audit jobs: ${session.lines
    .map(
      (line) =>
        `${names.get(line.auditId) ?? `#${line.auditId}`} ($${(line.cents / 100).toFixed(2)})`,
    )
    .join(', ')}`;
}

async function sendReceipt(deps: AppDeps, session: CheckoutSessionRow, payment: PaymentRow) {
  if (!payment.email) return;
  try {
    await deps.mailer.send(
      receiptMail({
        to: payment.email,
        name: payment.name,
        amountCents: payment.amountCents,
        date: payment.createdAt,
        recipient: await recipientOf(deps, session),
        kind: session.kind as PaymentKind,
        recurring: session.recurring ? (session.isMonthly ? 'month' : 'year') : null,
        reference: payment.providerRef,
      }),
    );
  } catch (error) {
    deps.log.error({ err: error }, 'receipt mail failed');
  }
}

/**
 * Records a payment once, however often it is reported (success page, its reloads, the
 * provider's events): the provider reference is unique and the effects share its transaction.
 */
async function recordOnce(
  deps: AppDeps,
  session: CheckoutSessionRow,
  input: {
    ref: string;
    amountCents: number;
    currency: string;
    payer: PayerDetails;
    subscriptionId: string | null;
    renewal: { subscriptionId: string; until: Date | null } | null;
  },
): Promise<PaymentRow | null> {
  // A signed report still cannot name its own amount: what was asked for is what is counted.
  if (input.amountCents !== session.amountCents) {
    deps.log.warn(
      { session: session.id, ref: input.ref, asked: session.amountCents, paid: input.amountCents },
      'payment refused: its amount differs from the session',
    );
    throw badRequest(FUNDING_MESSAGES.amountMismatch);
  }
  const db = deps.database.db;
  const payer = await payerOf(db, session, input.payer);
  const payment = await db.transaction(async (tx) => {
    const row = await insertPaymentOnce(tx, {
      providerRef: input.ref,
      sessionId: session.id,
      kind: session.kind,
      amountCents: input.amountCents,
      currency: input.currency,
      paymentStatus: 'paid',
      recurring: session.recurring,
      projectId: session.projectId,
      packageId: session.packageId,
      userId: session.userId,
      access: session.access,
      ...payer,
    });
    if (!row) return null;
    if (input.subscriptionId && !session.providerSubscriptionId) {
      await setSessionSubscription(tx, session.id, input.subscriptionId);
      session.providerSubscriptionId = input.subscriptionId;
    }
    await applyPayment(tx, session, row, input.renewal);
    await recordEvent(tx, {
      actorId: session.userId,
      subjectType: 'payment',
      subjectId: row.id,
      action: input.renewal ? 'renewal' : 'paid',
      data: { kind: session.kind, cents: row.amountCents, ref: input.ref },
    });
    return row;
  });
  if (payment) await sendReceipt(deps, session, payment);
  return payment;
}

function outcomeOf(session: CheckoutSessionRow, projectName: string | null): PaymentOutcome {
  const kind = session.kind as PaymentKind;
  return {
    message: SUCCESS_MESSAGES[kind],
    kind,
    amount: toDollars(session.amountCents),
    recurring: session.recurring,
    project_id: session.projectId,
    project_name: projectName,
    package_id: session.packageId,
  };
}

/** Records a completed checkout; answers null for a session this app did not start. */
export async function recordCheckout(deps: AppDeps, checkout: ProviderCheckout) {
  const session = await findSession(deps.database.db, checkout.sessionId);
  if (!session) return null;
  if (!checkout.paid) throw badRequest(FUNDING_MESSAGES.sessionUnpaid);
  await recordOnce(deps, session, {
    ref: checkout.sessionId,
    amountCents: checkout.amountCents,
    currency: checkout.currency,
    payer: checkout.payer,
    subscriptionId: checkout.subscriptionId,
    renewal: null,
  });
  return session;
}

/** The success pages' call: asks the provider about the session and records it. */
export async function confirmCheckout(
  deps: AppDeps,
  sessionId: string,
  kind: PaymentKind,
): Promise<PaymentOutcome> {
  const session = await findSession(deps.database.db, sessionId);
  if (!session) throw notFound(FUNDING_MESSAGES.sessionUnknown);
  if (session.kind !== kind) throw badRequest(FUNDING_MESSAGES.sessionKind);
  const checkout = await deps.payments.retrieveCheckout(sessionId);
  if (!checkout) throw notFound(FUNDING_MESSAGES.sessionUnknown);
  await recordCheckout(deps, checkout);
  const project = session.projectId
    ? await findProjectById(deps.database.db, session.projectId)
    : null;
  return outcomeOf(session, project?.name ?? null);
}

/** A provider event, from the webhook or from the local checkout page. */
export async function handleProviderEvent(deps: AppDeps, event: ProviderEvent): Promise<void> {
  if (event.type === 'checkout.completed') {
    if (event.checkout.paid) await recordCheckout(deps, event.checkout);
    return;
  }
  if (event.type === 'invoice.paid') {
    const session = await findSessionBySubscription(deps.database.db, event.subscriptionId);
    if (!session) {
      deps.log.warn({ subscription: event.subscriptionId }, 'renewal for an unknown subscription');
      return;
    }
    await recordOnce(deps, session, {
      ref: event.invoiceId,
      amountCents: event.amountCents,
      currency: event.currency,
      payer: event.payer,
      subscriptionId: event.subscriptionId,
      renewal: { subscriptionId: event.subscriptionId, until: event.periodEnd },
    });
    return;
  }
  if (event.type === 'subscription.ended') {
    await deps.database.db.transaction((tx) => endSubscription(tx, event.subscriptionId));
  }
}
