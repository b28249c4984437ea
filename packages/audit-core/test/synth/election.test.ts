import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  buildTemplateFromExemplars,
  encodeBilevelTiff,
  generateBallots,
  makeElection,
  readBallots,
  renderContactSheet,
  renderRedline,
  StylePrinter,
  styleTemplate,
  type GreyImage,
  type PageInput,
  type SyntheticBallot,
  type SynthElection,
  type Template,
  type TargetTruth,
} from '../../src/index.js';
import { Tally } from './tally.js';

const output = join(import.meta.dirname, '../../test-output/synthetic');
const election = makeElection({ seed: 'test-election' });

/** Templates built as the pipeline builds them: from scanned, voted exemplars of each style. */
async function exemplarTemplates(e: SynthElection, count: number): Promise<Map<string, Template>> {
  const pages = new Map<string, GreyImage[]>();
  for await (const b of generateBallots(e, { count, from: 100_000 })) {
    pages.set(b.plan.styleId, [...(pages.get(b.plan.styleId) ?? []), b.image]);
  }
  const printer = new StylePrinter(e);
  const templates = new Map<string, Template>();
  for (const style of e.styles) {
    const printed = await styleTemplate(printer, style.id);
    const template = buildTemplateFromExemplars(pages.get(style.id) ?? [], {
      id: style.id,
      meanings: printed.meanings,
      contests: printed.contests,
    });
    expect(template.exemplars.rejected).toEqual([]);
    expect(template.targets.length).toBe(printed.targets.length);
    templates.set(style.id, template);
  }
  return templates;
}

/** Reads generated ballots through the batch reader, as bilevel TIFFs, and tallies them. */
async function readGenerated(
  e: SynthElection,
  templates: Map<string, Template>,
  options: { count: number; dpi: number; contact?: string },
): Promise<{ tally: Tally; progress: number }> {
  const truths = new Map<string, TargetTruth[]>();
  let first: SyntheticBallot | undefined;
  async function* pages(): AsyncGenerator<PageInput> {
    for await (const b of generateBallots(e, { count: options.count, dpi: options.dpi })) {
      first ??= b;
      truths.set(b.plan.id, b.plan.targets);
      yield { id: b.plan.id, image: await encodeBilevelTiff(b.image), styleId: b.plan.styleId };
    }
  }
  const tally = new Tally();
  let progress = 0;
  const onProgress = ({ done }: { done: number }): void => void (progress = done);
  for await (const result of readBallots(pages(), [...templates.values()], { onProgress })) {
    if (!result.reading) throw new Error(result.error);
    tally.add(truths.get(result.id) ?? [], result.reading);
    if (options.contact && first?.plan.id === result.id) {
      const template = templates.get(first.plan.styleId) as Template;
      const sheet = await renderContactSheet(first.image, result.reading, template);
      await writeFile(join(output, options.contact), sheet);
    }
  }
  return { tally, progress };
}

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

  // Generating and reading 200 pages takes minutes on a busy machine.
  it('reads 200 scanned ballots against exemplar templates as the ground truth says', async () => {
    await mkdir(output, { recursive: true });
    const templates = await exemplarTemplates(election, 30);
    for (const t of templates.values())
      await writeFile(join(output, `${t.id}-redline.png`), await renderRedline(t));
    const { tally, progress } = await readGenerated(election, templates, {
      count: 200,
      dpi: 200,
      contact: 'ballot-1-contact.png',
    });
    await writeFile(join(output, 'accuracy-200dpi.json'), JSON.stringify(tally, null, 2));
    expect(progress).toBe(200);
    const clear = tally.clearAgreement();
    expect(clear.total).toBeGreaterThan(2000);
    expect(clear.share).toBeGreaterThanOrEqual(0.999);
    for (const [kind, entry] of tally.byKind)
      expect(entry.wrong, `${kind} read against the truth`).toBe(0);
    for (const kind of ['light', 'stray', 'erasure', 'check', 'x'] as const)
      expect(tally.byKind.get(kind)?.total ?? 0, `${kind} marks planted`).toBeGreaterThan(5);
  }, 240_000);

  // As above: generated pages at 300 dpi.
  it('reads 300 dpi ballots with box targets against a 200 dpi template', async () => {
    const boxes = makeElection({ seed: 'box-election', targetShape: 'box', styles: 2 });
    // Printed blanks here: in this election's vote-for-3-of-4 contests most exemplars mark the
    // same options, which a majority of a few exemplars cannot tell from print.
    const printer = new StylePrinter(boxes);
    const templates = new Map<string, Template>();
    for (const s of boxes.styles) templates.set(s.id, await styleTemplate(printer, s.id));
    for (const t of templates.values())
      await writeFile(join(output, `box-${t.id}-redline.png`), await renderRedline(t));
    const { tally } = await readGenerated(boxes, templates, {
      count: 40,
      dpi: 300,
      contact: 'box-ballot-1-contact.png',
    });
    await writeFile(join(output, 'accuracy-300dpi-box.json'), JSON.stringify(tally, null, 2));
    expect(tally.clearAgreement().share).toBeGreaterThanOrEqual(0.999);
    for (const [kind, entry] of tally.byKind)
      expect(entry.wrong, `${kind} read against the truth`).toBe(0);
  }, 240_000);
});
