import { eq } from 'drizzle-orm';
import { OPERATION_MESSAGES as M, type Tally, type TallyBallots } from '@scrutineer/contracts';
import { adjudications } from '../../db/schema.js';
import { conflict } from '../../platform/errors.js';
import { loadJob } from '../audit-jobs/index.js';
import type { UserRow } from '../users/index.js';
import { contestNames } from './contest-names.js';
import type { OperationsContext } from './operations.service.js';
import { pipelinePrefix } from './pipeline-store.js';
import {
  canonicalVotes,
  counted,
  positionOf,
  rankOf,
  tallyBase,
  type ContestColumn,
  type TallyBase,
} from './tally-base.js';

interface Counts {
  cvr: number;
  image: number;
  adjudicated: number;
}

/** A reading the queue's items add or change: the record's, the image's and the adjudicated one. */
interface Reading {
  sheet: string;
  contest: string;
  cvr: string;
  image: string;
  adjudicated: string;
  adjudicationId: number | null;
}

const key = (sheet: string, contest: string) => `${sheet}\u0000${contest}`;

/**
 * cmpcvr's readings (cached per version of its output) and the queue's items over them: a
 * decided item's reading replaces the image's in the adjudicated count, as the report counts
 * it. A decision on a whole sheet (no record, no image, unreadable) decides each of its
 * contests: the image's reading, the record's, or the options given that the contest has.
 */
async function readings(ctx: OperationsContext, user: UserRow, jobId: number) {
  const db = ctx.deps.database.db;
  const loaded = await loadJob(db, user, jobId);
  const job = loaded.row.job;
  const prefix = pipelinePrefix(job.address || `jobs/${job.id}`);
  const base = await tallyBase(ctx.deps.blobs, prefix);
  if (!base) throw conflict(M.tallyNotBuilt);
  const names = await contestNames(ctx.deps.blobs, prefix);
  const items = await db
    .select({
      id: adjudications.id,
      sheetId: adjudications.sheetId,
      contestId: adjudications.contestId,
      cvrVotes: adjudications.cvrVotes,
      imageVotes: adjudications.imageVotes,
      state: adjudications.state,
      decision: adjudications.decision,
      decidedVotes: adjudications.decidedVotes,
    })
    .from(adjudications)
    .where(eq(adjudications.jobId, jobId));
  const changed = new Map<string, Reading>();
  for (const item of items) {
    if (!item.contestId) continue;
    const k = key(item.sheetId, item.contestId);
    const reading = changed.get(k) ?? baseReading(base, item.sheetId, item.contestId);
    const own = reading ?? {
      sheet: item.sheetId,
      contest: item.contestId,
      cvr: canonicalVotes(item.cvrVotes),
      image: canonicalVotes(item.imageVotes),
      adjudicated: canonicalVotes(item.imageVotes),
      adjudicationId: null,
    };
    if (item.state === 'decided') {
      own.adjudicated = item.decidedVotes;
      own.adjudicationId = item.id;
    }
    changed.set(k, own);
  }
  for (const item of items) {
    if (item.contestId || !item.sheetId || item.state !== 'decided') continue;
    for (const contest of base.contests.keys()) {
      const k = key(item.sheetId, contest);
      if (changed.get(k)?.adjudicationId) continue;
      const reading = baseReading(base, item.sheetId, contest);
      if (!reading) continue;
      const options = names.get(contest)?.options;
      reading.adjudicated =
        item.decision === 'image'
          ? reading.image
          : item.decision === 'cvr'
            ? reading.cvr
            : item.decision === 'other'
              ? counted(item.decidedVotes)
                  .filter((o) => !options || options.has(o))
                  .join(';')
              : '';
      reading.adjudicationId = item.id;
      changed.set(k, reading);
    }
  }
  const undecided = items.filter((i) => i.state !== 'decided').length;
  return { base, changed, names, decided: items.length - undecided, undecided };
}

/** cmpcvr's reading of one contest on one sheet, or undefined where it compared none. */
function baseReading(base: TallyBase, sheet: string, contest: string): Reading | undefined {
  const column = base.contests.get(contest);
  if (!column) return undefined;
  const position = positionOf(column, rankOf(base.sheets, sheet));
  if (position < 0) return undefined;
  const image = column.readings[column.image[position] ?? 0] ?? '';
  return {
    sheet,
    contest,
    cvr: column.readings[column.cvr[position] ?? 0] ?? '',
    image,
    adjudicated: image,
    adjudicationId: null,
  };
}

