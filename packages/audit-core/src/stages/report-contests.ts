import type { ContestInfo } from './classify.js';
import { verdict, standing, type Standing, type Totals, type Verdict } from './report-outcome.js';

/** What one side (the record, the image, a person) says about one contest on one sheet. */
export interface Reading {
  votes: string[];
  gray: string[];
  overvote: boolean;
}

/** Kinds of item the report lists per contest; the first five leave a ballot in doubt. */
export type ItemKind =
  'Normal Disagreed' | 'Gray' | 'Unreadable' | 'No CVR' | 'No Image' | 'Agreed Overvote';

export const DOUBT_KINDS: ItemKind[] = [
  'Normal Disagreed',
  'Gray',
  'Unreadable',
  'No CVR',
  'No Image',
];

export interface Decision {
  decision: string;
  /** The reading the decision gives the contest: the votes then counted. */
  votes: string[];
  note: string;
  decidedAt: string;
  /** The decider's user id, and their name where the server wrote one. */
  decidedBy: string;
  decidedByName: string;
}

/** One contest on one sheet that the report lists: both readings and any decision. */
export interface Item {
  kind: ItemKind;
  sheetId: string;
  contestId: string;
  /** Absent: no vote record for the sheet. */
  record?: Reading;
  /** Absent: no image, or the image could not be read. */
  image?: Reading;
  decision?: Decision;
  archive: string;
  entry: string;
  style: string;
  detail: string;
}

/** The votes a reading adds to the totals: none for an overvote or a missing side. */
export const counted = (r: Reading | undefined): string[] => (r && !r.overvote ? r.votes : []);

/** A decision settles an item unless the person could not tell the voter's intent. */
export const isSettled = (d: Decision | undefined): boolean =>
  !!d && (d.decision === 'image' || d.decision === 'cvr' || d.decision === 'other');

export interface OptionRow {
  optionId: string;
  option: string;
  cvr: number;
  /** The record's original reading, where the records carry an original and a modified one. */
  cvrOriginal?: number;
  image: number;
  gray: number;
  adjudicated: number;
}

export interface ContestAnalysis {
  contestId: string;
  name: string;
  voteFor: number;
  options: OptionRow[];
  reported: Standing;
  audit: Standing;
  /** Items of each kind touching the contest, decided or not. */
  byKind: Record<ItemKind, number>;
  /** Items still in doubt (not settled), by kind. */
  doubtByKind: Record<ItemKind, number>;
  /** Distinct sheets holding the contest that are still in doubt. */
  inDoubt: number;
  decided: number;
  verdict: Verdict;
  /** Items whose record and image count different votes: the rows behind the totals' gap. */
  differences: Item[];
  /** Per option, the gap between image and CVR totals that the listed rows do not explain. */
  unexplained: { optionId: string; votes: number }[];
  items: Item[];
}

const zeroKinds = (): Record<ItemKind, number> => ({
  'Normal Disagreed': 0,
  Gray: 0,
  Unreadable: 0,
  'No CVR': 0,
  'No Image': 0,
  'Agreed Overvote': 0,
});

const sameSet = (a: string[], b: string[]): boolean =>
  a.length === b.length && a.every((x) => b.includes(x));

export interface ContestInput {
  contestId: string;
  info: ContestInfo | undefined;
  name: string;
  /** The totals cmpcvr wrote: per option CVR, image and gray votes. */
  totals: { optionId: string; option: string; cvr: number; image: number; gray: number }[];
  originalTotals?: Map<string, number>;
  items: Item[];
}

/**
 * Per contest: CVR, image and adjudicated totals, the items by class, the ballots in doubt
 * and the could-change verdict. Adjudicated totals are the image totals with each settled
 * item's decided votes in place of what the image counted.
 */
export function analyseContest(input: ContestInput): ContestAnalysis {
  const { info, items } = input;
  const voteFor = info?.voteFor ?? 1;
  const rows = new Map<string, OptionRow>();
  for (const t of input.totals)
    rows.set(t.optionId, {
      optionId: t.optionId,
      option: t.option,
      cvr: t.cvr,
      image: t.image,
      gray: t.gray,
      adjudicated: t.image,
      ...(input.originalTotals ? { cvrOriginal: input.originalTotals.get(t.optionId) ?? 0 } : {}),
    });
  for (const [id, o] of info?.options ?? [])
    if (!rows.has(id))
      rows.set(id, {
        optionId: id,
        option: o.name,
        cvr: 0,
        image: 0,
        gray: 0,
        adjudicated: 0,
        ...(input.originalTotals ? { cvrOriginal: input.originalTotals.get(id) ?? 0 } : {}),
      });
  const row = (id: string): OptionRow => {
    const found = rows.get(id);
    if (found) return found;
    const made: OptionRow = { optionId: id, option: id, cvr: 0, image: 0, gray: 0, adjudicated: 0 };
    rows.set(id, made);
    return made;
  };
  const byKind = zeroKinds();
  const doubtByKind = zeroKinds();
  const doubtful = new Set<string>();
  let decided = 0;
  const differences: Item[] = [];
  const explained = new Map<string, number>();
  for (const item of items) {
    byKind[item.kind] += 1;
    const settled = isSettled(item.decision);
    if (settled) {
      decided += 1;
      const imageVotes = item.kind === 'Unreadable' ? [] : counted(item.image);
      for (const o of imageVotes) row(o).adjudicated -= 1;
      for (const o of item.decision?.votes ?? []) row(o).adjudicated += 1;
    } else if (DOUBT_KINDS.includes(item.kind)) {
      doubtByKind[item.kind] += 1;
      doubtful.add(item.sheetId);
    }
    const rec = counted(item.record);
    const img = item.kind === 'Unreadable' ? [] : counted(item.image);
    if (!sameSet(rec, img)) {
      differences.push(item);
      for (const o of img) explained.set(o, (explained.get(o) ?? 0) + 1);
      for (const o of rec) explained.set(o, (explained.get(o) ?? 0) - 1);
    }
  }
  const options = [...rows.values()];
  const unexplained = options
    .map((o) => ({
      optionId: o.optionId,
      votes: o.image - o.cvr - (explained.get(o.optionId) ?? 0),
    }))
    .filter((u) => u.votes !== 0);
  const reported: Totals = new Map(options.map((o) => [o.optionId, o.cvr]));
  const audit: Totals = new Map(options.map((o) => [o.optionId, o.adjudicated]));
  return {
    contestId: input.contestId,
    name: input.name,
    voteFor,
    options,
    reported: standing(reported, voteFor),
    audit: standing(audit, voteFor),
    byKind,
    doubtByKind,
    inDoubt: doubtful.size,
    decided,
    verdict: verdict(reported, audit, voteFor, doubtful.size),
    differences,
    unexplained,
    items,
  };
}
