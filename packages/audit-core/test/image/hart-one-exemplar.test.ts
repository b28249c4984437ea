import { describe, expect, it } from 'vitest';
import {
  buildTemplateFromExemplars,
  makeElection,
  readBallot,
  StylePrinter,
  styleTemplate,
  type BallotPlan,
  type MarkKind,
} from '../../src/index.js';

/**
 * A Hart-like style whose template is built from one exemplar, and that exemplar's voter drew
 * an X, a tick and a part fill in some boxes. One sheet cannot tell print from marks, so its
 * marks stay on the template's page; a box's inside must still be the printed box's, not the
 * paper left round the voter's strokes, or every later mark along those strokes reads blank.
 */
const MARKED: MarkKind[] = ['x', 'check', 'partial', 'x'];

function plan(
  index: number,
  targets: { contestId: string; optionId: string }[],
  kinds: MarkKind[],
): BallotPlan {
  return {
    index,
    id: `1-1-${index + 1}`,
    tabulator: '1',
    batch: '1',
    record: String(index + 1),
    precinctId: 'P1',
    styleId: 'S1',
    targets: targets.map((t, i) => {
      const kind = kinds[i] ?? 'none';
      return { contestId: t.contestId, optionId: t.optionId, kind, isIntended: kind !== 'none' };
    }),
  };
}

describe('a Hart-like template from one marked exemplar', () => {
  it('takes every box’s inside as printed and reads later marks in those boxes', async () => {
    const election = makeElection({ seed: 'hart-one-exemplar', family: 'hart', contests: 4 });
    const printer = new StylePrinter(election, 200);
    const { layout } = await printer.style('S1');
    // The exemplar marks every third box, beginning with the first.
    const marks = layout.targets.map((_, i) =>
      i % 3 === 0 ? (MARKED[(i / 3) % MARKED.length] ?? 'x') : 'none',
    );
    const exemplar = await printer.ballot(plan(0, layout.targets, marks));
    const printed = await styleTemplate(printer, 'S1');
    const template = buildTemplateFromExemplars([exemplar.image], {
      id: 'S1',
      meanings: printed.meanings,
      contests: printed.contests,
    });
    expect(template.targets).toHaveLength(layout.targets.length);
    const insides = template.targets.map((t) => t.shape.interior.length / 2);
    const usual = [...insides].sort((a, b) => a - b)[Math.floor(insides.length / 2)] ?? 0;
    expect(insides.filter((n) => n < 0.9 * usual)).toEqual([]);
    // Another voter's X in each box the exemplar marked is not read blank.
    const later = await printer.ballot(
      plan(
        1,
        layout.targets,
        marks.map((k) => (k === 'none' ? 'none' : 'x')),
      ),
    );
    const reading = readBallot(later.image, template);
    const blank = reading.targets.filter(
      (r) => marks[r.index] !== 'none' && r.decision === 'blank',
    );
    expect(blank).toEqual([]);
  }, 60_000);
});
