import { and, desc, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import {
  auditJobs,
  checkoutSessions,
  elections,
  paymentLines,
  payments,
  projects,
} from '../../db/schema.js';
import type { Executor } from '../../platform/db/database.js';

export type CheckoutSessionRow = typeof checkoutSessions.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
export type PaymentKind = 'project' | 'audit' | 'package';

export async function insertSession(db: Executor, values: typeof checkoutSessions.$inferInsert) {
  await db.insert(checkoutSessions).values(values);
}

export async function findSession(db: Executor, id: string): Promise<CheckoutSessionRow | null> {
  return (await db.select().from(checkoutSessions).where(eq(checkoutSessions.id, id)))[0] ?? null;
}

export async function findSessionBySubscription(db: Executor, subscriptionId: string) {
  return (
    (
      await db
        .select()
        .from(checkoutSessions)
        .where(eq(checkoutSessions.providerSubscriptionId, subscriptionId))
    )[0] ?? null
  );
}

export async function setSessionSubscription(db: Executor, id: string, subscriptionId: string) {
  await db
    .update(checkoutSessions)
    .set({ providerSubscriptionId: subscriptionId })
    .where(eq(checkoutSessions.id, id));
}

/**
 * Inserts the payment unless one with the same provider reference exists; answers the new
 * row, or null when the payment was already counted. The unique index decides, so two
 * concurrent reports of one payment cannot both win.
 */
export async function insertPaymentOnce(
  db: Executor,
  values: typeof payments.$inferInsert,
): Promise<PaymentRow | null> {
  const [row] = await db
    .insert(payments)
    .values(values)
    .onConflictDoNothing({ target: payments.providerRef })
    .returning();
  return row ?? null;
}

export async function findPaymentByRef(db: Executor, ref: string): Promise<PaymentRow | null> {
  return (await db.select().from(payments).where(eq(payments.providerRef, ref)))[0] ?? null;
}

export async function addJobDonations(
  db: Executor,
  paymentId: number,
  lines: { auditId: number; cents: number }[],
) {
  for (const line of lines) {
    await db.insert(paymentLines).values({
      paymentId,
      auditJobId: line.auditId,
      amountCents: line.cents,
    });
    await db
      .update(auditJobs)
      .set({ receivedDonation: sql`${auditJobs.receivedDonation} + ${line.cents}::numeric / 100` })
      .where(eq(auditJobs.id, line.auditId));
  }
}

/** Jobs open for donations, as GET /get-audit lists them: active, on elections not Closed. */
export async function listOpenJobs(db: Executor, ids?: number[]) {
  const where: SQL[] = [eq(auditJobs.active, true), ne(elections.privacy, 'Closed')];
  if (ids) where.push(ids.length ? inArray(auditJobs.id, ids) : sql`false`);
  return db
    .select({
      id: auditJobs.id,
      name: auditJobs.name,
      requestDonate: auditJobs.requestDonate,
      receivedDonation: auditJobs.receivedDonation,
    })
    .from(auditJobs)
    .innerJoin(elections, eq(elections.id, auditJobs.electionId))
    .where(and(...where))
    .orderBy(auditJobs.id);
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

export async function listPayments(db: Executor, search: string | undefined) {
  const text = search?.trim();
  const pattern = text ? `%${escapeLike(text)}%` : null;
  return db
    .select({ payment: payments, projectName: projects.name })
    .from(payments)
    .leftJoin(projects, eq(projects.id, payments.projectId))
    .where(
      pattern
        ? or(
            ilike(payments.name, pattern),
            ilike(payments.email, pattern),
            ilike(payments.providerRef, pattern),
            ilike(projects.name, pattern),
          )
        : undefined,
    )
    .orderBy(desc(payments.id));
}
