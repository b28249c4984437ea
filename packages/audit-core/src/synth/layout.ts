import {
  cardCodeOf,
  pageLengthOf,
  styleSides,
  type SynthElection,
  type TargetShape,
} from './election.js';
import { startsColumn } from './columns.js';
import { layoutCornerOvalStyle } from './corner-ovals.js';
import { ARROW } from './arrow.js';
import { layoutHartStyle } from './hart.js';

export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** A line of printed text: baseline position and size in pixels. */
export interface TextLine {
  x: number;
  y: number;
  size: number;
  text: string;
  isBold?: boolean;
  anchor?: 'start' | 'middle' | 'end';
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

/** A printed ballot style: page size, timing marks, contest boxes, text and targets. */
export interface StyleLayout {
  styleId: string;
  /** The side of the sheet, from 1. */
  side: number;
  dpi: number;
  width: number;
  height: number;
  marks: Rect[];
  targets: LayoutTarget[];
  boxes: Rect[];
  /** Areas printed in a tint under the text (contest headings), at grey level `ink`. */
  shades?: (Rect & { ink: number })[];
  texts: TextLine[];
  /** Filled example oval in the instructions, as real ballots print: ink, not a target. */
  example: LayoutTarget;
  /** Target outline thickness in pixels. */
  stroke: number;
  targetShape: TargetShape;
  /** Grey level the target outlines print in: 0 black, lighter for a drop-out ink. */
  targetInk?: number;
}

/** A drop-out ink: lighter than a 1-bit scanner's threshold even with its noise. */
export const DROP_OUT_INK = 215;

const COLUMNS = [0.75, 3.25, 5.75];
const BOX_WIDTH = 2.25;
const ROW = 0.3;
const TOP = 1.65;
/** Room below the last contest, to the card's foot (inches): the footer line and the marks. */
const FOOT = 0.7;
const HEADER = 0.45;

const voteForText = (n: number): string =>
  n === 1 ? 'Vote for one.' : `Vote for no more than ${n}.`;

/**
 * Lays one side of a style out in columns, contests flowing down then across (balanced so
 * that most styles use two or three columns, as printed ballots do); targets come out in
 * column-then-row order, the order the reader finds them in.
 */
export function layoutStyle(
  election: SynthElection,
  styleId: string,
  dpi = 200,
  side = 1,
): StyleLayout {
  if (election.family === 'hart') return layoutHartStyle(election, styleId, dpi, side);
  if (election.family === 'corner-ovals')
    return layoutCornerOvalStyle(election, styleId, dpi, side);
  const contestIds = styleSides(election, styleId)[side - 1];
  if (!contestIds) throw new Error(`style ${styleId} has no side ${side}`);
  const px = (inches: number): number => Math.round(inches * dpi);
  const width = px(8.5);
  const length = pageLengthOf(election);
  const BOTTOM = length - FOOT;
  const isArrow = election.targetShape === 'arrow';
  const marks: Rect[] = [];
  for (let y = 0.4; y < length - 0.4; y += 0.25) {
    marks.push({ x: px(0.2), y: px(y), w: px(0.2), h: px(0.08) });
    marks.push({ x: width - px(0.4), y: px(y), w: px(0.2), h: px(0.08) });
  }
  const contests = contestIds.flatMap((id) => election.contests.filter((c) => c.id === id));
  const talls = contests.map((c) => HEADER + c.options.length * ROW);
  const share = Math.max(...talls, talls.reduce((s, t) => s + t + 0.15, 0) / 2);
  const texts: TextLine[] = [
    {
      x: px(4.25),
      y: px(0.7),
      size: px(0.2),
      text: 'Official Ballot',
      isBold: true,
      anchor: 'middle',
    },
    { x: px(4.25), y: px(0.95), size: px(0.12), text: election.name, anchor: 'middle' },
    { x: px(4.25), y: px(1.15), size: px(0.1), text: `Ballot style ${styleId}`, anchor: 'middle' },
    {
      x: px(1.0),
      y: px(1.42),
      size: px(0.085),
      text: isArrow
        ? 'To vote, complete the arrow pointing to your choice, like this:'
        : 'To vote, fill in the oval completely next to your choice, like this:',
    },
    {
      x: px(4.25),
      y: px(length - 0.25),
      // A card code is printed at the size real cards print it (9 pt); the plain line smaller.
      size: px(election.cardCodes ? 0.125 : 0.08),
      text: election.cardCodes
        ? cardCodeOf(election, styleId, side)
        : side === 1
          ? `Style ${styleId} Card 1`
          : `Style ${styleId} Card 1 Side ${side}`,
      anchor: 'middle',
    },
  ];
  const example = isArrow
    ? {
        contestId: '',
        optionId: '',
        cx: px(5.1),
        cy: px(1.39),
        rx: px(ARROW.halfLength),
        ry: px(ARROW.halfHeight),
      }
    : { contestId: '', optionId: '', cx: px(5.3), cy: px(1.39), rx: px(0.08), ry: px(0.05) };
  // A box is square, and a little larger so that its inside is as big as an oval's.
  const size =
    election.targetShape === 'box'
      ? { rx: px(0.07), ry: px(0.07) }
      : isArrow
        ? { rx: px(ARROW.halfLength), ry: px(ARROW.halfHeight) }
        : { rx: px(0.08), ry: px(0.05) };
  // An arrow runs from the column's edge to the option's name, which it points at.
  const targetAt = isArrow ? 0.3 : 0.15;
  const nameAt = isArrow ? 0.68 : 0.32;
  const targets: LayoutTarget[] = [];
  const boxes: Rect[] = [];
  let column = 0;
  let top = TOP;
  contests.forEach((contest, k) => {
    const tall = talls[k] ?? 0;
    const isLast = column === COLUMNS.length - 1;
    const place = { top, first: TOP, bottom: BOTTOM, tall, share, isLast };
    if (startsColumn(election, place, contest.id, contests[k - 1]?.id)) {
      column += 1;
      top = TOP;
    }
    const left = COLUMNS[column];
    if (left === undefined || top + tall > BOTTOM)
      throw new Error(`style ${styleId} does not fit on one page`);
    boxes.push({ x: px(left - 0.1), y: px(top), w: px(BOX_WIDTH), h: px(tall) });
    const middle = px(left - 0.1 + BOX_WIDTH / 2);
    texts.push({
      x: middle,
      y: px(top + 0.18),
      size: px(0.11),
      text: `For ${contest.name}`,
      isBold: true,
      anchor: 'middle',
    });
    texts.push({
      x: middle,
      y: px(top + 0.35),
      size: px(0.085),
      text: voteForText(contest.voteFor),
      anchor: 'middle',
    });
    contest.options.forEach((option, i) => {
      const cy = px(top + HEADER + ROW * i + ROW / 2);
      targets.push({
        contestId: contest.id,
        optionId: option.id,
        cx: px(left + targetAt),
        cy,
        ...size,
      });
      texts.push({ x: px(left + nameAt), y: cy + px(0.035), size: px(0.1), text: option.name });
      if (option.party)
        texts.push({
          x: px(left + 2.05),
          y: cy + px(0.03),
          size: px(0.075),
          text: option.party,
          anchor: 'end',
        });
    });
    top += tall + 0.15;
  });
  return {
    styleId,
    side,
    dpi,
    width,
    height: px(length),
    marks,
    targets,
    boxes,
    texts,
    example,
    stroke: Math.max(2, px(0.012)),
    targetShape: election.targetShape,
    ...(election.dropOutStyles?.includes(styleId) ? { targetInk: DROP_OUT_INK } : {}),
  };
}