/** Totals per contest from the records, the images, and the images with decisions folded in. */
export async function jobTally(
  ctx: OperationsContext,
  user: UserRow,
  jobId: number,
): Promise<Tally> {
  const { base, changed, names, decided, undecided } = await readings(ctx, user, jobId);
  const totals = new Map<string, Map<string, Counts>>();
  const optionsOf = (contest: string) => {
    const m = totals.get(contest) ?? new Map<string, Counts>();
    totals.set(contest, m);
    return m;
  };
  const add = (contest: string, votes: string, field: keyof Counts, n = 1) => {
    const m = optionsOf(contest);
    for (const option of counted(votes)) {
      const t = m.get(option) ?? { cvr: 0, image: 0, adjudicated: 0 };
      t[field] += n;
      m.set(option, t);
    }
  };
  for (const [contest, column] of base.contests) {
    const m = optionsOf(contest);
    for (const [option, c] of column.counts)
      m.set(option, { cvr: c.cvr, image: c.image, adjudicated: c.image });
  }
  for (const r of changed.values()) {
    const inBase = baseReading(base, r.sheet, r.contest);
    if (inBase) {
      add(r.contest, inBase.image, 'adjudicated', -1);
      add(r.contest, r.adjudicated, 'adjudicated');
      continue;
    }
    add(r.contest, r.cvr, 'cvr');
    add(r.contest, r.image, 'image');
    add(r.contest, r.adjudicated, 'adjudicated');
  }
  // Every option the election file gives the contest shows, a candidate without votes too.
  for (const [contest, m] of totals)
    for (const option of names.get(contest)?.options.keys() ?? [])
      if (!m.has(option)) m.set(option, { cvr: 0, image: 0, adjudicated: 0 });
  const order = [...new Set([...names.keys(), ...totals.keys()])].filter((c) => totals.has(c));
  return {
    contests: order.map((contest) => ({
      contest_id: contest,
      contest: names.get(contest)?.name || contest,
      options: [...(totals.get(contest) ?? new Map<string, Counts>())]
        .map(([option, t]) => ({
          option_id: option,
          option: names.get(contest)?.options.get(option) || option,
          cvr_votes: t.cvr,
          image_votes: t.image,
          adjudicated_votes: t.adjudicated,
        }))
        .sort((a, b) => b.cvr_votes - a.cvr_votes || a.option_id.localeCompare(b.option_id)),
    })),
    decided,
    undecided,
  };
}

/**
 * The ballots behind one number of the tally, in sheet order: cmpcvr's sorted column walked
 * once, merged with the readings of sheets it did not compare; only the page asked for is
 * built.
 */
export async function tallyBallots(
  ctx: OperationsContext,
  user: UserRow,
  jobId: number,
  query: {
    contest_id: string;
    option_id: string;
    source: 'cvr' | 'image' | 'adjudicated';
    page: number;
    page_size: number;
  },
): Promise<TallyBallots> {
  const { base, changed } = await readings(ctx, user, jobId);
  const wanted = (r: Reading) => counted(r[query.source]).includes(query.option_id);
  const start = (query.page - 1) * query.page_size;
  const page: Reading[] = [];
  let total = 0;
  const take = (r: Reading) => {
    if (!wanted(r)) return;
    if (total >= start && page.length < query.page_size) page.push(r);
    total += 1;
  };
  const mine = [...changed.values()].filter((r) => r.contest === query.contest_id);
  const extra = mine
    .filter((r) => !baseReading(base, r.sheet, r.contest))
    .sort((a, b) => (a.sheet < b.sheet ? -1 : a.sheet > b.sheet ? 1 : 0));
  const column: ContestColumn | undefined = base.contests.get(query.contest_id);
  const hits = column?.readings.map((r) => counted(r).includes(query.option_id)) ?? [];
  let next = 0;
  for (let i = 0; column && i < column.rank.length; i += 1) {
    const rank = column.rank[i] ?? 0;
    const sheet = base.sheets[rank] ?? '';
    while (next < extra.length && (extra[next]?.sheet ?? '') < sheet)
      take(extra[next++] as Reading);
    const over = changed.get(key(sheet, query.contest_id));
    if (over) {
      take(over);
      continue;
    }
    const code = column[query.source === 'cvr' ? 'cvr' : 'image'][i] ?? 0;
    if (!hits[code]) continue;
    if (total >= start && page.length < query.page_size) {
      const image = column.readings[column.image[i] ?? 0] ?? '';
      page.push({
        sheet,
        contest: query.contest_id,
        cvr: column.readings[column.cvr[i] ?? 0] ?? '',
        image,
        adjudicated: image,
        adjudicationId: null,
      });
    }
    total += 1;
  }
  while (next < extra.length) take(extra[next++] as Reading);
  return {
    items: page.map((r) => ({
      sheet_id: r.sheet,
      cvr_votes: r.cvr,
      image_votes: r.image,
      adjudicated_votes: r.adjudicated,
      adjudication_id: r.adjudicationId,
    })),
    total,
    page: query.page,
    page_size: query.page_size,
  };
}
