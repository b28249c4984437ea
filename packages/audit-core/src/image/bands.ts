import type { MarkDecision, Thresholds } from './decide.js';

/**
 * Where a style's targets fall once the ballot's own blank level is taken off (`above`): the
 * blank targets in a tight cluster near 0, clear marks far above. A mark darker than the blank
 * cluster by a clear margin but under the vote cut-off is gray: it is neither blank nor clear.
 */
export interface MarkBands {
  blank: Cluster;
  marks: Cluster;
  /** From here up to the vote cut-off, a mark is gray. */
  grayFrom: number;
  /** Counts of `above` in `HISTOGRAM_BINS` bins from `HISTOGRAM_FROM` to 1. */
  histogram: number[];
}

export interface Cluster {
  count: number;
  median: number;
  /** A robust standard deviation: 1.4826 × the median absolute deviation. */
  spread: number;
}

export const HISTOGRAM_FROM = -0.1;
export const HISTOGRAM_BINS = 55;
/** The least gap between blank paper and a gray mark: noise on clean scans is far smaller. */
const MIN_MARGIN = 0.02;
/** How many spreads above the blank cluster's middle a mark must be to stand out of it. */
const SPREADS = 6;
/**
 * Under this many blank targets a style's spread is not known: it borrows the spread the
 * batch's other styles measured (`pooledBlank`), and with none measured the margin is doubled.
 */
const FEW = 20;

function cluster(values: number[]): Cluster {
  if (values.length === 0) return { count: 0, median: 0, spread: 0 };
  const sorted = [...values].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
  const deviations = sorted.map((v) => Math.abs(v - median)).sort((a, b) => a - b);
  const mad = deviations[Math.floor(deviations.length / 2)] ?? 0;
  return { count: values.length, median, spread: 1.4826 * mad };
}

export function histogramBin(above: number): number {
  const width = (1 - HISTOGRAM_FROM) / HISTOGRAM_BINS;
  return Math.min(HISTOGRAM_BINS - 1, Math.max(0, Math.floor((above - HISTOGRAM_FROM) / width)));
}

/**
 * Bands of one style from its targets as first decided: the blank cluster is the targets read
 * blank (their median and spread are robust to the few light marks among them), the clear
 * marks those read as votes. The gray band starts a clear margin above the blank cluster,
 * never higher than the fixed blank cut-off.
 */
export function measureBands(
  targets: { above: number; decision: MarkDecision }[],
  thresholds: Thresholds,
  borrowed?: Cluster,
): MarkBands {
  const blank = cluster(targets.filter((t) => t.decision === 'blank').map((t) => t.above));
  const marks = cluster(targets.filter((t) => t.decision === 'vote').map((t) => t.above));
  const spread =
    blank.count >= FEW ? blank.spread : borrowed && borrowed.count >= FEW ? borrowed.spread : NaN;
  const margin = Number.isNaN(spread) ? 2 * MIN_MARGIN : Math.max(MIN_MARGIN, SPREADS * spread);
  const histogram = new Array<number>(HISTOGRAM_BINS).fill(0);
  for (const t of targets) {
    const bin = histogramBin(t.above);
    histogram[bin] = (histogram[bin] ?? 0) + 1;
  }
  return {
    blank,
    marks,
    grayFrom: Math.min(thresholds.blank, Math.max(0, blank.median) + margin),
    histogram,
  };
}

/**
 * The blank targets of several styles read in one batch (one scanner, one paper), each taken
 * from its own style's blank median: how far blank paper scatters there. Styles with enough
 * blank targets to measure give it; when none has, all of them together do.
 */
export function pooledBlank(styles: { above: number; decision: MarkDecision }[][]): Cluster {
  const blanks = styles.map((list) =>
    list.filter((t) => t.decision === 'blank').map((t) => t.above),
  );
  const measured = blanks.filter((b) => b.length >= FEW);
  const deviations = (measured.length > 0 ? measured : blanks).flatMap((b) => {
    const { median } = cluster(b);
    return b.map((v) => v - median);
  });
  return cluster(deviations);
}

/** A target first read blank that stands out of its style's blank cluster is gray. */
export const isGrayByBands = (above: number, decision: MarkDecision, bands: MarkBands): boolean =>
  decision === 'blank' && above >= bands.grayFrom;
