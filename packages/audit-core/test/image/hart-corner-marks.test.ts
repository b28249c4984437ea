import { describe, expect, it } from 'vitest';
import {
  buildTemplate,
  makeElection,
  planBallot,
  readBallot,
  StylePrinter,
  type GreyImage,
  type Template,
} from '../../src/index.js';
import { matchStyle } from '../../src/image/match.js';

/** Whether any ink reaches the page's edge within an inch of a corner (a mark cut off there). */
function cutAtEdge(page: GreyImage): boolean {
  const { width, height, data } = page;
  const inch = Math.round(width / 8.5);
  const ink = (x: number, y: number): boolean => (data[y * width + x] as number) < 128;
  for (let k = 0; k < inch; k += 1)
    for (const [x, y] of [
      [0, k],
      [width - 1, k],
      [0, height - 1 - k],
      [width - 1, height - 1 - k],
      [k, 0],
      [width - 1 - k, 0],
      [k, height - 1],
      [width - 1 - k, height - 1],
    ] as [number, number][])
      if (ink(x, y)) return true;
  return false;
}

describe('Hart-like sheets whose corner mark the feed pushed to the page’s edge', () => {
  it('registers them and reads every target right or gray', async () => {
    const election = makeElection({ seed: 'hart-corner-marks', family: 'hart', contests: 8 });
    const printer = new StylePrinter(election, 200);
    const templates: Template[] = [];
    for (const style of election.styles) {
      const { layout, blank } = await printer.style(style.id);
      templates.push(
        buildTemplate(blank, {
          id: style.id,
          meanings: layout.targets.map(({ contestId, optionId }) => ({ contestId, optionId })),
        }),
      );
    }
    let cut = 0;
    for (let i = 0; i < 8; i += 1) {
      const plan = planBallot(election, i);
      // Turned 2° and 2% large, as a skewed feed on a scanner that enlarges a little.
      const turn = i % 2 ? 2 : -2;
      const ballot = await printer.ballot(plan, { rotation: turn, scale: 1.02, maxShift: 0.06 });
      if (cutAtEdge(ballot.image)) cut += 1;
      const match = matchStyle(ballot.image, templates);
      expect(match.template.id, plan.id).toBe(plan.styleId);
      expect(match.registration.matched, plan.id).toBe(match.template.targets.length);
      const reading = readBallot(ballot.image, match.template, {
        registration: match.registration,
      });
      for (const t of reading.targets) {
        const truth = plan.targets[t.index];
        if (t.decision === 'gray') continue;
        expect(t.decision === 'vote', `${plan.id} ${t.optionId} ${truth?.kind}`).toBe(
          truth?.isIntended,
        );
      }
    }
    // The trait itself: most of these sheets have a corner mark cut off at the edge.
    expect(cut).toBeGreaterThanOrEqual(4);
  }, 120_000);
});
