import {
  HISTOGRAM_BINS,
  HISTOGRAM_FROM,
  isGrayByBands,
  measureBands,
  pooledBlank,
} from '../image/bands.js';
import type { MarkBands } from '../image/bands.js';
import { DEFAULT_THRESHOLDS, type MarkDecision, type Thresholds } from '../image/decide.js';
import type { JobStore } from '../storage/index.js';
import { joinCsvParts, readCsv, writeCsv, type BatchRef } from './context.js';

export const BANDS_KEY = 'extractvote/bands.csv';
export const BAND_COLUMNS = [
  'batch',
  'style',
  'targets',
  'blank_count',
  'blank_median',
  'blank_spread',
  'marks_count',
  'marks_median',
  'marks_spread',
  'gray_from',
  'histogram_from',
  'histogram',
];
const part = (batch: BatchRef): string =>
  `extractvote/batches/bands-${String(batch.index + 1).padStart(5, '0')}.csv`;

/** A target row as extractvote keeps it before writing: `above` is fill less the side's blank level. */
export interface TargetRow {
  sheet_id: string;
  style: string;
  option_id: string;
  contest_id: string;
  above: number;
  decision: MarkDecision;
}
export interface ContestRow {
  sheet_id: string;
  contest_id: string;
  gray: string[];
}
export interface SheetRow {
  sheet_id: string;
  gray?: number;
}

/**
 * Measures each style's bands on the batch's targets (a style with few blank targets borrows
 * the batch's measured spread) and turns gray the targets first read
 * blank that stand out of their style's blank cluster, updating their contest's gray list and
 * their sheet's gray count. Answers the bands per style.
 */
export function settleGrayBands(
  targets: TargetRow[],
  contests: ContestRow[],
  sheets: SheetRow[],
  thresholds: Thresholds = DEFAULT_THRESHOLDS,
): Map<string, MarkBands> {
  const byStyle = new Map<string, TargetRow[]>();
  for (const t of targets) {
    const list = byStyle.get(t.style);
    if (list) list.push(t);
    else byStyle.set(t.style, [t]);
  }
  const bands = new Map<string, MarkBands>();
  // A style with few blank targets in the batch borrows the spread its batch-mates measured,
  // so that a light mark of a small style stands out as it would on a large one.
  const borrowed = pooledBlank([...byStyle.values()]);
  for (const [style, list] of byStyle) bands.set(style, measureBands(list, thresholds, borrowed));
  const contestOf = new Map(contests.map((c) => [`${c.sheet_id}\u0000${c.contest_id}`, c]));
  const sheetOf = new Map(sheets.map((s) => [s.sheet_id, s]));
  for (const t of targets) {
    const band = bands.get(t.style);
    if (!band || !isGrayByBands(t.above, t.decision, band)) continue;
    t.decision = 'gray';
    contestOf.get(`${t.sheet_id}\u0000${t.contest_id}`)?.gray.push(t.option_id);
    const sheet = sheetOf.get(t.sheet_id);
    if (sheet) sheet.gray = (sheet.gray ?? 0) + 1;
  }
  return bands;
}

/** Writes the batch's bands per style (`extractvote/bands.csv`, or its batch part). */
export async function writeBands(
  store: JobStore,
  batch: BatchRef,
  bands: Map<string, MarkBands>,
): Promise<void> {
  const rows = [...bands]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([style, b]) => ({
      batch: batch.index + 1,
      style,
      targets: b.histogram.reduce((n, c) => n + c, 0),
      blank_count: b.blank.count,
      blank_median: b.blank.median,
      blank_spread: b.blank.spread,
      marks_count: b.marks.count,
      marks_median: b.marks.median,
      marks_spread: b.marks.spread,
      gray_from: b.grayFrom,
      histogram_from: HISTOGRAM_FROM,
      histogram: b.histogram,
    }));
  await writeCsv(store, batch.count === 1 ? BANDS_KEY : part(batch), BAND_COLUMNS, rows);
}

/** Joins the batches' bands into `extractvote/bands.csv`, one row per batch and style. */
export async function joinBands(store: JobStore, count: number): Promise<void> {
  if (count === 1) return;
  const parts = Array.from({ length: count }, (_, index) => part({ index, count }));
  await joinCsvParts(store, BANDS_KEY, BAND_COLUMNS, parts);
}

/** Each style's distribution over all batches: summed histograms and the range of gray cut-offs. */
export interface StyleDistribution {
  style: string;
  targets: number;
  blank: number;
  marks: number;
  grayFrom: [number, number];
  histogram: number[];
}

export async function readDistributions(store: JobStore): Promise<StyleDistribution[]> {
  const styles = new Map<string, StyleDistribution>();
  for await (const row of readCsv(store, BANDS_KEY)) {
    const style = row.style ?? '';
    const counts = (row.histogram ?? '').split(';').map(Number);
    const grayFrom = Number(row.gray_from);
    const seen = styles.get(style) ?? {
      style,
      targets: 0,
      blank: 0,
      marks: 0,
      grayFrom: [grayFrom, grayFrom] as [number, number],
      histogram: new Array<number>(HISTOGRAM_BINS).fill(0),
    };
    seen.targets += Number(row.targets);
    seen.blank += Number(row.blank_count);
    seen.marks += Number(row.marks_count);
    seen.grayFrom = [Math.min(seen.grayFrom[0], grayFrom), Math.max(seen.grayFrom[1], grayFrom)];
    counts.forEach((c, i) => {
      if (i < HISTOGRAM_BINS) seen.histogram[i] = (seen.histogram[i] ?? 0) + (c || 0);
    });
    styles.set(style, seen);
  }
  return [...styles.values()].sort((a, b) => (a.style < b.style ? -1 : 1));
}
