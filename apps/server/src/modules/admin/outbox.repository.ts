import { desc, ilike, or, sql } from 'drizzle-orm';
import { mailOutbox } from '../../db/schema.js';
import type { Executor } from '../../platform/db/database.js';

export async function listOutbox(
  db: Executor,
  options: { search?: string | undefined; page: number; pageSize: number },
) {
  const pattern = options.search ? `%${options.search.replace(/[%_\\]/g, '\\$&')}%` : undefined;
  const where = pattern
    ? or(ilike(mailOutbox.toAddress, pattern), ilike(mailOutbox.subject, pattern))
    : undefined;
  const [items, [total]] = await Promise.all([
    db
      .select()
      .from(mailOutbox)
      .where(where)
      .orderBy(desc(mailOutbox.id))
      .limit(options.pageSize)
      .offset((options.page - 1) * options.pageSize),
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(mailOutbox)
      .where(where),
  ]);
  return { items, total: total?.count ?? 0 };
}
