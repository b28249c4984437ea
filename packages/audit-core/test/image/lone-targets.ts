import { describe, expect, it } from 'vitest';
import {
  buildTemplateFromExemplars,
  layoutStyle,
  makeElection,
  readBallot,
  StylePrinter,
  TemplateError,
  type BallotPlan,
  type GreyImage,
  type LayoutTarget,
  type MarkKind,
  type StyleLayout,
  type SynthElection,
} from '../../src/index.js';
import { fillEllipse, fillRect } from '../../src/synth/draw.js';
import { drawArrowMark, strokeArrow } from '../../src/synth/arrow.js';
import { Random } from '../../src/synth/random.js';

/**
 * Targets that every exemplar of a style marked and that have no printed target one option's
 * row away: the one option of an unopposed race, or a column whose every option every voter
 * marked. On the combined page each is a blob of ink with no neighbour to place it by; the
 * election's option counts place it, and stray ink (a logo, a filled box) is never taken.
 */
const EXEMPLARS = 4;
const DPI = 200;
/** How the exemplars mark a target all of them marked, sheet by sheet: a blob, not a fill. */
const MIX: MarkKind[] = ['full', 'partial', 'check', 'full'];

type Family = 'timing' | 'hart' | 'arrow';

const familyOf = (family: Family) =>
  family === 'hart' ? { family, sides: 1 as const } : family === 'arrow' ? { family } : {};

/** One style of six contests, the second of which has a single candidate. */
function unopposed(family: Family, seed = `lone-targets-${family}`): SynthElection {
  const election = makeElection({
    seed,
    styles: 1,
    ...familyOf(family),
  });
  const lone = election.contests.find((c) => c.id === election.styles[0]?.contestIds[1]);
  if (!lone) throw new Error('the style has no second contest');
  lone.options = lone.options.slice(0, 1);
  lone.voteFor = 1;
  return election;
}

/** Exemplars that all mark the targets `isMarked` picks; each other target one sheet in three. */
async function exemplars(
  election: SynthElection,
  isMarked: (t: LayoutTarget, all: LayoutTarget[]) => boolean,
  stray?: (page: GreyImage) => void,
  mix: MarkKind[] = MIX,
  /** Drawn on the style's print, before any sheet is marked and scanned. */
  printed?: (blank: GreyImage) => void,
): Promise<{ pages: GreyImage[]; plans: BallotPlan[]; targets: LayoutTarget[] }> {
  const printer = new StylePrinter(election, DPI);
  const { layout, blank } = await printer.style('S1');
  printed?.(blank);
  const plans = Array.from({ length: EXEMPLARS }, (_, sheet): BallotPlan => ({
    index: sheet,
    id: `1-1-${sheet + 1}`,
    tabulator: '1',
    batch: '1',
    record: String(sheet + 1),
    precinctId: 'P1',
    styleId: 'S1',
    targets: layout.targets.map((t, i) => {
      const kind: MarkKind = isMarked(t, layout.targets)
        ? (mix[sheet] ?? 'full')
        : (i + sheet) % 3 === 0
          ? 'full'
          : 'none';
      return { contestId: t.contestId, optionId: t.optionId, kind, isIntended: kind !== 'none' };
    }),
  }));
  const pages = await Promise.all(
    plans.map(async (p) => {
      const page = (await printer.ballot(p)).image;
      stray?.(page);
      return page;
    }),
  );
  return { pages, plans, targets: layout.targets };
}

function expectRead(
  template: ReturnType<typeof buildTemplateFromExemplars>,
  { pages, plans, targets }: Awaited<ReturnType<typeof exemplars>>,
): void {
  expect(template.targets).toHaveLength(targets.length);
  expect(template.meanings).toEqual(
    targets.map(({ contestId, optionId }) => ({ contestId, optionId })),
  );
  const off = template.targets.map((t, i) =>
    Math.max(Math.abs(t.cx - (targets[i]?.cx ?? 0)), Math.abs(t.cy - (targets[i]?.cy ?? 0))),
  );
  expect(Math.max(...off)).toBeLessThan(DPI * 0.3);
  pages.forEach((page, sheet) => {
    const wrong = readBallot(page, template).targets.filter((r) => {
      const truth = plans[sheet]?.targets[r.index]?.kind;
      if (truth === 'full' || truth === 'partial') return r.decision !== 'vote';
      if (truth === 'none') return r.decision !== 'blank';
      return r.decision === 'blank';
    });
    expect(wrong).toEqual([]);
  });
}

