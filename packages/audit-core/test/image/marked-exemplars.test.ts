import { describe, expect, it } from 'vitest';
import {
  buildTemplateFromExemplars,
  makeElection,
  readBallot,
  StylePrinter,
  styleTemplate,
  targetsOnScan,
  type BallotPlan,
  type ElectionOptions,
  type GreyImage,
  type MarkKind,
} from '../../src/index.js';

/**
 * A style with few exemplars, some of whose targets every exemplar marked (a fill or a whole
 * line, a part one, a light mark, a tick): its template still finds every printed target where
 * it is printed, maps it to its option, and reads it on each sheet.
 */
const EXEMPLARS = 5;
/** How each exemplar marks the targets every one of them marks, sheet by sheet. */
const MIXES: MarkKind[][] = [
  ['full', 'full', 'full', 'full', 'full'],
  ['full', 'partial', 'full', 'light', 'full'],
  ['partial', 'full', 'check', 'full', 'full'],
];

async function markedExemplars(
  options: ElectionOptions,
  dpi: number,
): Promise<{
  pages: GreyImage[];
  plans: BallotPlan[];
  printer: StylePrinter;
}> {
  const election = makeElection(options);
  const printer = new StylePrinter(election, dpi);
  const style = election.styles[0]?.contestIds ?? [];
  const { layout } = await printer.style('S1');
  // The first option of the first contest, the last of the second, and the middle of the last.
  const first = layout.targets.findIndex((t) => t.contestId === style[0]);
  const second = layout.targets.map((t) => t.contestId).lastIndexOf(style[1] ?? '');
  const last = layout.targets.filter((t) => t.contestId === style.at(-1));
  const middle = layout.targets.indexOf(last[Math.floor(last.length / 2)] ?? last[0]!);
  const marked = [first, second, middle];
  const plans = Array.from({ length: EXEMPLARS }, (_, sheet): BallotPlan => ({
    index: sheet,
    id: `1-1-${sheet + 1}`,
    tabulator: '1',
    batch: '1',
    record: String(sheet + 1),
    precinctId: 'P1',
    styleId: 'S1',
    targets: layout.targets.map((t, i) => {
      const at = marked.indexOf(i);
      // The other targets: one exemplar in three marks each, in turn.
      const kind: MarkKind =
        at >= 0 ? (MIXES[at]?.[sheet] ?? 'full') : (i + sheet) % 3 === 0 ? 'full' : 'none';
      return { contestId: t.contestId, optionId: t.optionId, kind, isIntended: kind !== 'none' };
    }),
  }));
  const pages = await Promise.all(plans.map(async (p) => (await printer.ballot(p)).image));
  return { pages, plans, printer };
}

describe('a template from few exemplars that all marked some of its targets', () => {
  for (const [name, options, dpi] of [
    ['ovals at 200 dpi', { seed: 'marked-exemplars' }, 200],
    ['ovals at 300 dpi', { seed: 'marked-exemplars-300' }, 300],
    ['boxes at 200 dpi', { seed: 'marked-exemplars-box', targetShape: 'box' }, 200],
    ['arrows at 200 dpi', { seed: 'marked-exemplars-arrow', family: 'arrow' }, 200],
  ] as [string, ElectionOptions, number][])
    it(`finds every printed target, maps it to its option and reads it (${name})`, async () => {
      const { pages, plans, printer } = await markedExemplars(options, dpi);
      const printed = await styleTemplate(printer, 'S1');
      const template = buildTemplateFromExemplars(pages, {
        id: 'S1',
        meanings: printed.meanings,
        contests: printed.contests,
      });
      const { layout } = await printer.style('S1');
      const onTemplate = targetsOnScan(layout, template.image);
      expect(template.targets).toHaveLength(layout.targets.length);
      // Each target where the layout printed it, with the option the layout gave it.
      const off = template.targets.map((t, i) => {
        const p = onTemplate[i];
        return Math.max(Math.abs(t.cx - (p?.cx ?? 0)), Math.abs(t.cy - (p?.cy ?? 0)));
      });
      expect(Math.max(...off)).toBeLessThanOrEqual(dpi * 0.015);
      expect(template.meanings).toEqual(
        layout.targets.map((t) => ({ contestId: t.contestId, optionId: t.optionId })),
      );
      // Every sheet reads as marked: the targets all exemplars marked as well as the others.
      pages.forEach((page, sheet) => {
        const reading = readBallot(page, template);
        const wrong = reading.targets.filter((r) => {
          const truth = plans[sheet]?.targets[r.index]?.kind;
          if (truth === 'full' || truth === 'partial') return r.decision !== 'vote';
          if (truth === 'none') return r.decision !== 'blank';
          return r.decision === 'blank';
        });
        expect(wrong).toEqual([]);
      });
    });
});
