import { describe, expect, it } from 'vitest';
import {
  findTimingMarks,
  makeElection,
  planBallot,
  readBallot,
  StylePrinter,
  styleTemplate,
} from '../../src/index.js';

describe('generated Hart-like family', () => {
  it('prints two-sided greyscale sheets with corner marks, a barcode and boxes, no timing marks', async () => {
    const election = makeElection({ seed: 'hart-unit', family: 'hart', contests: 6 });
    expect(election.sides).toBe(2);
    expect(election.targetShape).toBe('box');
    const printer = new StylePrinter(election, 200);
    const ballot = await printer.ballot(planBallot(election, 0, {}), {});
    expect(ballot.pages).toHaveLength(2);
    const [front] = ballot.pages;
    if (!front) throw new Error('no front');
    // Grey levels between ink and paper: not a bilevel scan.
    expect(new Set(front.data).size).toBeGreaterThan(20);
    // The barcode bars down the left edge are no timing column.
    expect(findTimingMarks(front).left).toEqual([]);
    const template = await styleTemplate(printer, ballot.plan.styleId);
    expect(template.anchors?.kind).toBe('corner-marks');
    const { layout } = await printer.style(ballot.plan.styleId);
    expect(template.targets).toHaveLength(layout.targets.length);
    // Boxes of 0.34 × 0.18 in.
    for (const t of template.targets) {
      expect(t.width / 200).toBeCloseTo(0.34, 1);
      expect(t.height / 200).toBeCloseTo(0.18, 1);
    }
    const reading = readBallot(front, template);
    expect(reading.registration.matched).toBe(template.targets.length);
    const truth = ballot.plan.targets.slice(0, layout.targets.length);
    reading.targets.forEach((t, i) => {
      const kind = truth[i]?.kind;
      if (kind === 'none') expect(t.decision).toBe('blank');
      if (kind === 'full') expect(t.decision).toBe('vote');
    });
  }, 120_000);
});