const meaningsOf = (targets: LayoutTarget[]) =>
  targets.map(({ contestId, optionId }) => ({ contestId, optionId }));

/** The tests for one family (each family's file calls this, so each file stays short). */
export function describeLoneTargets(name: string, family: Family): void {
  describe(`${name}: targets every exemplar marked, with no neighbour a row away`, () => {
    it('places the one option of an unopposed race by the election’s option counts', async () => {
      const election = unopposed(family);
      const lone = election.styles[0]?.contestIds[1];
      const made = await exemplars(election, (t) => t.contestId === lone);
      const template = buildTemplateFromExemplars(made.pages, {
        id: 'S1',
        meanings: meaningsOf(made.targets),
      });
      expectRead(template, made);
    }, 20_000);

    it('reads the one option of an unopposed race that every voter filled', async () => {
      // Filled on every exemplar, it shows no paper: not a place under a tint, read gray.
      // On the timing-mark seed the overprint finder took the blob for a place under a tint;
      // Hart's first seed prints the race alone in its column, so another is used.
      const election = unopposed(family, family === 'hart' ? 'lone-full-hart-0' : undefined);
      const lone = election.styles[0]?.contestIds[1];
      const full: MarkKind[] = Array.from({ length: EXEMPLARS }, () => 'full');
      const made = await exemplars(election, (t) => t.contestId === lone, undefined, full);
      // In a column with printed targets (a column of one marked target is not covered).
      const target = made.targets.find((t) => t.contestId === lone);
      expect(
        made.targets.filter((t) => t !== target && t.cx === target?.cx).length,
      ).toBeGreaterThan(0);
      const template = buildTemplateFromExemplars(made.pages, {
        id: 'S1',
        meanings: meaningsOf(made.targets),
      });
      expect(template.targets.filter((t) => t.isObscured)).toEqual([]);
      expectRead(template, made);
    }, 20_000);

    it('places a column whose every option every exemplar marked', async () => {
      const election = makeElection({
        seed: `lone-column-${family}`,
        styles: 1,
        ...(family === 'hart' ? { family, sides: 1 as const } : {}),
      });
      const last = (t: LayoutTarget, all: LayoutTarget[]): boolean =>
        Math.abs(t.cx - Math.max(...all.map((u) => u.cx))) < DPI * 0.1;
      const made = await exemplars(election, last);
      expect(new Set(made.targets.filter((t) => last(t, made.targets)).map((t) => t.cx)).size).toBe(
        1,
      );
      const template = buildTemplateFromExemplars(made.pages, {
        id: 'S1',
        meanings: meaningsOf(made.targets),
      });
      expectRead(template, made);
    }, 20_000);

    it('takes no stray ink for a target the election declares but the sheet does not print', async () => {
      const election = makeElection({
        seed: `lone-stray-${family}`,
        styles: 1,
        ...(family === 'hart' ? { family, sides: 1 as const } : {}),
      });
      const printer = new StylePrinter(election, DPI);
      const { layout } = await printer.style('S1');
      const size = layout.targets[0] as LayoutTarget;
      const first = layout.targets.find(
        (t) => t.cx === size.cx && t.cy === size.cy,
      ) as LayoutTarget;
      const px = (inches: number): number => Math.round(inches * DPI);
      // A logo the targets' size off every column, a filled box in line with the first column
      // below its last target, and a word in bold capitals there too.
      const lowest = Math.max(...layout.targets.filter((t) => t.cx === first.cx).map((t) => t.cy));
      const stray = (page: GreyImage): void => {
        fillEllipse(page, px(7.6), px(0.6), size.rx, size.ry, 0);
        fillRect(page, first.cx - px(0.15), lowest + px(0.6), px(0.3), px(0.3), 0);
      };
      const made = await exemplars(election, () => false, stray);
      // The election declares one more race, of one option, that this sheet does not print.
      const meanings = [...meaningsOf(made.targets), { contestId: 'C99', optionId: 'C99-1' }];
      expect(() => buildTemplateFromExemplars(made.pages, { id: 'S1', meanings })).toThrow(
        TemplateError,
      );
    }, 20_000);
  });
}

