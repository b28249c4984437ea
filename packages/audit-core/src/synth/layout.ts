import type { SynthElection } from './election.js';
import { Random } from './random.js';

export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** Where one target is printed, in pixels, and what it means. */
export interface LayoutTarget {
  contestId: string;
  optionId: string;
  cx: number;
  cy: number;
  rx: number;
  ry: number;
}

/** A printed ballot style: page size, timing marks, targets, and blocks standing in for text. */
export interface StyleLayout {
  styleId: string;
  dpi: number;
  width: number;
  height: number;
  marks: Rect[];
  targets: LayoutTarget[];
  boxes: Rect[];
  words: Rect[];
  /** Oval outline thickness in pixels. */
  stroke: number;
}

const COLUMNS = [0.9, 3.5, 6.1];
const ROW = 0.3;

/**
 * Lays a style out in columns, contests flowing down then across, the way most ballots are
 * printed; targets come out in column-then-row order, the order the reader finds them in.
 */
export function layoutStyle(election: SynthElection, styleId: string, dpi = 200): StyleLayout {
  const style = election.styles.find((s) => s.id === styleId);
  if (!style) throw new Error(`unknown style ${styleId}`);
  const random = new Random(election.seed, 'layout', styleId);
  const px = (inches: number): number => Math.round(inches * dpi);
  const width = px(8.5);
  const height = px(11);
  const marks: Rect[] = [];
  for (let y = 0.4; y < 10.6; y += 0.25) {
    marks.push({ x: px(0.2), y: px(y), w: px(0.2), h: px(0.08) });
    marks.push({ x: width - px(0.4), y: px(y), w: px(0.2), h: px(0.08) });
  }
  const words: Rect[] = [{ x: px(2.5), y: px(0.45), w: px(3.5), h: px(0.2) }];
  words.push({ x: px(3), y: px(0.8), w: px(2.5) + px(random.range(0, 0.5)), h: px(0.1) });
  const targets: LayoutTarget[] = [];
  const boxes: Rect[] = [];
  let column = 0;
  let top = 1.3;
  for (const contestId of style.contestIds) {
    const contest = election.contests.find((c) => c.id === contestId);
    if (!contest) continue;
    const tall = 0.45 + contest.options.length * ROW;
    if (top + tall > 10.3) {
      column += 1;
      top = 1.3;
    }
    const left = COLUMNS[column];
    if (left === undefined) throw new Error(`style ${styleId} does not fit on one page`);
    boxes.push({ x: px(left - 0.1), y: px(top), w: px(2.4), h: px(tall) });
    words.push({ x: px(left + 0.2), y: px(top + 0.1), w: px(random.range(1, 1.8)), h: px(0.1) });
    words.push({
      x: px(left + 0.4),
      y: px(top + 0.25),
      w: px(random.range(0.8, 1.4)),
      h: px(0.07),
    });
    contest.options.forEach((option, i) => {
      const cy = px(top + 0.45 + ROW * i + ROW / 2);
      targets.push({
        contestId,
        optionId: option.id,
        cx: px(left + 0.15),
        cy,
        rx: px(0.08),
        ry: px(0.05),
      });
      words.push({
        x: px(left + 0.35),
        y: cy - px(0.035),
        w: px(random.range(0.7, 1.6)),
        h: px(0.07),
      });
    });
    top += tall + 0.15;
  }
  return {
    styleId,
    dpi,
    width,
    height,
    marks,
    targets,
    boxes,
    words,
    stroke: Math.max(2, px(0.012)),
  };
}
