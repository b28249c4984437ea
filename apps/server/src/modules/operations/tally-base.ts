import {
  cvrChoice,
  PATHS,
  readCsv,
  readJsonLines,
  type StoredCvrBallot,
} from '@scrutineer/audit-core';
import type { BlobStore } from '../../platform/storage/index.js';
import { BlobJobStore } from './pipeline-store.js';
import { CachedByIdentity } from './stage-output-cache.js';

/** A reading as one canonical string: option ids sorted, `;`-joined; `none` is no vote. */
export function canonicalVotes(votes: string): string {
  const list = votes
    .split(/[;,]/)
    .map((v) => v.trim())
    .filter((v) => v && v.toLowerCase() !== 'none');
  return [...new Set(list)].sort().join(';');
}

/** The options a reading counts for: none when it is an overvote. */
export const counted = (votes: string): string[] =>
  votes.split(';').includes('overvote') ? [] : votes.split(';').filter(Boolean);

export interface Counts {
  cvr: number;
  image: number;
}

/**
 * One contest's readings on every sheet cmpcvr compared, in sheet order: the sheet's rank in
 * `TallyBase.sheets`, and the record's and image's readings as codes into `readings`.
 */
export interface ContestColumn {
  rank: Uint32Array;
  cvr: Uint32Array;
  image: Uint32Array;
  readings: string[];
  /** Votes per option before any decision. */
  counts: Map<string, Counts>;
}

/** What the tally needs from cmpcvr's per-contest rows, kept compact. */
export interface TallyBase {
  /** Every sheet id compared, sorted. */
  sheets: string[];
  contests: Map<string, ContestColumn>;
}

/** The rank of a sheet id in the sorted list, or -1. */
export function rankOf(sheets: string[], sheet: string): number {
  let lo = 0;
  let hi = sheets.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const here = sheets[mid] ?? '';
    if (here === sheet) return mid;
    if (here < sheet) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

/** The position of a rank in a contest's column, or -1. */
export function positionOf(column: ContestColumn, rank: number): number {
  let lo = 0;
  let hi = column.rank.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const here = column.rank[mid] ?? 0;
    if (here === rank) return mid;
    if (here < rank) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

/** A record's reading of one contest: its votes, or `overvote;…` where it is one. */
function recordReading(vote: StoredCvrBallot['contests'][number]): string {
  const choice = cvrChoice(vote);
  return [...(choice.overvote ? ['overvote'] : []), ...choice.votes].join(';');
}

/**
 * Reads cmpcvr's per-contest rows once into columns per contest, with what it could not compare
 * as the report counts it: a ballot without a record by its image's reading, and every record's
 * contest that no image reading holds by the record's.
 */
export async function buildTallyBase(store: BlobJobStore): Promise<TallyBase> {
  const sheetIndex = new Map<string, number>();
  interface RawColumn {
    /** Sheets the column holds already. */
    held: Set<number>;
    sheet: number[];
    cvr: number[];
    image: number[];
    codes: Map<string, number>;
  }
  const raw = new Map<string, RawColumn>();
  const add = (sheet: string, contest: string, cvr: string, image: string) => {
    let index = sheetIndex.get(sheet);
    if (index === undefined) {
      index = sheetIndex.size;
      sheetIndex.set(sheet, index);
    }
    const column: RawColumn = raw.get(contest) ?? {
      held: new Set<number>(),
      sheet: [],
      cvr: [],
      image: [],
      codes: new Map<string, number>(),
    };
    raw.set(contest, column);
    const code = (votes: string) => {
      const canonical = canonicalVotes(votes);
      let c = column.codes.get(canonical);
      if (c === undefined) {
        c = column.codes.size;
        column.codes.set(canonical, c);
      }
      return c;
    };
    column.held.add(index);
    column.sheet.push(index);
    column.cvr.push(code(cvr));
    column.image.push(code(image));
  };
  const noRecord = new Set<string>();
  for await (const row of readCsv(store, PATHS.sheets))
    if (row.class === 'No CVR') noRecord.add(row.sheet_id ?? '');
  for await (const row of readCsv(store, PATHS.contestClasses))
    add(row.sheet_id ?? '', row.contest_id ?? '', row.cvr_votes ?? '', row.image_votes ?? '');
  if (noRecord.size > 0)
    for await (const row of readCsv(store, PATHS.votesContests)) {
      if (!noRecord.has(row.sheet_id ?? '')) continue;
      const votes = row.votes ?? '';
      add(
        row.sheet_id ?? '',
        row.contest_id ?? '',
        '',
        row.overvote === 'true' ? `overvote;${votes}` : votes,
      );
    }
  // Every record counts, as in cmpcvr's totals: a contest of a record that no image reading
  // holds (no image, an unreadable image, a contest the image does not show) by the record.
  for await (const record of readJsonLines<StoredCvrBallot>(store, PATHS.cvrBallots))
    for (const c of record.contests) {
      const index = sheetIndex.get(record.sheet_id);
      if (index !== undefined && raw.get(c.contestId)?.held.has(index)) continue;
      add(record.sheet_id, c.contestId, recordReading(c), '');
    }
  const sheets = [...sheetIndex.keys()].sort();
  const rankByIndex = new Uint32Array(sheets.length);
  sheets.forEach((s, rank) => {
    rankByIndex[sheetIndex.get(s) ?? 0] = rank;
  });
  sheetIndex.clear();
  const contests = new Map<string, ContestColumn>();
  for (const [contest, column] of raw) {
    const order = column.sheet.map((_, i) => i);
    order.sort(
      (a, b) => (rankByIndex[column.sheet[a] ?? 0] ?? 0) - (rankByIndex[column.sheet[b] ?? 0] ?? 0),
    );
    const readings = [...column.codes.keys()];
    const built: ContestColumn = {
      rank: Uint32Array.from(order, (i) => rankByIndex[column.sheet[i] ?? 0] ?? 0),
      cvr: Uint32Array.from(order, (i) => column.cvr[i] ?? 0),
      image: Uint32Array.from(order, (i) => column.image[i] ?? 0),
      readings,
      counts: new Map(),
    };
    const perCode = (codes: Uint32Array) => {
      const n = new Array<number>(readings.length).fill(0);
      for (const c of codes) n[c] = (n[c] ?? 0) + 1;
      return n;
    };
    const add = (codes: Uint32Array, field: keyof Counts) =>
      perCode(codes).forEach((n, c) => {
        if (n === 0) return;
        for (const option of counted(readings[c] ?? '')) {
          const t = built.counts.get(option) ?? { cvr: 0, image: 0 };
          t[field] += n;
          built.counts.set(option, t);
        }
      });
    add(built.cvr, 'cvr');
    add(built.image, 'image');
    contests.set(contest, built);
  }
  return { sheets, contests };
}

const cache = new CachedByIdentity<TallyBase>(4);

/**
 * cmpcvr's readings of a job for the tally, read from its output once per version of that
 * output (ETag): a rerun of cmpcvr writes a new version and the next call reads it again.
 * Undefined when cmpcvr has not run.
 */
export async function tallyBase(
  blobs: BlobStore,
  prefix: string,
  build = buildTallyBase,
): Promise<TallyBase | undefined> {
  const key = `${prefix}/${PATHS.contestClasses}`;
  const head = await blobs.head(key);
  if (!head) return undefined;
  return cache.get(key, head.etag, () => build(new BlobJobStore(blobs, prefix)));
}
