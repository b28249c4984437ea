import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  buildTemplateFromExemplars,
  loadPage,
  readBallot,
  renderRedline,
  type GreyImage,
  type Template,
  type TargetMeaning,
  type TemplateContest,
} from '../../src/index.js';

const root = join(import.meta.dirname, '../fixtures/real/images/hart_tutorial_groupA');
const output = join(import.meta.dirname, '../../test-output/hart_tutorial_groupA');
const ballots = ['A_00', 'A_01', 'A_02', 'A_03'];

/**
 * The style's contests in layout order (column, then top to bottom), read off the images: the
 * election file an auditor would bring. Side 0 holds the Senate race down the middle column and
 * five contests down the right; side 1 the three measures.
 */
const senators = [
  'Kabiruddin Karim Ali',
  'Rick Williams',
  'Rogelio T. Gloria',
  'Don J. Grundmann',
  'Robert Lauten',
  'Gail K. Lightfoot',
  'David Alex Levitt',
  'Orly Taitz',
  'Al Ramirez',
  'Dirk Allen Konopik',
  'Donald Krampe',
  'Mike Strimling',
  'Diane Stewart',
  'Nak Shah',
  'Nachum Shifren',
  'Dennis Jackson',
  'Dan Hughes',
  'Greg Conlon',
  'John Boruff',
  'Oscar Alejandro Braun',
  'Marsha Feinland',
  'Dianne Feinstein',
  'Colleen Shea Fernald',
  'Elizabeth Emken',
  'Writein',
];
const sides: [string, string[]][][] = [
  [
    ['US Senator', senators],
    ['US Rep (48th Dist)', ['Alan Schlar', 'Ron Varasteh', 'Dana Rohrabacher', 'Writein']],
    ['Member of the State Ass. (73)', ['Diane L. Harkey', 'James Corbett', 'Writein']],
    ['Judge of the Superior Court (No. 1)', ['Deborah J. Chuang', 'Eugene Jizhak', 'Writein']],
    ['Proposition 28', ['Yes', 'No']],
  ],
  [
    ['Proposition 29', ['Yes', 'No']],
    ['Measure A', ['Yes', 'No']],
    ['Measure B', ['Yes', 'No']],
  ],
];

function definition(side: [string, string[]][]): {
  meanings: TargetMeaning[];
  contests: TemplateContest[];
} {
  return {
    contests: side.map(([id]) => ({ id, voteFor: 1 })),
    meanings: side.flatMap(([contestId, options]) =>
      options.map((optionId) => ({ contestId, optionId })),
    ),
  };
}

/** The expected reading per contest, as the .txt files write it. */
async function expected(ballot: string): Promise<Map<string, string>> {
  const lines = (await readFile(join(root, `${ballot}_side0.txt`), 'utf8')).split(/\r?\n/);
  const readings = new Map<string, string>();
  for (let i = 0; i + 1 < lines.length; i += 2)
    if (lines[i]?.trim()) readings.set(lines[i]?.trim() ?? '', lines[i + 1]?.trim() ?? '');
  return readings;
}

const page = async (ballot: string, side: number): Promise<GreyImage> =>
  loadPage(await readFile(join(root, `${ballot}_side${side}.png`)), { label: ballot });

describe('Hart tutorial ballots (no timing marks, box targets)', () => {
  const templates: Template[] = [];

  beforeAll(async () => {
    await mkdir(output, { recursive: true });
    // No blank ballot comes with them: each side's template is combined from the four voted
    // sheets, as gentemplates does. The US Rep write-in box is filled on all four.
    for (const [side, contests] of sides.entries()) {
      const pages = await Promise.all(ballots.map((b) => page(b, side)));
      const template = buildTemplateFromExemplars(pages, {
        id: `groupA-side${side}`,
        ...definition(contests),
      });
      templates.push(template);
      await writeFile(join(output, `${template.id}-redline.png`), await renderRedline(template));
    }
  }, 120_000);

  it('registers on the printed frame, not on the barcodes, and finds every box', () => {
    expect(templates.map((t) => t.targets.length)).toEqual([37, 6]);
    for (const t of templates) {
      expect(t.marks.left).toEqual([]);
      expect(t.anchors?.kind).toBe('frame');
      // Boxes are 0.34 × 0.18 in at about 200 dpi.
      for (const target of t.targets) {
        expect(target.width / t.dpi).toBeGreaterThan(0.3);
        expect(target.height / t.dpi).toBeLessThan(0.22);
      }
    }
  });

  it('reads each ballot as its .txt says', async () => {
    for (const ballot of ballots) {
      const want = await expected(ballot);
      const got = new Map<string, string>();
      const gray: string[] = [];
      for (const [side, template] of templates.entries()) {
        const reading = readBallot(await page(ballot, side), template);
        expect(reading.registration.matched, `${ballot} side ${side}`).toBe(
          template.targets.length,
        );
        for (const c of reading.contests) {
          got.set(
            c.contestId,
            c.isOvervote ? 'OVERVOTED' : c.votes.length === 0 ? 'UNDERVOTED' : c.votes.join(','),
          );
          gray.push(...c.gray.map((o) => `${c.contestId}: ${o}`));
        }
      }
      expect(Object.fromEntries(got), ballot).toEqual(Object.fromEntries(want));
      // A_03 has a scribble across a quarter of James Corbett's box beside its Harkey vote
      // (seen on the image): neither blank nor a vote, so it is left for a person.
      expect(gray, ballot).toEqual(
        ballot === 'A_03' ? ['Member of the State Ass. (73): James Corbett'] : [],
      );
    }
  }, 60_000);

  it('reads a sheet fed upside down the same way', async () => {
    const upright = await page('A_02', 0);
    const turned: GreyImage = { ...upright, data: upright.data.slice().reverse() };
    const [template] = templates as [Template];
    const a = readBallot(upright, template);
    const b = readBallot(turned, template);
    expect(b.registration.matched).toBe(template.targets.length);
    expect(b.contests).toEqual(a.contests);
  }, 60_000);
});
