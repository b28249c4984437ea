import { and, desc, eq, ilike, inArray, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import { packages, payments, subscriptions, users } from '../../db/schema.js';
import type { Executor } from '../../platform/db/database.js';

export type PackageRow = typeof packages.$inferSelect;
export type PackageWithOwner = { pkg: PackageRow; ownerRole: string | null };

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

export async function listPackageRows(
  db: Executor,
  filter: { search?: string | undefined; activeOnly?: boolean },
): Promise<PackageWithOwner[]> {
  const where: SQL[] = [
    filter.activeOnly ? eq(packages.status, 'Active') : ne(packages.status, 'Deleted'),
  ];
  const search = filter.search?.trim();
  if (search) {
    const pattern = `%${escapeLike(search)}%`;
    where.push(or(ilike(packages.name, pattern), ilike(packages.description, pattern)) as SQL);
  }
  return db
    .select({ pkg: packages, ownerRole: users.role })
    .from(packages)
    .leftJoin(users, eq(users.id, packages.ownerId))
    .where(and(...where))
    .orderBy(packages.id);
}

export async function findPackage(db: Executor, id: number): Promise<PackageWithOwner | null> {
  const [row] = await db
    .select({ pkg: packages, ownerRole: users.role })
    .from(packages)
    .leftJoin(users, eq(users.id, packages.ownerId))
    .where(eq(packages.id, id));
  return row ?? null;
}

export async function insertPackage(db: Executor, values: typeof packages.$inferInsert) {
  const [row] = await db.insert(packages).values(values).returning();
  if (!row) throw new Error('Package insert returned nothing');
  return row;
}

export async function updatePackageRow(
  db: Executor,
  id: number,
  values: Partial<typeof packages.$inferInsert>,
) {
  await db
    .update(packages)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(packages.id, id));
}

export type SubscriptionRow = typeof subscriptions.$inferSelect;

export async function listSubscriptionsOf(db: Executor, userId: number) {
  return db
    .select({ sub: subscriptions, pkg: packages, payment: payments })
    .from(subscriptions)
    .innerJoin(packages, eq(packages.id, subscriptions.packageId))
    .leftJoin(payments, eq(payments.id, subscriptions.paymentId))
    .where(eq(subscriptions.userId, userId))
    .orderBy(desc(subscriptions.id));
}

export async function findSubscription(db: Executor, id: number) {
  const [row] = await db
    .select({ sub: subscriptions, pkg: packages, payment: payments })
    .from(subscriptions)
    .innerJoin(packages, eq(packages.id, subscriptions.packageId))
    .leftJoin(payments, eq(payments.id, subscriptions.paymentId))
    .where(eq(subscriptions.id, id));
  return row ?? null;
}

/** The user's plan is the package of their newest live subscription, 0 without one. */
export async function refreshUserPlan(db: Executor, userIds: number[]): Promise<void> {
  if (userIds.length === 0) return;
  await db
    .update(users)
    .set({
      subscriptionPlan: sql`coalesce((
        SELECT ${subscriptions.packageId} FROM ${subscriptions}
        WHERE ${subscriptions.userId} = ${users.id} AND ${subscriptions.status} = 'Active'
          AND ${subscriptions.endDate} > now()
        ORDER BY ${subscriptions.endDate} DESC LIMIT 1), 0)`,
    })
    .where(inArray(users.id, userIds));
}

export async function insertSubscription(db: Executor, values: typeof subscriptions.$inferInsert) {
  const [row] = await db.insert(subscriptions).values(values).returning();
  if (!row) throw new Error('Subscription insert returned nothing');
  return row;
}

/** Live subscriptions past their end date become Expired; answers the users it touched. */
export async function expireEnded(db: Executor, now: Date): Promise<number[]> {
  const rows = await db
    .update(subscriptions)
    .set({ status: 'Expired' })
    .where(and(eq(subscriptions.status, 'Active'), lt(subscriptions.endDate, now)))
    .returning({ userId: subscriptions.userId });
  return [...new Set(rows.map((row) => row.userId))];
}
