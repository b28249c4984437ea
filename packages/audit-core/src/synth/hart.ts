import { createGrey, type GreyImage } from '../image/grey.js';
import { pageLengthOf, styleSides, type SynthElection } from './election.js';
import { startsColumn } from './columns.js';
import type { LayoutTarget, Rect, StyleLayout, TextLine } from './layout.js';
import type { Random } from './random.js';
import type { ScanParams } from './scan.js';

const COLUMNS = [0.75, 3.25, 5.75];
const BOX_WIDTH = 2.3;
const ROW = 0.36;
const TOP = 1.7;
/** Room below the last contest, to the card's foot (inches), where the lower corner marks sit. */
const FOOT = 0.8;
const HEADER = 0.5;
/** Hart's voting box: 0.34 × 0.18 inches. */
const TARGET = { w: 0.34, h: 0.18 };

/**
 * Lays out one side of a style as Hart InterCivic prints it: no timing marks down the edges,
 * but a solid mark in each corner, a style barcode of thick and thin bars down the left edge,
 * contests in boxed columns and a 0.34 × 0.18 in box before each option.
 */
export function layoutHartStyle(
  election: SynthElection,
  styleId: string,
  dpi: number,
  side: number,
): StyleLayout {
  const contestIds = styleSides(election, styleId)[side - 1];
  if (!contestIds) throw new Error(`style ${styleId} has no side ${side}`);
  const px = (inches: number): number => Math.round(inches * dpi);
  const width = px(8.5);
  const length = pageLengthOf(election);
  const BOTTOM = length - FOOT;
  const height = px(length);
  const corner = px(0.25);
  const marks: Rect[] = [
    { x: px(0.3), y: px(0.3), w: corner, h: corner },
    { x: width - px(0.3) - corner, y: px(0.3), w: corner, h: corner },
    { x: width - px(0.3) - corner, y: height - px(0.3) - corner, w: corner, h: corner },
    { x: px(0.3), y: height - px(0.3) - corner, w: corner, h: corner },
  ];
  // The style barcode: 16 bars, thick for a one bit, thin for a zero, of the style's number
  // and side, between bars that open and close it.
  const code = (election.styles.findIndex((s) => s.id === styleId) + 1) * 4 + side;
  const bits = [1, ...Array.from({ length: 14 }, (_, i) => (code >> (13 - i)) & 1), 1];
  bits.forEach((bit, i) =>
    marks.push({ x: px(0.3), y: px(2 + i * 0.12), w: px(0.25), h: px(bit ? 0.06 : 0.03) }),
  );
  const contests = contestIds.flatMap((id) => election.contests.filter((c) => c.id === id));
  const talls = contests.map((c) => HEADER + c.options.length * ROW);
  const share = Math.max(...talls, talls.reduce((s, t) => s + t + 0.15, 0) / 2);
  const texts: TextLine[] = [
    { x: px(4.25), y: px(0.6), size: px(0.16), text: 'Vote Both Sides', anchor: 'middle' },
    { x: px(1.0), y: px(0.95), size: px(0.14), text: election.name, isBold: true },
    { x: px(1.0), y: px(1.15), size: px(0.1), text: `Ballot style ${styleId}` },
    {
      x: px(1.0),
      y: px(1.45),
      size: px(0.085),
      text: 'To vote, completely fill in the box to the left of your choice.',
    },
  ];
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
    texts.push({ x: px(left), y: px(top + 0.2), size: px(0.11), text: contest.name, isBold: true });
    texts.push({
      x: px(left),
      y: px(top + 0.38),
      size: px(0.085),
      text: contest.voteFor === 1 ? 'Vote for One' : `Vote for up to ${contest.voteFor}`,
    });
    contest.options.forEach((option, i) => {
      const cy = px(top + HEADER + ROW * i + ROW / 2);
      targets.push({
        contestId: contest.id,
        optionId: option.id,
        cx: px(left + 0.05 + TARGET.w / 2),
        cy,
        rx: px(TARGET.w / 2),
        ry: px(TARGET.h / 2),
      });
      texts.push({ x: px(left + 0.5), y: cy + px(0.035), size: px(0.1), text: option.name });
    });
    top += tall + 0.15;
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
    texts,
    // Hart prints no filled example; a small dot by the instructions keeps the field's meaning.
    example: { contestId: '', optionId: '', cx: px(7.3), cy: px(1.42), rx: px(0.03), ry: px(0.03) },
    stroke: Math.max(3, px(0.02)),
    targetShape: 'box',
  };
}

/** Paper and ink as a greyscale scanner sees them. */
const PAPER = 238;
const INK = 24;

/**
 * Scans a printed page to greyscale, as Hart's scanners write colour or grey PNGs: rotate,
 * scale and shift about the centre (bilinear), map white and black to paper and ink tones and
 * add sensor noise where there is ink; no threshold, so a light mark keeps its grey.
 */
export function scanGreyPage(page: GreyImage, params: ScanParams, random: Random): GreyImage {
  const { width, height, data } = page;
  const out = createGrey(width, height, PAPER);
  let seed = Math.floor(random.next() * 0xffffffff) | 1;
  const angle = (params.rotation * Math.PI) / 180;
  const cos = Math.cos(angle) / params.scale;
  const sin = Math.sin(angle) / params.scale;
  const cx = width / 2;
  const cy = height / 2;
  for (let y = 0; y < height; y += 1) {
    const vy = y - cy - params.dy;
    let sx = -(cx + params.dx) * cos + vy * sin + cx;
    let sy = (cx + params.dx) * sin + vy * cos + cy;
    const row = y * width;
    for (let x = 0; x < width; x += 1, sx += cos, sy -= sin) {
      if (sx < 0 || sy < 0 || sx >= width - 2 || sy >= height - 2) continue;
      const x0 = sx | 0;
      const y0 = sy | 0;
      const i = y0 * width + x0;
      const a = data[i] as number;
      const b = data[i + 1] as number;
      const c = data[i + width] as number;
      const d = data[i + width + 1] as number;
      if ((a & b & c & d) === 255) continue;
      const fx = sx - x0;
      const fy = sy - y0;
      const value = (a * (1 - fx) + b * fx) * (1 - fy) + (c * (1 - fx) + d * fx) * fy;
      seed ^= seed << 13;
      seed ^= seed >>> 17;
      seed ^= seed << 5;
      const noise = ((seed & 0xffff) / 0xffff - 0.5) * 2 * params.noise;
      const tone = INK + ((PAPER - INK) * value) / 255 + noise;
      out.data[row + x] = Math.max(0, Math.min(255, Math.round(tone)));
    }
  }
  return out;
}
