import { eq } from 'drizzle-orm';
import { subscriptions } from '../../db/schema.js';
import type { Executor } from '../../platform/db/database.js';
import type { AppDeps } from '../../platform/deps.js';
import {
  expireEnded,
  insertSubscription,
  refreshUserPlan,
  type SubscriptionRow,
} from './packages.repository.js';

/** One period after `from`: a calendar month or a year. */
export function periodEnd(from: Date, isMonthly: boolean): Date {
  const end = new Date(from);
  if (isMonthly) end.setUTCMonth(end.getUTCMonth() + 1);
  else end.setUTCFullYear(end.getUTCFullYear() + 1);
  return end;
}

/** Starts a subscription and gives the user the package's plan, in the caller's transaction. */
export async function startSubscription(
  tx: Executor,
  input: {
    userId: number;
    packageId: number;
    isMonthly: boolean;
    priceCents: number;
    manual: boolean;
    paymentId: number | null;
    sessionId: string | null;
    providerSubscriptionId: string | null;
    now?: Date;
  },
): Promise<SubscriptionRow> {
  const start = input.now ?? new Date();
  const row = await insertSubscription(tx, {
    userId: input.userId,
    packageId: input.packageId,
    isMonthly: input.isMonthly,
    priceCents: input.priceCents,
    startDate: start,
    endDate: periodEnd(start, input.isMonthly),
    status: 'Active',
    manual: input.manual,
    paymentId: input.paymentId,
    sessionId: input.sessionId,
    providerSubscriptionId: input.providerSubscriptionId,
  });
  await refreshUserPlan(tx, [input.userId]);
  return row;
}

/** A paid renewal carries the subscription to the end of the new period. */
export async function renewSubscription(
  tx: Executor,
  providerSubscriptionId: string,
  paymentId: number,
  until: Date | null,
): Promise<void> {
  const rows = await tx
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.providerSubscriptionId, providerSubscriptionId));
  for (const row of rows) {
    const base = row.endDate > new Date() ? row.endDate : new Date();
    await tx
      .update(subscriptions)
      .set({ status: 'Active', paymentId, endDate: until ?? periodEnd(base, row.isMonthly) })
      .where(eq(subscriptions.id, row.id));
  }
  await refreshUserPlan(
    tx,
    rows.map((row) => row.userId),
  );
}

/** The provider ended the subscription: the plan returns to 0 unless another is live. */
export async function endSubscription(tx: Executor, providerSubscriptionId: string): Promise<void> {
  const rows = await tx
    .update(subscriptions)
    .set({ status: 'Canceled', endDate: new Date() })
    .where(eq(subscriptions.providerSubscriptionId, providerSubscriptionId))
    .returning({ userId: subscriptions.userId });
  await refreshUserPlan(
    tx,
    rows.map((row) => row.userId),
  );
}

/** Ends subscriptions whose period ran out; run hourly by the server process. */
export async function expireSubscriptions(deps: AppDeps, now = new Date()): Promise<number> {
  return deps.database.db.transaction(async (tx) => {
    const userIds = await expireEnded(tx, now);
    await refreshUserPlan(tx, userIds);
    return userIds.length;
  });
}
