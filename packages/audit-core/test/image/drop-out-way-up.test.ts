import { beforeAll, describe, expect, it } from 'vitest';
import {
  buildTemplate,
  makeElection,
  planBallot,
  readBallot,
  RegistrationError,
  StylePrinter,
  targetsOnScan,
  withEditedMap,
  type BallotPlan,
  type GreyImage,
  type Template,
} from '../../src/index.js';

/**
 * A style printed in a drop-out ink, mapped by hand on an upright exemplar: its sheets show no
 * target outline to tell their way up by. Each sheet, fed upright or upside down, is laid on
 * the template by its print; a sheet whose print cannot tell is not read at all.
 */
const SHEETS = 4;
const election = makeElection({ seed: 'drop-out-way-up', styles: 1, dropOutStyles: ['S1'] });

const turned = (page: GreyImage): GreyImage => ({ ...page, data: page.data.slice().reverse() });

let plans: BallotPlan[];
let pages: GreyImage[];
let template: Template;

beforeAll(async () => {
  const printer = new StylePrinter(election, 200);
  plans = Array.from({ length: SHEETS + 1 }, (_, i) => planBallot(election, i));
  pages = await Promise.all(plans.map(async (p) => (await printer.ballot(p)).image));
  const { layout } = await printer.style('S1');
  const exemplar = pages[SHEETS] as GreyImage;
  // The boxes a person draws round each target on the exemplar.
  const targets = targetsOnScan(layout, exemplar).map((t) => ({
    x: Math.round(t.cx - t.rx) - 2,
    y: Math.round(t.cy - t.ry) - 2,
    width: Math.round(2 * t.rx) + 4,
    height: Math.round(2 * t.ry) + 4,
    contest_id: t.contestId,
    option_id: t.optionId,
  }));
  const map = { style: 'S1', targets, edited_by: 'Test', edited_at: new Date(0).toISOString() };
  template = withEditedMap(buildTemplate(exemplar, { id: 'S1' }), map, undefined);
  expect(template.targets).toHaveLength(layout.targets.length);
}, 60_000);

/** Clear marks read other than the voter made them. */
function wrongMarks(page: GreyImage, plan: BallotPlan): string[] {
  return readBallot(page, template)
    .targets.filter((r) => {
      const kind = plan.targets[r.index]?.kind;
      if (kind === 'full' || kind === 'partial') return r.decision !== 'vote';
      if (kind === 'none') return r.decision !== 'blank';
      return false;
    })
    .map((r) => `${r.optionId} read ${r.decision}`);
}

describe('a drop-out-ink style mapped on its exemplar', () => {
  it.each([
    ['upright', false],
    ['upside down', true],
  ])('reads each sheet fed %s the right way up, its marks as made', (_name, upsideDown) => {
    for (let i = 0; i < SHEETS; i += 1) {
      const page = upsideDown ? turned(pages[i] as GreyImage) : (pages[i] as GreyImage);
      const reading = readBallot(page, template);
      expect(reading.registration.transform.a < 0, `sheet ${i}`).toBe(upsideDown);
      expect(wrongMarks(page, plans[i] as BallotPlan)).toEqual([]);
    }
  });

  it('does not read a sheet whose print cannot tell its way up', () => {
    // All but the timing marks washed out: they print alike either way up.
    const page = pages[0] as GreyImage;
    const edge = Math.round(0.45 * 200);
    const bare = { ...page, data: page.data.slice() };
    for (let y = 0; y < bare.height; y += 1)
      bare.data.fill(255, y * bare.width + edge, (y + 1) * bare.width - edge);
    expect(() => readBallot(bare, template)).toThrow(RegistrationError);
    expect(() => readBallot(bare, template)).toThrow(/way up cannot be told/);
  });
});
