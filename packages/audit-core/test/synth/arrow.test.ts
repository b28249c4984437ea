import { describe, expect, it } from 'vitest';
import {
  buildTemplate,
  cloneGrey,
  CLEAR_KINDS,
  INK_THRESHOLD,
  makeElection,
  planBallot,
  Random,
  readBallot,
  scanPage,
  StylePrinter,
  styleTemplate,
  type GreyImage,
  type LayoutTarget,
  type Template,
} from '../../src/index.js';
import { ARROW } from '../../src/synth/arrow.js';
import { drawLine } from '../../src/synth/draw.js';

const DPI = 200;
const election = makeElection({ seed: 'arrow-unit', family: 'arrow', contests: 5, styles: 2 });
const printer = new StylePrinter(election, DPI);

/** A ballot of style S1 with a line drawn across the gap of the given targets, then scanned. */
async function withLines(
  lines: { target: number; from?: number; to?: number; ink?: number; dy?: number }[],
  seed: number,
): Promise<{ page: GreyImage; targets: LayoutTarget[] }> {
  const { layout, blank } = await printer.style('S1');
  const page = cloneGrey(blank);
  for (const { target, from = 0, to = 1, ink = 20, dy = 0 } of lines) {
    const t = layout.targets[target];
    if (!t) throw new Error(`no target ${target}`);
    const gap = ARROW.halfGap * DPI;
    const x = (share: number): number => t.cx - gap + 2 * gap * share;
    drawLine(
      page,
      x(from) - (from === 0 ? 6 : 0),
      t.cy + dy,
      x(to) + (to === 1 ? 6 : 0),
      t.cy + dy,
      5,
      ink,
    );
  }
  const scan = { rotation: 0.6, scale: 1.004, dx: 3, dy: -2, noise: 18, blur: 0 };
  return { page: scanPage(page, scan, new Random('arrow-unit', seed)), targets: layout.targets };
}

describe('connect-the-arrow family', () => {
  it('prints arrows with timing marks down both edges, and the template finds every one', async () => {
    expect(election.targetShape).toBe('arrow');
    expect(election.family).toBe('arrow');
    for (const style of election.styles) {
      const { layout } = await printer.style(style.id);
      // Found with no setting at all (the JOB form's default `oval` is the same).
      const template = await styleTemplate(printer, style.id);
      expect(template.marks.left.length).toBeGreaterThan(20);
      expect(template.targets).toHaveLength(layout.targets.length);
      template.targets.forEach((t, i) => {
        const printed = layout.targets[i];
        expect(t.kind).toBe('arrow');
        // The target's centre is the middle of the gap the voter bridges.
        expect(Math.abs(t.cx - (printed?.cx ?? 0))).toBeLessThanOrEqual(2);
        expect(Math.abs(t.cy - (printed?.cy ?? 0))).toBeLessThanOrEqual(2);
        expect(t.width / DPI).toBeCloseTo(2 * ARROW.halfLength, 1);
      });
    }
  });

  it('honours the target shape the election or JOB file gives', async () => {
    const { layout, blank } = await printer.style('S1');
    const arrows = buildTemplate(blank, { id: 'S1', targetSpec: { shape: 'arrow' } });
    expect(arrows.targets).toHaveLength(layout.targets.length);
    const sized = buildTemplate(blank, {
      id: 'S1',
      targetSpec: { shape: 'arrow', width: 0.6, height: 0.12 },
    });
    expect(sized.targets).toHaveLength(layout.targets.length);
    // Told the targets are boxes, the reader looks for no arrows.
    const boxes = buildTemplate(blank, { id: 'S1', targetSpec: { shape: 'box' } });
    expect(boxes.targets.some((t) => t.kind === 'arrow')).toBe(false);
  });

  it('reads the ink in the gap: a joining line is a vote, a short or faint one gray, never blank', async () => {
    const template: Template = await styleTemplate(printer, 'S1');
    const { page } = await withLines(
      [
        { target: 0 },
        { target: 1, from: 0, to: 0.2 },
        { target: 2, from: 0.35, to: 0.6 },
        { target: 3, ink: INK_THRESHOLD + 12 },
        { target: 4, dy: 0.13 * DPI },
        { target: 5, from: 0, to: 0.7 },
      ],
      1,
    );
    const reading = readBallot(page, template);
    const decisions = reading.targets.map((t) => t.decision);
    expect(decisions[0]).toBe('vote');
    expect(reading.targets[0]?.fill).toBeGreaterThan(0.9);
    expect(decisions[1]).toBe('gray');
    expect(decisions[2]).not.toBe('blank');
    // Faint pencil that a 1-bit scanner mostly loses still crosses most columns.
    expect(decisions[3]).not.toBe('blank');
    // A line along the arrow but clear of it joins nothing.
    expect(decisions[4]).toBe('blank');
    expect(decisions[5]).toBe('vote');
    expect(decisions.slice(6).every((d) => d === 'blank')).toBe(true);
  });

  it('reads generated ballots: clear marks right, the others right or gray', async () => {
    const template = await styleTemplate(printer, 'S1');
    const other = await styleTemplate(printer, 'S2');
    let clear = 0;
    const wrong: string[] = [];
    for (let i = 0; i < 16; i += 1) {
      const ballot = await printer.ballot(planBallot(election, i, {}), {});
      const reading = readBallot(ballot.image, ballot.plan.styleId === 'S1' ? template : other);
      ballot.plan.targets.forEach((truth, k) => {
        const decision = reading.targets[k]?.decision;
        const right = (decision === 'vote') === truth.isIntended;
        if (CLEAR_KINDS.includes(truth.kind)) {
          clear += 1;
          if (!right || decision === 'gray') wrong.push(`${i} ${k} ${truth.kind} ${decision}`);
        } else if (!right && decision !== 'gray') wrong.push(`${i} ${k} ${truth.kind} ${decision}`);
      });
    }
    expect(clear).toBeGreaterThan(100);
    expect(wrong).toEqual([]);
  }, 120_000);
});
