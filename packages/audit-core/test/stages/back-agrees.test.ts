import { describe, expect, it } from 'vitest';
import { makeElection, StylePrinter, type BallotPlan, type GreyImage } from '../../src/index.js';
import type { Template } from '../../src/image/template.js';
import { backAgrees } from '../../src/stages/extract-sheet.js';
import { templateFromGroups } from '../../src/stages/template-build.js';

/**
 * Hart-like styles whose fronts differ and whose backs print the same contests (the
 * generator's default Hart-like election: S1 and S2 both end with C4 and C6). A front that
 * overrules the record's style must be borne out by the back where both styles have one; backs
 * printing the same contests cannot bear it out or deny it, and the front decides. Matched
 * anyway, the two back templates took turns, and sheets of a swapped batch stayed on their
 * records' styles.
 */
describe('a back that cannot tell two styles apart', () => {
  it('lets the front decide, whichever of the two the record names', async () => {
    const election = makeElection({ seed: 'bench-stages', family: 'hart' });
    const printer = new StylePrinter(election, 200);
    const backTemplate = async (
      style: string,
    ): Promise<{ template: Template; backs: GreyImage[] }> => {
      const { layout } = await printer.style(style, 2);
      const backs: GreyImage[] = [];
      for (let k = 0; k < 3; k += 1) {
        const { layout: front } = await printer.style(style);
        const plan: BallotPlan = {
          index: k,
          id: `1-1-${k + 1}`,
          tabulator: '1',
          batch: '1',
          record: String(k + 1),
          precinctId: 'P1',
          styleId: style,
          targets: [...front.targets, ...layout.targets].map((t) => ({
            contestId: t.contestId,
            optionId: t.optionId,
            kind: 'none' as const,
            isIntended: false,
          })),
        };
        backs.push((await printer.ballot(plan)).pages[1] as GreyImage);
      }
      const contests = [...new Set(layout.targets.map((t) => t.contestId))].map((id) => ({
        id,
        voteFor: election.contests.find((c) => c.id === id)?.voteFor ?? 1,
      }));
      const { template } = templateFromGroups(backs, {
        id: `${style}~2`,
        meanings: layout.targets.map((t) => ({ contestId: t.contestId, optionId: t.optionId })),
        contests,
      });
      if (!template) throw new Error(`no back template for ${style}`);
      return { template: { ...template, sideOf: { style, side: 2 } }, backs };
    };
    const s1 = await backTemplate('S1');
    const s2 = await backTemplate('S2');
    expect(s1.template.meanings).toEqual(s2.template.meanings);
    for (const back of [...s1.backs, ...s2.backs]) {
      expect(backAgrees(back, s1.template, s2.template)).toBe(true);
      expect(backAgrees(back, s2.template, s1.template)).toBe(true);
    }
  }, 120_000);
});
