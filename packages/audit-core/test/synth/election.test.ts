import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  CLEAR_KINDS,
  generateBallots,
  makeElection,
  readBallot,
  renderContactSheet,
  renderRedline,
  StylePrinter,
  styleTemplate,
  type MarkKind,
  type SyntheticBallot,
  type Template,
} from '../../src/index.js';

const output = join(import.meta.dirname, '../../test-output/synthetic');
const election = makeElection({ seed: 'test-election' });

describe('synthetic election read back', () => {
  it('is the same ballot for the same seed and number', async () => {
    const one = async (): Promise<SyntheticBallot> => {
      for await (const ballot of generateBallots(election, { count: 1, from: 7 })) return ballot;
      throw new Error('no ballot generated');
    };
    const [first, again] = [await one(), await one()];
    const hash = (data: Uint8Array): string => createHash('sha256').update(data).digest('hex');
    expect(first.plan).toEqual(again.plan);
    expect(hash(first.image.data)).toBe(hash(again.image.data));
    expect(first.plan.id).toBe('1-1-8');
  });

  it('reads 200 scanned ballots as the ground truth says, flagging only hard marks gray', async () => {
    await mkdir(output, { recursive: true });
    const printer = new StylePrinter(election);
    const templates = new Map<string, Template>();
    for (const s of election.styles) templates.set(s.id, await styleTemplate(printer, s.id));
    for (const t of templates.values())
      await writeFile(join(output, `${t.id}-redline.png`), await renderRedline(t));
    const tally = new Map<
      MarkKind,
      { total: number; right: number; gray: number; wrong: number }
    >();
    let progress = 0;
    for await (const ballot of generateBallots(election, { count: 200 })) {
      const template = templates.get(ballot.plan.styleId);
      if (!template) throw new Error(`no template for ${ballot.plan.styleId}`);
      const reading = readBallot(ballot.image, template);
      expect(reading.targets).toHaveLength(ballot.plan.targets.length);
      ballot.plan.targets.forEach((truth, i) => {
        const read = reading.targets[i];
        expect(read?.optionId).toBe(truth.optionId);
        const entry = tally.get(truth.kind) ?? { total: 0, right: 0, gray: 0, wrong: 0 };
        entry.total += 1;
        if (read?.decision === 'gray') entry.gray += 1;
        else if ((read?.decision === 'vote') === truth.isIntended) entry.right += 1;
        else entry.wrong += 1;
        tally.set(truth.kind, entry);
      });
      if (progress === 0)
        await writeFile(
          join(output, 'ballot-1-contact.png'),
          await renderContactSheet(ballot.image, reading, template),
        );
      progress += 1;
    }
    const clear = CLEAR_KINDS.map((k) => tally.get(k) ?? { total: 0, right: 0 });
    const total = clear.reduce((s, e) => s + e.total, 0);
    const right = clear.reduce((s, e) => s + e.right, 0);
    await writeFile(
      join(output, 'accuracy.json'),
      JSON.stringify(Object.fromEntries(tally), null, 2),
    );
    expect(progress).toBe(200);
    expect(total).toBeGreaterThan(2000);
    expect(right / total).toBeGreaterThanOrEqual(0.999);
    for (const [kind, entry] of tally)
      expect(entry.wrong, `${kind} read against the truth`).toBe(0);
    for (const kind of ['light', 'stray', 'erasure', 'check', 'x'] as const) {
      expect(tally.get(kind)?.total ?? 0, `${kind} marks planted`).toBeGreaterThan(5);
    }
  });
});
