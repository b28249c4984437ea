import { sql, type SQL } from 'drizzle-orm';
import type { AdminDashboard } from '@scrutineer/contracts';
import type { Executor } from '../../platform/db/database.js';

async function rows<T>(db: Executor, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  // node-postgres answers { rows }, PGlite's drizzle driver the same shape.
  return (result as { rows: T[] }).rows;
}

const toNumber = (value: unknown): number => Number(value ?? 0);

/** Every figure of the Admin Dashboard, counted now from the tables that hold them. */
export async function readDashboard(db: Executor): Promise<AdminDashboard> {
  const [byRole, byPlan, activity, byPrivacy, districts, byStatus, storage, donations] =
    await Promise.all([
      rows<{ role: string; count: number }>(
        db,
        sql`SELECT role, count(*)::int AS count FROM users WHERE NOT is_system GROUP BY role ORDER BY count DESC, role`,
      ),
      rows<{ plan: number; count: number }>(
        db,
        sql`SELECT subscription_plan AS plan, count(*)::int AS count FROM users WHERE NOT is_system GROUP BY subscription_plan ORDER BY subscription_plan`,
      ),
      rows<{ active: number; inactive: number }>(
        db,
        sql`SELECT count(*) FILTER (WHERE active)::int AS active, count(*) FILTER (WHERE NOT active)::int AS inactive FROM users WHERE NOT is_system`,
      ),
      rows<{ privacy: string; count: number }>(
        db,
        sql`SELECT privacy, count(*)::int AS count FROM elections GROUP BY privacy ORDER BY privacy`,
      ),
      rows<{ count: number }>(db, sql`SELECT count(*)::int AS count FROM districts`),
      rows<{ status: string; count: number }>(
        db,
        sql`SELECT status, count(*)::int AS count FROM audit_jobs GROUP BY status ORDER BY count DESC, status`,
      ),
      rows<{ uploads: string; job_files: string; attachments: string; markdown: string }>(
        db,
        sql`SELECT
        (SELECT coalesce(sum(coalesce(size, 0)), 0) FROM uploads WHERE completed_at IS NOT NULL) AS uploads,
        (SELECT coalesce(sum(size), 0) FROM job_files) AS job_files,
        (SELECT coalesce(sum(size), 0) FROM job_attachments) AS attachments,
        (SELECT coalesce(sum(size), 0) FROM markdown_files) AS markdown`,
      ),
      rows<{ month: string; cents: string; count: number }>(
        db,
        sql`SELECT to_char(month, 'YYYY-MM') AS month, sum(cents)::bigint AS cents, count(*)::int AS count
        FROM (
          SELECT date_trunc('month', created_at) AS month, amount_cents AS cents FROM payments
            WHERE kind <> 'package' AND payment_status = 'paid'
          UNION ALL
          SELECT date_trunc('month', created_at), amount_cents FROM manual_donations
        ) gifts GROUP BY month ORDER BY month`,
      ),
    ]);
  const [counts] = activity;
  const [bytes] = storage;
  const upload = toNumber(bytes?.uploads);
  const jobFileBytes = toNumber(bytes?.job_files);
  const attachmentBytes = toNumber(bytes?.attachments);
  const markdownBytes = toNumber(bytes?.markdown);
  return {
    users: {
      active: toNumber(counts?.active),
      inactive: toNumber(counts?.inactive),
      by_role: byRole.map((row) => ({ role: row.role, count: toNumber(row.count) })),
      by_plan: byPlan.map((row) => ({ plan: toNumber(row.plan), count: toNumber(row.count) })),
    },
    elections: {
      total: byPrivacy.reduce((sum, row) => sum + toNumber(row.count), 0),
      by_privacy: byPrivacy.map((row) => ({ privacy: row.privacy, count: toNumber(row.count) })),
    },
    districts: toNumber(districts[0]?.count),
    jobs: {
      total: byStatus.reduce((sum, row) => sum + toNumber(row.count), 0),
      by_status: byStatus.map((row) => ({ status: row.status, count: toNumber(row.count) })),
    },
    donations_by_month: donations.map((row) => ({
      month: row.month,
      amount: toNumber(row.cents) / 100,
      count: toNumber(row.count),
    })),
    storage: {
      upload_bytes: upload,
      job_file_bytes: jobFileBytes,
      attachment_bytes: attachmentBytes,
      markdown_bytes: markdownBytes,
      total_bytes: upload + jobFileBytes + attachmentBytes + markdownBytes,
    },
  };
}
