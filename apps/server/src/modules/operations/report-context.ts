import { eq } from 'drizzle-orm';
import { PATHS, type JobStore, type ReportContext } from '@scrutineer/audit-core';
import { auditJobs, districts, elections, users } from '../../db/schema.js';
import type { Executor } from '../../platform/db/database.js';
import type { OperationRow } from './operations.repository.js';

/**
 * Writes what the report's front page needs and only the server knows (the job, the election
 * as registered, who started the run) where genreport reads it.
 */
export async function writeReportContext(db: Executor, op: OperationRow, store: JobStore) {
  const [row] = await db
    .select({ job: auditJobs, election: elections, district: districts })
    .from(auditJobs)
    .innerJoin(elections, eq(elections.id, auditJobs.electionId))
    .leftJoin(districts, eq(districts.id, elections.districtId))
    .where(eq(auditJobs.id, op.jobId));
  if (!row) return;
  const [starter] = op.startedBy
    ? await db.select().from(users).where(eq(users.id, op.startedBy))
    : [];
  const name = starter ? `${starter.firstName} ${starter.lastName}`.trim() : '';
  const { election, district } = row;
  const context: ReportContext = {
    job: { id: row.job.id, name: row.job.name },
    election: {
      name: election.name,
      date: election.date,
      jurisdiction: [district?.districtName, election.county, election.state, election.country]
        .filter(Boolean)
        .join(', '),
    },
    // A name where the account has one: the report is read in public.
    ran_by: starter ? name || starter.email : '',
    started_at: op.startedAt?.toISOString() ?? '',
    ...(process.env.SCRUTINEER_COMMIT ? { engine_commit: process.env.SCRUTINEER_COMMIT } : {}),
  };
  await store.write(PATHS.reportContext, JSON.stringify(context, null, 2));
}
