import { contestInfos, type ContestInfo } from './classify.js';
import { list, readCsv, type StageContext } from './context.js';
import { sheetKey } from './images.js';
import { PATHS } from './job.js';
import type { CropRequest } from './report-crops.js';
import { readContestBoxes } from './upright-picture.js';

/** A paper ballot a risk-limiting audit sampled, to find in the image audit. */
export interface SampledBallotRef {
  /** The audit's id of the paper ballot: `scanner-batch-position`. */
  id: string;
  /** The id of the vote record matched to that position, when there is one. */
  cvrId: string | null;
}

/** A contest as the risk-limiting audit names it (the CVR's ids). */
export interface SampledContestRef {
  id: string;
  name: string;
  options: { id: string; name: string }[];
}

/** What the image audit read for one contest of a sampled ballot, in the audit's option ids. */
export interface ImageContestReading {
  contestId: string;
  /** The contest was read on this sheet's image. */
  read: boolean;
  votes: string[];
  gray: string[];
  overvote: boolean;
  /** cmpcvr's class of the contest on this sheet (Fully Agreed, Normal Disagreed, Gray, …). */
  class: string;
  /** Where the contest's targets are on the page, for a picture of it. */
  crop: CropRequest | null;
}

/** The image audit's sheet for a sampled ballot, or why there is none. */
export interface SampledImage {
  id: string;
  sheetId: string | null;
  /** cmpcvr's class of the sheet (No CVR, Unreadable, …), or `not found`. */
  sheetClass: string;
  detail: string;
  archive: string;
  entry: string;
  contests: ImageContestReading[];
}

export interface SampledImages {
  /** cmpcvr has run: its readings and classes exist. */
  compared: boolean;
  images: Map<string, SampledImage>;
}

type StoreContext = Pick<StageContext, 'store'>;

const norm = (s: string): string => s.toLowerCase().replace(/[^a-z0-9]+/g, '');

/** The image audit's id of an audited contest: the same id, or the contest of the same name. */
function imageContestId(infos: Map<string, ContestInfo>, contest: SampledContestRef): string {
  if (infos.has(contest.id)) return contest.id;
  for (const [id, info] of infos) if (norm(info.name) === norm(contest.name)) return id;
  return contest.id;
}

/** An image-side option id in the audit's ids: the same id, or the option of the same name. */
function auditOptionId(
  contest: SampledContestRef,
  info: ContestInfo | undefined,
  option: string,
): string {
  if (contest.options.some((o) => o.id === option)) return option;
  const name = norm(info?.options.get(option)?.name ?? option);
  return contest.options.find((o) => norm(o.name) === name || norm(o.id) === name)?.id ?? option;
}

/**
 * Finds each sampled paper ballot's sheet in the image audit (the image of the same
 * `scanner-batch-position`, else the sheet of its vote record) and what the image audit read
 * there for the audited contests, with each contest's place on the page for a crop. Readings
 * are given in the audit's option ids, so the board's reading, the record and the image compare
 * directly.
 */
