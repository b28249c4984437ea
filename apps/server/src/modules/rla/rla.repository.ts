import { and, asc, eq, inArray, or } from 'drizzle-orm';
import {
  auditJobMembers,
  electionMembers,
  rlaAudits,
  rlaBallots,
  rlaRounds,
  users,
} from '../../db/schema.js';
import type { Executor } from '../../platform/db/database.js';

export type RlaRow = typeof rlaAudits.$inferSelect;
export type RlaRoundRow = typeof rlaRounds.$inferSelect;
export type RlaBallotRow = typeof rlaBallots.$inferSelect;

export async function findRlaOfJob(db: Executor, jobId: number): Promise<RlaRow | null> {
  const [row] = await db.select().from(rlaAudits).where(eq(rlaAudits.jobId, jobId));
  return row ?? null;
}

export const listRounds = (db: Executor, rlaId: number): Promise<RlaRoundRow[]> =>
  db.select().from(rlaRounds).where(eq(rlaRounds.rlaId, rlaId)).orderBy(asc(rlaRounds.number));

export const listBallots = (db: Executor, rlaId: number): Promise<RlaBallotRow[]> =>
  db
    .select()
    .from(rlaBallots)
    .where(eq(rlaBallots.rlaId, rlaId))
    .orderBy(
      asc(rlaBallots.firstRound),
      asc(rlaBallots.scanner),
      asc(rlaBallots.batch),
      asc(rlaBallots.position),
    );

export async function findBallot(
  db: Executor,
  rlaId: number,
  id: number,
): Promise<RlaBallotRow | null> {
  const [row] = await db
    .select()
    .from(rlaBallots)
    .where(and(eq(rlaBallots.rlaId, rlaId), eq(rlaBallots.id, id)));
  return row ?? null;
}

/** Names of the people on boards and who started rounds. */
export async function userNames(
  db: Executor,
  ids: number[],
): Promise<Map<number, { name: string; email: string }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, first: users.firstName, last: users.lastName, email: users.email })
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
  return new Map(
    rows.map((r) => [r.id, { name: `${r.first} ${r.last}`.trim() || r.email, email: r.email }]),
  );
}

/** The job's members and its election's members: the people a board can be made of. */
export async function jobPeople(db: Executor, jobId: number, electionId: number) {
  const rows = await db
    .selectDistinct({
      id: users.id,
      first: users.firstName,
      last: users.lastName,
      email: users.email,
    })
    .from(users)
    .where(
      or(
        inArray(
          users.id,
          db
            .select({ id: auditJobMembers.userId })
            .from(auditJobMembers)
            .where(eq(auditJobMembers.jobId, jobId)),
        ),
        inArray(
          users.id,
          db
            .select({ id: electionMembers.userId })
            .from(electionMembers)
            .where(eq(electionMembers.electionId, electionId)),
        ),
      ),
    )
    .orderBy(asc(users.id));
  return rows.map((r) => ({
    id: r.id,
    name: `${r.first} ${r.last}`.trim() || r.email,
    email: r.email,
  }));
}
