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

/** Lays out and prints every style once; ballots are copies of these blanks. */
export class StylePrinter {
  private readonly cache = new Map<string, { layout: StyleLayout; blank: GreyImage }>();

  constructor(
    readonly election: SynthElection,
    readonly dpi = 200,
  ) {}

  style(styleId: string): { layout: StyleLayout; blank: GreyImage } {
    let printed = this.cache.get(styleId);
    if (!printed) {
      const layout = layoutStyle(this.election, styleId, this.dpi);
      printed = { layout, blank: renderStyle(layout) };
      this.cache.set(styleId, printed);
    }
    return printed;
  }

  /** Prints, marks and scans one planned ballot. */
  ballot(plan: BallotPlan, options: ScanOptions = {}): SyntheticBallot {
    const { layout, blank } = this.style(plan.styleId);
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
    yield printer.ballot(planBallot(election, i, options), options.scan);
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}
