import { and, asc, eq, notInArray } from 'drizzle-orm';
import {
  cropDisagreements,
  PATHS,
  readCsvAll,
  writeCsv,
  type JobStore,
  type StageContext,
  type StageDefinition,
} from '@scrutineer/audit-core';
import { adjudications } from '../../db/schema.js';
import type { Executor } from '../../platform/db/database.js';

export type AdjudicationRow = typeof adjudications.$inferSelect;

const COLUMNS = [
  'id',
  'kind',
  'sheet_id',
  'contest_id',
  'image_votes',
  'image_gray',
  'cvr_votes',
  'decision',
  'decided_votes',
  'note',
  'decided_at',
];

export const listAdjudications = (db: Executor, jobId: number) =>
  db
    .select()
    .from(adjudications)
    .where(eq(adjudications.jobId, jobId))
    .orderBy(asc(adjudications.id));

/** Writes every packaged disagreement with its decision where genreport reads them. */
export async function writeAdjudications(db: Executor, jobId: number, store: JobStore) {
  const rows = await listAdjudications(db, jobId);
  await writeCsv(
    store,
    PATHS.adjudications,
    COLUMNS,
    rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      sheet_id: r.sheetId,
      contest_id: r.contestId,
      image_votes: r.imageVotes,
      image_gray: r.imageGray,
      cvr_votes: r.cvrVotes,
      decision: r.decision ?? '',
      decided_votes: r.decidedVotes,
      note: r.note,
      decided_at: r.decidedAt?.toISOString() ?? '',
    })),
  );
  return rows;
}

/**
 * The adjudicate stage: one item per disagreement of cmpcvr (ballot, contest, both readings and
 * a crop of the ballot image). A rerun keeps the decisions of items that are still there.
 */
export function adjudicateStage(db: Executor, jobId: number): StageDefinition {
  return {
    name: 'adjudicate',
    description: 'package each disagreement for review',
    needs: ['cmpcvr'],
    batches: async () => 1,
    async run(ctx: StageContext) {
      const rows = await readCsvAll(ctx.store, PATHS.disagreements);
      ctx.info(`adjudicate: ${rows.length} disagreements to package`);
      const crops = await cropDisagreements(ctx, rows, 'adjudicate');
      const kept: number[] = [];
      for (const [i, d] of rows.entries()) {
        ctx.checkCancelled();
        const values = {
          jobId,
          kind: d.kind ?? '',
          sheetId: d.sheet_id ?? '',
          contestId: d.contest_id ?? '',
          imageVotes: d.image_votes ?? '',
          imageGray: d.image_gray ?? '',
          cvrVotes: d.cvr_votes ?? '',
          archive: d.archive ?? '',
          entry: d.entry ?? '',
          detail: d.detail ?? '',
          cropKey: crops.has(i) ? `adjudicate/${crops.get(i)}` : '',
        };
        const [row] = await db
          .insert(adjudications)
          .values(values)
          .onConflictDoUpdate({
            target: [
              adjudications.jobId,
              adjudications.kind,
              adjudications.sheetId,
              adjudications.contestId,
            ],
            set: {
              imageVotes: values.imageVotes,
              imageGray: values.imageGray,
              cvrVotes: values.cvrVotes,
              archive: values.archive,
              entry: values.entry,
              detail: values.detail,
              cropKey: values.cropKey,
            },
          })
          .returning({ id: adjudications.id });
        if (row) kept.push(row.id);
        ctx.progress(i + 1, rows.length);
      }
      await db
        .delete(adjudications)
        .where(
          and(
            eq(adjudications.jobId, jobId),
            kept.length ? notInArray(adjudications.id, kept) : undefined,
          ),
        );
      const written = await writeAdjudications(db, jobId, ctx.store);
      const decided = written.filter((r) => r.decision).length;
      ctx.info(
        `adjudicate: ${written.length} items packaged, ${crops.size} crops, ${decided} already decided`,
      );
      ctx.progress(1, 1);
    },
  };
}
