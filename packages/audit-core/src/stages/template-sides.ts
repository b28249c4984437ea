import type { GreyImage } from '../image/grey.js';
import { loadPage } from '../image/load.js';
import type { TargetMeaning, TemplateContest, TemplateOptions } from '../image/template.js';
import { skewOf } from './template-build.js';

/**
 * The template id of a side of a style: the style itself for the front, so that one-sided
 * elections keep their ids and paths, and `<style>~<side>` for the sides after it.
 */
export const sideTemplateId = (style: string, side: number): string =>
  side === 1 ? style : `${style}~${side}`;

/** An exemplar's entry with more than one page, kept packed until its later sides are built. */
export interface ExemplarSides {
  bytes: Buffer;
  pages: number;
  label: string;
}

/** What a style's targets mean, contest by contest, in layout order. */
export interface StyleMeanings {
  meanings: TargetMeaning[];
  contests: TemplateContest[];
  source: string;
}

/**
 * Where each side's contests start: a sheet's sides hold consecutive runs of its style's
 * contests in layout order (front first), and no contest runs over two sides. A side is given
 * the run from where the side before it ended whose options number its targets; the last side
 * must take every contest left. When a side could not be mapped, the last side may still take
 * the run that ends the list.
 */
export class ContestRuns {
  private start: number | undefined = 0;
  private readonly sizes: number[];

  constructor(
    private readonly want: StyleMeanings,
    readonly sides: number,
  ) {
    this.sizes = want.contests.map((c) => want.meanings.filter((m) => m.contestId === c.id).length);
  }

  /** Whether any contest is left for the sides from here on (unknown counts as yes). */
  get hasContestsLeft(): boolean {
    return this.start === undefined || this.start < this.sizes.length;
  }

  /** The chooser `buildTemplate` calls with the count of targets it found on `side`. */
  meaningsFor(side: number): NonNullable<TemplateOptions['meaningsFor']> {
    return (count) => {
      const run = this.runFor(side, count);
      if (!run) return undefined;
      const contests = this.want.contests.slice(run.from, run.to);
      const ids = new Set(contests.map((c) => c.id));
      return { meanings: this.want.meanings.filter((m) => ids.has(m.contestId)), contests };
    };
  }

  /** Records that `side` was mapped with `contests` (none when it could not be mapped). */
  settle(contests: TemplateContest[] | undefined): void {
    const last = contests?.at(-1);
    if (this.start === undefined || !contests) this.start = undefined;
    else if (last) this.start = this.want.contests.findIndex((c) => c.id === last.id) + 1;
  }

  private runFor(side: number, count: number): { from: number; to: number } | undefined {
    const isLast = side === this.sides;
    if (this.start === undefined) {
      if (!isLast) return undefined;
      let total = 0;
      for (let from = this.sizes.length; from >= 0; from -= 1) {
        if (total === count) return { from, to: this.sizes.length };
        total += this.sizes[from - 1] ?? 0;
      }
      return undefined;
    }
    let total = 0;
    for (let to = this.start; to <= this.sizes.length; to += 1) {
      if (total === count && (!isLast || to === this.sizes.length)) return { from: this.start, to };
      total += this.sizes[to] ?? 0;
    }
    return undefined;
  }
}

/**
 * The exemplars' pages of side `side`, least skewed first (the first is the one the others
 * are laid on), from the entries that hold that many pages.
 */
export async function sideExemplars(
  fronts: GreyImage[],
  later: Map<GreyImage, ExemplarSides>,
  side: number,
): Promise<GreyImage[]> {
  const pages: GreyImage[] = [];
  for (const front of fronts) {
    const entry = later.get(front);
    if (!entry || entry.pages < side) continue;
    pages.push(
      await loadPage(entry.bytes, { page: side - 1, label: entry.label, upright: 'print' }),
    );
  }
  return pages
    .map((page) => ({ page, skew: skewOf(page) }))
    .sort((a, b) => a.skew - b.skew)
    .map((e) => e.page);
}

/** The count of sides a style's exemplars show: the most pages any of their entries holds. */
export function sidesOf(fronts: GreyImage[], later: Map<GreyImage, ExemplarSides>): number {
  return Math.max(1, ...fronts.map((f) => later.get(f)?.pages ?? 1));
}
