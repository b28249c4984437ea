import type { ContestInfo } from './classify.js';
import type { ContestAnalysis, Item, Reading } from './report-contests.js';
import type { ReportData, TargetScore } from './report-data.js';

/** Pictures per section beyond the disagreements, and for the disagreements. */
export const SECTION_CROPS = 40;
export const DISAGREEMENT_CROPS = 200;

export const optionName = (info: ContestInfo | undefined, id: string): string =>
  info?.options.get(id)?.name ?? id;

/** A reading in words: "no vote" written out, never blank. */
export function readingText(
  r: Reading | undefined,
  info: ContestInfo | undefined,
  missing: string,
): string {
  if (!r) return missing;
  const names = r.votes.map((o) => optionName(info, o));
  const gray = r.gray.map((o) => optionName(info, o));
  const votes = r.overvote
    ? `overvote (${names.join(', ') || 'marks'}): no vote counted`
    : names.join(', ') || 'no vote';
  return gray.length > 0 ? `${votes}; gray: ${gray.join(', ')}` : votes;
}

export const recordText = (item: Item, info: ContestInfo | undefined): string =>
  readingText(item.record, info, 'no vote record');

export const imageText = (item: Item, info: ContestInfo | undefined): string =>
  item.kind === 'Unreadable'
    ? 'image unreadable'
    : readingText(item.image, info, item.kind === 'No Image' ? 'no image' : 'not read');

/** Each target of the contest with its score: "A. Lopez vote 0.62". */
export function scoresText(
  item: Item,
  info: ContestInfo | undefined,
  targets: TargetScore[] | undefined,
): string {
  const mine = (targets ?? []).filter((t) => t.contestId === item.contestId);
  if (mine.length === 0) return '';
  return mine
    .map((t) => `${optionName(info, t.optionId)} ${t.decision} ${t.fill.toFixed(2)}`)
    .join('; ');
}

export function decisionText(item: Item, info: ContestInfo | undefined): string {
  const d = item.decision;
  // An overvote the record and the image both show is no disagreement: nothing to adjudicate.
  if (!d && item.kind === 'Agreed Overvote') return 'none needed: the record and the image agree';
  if (!d) return 'not adjudicated';
  const votes = d.votes.map((o) => optionName(info, o)).join(', ') || 'no vote';
  const what =
    d.decision === 'image'
      ? 'image right'
      : d.decision === 'cvr'
        ? 'record right'
        : d.decision === 'other'
          ? 'voter intent'
          : d.decision;
  const settled = ['image', 'cvr', 'other'].includes(d.decision);
  return `${what}${settled ? `: ${votes}` : ' (still in doubt)'}${d.note ? ` (${d.note})` : ''}`;
}

export const plural = (n: number, one: string, many = `${one}s`): string =>
  `${n} ${n === 1 ? one : many}`;

/** The contest's sentence on ballots in doubt, by class. */
export function doubtText(c: ContestAnalysis): string {
  const parts = Object.entries(c.doubtByKind)
    .filter(([, n]) => n > 0)
    .map(([k, n]) => `${k} ${n}`);
  return `${plural(c.inDoubt, 'ballot')} in doubt${parts.length ? ` (${parts.join(', ')})` : ''}${c.decided ? `; ${plural(c.decided, 'item')} adjudicated` : ''}`;
}

/** "Could the outcome change?" with the rule's reason, as every format prints it. */
export const couldChangeText = (c: ContestAnalysis): string =>
  `Could the outcome change? ${c.verdict.couldChange ? 'Yes' : 'No'}: ${c.verdict.reason}.`;

export function marginText(c: ContestAnalysis): string {
  const name = (id: string | undefined) => optionName(undefined, id ?? '');
  const names = new Map(c.options.map((o) => [o.optionId, o.option]));
  const who = (s: ContestAnalysis['audit']) =>
    s.lastWinner && s.firstLoser
      ? ` (${names.get(s.lastWinner[0]) ?? name(s.lastWinner[0])} ${s.lastWinner[1]}, ${names.get(s.firstLoser[0]) ?? name(s.firstLoser[0])} ${s.firstLoser[1]})`
      : '';
  const share =
    c.audit.margin > 0
      ? ` (${((c.verdict.swing / c.audit.margin) * 100).toFixed(1)}% of the audit margin)`
      : '';
  return `Reported margin (CVR) ${plural(c.reported.margin, 'vote')}${who(c.reported)}; audit margin (adjudicated) ${plural(c.audit.margin, 'vote')}${who(c.audit)}. The ballots in doubt could move it by up to ${plural(c.verdict.swing, 'vote')}${share}.`;
}

export const kindCounts = (c: ContestAnalysis): string =>
  Object.entries(c.byKind)
    .map(([k, n]) => `${k} ${n}`)
    .join(', ');

/** The crop id of a contest on a sheet, or of a whole sheet. */
export const cropId = (kind: string, sheet: string, contest = ''): string =>
  `${kind}|${sheet}|${contest}`;

/** Items of one kind across contests, in contest order. */
export const itemsOf = (data: ReportData, kind: Item['kind']): Item[] =>
  data.contests.flatMap((c) => c.items.filter((i) => i.kind === kind));

export const contestName = (data: ReportData, id: string): string =>
  data.contests.find((c) => c.contestId === id)?.name ?? id;

/** The part of a contest's gap no listed row explains, by option name (id beside it). */
export const unexplainedText = (c: ContestAnalysis): string =>
  c.unexplained
    .map((u) => {
      const name = c.options.find((o) => o.optionId === u.optionId)?.option ?? u.optionId;
      const label = name === u.optionId ? name : `${name} (${u.optionId})`;
      return `${label} ${u.votes > 0 ? '+' : ''}${u.votes}`;
    })
    .join(', ');
