import { eq } from 'drizzle-orm';
import { PATHS, readCsv } from '@scrutineer/audit-core';
import { OPERATION_MESSAGES as M, type Tally, type TallyBallots } from '@scrutineer/contracts';
import { adjudications } from '../../db/schema.js';
import { conflict } from '../../platform/errors.js';
import { loadJob } from '../audit-jobs/index.js';
import type { UserRow } from '../users/index.js';
import { canonicalVotes } from './adjudications.service.js';
import type { OperationsContext } from './operations.service.js';
import { BlobJobStore, pipelinePrefix } from './pipeline-store.js';

interface Counts {
  cvr: number;
  image: number;
  adjudicated: number;
}

interface Reading {
  sheet: string;
  contest: string;
  cvr: string;
  image: string;
  adjudicated: string;
  adjudicationId: number | null;
}

/** The options a reading counts for: none when it is an overvote. */
const counted = (votes: string): string[] =>
  votes.split(';').includes('overvote') ? [] : votes.split(';').filter(Boolean);

const key = (sheet: string, contest: string) => `${sheet}\u0000${contest}`;

/**
 * Every contest reading of the job: the record's, the image's, and the adjudicated one (the
 * image's, or the final decision where an item on that contest was decided). Records without
 * a ballot image come from the queue's No Image items.
 */
async function readings(ctx: OperationsContext, user: UserRow, jobId: number) {
  const db = ctx.deps.database.db;
  const loaded = await loadJob(db, user, jobId);
  const job = loaded.row.job;
  const store = new BlobJobStore(ctx.deps.blobs, pipelinePrefix(job.address || `jobs/${job.id}`));
  if (!(await store.exists(PATHS.contestClasses))) throw conflict(M.tallyNotBuilt);
  const items = await db.select().from(adjudications).where(eq(adjudications.jobId, jobId));
  const byKey = new Map<string, Reading>();
  for await (const row of readCsv(store, PATHS.contestClasses)) {
    const sheet = row.sheet_id ?? '';
    const contest = row.contest_id ?? '';
    const image = canonicalVotes(row.image_votes ?? '');
    byKey.set(key(sheet, contest), {
      sheet,
      contest,
      cvr: canonicalVotes(row.cvr_votes ?? ''),
      image,
      adjudicated: image,
      adjudicationId: null,
    });
  }
  for (const item of items) {
    if (!item.contestId) continue;
    const k = key(item.sheetId, item.contestId);
    const reading = byKey.get(k) ?? {
      sheet: item.sheetId,
      contest: item.contestId,
      cvr: canonicalVotes(item.cvrVotes),
      image: canonicalVotes(item.imageVotes),
      adjudicated: canonicalVotes(item.imageVotes),
      adjudicationId: null,
    };
    if (item.state === 'decided') {
      reading.adjudicated = item.decidedVotes;
      reading.adjudicationId = item.id;
    }
    byKey.set(k, reading);
  }
  const names = new Map<string, string>();
  const options = new Map<string, Map<string, string>>();
  if (await store.exists(PATHS.contestSummary))
    for await (const row of readCsv(store, PATHS.contestSummary))
      names.set(row.contest_id ?? '', row.contest ?? '');
  if (await store.exists(PATHS.totals))
    for await (const row of readCsv(store, PATHS.totals)) {
      const m = options.get(row.contest_id ?? '') ?? new Map<string, string>();
      m.set(row.option_id ?? '', row.option ?? '');
      options.set(row.contest_id ?? '', m);
    }
  const undecided = items.filter((i) => i.state !== 'decided').length;
  return {
    readings: [...byKey.values()],
    names,
    options,
    decided: items.length - undecided,
    undecided,
  };
}

/** Totals per contest from the records, the images, and the images with decisions folded in. */
export async function jobTally(
  ctx: OperationsContext,
  user: UserRow,
  jobId: number,
): Promise<Tally> {
  const { readings: all, names, options, decided, undecided } = await readings(ctx, user, jobId);
  const totals = new Map<string, Map<string, Counts>>();
  const add = (contest: string, votes: string, field: keyof Counts) => {
    const m = totals.get(contest) ?? new Map<string, Counts>();
    for (const option of counted(votes)) {
      const t = m.get(option) ?? { cvr: 0, image: 0, adjudicated: 0 };
      t[field] += 1;
      m.set(option, t);
    }
    totals.set(contest, m);
  };
  for (const r of all) {
    add(r.contest, r.cvr, 'cvr');
    add(r.contest, r.image, 'image');
    add(r.contest, r.adjudicated, 'adjudicated');
  }
  const order = [...new Set([...names.keys(), ...totals.keys()])].filter((c) => totals.has(c));
  return {
    contests: order.map((contest) => ({
      contest_id: contest,
      contest: names.get(contest) || contest,
      options: [...(totals.get(contest) ?? new Map<string, Counts>())]
        .map(([option, t]) => ({
          option_id: option,
          option: options.get(contest)?.get(option) || option,
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

/** The ballots behind one number of the tally: those whose reading counts for the option. */
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
  const { readings: all } = await readings(ctx, user, jobId);
  const behind = all
    .filter(
      (r) => r.contest === query.contest_id && counted(r[query.source]).includes(query.option_id),
    )
    .sort((a, b) => a.sheet.localeCompare(b.sheet));
  const start = (query.page - 1) * query.page_size;
  return {
    items: behind.slice(start, start + query.page_size).map((r) => ({
      sheet_id: r.sheet,
      cvr_votes: r.cvr,
      image_votes: r.image,
      adjudicated_votes: r.adjudicated,
      adjudication_id: r.adjudicationId,
    })),
    total: behind.length,
    page: query.page,
    page_size: query.page_size,
  };
}
