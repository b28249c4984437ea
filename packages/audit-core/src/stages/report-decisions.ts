import { readCsv, type StageContext } from './context.js';
import { PATHS } from './job.js';
import type { Decision, Reading } from './report-contests.js';

/** The report CSV's columns on who decided, when, and the readings as option ids. */
export const DECISION_COLUMNS = [
  'adjudicated_by',
  'adjudicated_at',
  'image_option_ids',
  'cvr_option_ids',
  'adjudicated_option_ids',
];

/** What a decision says in words, for rows that are a whole sheet or batch, not one contest. */
export function sheetDecisionText(d: Decision | undefined): string {
  if (!d) return 'not adjudicated';
  const what =
    d.decision === 'image'
      ? 'image right'
      : d.decision === 'cvr'
        ? 'record right'
        : d.decision === 'other'
          ? `voter intent: ${d.votes.join(', ') || 'no vote'}`
          : d.decision === 'unreadable'
            ? 'unreadable (still in doubt)'
            : d.decision;
  return `${what}${d.note ? ` (${d.note})` : ''}`;
}

/** Who decided and when, as the report prints it beside a decision: "by Ada Judge, 2026-11-27 08:01 UTC". */
export function decidedByText(d: Decision | undefined): string {
  if (!d) return '';
  const who = d.decidedByName || (d.decidedBy ? `user ${d.decidedBy}` : '');
  const at = d.decidedAt ? d.decidedAt.replace('T', ' ').replace(/:\d\d(\.\d+)?Z$/, ' UTC') : '';
  return [who && `by ${who}`, at].filter(Boolean).join(', ');
}

/** Option ids of a reading, `;`-separated, `overvote` first where it is one: the CSV's id columns. */
export const optionIds = (r: Reading | undefined): string =>
  r ? [...(r.overvote ? ['overvote'] : []), ...r.votes].join(';') : '';

/**
 * The key of a sheet-level row (No CVR, No Image, Unreadable, Duplicate, Swapped Batch): a
 * swapped batch has no sheet and is known by the batch imaged.
 */
export const sheetDecisionKey = (kind: string, sheet: string, batch = ''): string =>
  kind === 'Swapped Batch' ? `${kind}\u0000\u0000${batch}` : `${kind}\u0000${sheet}\u0000`;

export function decisionOf(a: Record<string, string>): Decision {
  return {
    decision: a.decision ?? '',
    votes: [],
    note: a.note ?? '',
    decidedAt: a.decided_at ?? '',
    decidedBy: a.decided_by ?? '',
    decidedByName: a.decided_by_name ?? '',
  };
}

/** Decisions on the rows that are a whole sheet or a batch, by `sheetDecisionKey`. */
export async function loadSheetDecisions(ctx: StageContext): Promise<Map<string, Decision>> {
  const found = new Map<string, Decision>();
  for await (const a of readCsv(ctx.store, PATHS.adjudications)) {
    if (!a.decision || a.contest_id) continue;
    const d = decisionOf(a);
    d.votes = (a.decided_votes ?? '').split(';').filter(Boolean);
    found.set(sheetDecisionKey(a.kind ?? '', a.sheet_id ?? '', a.batch ?? ''), d);
  }
  return found;
}
