import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  buildTemplate,
  buildTemplateFromExemplars,
  describeAffine,
  loadPage,
  matchStyle,
  readBallot,
  renderContactSheet,
  renderRedline,
  type GreyImage,
  type Template,
} from '../../src/index.js';

const root = join(import.meta.dirname, '../fixtures/real/images/cedar_2012_primary');
const output = join(import.meta.dirname, '../../test-output/cedar_2012_primary');
// Styles of the voted ballots, read by eye from each card's footer code and party heading.
const styles = [3, 4, 3, 4, 3, 4, 1, 2, 1, 2, 1, 2, 1, 2].map((n) => `20120608170307744_000${n}`);

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

  it('builds the same targets from a blank and four voted sheets of a style combined', async () => {
    const voted = await pages('voted');
    const sheetsOf = async (blank: Template): Promise<GreyImage[]> => {
      const sheets = [blank.image];
      for (const [i, { name, buffer }] of voted.entries())
        if (styles[i] === blank.id) sheets.push(await loadPage(buffer, { label: name }));
      return sheets;
    };
    // The two Republican styles have four voted sheets each.
    for (const blank of templates.slice(0, 2)) {
      const sheets = await sheetsOf(blank);
      expect(sheets).toHaveLength(5);
      const combined = buildTemplateFromExemplars(sheets, { id: `${blank.id}-combined` });
      await writeFile(join(output, `${combined.id}-redline.png`), await renderRedline(combined));
      expect(combined.exemplars.rejected).toEqual([]);
      expect(combined.targets.length, blank.id).toBe(blank.targets.length);
      combined.targets.forEach((t, i) => {
        const b = blank.targets[i];
        expect(Math.hypot(t.cx - (b?.cx ?? 0), t.cy - (b?.cy ?? 0))).toBeLessThan(3);
        // Voters' marks must not survive inside the targets as if they were printed.
        expect(t.templateInk).toBeLessThan(0.05);
      });
    }
    // A Democratic style has three voted sheets, all marking the same two options: most of its
    // sheets carry those marks, so those two targets have no paper inside on the combined page.
    // They are placed by their printed neighbours and the election's option counts, where the
    // style's ovals stand on its blank.
    const democratic = templates[2] as Template;
    const combined = buildTemplateFromExemplars(await sheetsOf(democratic), {
      id: 'democratic-combined',
      meanings: democratic.meanings,
    });
    expect(combined.targets).toHaveLength(democratic.targets.length);
    combined.targets.forEach((t, i) => {
      const b = democratic.targets[i];
      expect(Math.hypot(t.cx - (b?.cx ?? 0), t.cy - (b?.cy ?? 0))).toBeLessThan(3);
      expect(t.templateInk).toBeLessThan(0.05);
    });
  });
});
