import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  buildTemplate,
  describeAffine,
  loadPage,
  matchStyle,
  readBallot,
  renderContactSheet,
  renderRedline,
  type Template,
} from '../../src/index.js';

const root = join(import.meta.dirname, '../fixtures/real/images/cedar_2012_primary');
const output = join(import.meta.dirname, '../../test-output/cedar_2012_primary');

async function pages(folder: string): Promise<{ name: string; buffer: Buffer }[]> {
  const names = (await readdir(join(root, folder))).filter((n) => n.endsWith('.tif')).sort();
  return Promise.all(
    names.map(async (name) => ({ name, buffer: await readFile(join(root, folder, name)) })),
  );
}

describe('Cedar County 2012 primary scans', () => {
  const templates: Template[] = [];

  beforeAll(async () => {
    await mkdir(output, { recursive: true });
    for (const { name, buffer } of await pages('blank')) {
      templates.push(
        buildTemplate(await loadPage(buffer, { label: name }), { id: name.replace('.tif', '') }),
      );
    }
  });

  it('finds every oval on the four blank styles and writes redline proofs', async () => {
    // Counted on the images: Republican cards 3 + 2 + 7 + 2 + 2, Democratic 3 + 3 + 5 + 1 + 1.
    expect(templates.map((t) => t.targets.length)).toEqual([16, 16, 13, 13]);
    for (const t of templates) {
      expect(t.marks.left.length).toBe(41);
      expect(t.marks.right.length).toBe(41);
      await writeFile(join(output, `${t.id}-redline.png`), await renderRedline(t));
    }
  });

  it('matches each voted ballot to a style and reads its marks', async () => {
    // Styles read by eye from each card's footer code (Card 1/5 Republican, Card 2 Democratic).
    const styles = [3, 4, 3, 4, 3, 4, 1, 2, 1, 2, 1, 2, 1, 2].map(
      (n) => `20120608170307744_000${n}`,
    );
    const summary: string[] = [];
    for (const { name, buffer } of await pages('voted')) {
      const page = await loadPage(buffer, { label: name });
      const match = matchStyle(page, templates);
      expect(match.template.id, name).toBe(styles[summary.length]);
      const reading = readBallot(page, match.template, { marks: match.marks });
      expect(reading.registration.matched).toBeGreaterThanOrEqual(80);
      expect(reading.registration.residual).toBeLessThan(2);
      expect(Math.abs(describeAffine(reading.registration.transform).rotation)).toBeLessThan(1);
      const votes = reading.targets.filter((t) => t.decision === 'vote');
      expect(votes.length).toBeGreaterThan(0);
      // Every fill is either clearly paper or clearly ink on these pen-marked ballots.
      for (const t of reading.targets) expect(t.fill < 0.1 || t.fill > 0.3).toBe(true);
      summary.push(`${name} ${match.template.id} ${votes.map((t) => t.index + 1).join(',')}`);
      await writeFile(
        join(output, `${name}-contact.png`),
        await renderContactSheet(page, reading, match.template),
      );
    }
    await writeFile(join(output, 'readings.txt'), `${summary.join('\n')}\n`);
    expect(summary).toHaveLength(14);
  });
});
