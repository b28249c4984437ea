import { beforeAll, describe, expect, it } from 'vitest';
import {
  buildTemplate,
  combineExemplars,
  makeElection,
  planBallot,
  printedWayUp,
  readBallot,
  StylePrinter,
  textWayUp,
  type BallotFamily,
  type CombinedExemplars,
  type GreyImage,
} from '../../src/index.js';
import { createGrey } from '../../src/image/grey.js';

/**
 * A batch loaded the wrong way round: every sheet of a style went through the scanner turned
 * 180°. The style's template must still lie the way the style is printed (its text, its
 * contests' order), not the way its exemplars lie, or its targets' meanings fall in reverse
 * and every sheet reads wrong; and the turned sheets read on it must give their own marks.
 */
const EXEMPLARS = 3;

const turned = (page: GreyImage): GreyImage => ({ ...page, data: page.data.slice().reverse() });

async function turnedStyle(family: BallotFamily) {
  const election = makeElection({
    seed: `upside-down-style-${family}`,
    styles: 1,
    ...(family === 'timing' ? {} : { family }),
  });
  const printer = new StylePrinter(election, 200);
  const plans = Array.from({ length: EXEMPLARS }, (_, i) => planBallot(election, i));
  const scans = await Promise.all(plans.map(async (p) => (await printer.ballot(p)).image));
  const { layout } = await printer.style('S1');
  return { plans, pages: scans.map(turned), layout };
}

describe.each([
  ['timing marks', 'timing' as const],
  ['Hart-like', 'hart' as const],
  ['arrows', 'arrow' as const],
])('%s: a style whose every exemplar was fed upside down', (_name, family) => {
  let style: Awaited<ReturnType<typeof turnedStyle>>;
  let combined: CombinedExemplars;
  beforeAll(async () => {
    style = await turnedStyle(family);
    // No election file: only the print can tell which way up the style lies.
    combined = combineExemplars(style.pages);
  }, 20_000);

  it('gets an upright template by its text alone, and reads every sheet right', () => {
    const { plans, pages, layout } = style;
    expect(combined.used).toHaveLength(EXEMPLARS);
    expect([combined.turned, combined.wayUp]).toEqual([true, 'text']);
    const meanings = layout.targets.map(({ contestId, optionId }) => ({ contestId, optionId }));
    const template = buildTemplate(combined.image, { id: 'S1', meanings });
    expect(template.targets).toHaveLength(layout.targets.length);
    // Each target where the style prints it (scans shift and turn a sheet by a little).
    const off = template.targets.map((t, i) => {
      const p = layout.targets[i];
      return Math.max(Math.abs(t.cx - (p?.cx ?? 0)), Math.abs(t.cy - (p?.cy ?? 0)));
    });
    expect(Math.max(...off)).toBeLessThan(200 * 0.5);
    pages.forEach((page, sheet) => {
      const reading = readBallot(page, template);
      // Read on the upright template, the sheet is laid on it turned back.
      expect(reading.registration.transform.a).toBeLessThan(0);
      const wrong = reading.targets.filter((r) => {
        const truth = plans[sheet]?.targets[r.index]?.kind;
        if (truth === 'full' || truth === 'partial') return r.decision !== 'vote';
        if (truth === 'none') return r.decision !== 'blank';
        return false;
      });
      expect(wrong).toEqual([]);
    });
  });

  it('is told by its contests’ order where the election gives the meanings', () => {
    const { layout } = style;
    const meanings = layout.targets.map(({ contestId, optionId }) => ({ contestId, optionId }));
    const expected = (count: number) => (count === meanings.length ? meanings : undefined);
    expect(printedWayUp(combined.image, expected)).toEqual({ turned: false, cue: 'contest order' });
    expect(printedWayUp(turned(combined.image), expected)).toEqual({
      turned: true,
      cue: 'contest order',
    });
  });
});

describe('which way up a page reads', () => {
  it('says nothing of a page with no print, and leaves it to the exemplars', () => {
    const blank = createGrey(1700, 2200);
    expect(textWayUp(blank)).toEqual({ upright: 0, turned: 0 });
    expect(printedWayUp(blank)).toBeUndefined();
  });
});
