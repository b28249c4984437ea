import { startsColumn } from './columns.js';
import { pageLengthOf, styleSides, type SynthElection } from './election.js';
import type { LayoutTarget, Rect, StyleLayout, TextLine } from './layout.js';

/** Left edges of the contest columns (inches) and their width, for two and for three columns. */
const COLUMNS: Record<2 | 3, { lefts: number[]; width: number }> = {
  2: { lefts: [0.65, 4.3], width: 3.55 },
  3: { lefts: [0.65, 3.1, 5.55], width: 2.3 },
};
/** A choice's row: the name, and the party on a second line under it. */
const ROW = 0.38;
const TOP = 1.75;
/** Room below the last contest, to the card's foot (inches), where the lower corner marks sit. */
const FOOT = 0.75;
/** The contest's heading band: office and vote-for, on a light tint. */
const HEADER = 0.48;
/** Dominion's oval: about 0.19 × 0.12 in, to the left of the choice's name. */
const OVAL = { rx: 0.095, ry: 0.06 };
/** The corner marks: solid squares, 0.22 in, 0.25 in in from each edge. */
const CORNER = { size: 0.22, inset: 0.25 };
/** The heading bands' tint: a 1-bit scan drops it, a greyscale one keeps it as a light grey. */
export const HEADER_TINT = 205;
/** The style's code block: cells in two rows of eight at this pitch, each a small solid square. */
const CODE = { x: 6.1, y: 0.62, pitch: 0.1, cell: 0.06, columns: 8 };

/**
 * Lays out one side of a style as Dominion's ImageCast prints it: a solid square mark in each
 * corner and no timing marks down the edges; the ballot style printed as text under the title
 * and as a block of small squares (the style's number and side in binary, two rows of eight)
 * beside it; contests in two or three columns (styles alternate, as ballots with longer or
 * shorter names do), each under a tinted heading band, with an oval to the left of each choice
 * and the choice's party on a line under its name. The instructions show a filled oval at the
 * head of the first column, in line with its ovals.
 */
export function layoutCornerOvalStyle(
  election: SynthElection,
  styleId: string,
  dpi: number,
  side: number,
): StyleLayout {
  const contestIds = styleSides(election, styleId)[side - 1];
  if (!contestIds) throw new Error(`style ${styleId} has no side ${side}`);
  const px = (inches: number): number => Math.round(inches * dpi);
  const length = pageLengthOf(election);
  const width = px(8.5);
  const height = px(length);
  const corner = px(CORNER.size);
  const inset = px(CORNER.inset);
  const marks: Rect[] = [
    { x: inset, y: inset, w: corner, h: corner },
    { x: width - inset - corner, y: inset, w: corner, h: corner },
    { x: width - inset - corner, y: height - inset - corner, w: corner, h: corner },
    { x: inset, y: height - inset - corner, w: corner, h: corner },
  ];
  const number = election.styles.findIndex((s) => s.id === styleId) + 1;
  // The code block: 16 bits, the style's number then its side, with the first and last cells
  // always printed so that the block's extent is fixed.
  const code = ((number & 0x3fff) << 2) | (side & 3);
  for (let bit = 0; bit < 16; bit += 1) {
    const isSet = bit === 0 || bit === 15 || ((code >> (15 - bit)) & 1) === 1;
    if (!isSet) continue;
    const column = bit % CODE.columns;
    const row = Math.floor(bit / CODE.columns);
    marks.push({
      x: px(CODE.x + column * CODE.pitch),
      y: px(CODE.y + row * CODE.pitch),
      w: px(CODE.cell),
      h: px(CODE.cell),
    });
  }
  const layout = COLUMNS[number % 2 === 1 ? 3 : 2];
  const contests = contestIds.flatMap((id) => election.contests.filter((c) => c.id === id));
  const talls = contests.map((c) => HEADER + c.options.length * ROW + 0.08);
  const total = talls.reduce((s, t) => s + t + 0.12, 0);
  const share = Math.max(...talls, total / layout.lefts.length);
  const texts: TextLine[] = [
    { x: px(0.65), y: px(0.8), size: px(0.18), text: 'OFFICIAL BALLOT', isBold: true },
    { x: px(0.65), y: px(1.02), size: px(0.11), text: election.name },
    {
      x: px(0.65),
      y: px(1.22),
      size: px(0.1),
      text: `Ballot Style ${styleId}${side > 1 ? `, side ${side}` : ''}`,
      isBold: true,
    },
    {
      x: px(1.07),
      y: px(1.5),
      size: px(0.085),
      text: 'To vote, fill in the oval to the LEFT of your choice completely, like the one here.',
    },
    {
      x: px(4.25),
      y: height - px(0.35),
      size: px(0.08),
      text: `Style ${styleId} Card 1${side > 1 ? ` Side ${side}` : ''}`,
      anchor: 'middle',
    },
  ];
  const targets: LayoutTarget[] = [];
  const boxes: Rect[] = [];
  const shades: Rect[] = [];
  let column = 0;
  let top = TOP;
  const bottom = length - FOOT;
  contests.forEach((contest, k) => {
    const tall = talls[k] ?? 0;
    const isLast = column === layout.lefts.length - 1;
    const place = { top, first: TOP, bottom, tall, share, isLast };
    if (startsColumn(election, place, contest.id, contests[k - 1]?.id)) {
      column += 1;
      top = TOP;
    }
    const left = layout.lefts[column];
    if (left === undefined || top + tall > bottom)
      throw new Error(`style ${styleId} does not fit on one ${length} in card`);
    const box = { x: px(left), y: px(top), w: px(layout.width), h: px(tall) };
    boxes.push(box);
    shades.push({ ...box, h: px(HEADER - 0.04) });
    texts.push({
      x: px(left + 0.08),
      y: px(top + 0.19),
      size: px(0.11),
      text: contest.name,
      isBold: true,
    });
    texts.push({
      x: px(left + 0.08),
      y: px(top + 0.37),
      size: px(0.085),
      text: contest.voteFor === 1 ? 'Vote for One' : `Vote for not more than ${contest.voteFor}`,
    });
    contest.options.forEach((option, i) => {
      const rowTop = top + HEADER + ROW * i;
      const cy = px(rowTop + 0.14);
      targets.push({
        contestId: contest.id,
        optionId: option.id,
        cx: px(left + 0.22),
        cy,
        rx: px(OVAL.rx),
        ry: px(OVAL.ry),
      });
      texts.push({ x: px(left + 0.42), y: cy + px(0.04), size: px(0.1), text: option.name });
      if (option.party)
        texts.push({
          x: px(left + 0.42),
          y: px(rowTop + 0.31),
          size: px(0.075),
          text: option.party,
        });
    });
    top += tall + 0.12;
  });
  return {
    styleId,
    side,
    dpi,
    width,
    height,
    marks,
    targets,
    boxes,
    shades: shades.map((s) => ({ ...s, ink: HEADER_TINT })),
    texts,
    // Filled, at the head of the first column where its ovals are, as Dominion prints it.
    example: {
      contestId: '',
      optionId: '',
      cx: px((layout.lefts[0] ?? 0) + 0.22),
      cy: px(1.47),
      rx: px(OVAL.rx),
      ry: px(OVAL.ry),
    },
    stroke: Math.max(2, px(0.012)),
    targetShape: 'oval',
  };
}
