import { and, asc, eq, notInArray } from 'drizzle-orm';
import {
  cropDisagreements,
  PATHS,
  readCsv,
  readCsvAll,
  readJsonLines,
  renderAdjudicationPages,
  writeCsv,
  type JobStore,
  type StageContext,
  type StageDefinition,
} from '@scrutineer/audit-core';
import { adjudications } from '../../db/schema.js';
import type { Executor } from '../../platform/db/database.js';
import { namesOf } from './adjudications.repository.js';

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
  'decided_by',
  'state',
  'decided_by_name',
  'batch',
  'detail',
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
  // Names, never e-mails: the report that reads them is public.
  const names = await namesOf(
    db,
    rows.flatMap((r) => (r.decidedBy ? [r.decidedBy] : [])),
  );
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
      decided_by: r.decidedBy ?? '',
      state: r.state,
      decided_by_name: r.decidedBy ? (names.get(r.decidedBy) ?? '') : '',
      batch: r.batch,
      detail: r.detail,
    })),
  );
  return rows;
}

const batchOf = (sheet: string): string => {
  const cut = sheet.lastIndexOf('-');
  return cut < 0 ? '' : sheet.slice(0, cut);
};

const votesOf = (
  contests: { contestId: string; marks: { optionId: string; isVote: boolean }[] }[] | undefined,
  contest: string,
) =>
  [
    ...new Set(
      (contests ?? [])
        .find((c) => c.contestId === contest)
        ?.marks.filter((m) => m.isVote)
        .map((m) => m.optionId) ?? [],
    ),
  ]
    .sort()
    .join(';');

interface StoredRecord {
  sheet_id: string;
  versions?: {
    original: { contests: { contestId: string; marks: { optionId: string; isVote: boolean }[] }[] };
    adjudicated?: {
      contests: { contestId: string; marks: { optionId: string; isVote: boolean }[] }[];
    };
  };
}

/**
 * What the queue's filters need beside each item: every sheet's style and place, the contests
 * read gray, and, where the records carry an original and an adjudicated version, whether the
 * image agrees with the original and whether the two versions agree.
 */
async function sheetContext(ctx: StageContext) {
  const sheets = new Map<string, { style: string; archive: string; entry: string }>();
  if (await ctx.store.exists(PATHS.sheets))
    for await (const r of readCsv(ctx.store, PATHS.sheets))
      sheets.set(r.sheet_id ?? '', {
        style: r.style ?? '',
        archive: r.archive ?? '',
        entry: r.entry ?? '',
      });
  const gray: Record<string, string>[] = [];
  const versions = new Map<
    string,
    { imageIsOriginal: boolean | null; originalIsAdjudicated: boolean | null }
  >();
  const versioned = new Set<string>();
  if (await ctx.store.exists(PATHS.contestClasses))
    for await (const r of readCsv(ctx.store, PATHS.contestClasses)) {
      if (r.class === 'Gray')
        gray.push({
          kind: 'Gray',
          sheet_id: r.sheet_id ?? '',
          contest_id: r.contest_id ?? '',
          image_votes: r.image_votes ?? '',
          image_gray: r.image_gray ?? '',
          cvr_votes: r.cvr_votes ?? '',
          detail: 'a mark between blank and marked',
        });
      if (r.class_original) {
        versioned.add(r.sheet_id ?? '');
        versions.set(`${r.sheet_id}\u0000${r.contest_id}`, {
          imageIsOriginal: r.class_original !== 'Normal Disagreed',
          originalIsAdjudicated: null,
        });
      }
    }
  if (versioned.size && (await ctx.store.exists(PATHS.cvrBallots)))
    for await (const record of readJsonLines<StoredRecord>(ctx.store, PATHS.cvrBallots)) {
      if (!versioned.has(record.sheet_id) || !record.versions) continue;
      const { original, adjudicated } = record.versions;
      for (const [k, v] of versions) {
        const [sheet, contest = ''] = k.split('\u0000');
        if (sheet !== record.sheet_id) continue;
        v.originalIsAdjudicated = adjudicated
          ? votesOf(original.contests, contest) === votesOf(adjudicated.contests, contest)
          : true;
      }
    }
  return { sheets, gray, versions };
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
      const context = await sheetContext(ctx);
      const gray = context.gray.map((g) => ({
        ...g,
        archive: context.sheets.get(g.sheet_id ?? '')?.archive ?? '',
        entry: context.sheets.get(g.sheet_id ?? '')?.entry ?? '',
      }));
      ctx.info(`adjudicate: ${rows.length} disagreements and ${gray.length} gray marks to package`);
      const all: Record<string, string>[] = [...rows, ...gray];
      const crops = await cropDisagreements(ctx, all, 'adjudicate');
      const pages = await renderAdjudicationPages(
        ctx,
        all
          .filter((d) => d.contest_id && d.archive)
          .map((d) => ({
            sheet_id: d.sheet_id ?? '',
            contest_id: d.contest_id ?? '',
            archive: d.archive ?? '',
          })),
      );
      const kept: number[] = [];
      for (const [i, d] of all.entries()) {
        ctx.checkCancelled();
        const sheet = d.sheet_id ?? '';
        const contest = d.contest_id ?? '';
        const versions = context.versions.get(`${sheet}\u0000${contest}`);
        const page = pages.get(`${sheet}\u0000${contest}`);
        const values = {
          jobId,
          kind: d.kind ?? '',
          sheetId: sheet,
          contestId: contest,
          imageVotes: d.image_votes ?? '',
          imageGray: d.image_gray ?? '',
          cvrVotes: d.cvr_votes ?? '',
          archive: d.archive ?? '',
          entry: d.entry ?? '',
          detail: d.detail ?? '',
          cropKey: crops.has(i) ? `adjudicate/${crops.get(i)}` : '',
          // A swapped batch has no sheet: its row names the batch imaged.
          batch: sheet ? batchOf(sheet) : (d.batch ?? ''),
          style: context.sheets.get(sheet)?.style ?? '',
          imageIsOriginal: versions?.imageIsOriginal ?? null,
          originalIsAdjudicated: versions?.originalIsAdjudicated ?? null,
          pageKey: page ? `adjudicate/${page.key}` : '',
          targets: page?.targets ?? [],
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
              adjudications.batch,
            ],
            set: {
              imageVotes: values.imageVotes,
              imageGray: values.imageGray,
              cvrVotes: values.cvrVotes,
              archive: values.archive,
              entry: values.entry,
              detail: values.detail,
              cropKey: values.cropKey,
              batch: values.batch,
              style: values.style,
              imageIsOriginal: values.imageIsOriginal,
              originalIsAdjudicated: values.originalIsAdjudicated,
              pageKey: values.pageKey,
              targets: values.targets,
            },
          })
          .returning({ id: adjudications.id });
        if (row) kept.push(row.id);
        ctx.progress(i + 1, all.length);
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
        `adjudicate: ${written.length} items packaged, ${crops.size} crops, ${pages.size} pages, ${decided} already decided`,
      );
      ctx.progress(1, 1);
    },
  };
}
