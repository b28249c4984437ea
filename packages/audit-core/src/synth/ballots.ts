import type { GreyImage } from '../image/grey.js';
import { cloneGrey, quarterTurn } from '../image/grey.js';
import { pageLengthOf, type SynthElection } from './election.js';
import { layoutStyle, type StyleLayout } from './layout.js';
import { drawArrowMark } from './arrow.js';
import { fillRect } from './draw.js';
import { drawMark } from './marks.js';
import { planBallot, type BallotPlan, type PlanOptions } from './plan.js';
import { Random } from './random.js';
import type { Feed } from './discrepancies.js';
import { overprintWord } from './overprint.js';
import { renderStyle } from './render.js';
import { scanGreyPage } from './hart.js';
import { drawScan, scanPage, type ScanOptions, type ScanParams } from './scan.js';

/** A generated ballot: its ground truth, how it was scanned, and the bilevel scan. */
export interface SyntheticBallot {
  plan: BallotPlan;
  scan: ScanParams;
  image: GreyImage;
  /** Every side's scan, front first (`image` is the front); one for a one-sided sheet. */
  pages: GreyImage[];
}

export interface GenerateOptions extends PlanOptions {
  count: number;
  /** 200 or 300 as scanners write; any resolution works. */
  dpi?: number;
  scan?: ScanOptions;
  /** Start from this ballot number, so that workers can share an election. */
  from?: number;
  signal?: AbortSignal;
}

export interface PrintedStyle {
  layout: StyleLayout;
  blank: GreyImage;
}

/** Lays out and prints every style once; ballots are copies of these blanks. */
export class StylePrinter {
  private readonly cache = new Map<string, Promise<PrintedStyle>>();

  constructor(
    readonly election: SynthElection,
    readonly dpi = 200,
  ) {}

  /** The layout and blank print of one side of a style (the front by default), rendered once. */
  style(styleId: string, side = 1): Promise<PrintedStyle> {
    const key = side === 1 ? styleId : `${styleId}\u0000${side}`;
    let printed = this.cache.get(key);
    if (!printed) {
      const layout = layoutStyle(this.election, styleId, this.dpi, side);
      const word = this.election.overprint;
      printed = renderStyle(layout)
        .then((blank) => (word ? overprintWord(blank, word) : blank))
        .then((blank) => ({ layout, blank }));
      this.cache.set(key, printed);
    }
    return printed;
  }

  /**
   * Prints, marks and scans one planned ballot. The plan's targets run over the sides in
   * order; each side after the front is marked and scanned after it, so a one-sided ballot
   * draws the same chances as before sides existed.
   */
  async ballot(
    plan: BallotPlan,
    options: ScanOptions = {},
    rescan?: number,
  ): Promise<SyntheticBallot> {
    const random = new Random(this.election.seed, 'marks', plan.index);
    // A second scan of the same paper: the same marks, through the scanner again.
    const again =
      rescan === undefined
        ? undefined
        : new Random(this.election.seed, 'rescan', plan.index, rescan);
    const pages: GreyImage[] = [];
    let scan: ScanParams | undefined;
    let first = 0;
    const sideways = sidewaysTurn(this.election.seed, plan, options);
    for (let side = 1; side <= (this.election.sides ?? 1); side += 1) {
      const { layout, blank } = await this.style(plan.styleId, side);
      const page = cloneGrey(blank);
      layout.targets.forEach((target, i) => {
        const truth = plan.targets[first + i];
        if (!truth) return;
        if (layout.targetShape === 'arrow')
          drawArrowMark(page, target, truth.kind, random, this.dpi);
        else drawMark(page, target, truth.kind, random, this.dpi);
      });
      first += layout.targets.length;
      if (options.imprint && side === 1)
        imprintSerial(page, plan.index + 1, this.dpi, pageLengthOf(this.election));
      let sideScan = drawScan(random, this.dpi, options);
      const grey =
        (options.scanner ?? (this.election.family === 'hart' ? 'grey' : 'bilevel')) === 'grey';
      const scanner = grey ? scanGreyPage : scanPage;
      let scanned = scanner(page, sideScan, random);
      if (again) {
        sideScan = drawScan(again, this.dpi, options);
        scanned = scanner(page, sideScan, again);
      }
      scan ??= sideScan;
      if (options.upsideDownStyles?.includes(plan.styleId)) scanned.data.reverse();
      if (sideways) {
        scanned = quarterTurn(scanned);
        // Clockwise is the front's turn; the back of a sheet so turned shows the other way.
        if ((sideways === 'clockwise') !== (side % 2 === 1)) scanned.data.reverse();
      }
      pages.push(scanned);
    }
    const [image] = pages;
    if (!scan || !image) throw new Error(`style ${plan.styleId} has no side to print`);
    return { plan, scan, image, pages };
  }
}

/**
 * A sheet's scans as they come from feeding it through the scanner turned `fed` against them:
 * every side turned 180° upside down; sideways, the front a quarter the way named and, as its
 * back faces the other camera, the back a quarter the other way.
 */
export function feedTurned(ballot: SyntheticBallot, fed: Feed): SyntheticBallot {
  const pages = ballot.pages.map((page, i) => {
    if (fed === 'upside-down') return { ...page, data: page.data.slice().reverse() };
    const turned = quarterTurn(page);
    // quarterTurn turns clockwise; a half turn more makes it anticlockwise.
    if ((fed === 'clockwise') !== (i % 2 === 0)) turned.data.reverse();
    return turned;
  });
  return { ...ballot, image: pages[0] ?? ballot.image, pages };
}

/**
 * Whether a sheet goes through the scanner sideways, and which way its front turns: every sheet
 * of `sidewaysStyles` clockwise, and a share `sideways` of the others either way. Drawn from the
 * sheet's own seed, so that the marks and the scan draw what they did before.
 */
function sidewaysTurn(
  seed: string,
  plan: BallotPlan,
  options: ScanOptions,
): 'clockwise' | 'anticlockwise' | undefined {
  if (options.sidewaysStyles?.includes(plan.styleId)) return 'clockwise';
  if (!options.sideways) return undefined;
  const random = new Random(seed, 'sideways', plan.index);
  if (!random.chance(options.sideways)) return undefined;
  return random.chance(0.5) ? 'clockwise' : 'anticlockwise';
}

/**
 * The sheet's serial: 20 bits as a row of bars near the foot (0.55 in above it), bit i a bar in place i when one and
 * in place 20 + i when zero, so that any two serials differ in at least two bars.
 */
function imprintSerial(page: GreyImage, serial: number, dpi: number, length: number): void {
  const px = (inches: number): number => Math.round(inches * dpi);
  for (let i = 0; i < 20; i += 1) {
    const place = (serial >> (19 - i)) & 1 ? i : 20 + i;
    fillRect(page, px(1 + place * 0.1), px(length - 0.55), px(0.05), px(0.12), 0);
  }
}

/**
 * Generates ballots lazily, one at a time, so that a large election never sits in memory;
 * yields to the event loop between ballots so that a caller can cancel.
 */
export async function* generateBallots(
  election: SynthElection,
  options: GenerateOptions,
): AsyncGenerator<SyntheticBallot> {
  const printer = new StylePrinter(election, options.dpi ?? 200);
  const from = options.from ?? 0;
  for (let i = from; i < from + options.count; i += 1) {
    options.signal?.throwIfAborted();
    yield await printer.ballot(planBallot(election, i, options), options.scan);
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}
