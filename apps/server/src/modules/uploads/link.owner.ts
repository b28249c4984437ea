import { eq } from 'drizzle-orm';
import { districts, elections } from '../../db/schema.js';
import type { Executor } from '../../platform/db/database.js';
import type { RequestRow } from './requests.repository.js';

/** The name of the election or district a link uploads to (for the visitor's page). */
export async function loadLinkOwner(db: Executor, row: RequestRow): Promise<{ name: string }> {
  if (row.electionId) {
    const [e] = await db
      .select({ name: elections.name })
      .from(elections)
      .where(eq(elections.id, row.electionId));
    return { name: e?.name ?? '' };
  }
  const [d] = await db
    .select({ name: districts.name })
    .from(districts)
    .where(eq(districts.id, row.districtId ?? 0));
  return { name: d?.name ?? '' };
}
