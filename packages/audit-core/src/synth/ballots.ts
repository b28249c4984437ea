import type { GreyImage } from '../image/grey.js';
import { cloneGrey } from '../image/grey.js';
import type { SynthElection } from './election.js';
import { layoutStyle, type StyleLayout } from './layout.js';
import { drawMark } from './marks.js';
import { planBallot, type BallotPlan, type PlanOptions } from './plan.js';
import { Random } from './random.js';
import { renderStyle } from './render.js';
import { drawScan, scanPage, type ScanOptions, type ScanParams } from './scan.js';

/** A generated ballot: its ground truth, how it was scanned, and the bilevel scan. */
export interface SyntheticBallot {
  plan: BallotPlan;
  scan: ScanParams;
  image: GreyImage;
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

  /** The style's layout and its blank print, rendered once. */
  style(styleId: string): Promise<PrintedStyle> {
    let printed = this.cache.get(styleId);
    if (!printed) {
      const layout = layoutStyle(this.election, styleId, this.dpi);
      printed = renderStyle(layout).then((blank) => ({ layout, blank }));
      this.cache.set(styleId, printed);
    }
    return printed;
  }

  /** Prints, marks and scans one planned ballot. */
  async ballot(plan: BallotPlan, options: ScanOptions = {}): Promise<SyntheticBallot> {
    const { layout, blank } = await this.style(plan.styleId);
    const page = cloneGrey(blank);
    const random = new Random(this.election.seed, 'marks', plan.index);
    plan.targets.forEach((truth, i) => {
      const target = layout.targets[i];
      if (target) drawMark(page, target, truth.kind, random, this.dpi);
    });
    const scan = drawScan(random, this.dpi, options);
    return { plan, scan, image: scanPage(page, scan, random) };
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