export async function findSampledImages(
  ctx: StoreContext,
  ballots: SampledBallotRef[],
  contests: SampledContestRef[],
): Promise<SampledImages> {
  const images = new Map<string, SampledImage>();
  if (!(await ctx.store.exists(PATHS.sheets))) return { compared: false, images };
  const wanted = new Map<string, string[]>();
  for (const b of ballots) {
    const keys = [sheetKey(b.id), ...(b.cvrId ? [sheetKey(b.cvrId), b.cvrId] : [])];
    wanted.set(b.id, [...new Set(keys)]);
  }
  const keys = new Set([...wanted.values()].flat());
  const sheets = new Map<string, Record<string, string>>();
  const byRecord = new Map<string, Record<string, string>>();
  for await (const s of readCsv(ctx.store, PATHS.sheets)) {
    const id = s.sheet_id ?? '';
    if (s.class === 'Duplicate') continue;
    if (keys.has(id) && !sheets.has(id)) sheets.set(id, s);
    if (s.cvr_id && keys.has(s.cvr_id) && !byRecord.has(s.cvr_id)) byRecord.set(s.cvr_id, s);
  }
  const sheetOf = new Map<string, Record<string, string>>();
  for (const b of ballots) {
    const [own, ...rest] = wanted.get(b.id) ?? [];
    // The image of the paper's own position comes first; a record-only row has no image.
    const candidates = [
      own ? sheets.get(own) : undefined,
      ...(b.cvrId ? [byRecord.get(b.cvrId)] : []),
      ...rest.map((k) => sheets.get(k)),
    ].filter((s): s is Record<string, string> => s !== undefined);
    const found = candidates.find((s) => s.class !== 'No Image') ?? candidates[0];
    if (found) sheetOf.set(b.id, found);
  }
  const sheetIds = new Set([...sheetOf.values()].map((s) => s.sheet_id ?? ''));
  const read = new Map<string, Record<string, string>>();
  for await (const c of readCsv(ctx.store, PATHS.votesContests))
    if (sheetIds.has(c.sheet_id ?? '')) read.set(`${c.sheet_id}\u0000${c.contest_id}`, c);
  const classes = new Map<string, string>();
  for await (const c of readCsv(ctx.store, PATHS.contestClasses))
    if (sheetIds.has(c.sheet_id ?? ''))
      classes.set(`${c.sheet_id}\u0000${c.contest_id}`, c.class ?? '');
  const boxes = await readContestBoxes(ctx.store, sheetIds);
  const infos = await contestInfos(ctx);
  for (const b of ballots) {
    const s = sheetOf.get(b.id);
    if (!s) {
      images.set(b.id, {
        id: b.id,
        sheetId: null,
        sheetClass: 'not found',
        detail: 'the image audit has no sheet for this ballot or its record',
        archive: '',
        entry: '',
        contests: [],
      });
      continue;
    }
    const sheetId = s.sheet_id ?? '';
    images.set(b.id, {
      id: b.id,
      sheetId,
      sheetClass: s.class ?? '',
      detail: s.detail ?? '',
      archive: s.archive ?? '',
      entry: s.entry ?? '',
      contests: contests.map((contest) => {
        const imageId = imageContestId(infos, contest);
        const info = infos.get(imageId);
        const key = `${sheetId}\u0000${imageId}`;
        const row = read.get(key);
        const box = boxes.get(key);
        const ids = (v: string | undefined) => list(v).map((o) => auditOptionId(contest, info, o));
        return {
          contestId: contest.id,
          read: row !== undefined,
          votes: ids(row?.votes),
          gray: ids(row?.gray),
          overvote: row?.overvote === 'true',
          class: classes.get(key) ?? (row ? (s.class ?? '') : ''),
          crop:
            box && s.archive && s.entry
              ? {
                  id: `${b.id}\u0000${contest.id}`,
                  archive: s.archive,
                  entry: s.entry,
                  side: box.side,
                  turn: box.turn,
                  box: { x0: box.x0, y0: box.y0, x1: box.x1, y1: box.y1 },
                }
              : null,
        };
      }),
    });
  }
  return { compared: true, images };
}

/** The pictures of the sampled ballots' contests, keyed `<ballot id>\u0000<contest id>`. */
export const sampledCropRequests = (images: Iterable<SampledImage>): CropRequest[] =>
  [...images].flatMap((i) => i.contests.flatMap((c) => (c.crop ? [c.crop] : [])));

/** What counts of a reading: more marks than the contest allows is an overvote, no vote. */
export const countedVotes = (votes: string[], voteFor: number): string[] =>
  votes.length > Math.max(1, voteFor) ? [] : [...new Set(votes)].sort();

const same = (a: string[], b: string[]): boolean => a.join('\u0000') === b.join('\u0000');

/**
 * The three readings of one contest on one sampled ballot side by side: the paper as the audit
 * board read it, its image as the image audit read it, and the vote record. Each is what counts
 * (option ids, sorted); null where it does not exist. `agree` when every reading there is agrees.
 */
export function threeWay(
  paper: string[] | null,
  image: string[] | null,
  record: string[] | null,
): { agree: boolean; text: string } {
  const say = (agree: boolean, text: string) => ({ agree, text });
  if (paper === null) return say(false, 'the board could not find the paper ballot');
  if (image === null && record === null)
    return say(false, 'no image reading and no record to compare');
  if (image === null)
    return same(paper, record ?? [])
      ? say(true, 'paper and record agree; the image audit has no reading')
      : say(false, 'paper and record differ; the image audit has no reading');
  if (record === null)
    return same(paper, image)
      ? say(true, 'paper and image agree; the ballot has no record')
      : say(false, 'paper and image differ; the ballot has no record');
  const pi = same(paper, image);
  const pr = same(paper, record);
  const ir = same(image, record);
  if (pi && pr) return say(true, 'paper, image and record agree');
  if (pi) return say(false, 'the record differs from the paper and its image');
  if (pr)
    return say(false, 'the image audit read the image differently from the paper and the record');
  if (ir) return say(false, 'the paper differs from its image and the record');
  return say(false, 'paper, image and record all differ');
}
