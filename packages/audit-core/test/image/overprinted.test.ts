import { describe, expect, it } from 'vitest';
import {
  buildTemplate,
  drawScan,
  makeElection,
  planBallot,
  Random,
  readBallot,
  renderStyle,
  scanPage,
  StylePrinter,
  targetsOnScan,
  type Template,
} from '../../src/index.js';

/** Sample ballots: every sheet carries SAMPLE across it in a grey tint, as a test deck does. */
const election = makeElection({
  seed: 'overprinted',
  contests: 10,
  styles: 3,
  overprint: 'SAMPLE',
});
const printer = new StylePrinter(election, 200);

/** Each style's template from a 1-bit scan of its blank, as a county's sample ballot comes. */
async function templateOf(styleId: string): Promise<Template> {
  const { layout, blank } = await printer.style(styleId);
  const random = new Random('overprinted-blank', styleId);
  const scan = scanPage(blank, drawScan(random, 200), random);
  const contests = new Set(layout.targets.map((t) => t.contestId));
  const template = buildTemplate(scan, {
    id: styleId,
    meanings: layout.targets.map(({ contestId, optionId }) => ({ contestId, optionId })),
    contests: election.contests
      .filter((c) => contests.has(c.id))
      .map((c) => ({ id: c.id, voteFor: c.voteFor })),
  });
  // Every printed target, in the layout's order, where the scan shows it.
  const printed = targetsOnScan(layout, scan);
  template.targets.forEach((t, i) => {
    const p = printed[i];
    expect(Math.hypot(t.cx - (p?.cx ?? 0), t.cy - (p?.cy ?? 0)), `${styleId} ${i}`).toBeLessThan(4);
  });
  return template;
}

describe('targets under a word printed over the blank', () => {
  it('prints the word over some targets of every style, joining them to its ink', async () => {
    let covered = 0;
    for (const style of election.styles) {
      const { layout, blank } = await printer.style(style.id);
      const clean = await renderStyle(layout);
      // A target is covered when the word's tint reaches into its box.
      covered += layout.targets.filter((t) => {
        for (let y = Math.round(t.cy - t.ry); y <= Math.round(t.cy + t.ry); y += 1)
          for (let x = Math.round(t.cx - t.rx); x <= Math.round(t.cx + t.rx); x += 1)
            if (blank.data[y * blank.width + x] !== clean.data[y * clean.width + x]) return true;
        return false;
      }).length;
    }
    expect(covered).toBeGreaterThanOrEqual(6);
  });

  it('finds every target of each style, those under the word too, and no other', async () => {
    let overprinted = 0;
    for (const style of election.styles) {
      const template = await templateOf(style.id);
      overprinted += template.targets.filter((t) => t.isOverprinted).length;
    }
    expect(overprinted).toBeGreaterThanOrEqual(6);
  }, 60_000);

  it('reads marks under the word right, or gray for a person, never silently wrong', async () => {
    const templates = new Map<string, Template>();
    for (const style of election.styles) templates.set(style.id, await templateOf(style.id));
    let wrong = 0;
    let right = 0;
    let underWord = 0;
    for (let i = 0; i < 40; i += 1) {
      const ballot = await printer.ballot(planBallot(election, i));
      const template = templates.get(ballot.plan.styleId);
      if (!template) throw new Error(`no template for ${ballot.plan.styleId}`);
      const reading = readBallot(ballot.image, template);
      ballot.plan.targets.forEach((truth, k) => {
        const read = reading.targets[k];
        expect(read?.optionId).toBe(truth.optionId);
        if (template.targets[k]?.isOverprinted && truth.kind !== 'none') underWord += 1;
        if (read?.decision === 'gray') return;
        if ((read?.decision === 'vote') === truth.isIntended) right += 1;
        else wrong += 1;
      });
    }
    expect(underWord).toBeGreaterThan(0);
    expect(wrong).toBe(0);
    expect(right).toBeGreaterThan(0);
  }, 120_000);
});