/**
 * One style whose first contest (or, with `last`, its last) is unopposed and printed in a
 * column of its own: the first election from the seed on whose page that fits.
 */
function apart(family: Family, seed: string, last = false): SynthElection {
  for (let n = 0; ; n += 1) {
    const from = n === 0 ? seed : `${seed}-${n}`;
    const base = makeElection({ seed: from, styles: 1, ...familyOf(family) });
    const id = (last ? base.styles[0]?.contestIds.at(-1) : 'C1') as string;
    const election = makeElection({
      seed: from,
      styles: 1,
      unopposed: [id],
      apart: [id],
      ...familyOf(family),
    });
    try {
      layoutStyle(election, 'S1', DPI);
      return election;
    } catch (error) {
      if (n >= 20) throw error;
    }
  }
}

/** A filled copy of a target (an oval, a box) or a completed arrow, drawn at (cx, cy). */
function filledLike(page: GreyImage, like: LayoutTarget, family: Family, cx: number, cy: number) {
  const at = { ...like, cx, cy };
  if (family === 'arrow') {
    strokeArrow(page, at, DPI);
    drawArrowMark(page, at, 'full', new Random('lone', `${cx},${cy}`), DPI);
  } else if (family === 'hart')
    fillRect(page, cx - like.rx, cy - like.ry, 2 * like.rx, 2 * like.ry, 0);
  else fillEllipse(page, cx, cy, like.rx, like.ry, 0);
}

/**
 * Targets every exemplar marked with nothing in line with them (no other target within 0.05 in
 * across): the one option of a race printed in a column of its own. The page places them by
 * their own shape and size, the election's contest order saying where the missing contest lies.
 */
export function describeApartTargets(name: string, family: Family): void {
  const px = (inches: number): number => Math.round(inches * DPI);
  describe(`${name}: a target every exemplar marked, with nothing in line with it`, () => {
    const build = (made: Awaited<ReturnType<typeof exemplars>>) =>
      buildTemplateFromExemplars(made.pages, { id: 'S1', meanings: meaningsOf(made.targets) });
    const isAlone = (t: LayoutTarget, all: LayoutTarget[]): boolean =>
      all.every((u) => u === t || Math.abs(u.cx - t.cx) >= DPI * 0.05);

    it('places the one option of an unopposed race in a column of its own', async () => {
      const election = apart(family, `apart-${family}`);
      const made = await exemplars(election, (t) => t.contestId === 'C1');
      const lone = made.targets.find((t) => t.contestId === 'C1') as LayoutTarget;
      expect(isAlone(lone, made.targets)).toBe(true);
      expectRead(build(made), made);
    }, 30_000);

    it('places it when every voter filled or joined it', async () => {
      const election = apart(family, `apart-full-${family}`);
      const full: MarkKind[] = Array.from({ length: EXEMPLARS }, () => 'full');
      const made = await exemplars(election, (t) => t.contestId === 'C1', undefined, full);
      expectRead(build(made), made);
    }, 30_000);

    it('places it by the contest order where the race is last, in a column of its own', async () => {
      const election = apart(family, `apart-last-${family}`, true);
      const last = election.styles[0]?.contestIds.at(-1) as string;
      const made = await exemplars(election, (t) => t.contestId === last);
      const lone = made.targets.find((t) => t.contestId === last) as LayoutTarget;
      expect(isAlone(lone, made.targets)).toBe(true);
      expectRead(build(made), made);
    }, 30_000);

    it('waits for a person where two blobs of the target’s shape could be the race', async () => {
      const election = apart(family, `apart-${family}`);
      const printer = new StylePrinter(election, DPI);
      const { layout } = await printer.style('S1');
      const lone = layout.targets.find((t) => t.contestId === 'C1') as LayoutTarget;
      // Every voter filled it (a box some voters only ticked still shows its printed inside,
      // and is found by it), and a filled copy is printed below it in its own column's free
      // space, off every other column.
      const made = await exemplars(
        election,
        (t) => t.contestId === 'C1',
        undefined,
        Array.from({ length: EXEMPLARS }, (): MarkKind => 'full'),
        (page) => filledLike(page, lone, family, lone.cx + px(0.6), lone.cy + px(1.5)),
      );
      expect(() => build(made)).toThrow(TemplateError);
    }, 30_000);

    // The election declares a race of one option that the sheet does not print. A blob lies
    // where that race would fall in reading order: the instructions' filled example above the
    // first row of targets (the generator prints one for ovals and arrows; a filled box is drawn
    // for Hart's), or a blob of the targets' size but another shape among the contests (a filled
    // box for an oval, an oval for a box, a bar for an arrow). Neither is taken for the race.
    type Stray = (page: GreyImage, layout: StyleLayout) => LayoutTarget;
    const strays: [string, Stray][] = [
      [
        'the instructions’ filled example above the contests',
        (page, layout) => {
          if (family !== 'hart') return layout.example;
          const like = layout.targets[0] as LayoutTarget;
          const top = Math.min(...layout.boxes.map((b) => b.y));
          const example = { ...like, cx: px(4.7), cy: top - px(0.1) - like.ry };
          filledLike(page, like, family, example.cx, example.cy);
          return example;
        },
      ],
      [
        'a blob of the target’s size but another shape',
        (page, layout) => {
          const lone = layout.targets.find((t) => t.contestId === 'C1') as LayoutTarget;
          const { rx, ry } = lone;
          const cx = lone.cx + px(0.6);
          const cy = lone.cy + px(1.2);
          if (family === 'hart') fillEllipse(page, cx, cy, rx, ry, 0);
          else fillRect(page, cx - rx, cy - ry, 2 * rx, 2 * ry, 0);
          return { ...lone, cx, cy };
        },
      ],
    ];
    it('takes no timing or corner mark for a race declared after the last column', async () => {
      // Right of every column lie only the marks down the page's edge (timing marks, or Hart's
      // corner marks): blobs of ink near a target's size, in reading order where the race goes.
      const election = apart(family, `apart-${family}`);
      const made = await exemplars(election, () => false);
      const meanings = [...meaningsOf(made.targets), { contestId: 'C99', optionId: 'C99-1' }];
      expect(() => buildTemplateFromExemplars(made.pages, { id: 'S1', meanings })).toThrow(
        TemplateError,
      );
    }, 30_000);

    for (const [what, draw] of strays)
      it(`takes not ${what} for a race the sheet does not print`, async () => {
        const election = apart(family, `apart-${family}`);
        const printer = new StylePrinter(election, DPI);
        const { layout } = await printer.style('S1');
        let stray: LayoutTarget | undefined;
        const made = await exemplars(
          election,
          () => false,
          undefined,
          MIX,
          (page) => {
            stray = draw(page, layout);
          },
        );
        // The race falls after the targets left of the blob, as reading order puts it.
        const at = made.targets.filter((t) => t.cx < (stray?.cx ?? 0) - px(0.4)).length;
        const meanings = meaningsOf(made.targets);
        meanings.splice(at, 0, { contestId: 'C99', optionId: 'C99-1' });
        expect(() => buildTemplateFromExemplars(made.pages, { id: 'S1', meanings })).toThrow(
          TemplateError,
        );
      }, 30_000);
  });
}
