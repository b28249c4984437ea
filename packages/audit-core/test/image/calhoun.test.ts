import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  buildTemplate,
  findTimingMarks,
  loadPage,
  matchStyle,
  NoStyleFitsError,
  readBallot,
  UNEXPLAINED_PRINTING,
  type Template,
} from '../../src/index.js';

const root = join(import.meta.dirname, '../fixtures/real/images/calhoun_2010_primary');

/**
 * Voted ballot → blank of its style, read by eye from each heading (party, precincts, district)
 * and, where printed, the card number at the foot (`FRONT Card N`). The blanks: 001 Democratic,
 * precincts 1, 7 & 8; 002 Democratic 1C; 003 nonpartisan 1, 7 & 8; 004 Republican 1C; 005
 * Republican 1, 7 & 8; 006 Democratic 2, 3 & 4; 007 Democratic 4C; 008 nonpartisan 2, 3 & 4; 009
 * nonpartisan 4C; 010 Republican 2, 3 & 4; 011 Republican 4C; 012 Democratic 5 & 6; 013
 * nonpartisan 5 & 6; 014 Republican 5 & 6; 015 Democratic 12C; 016 Democratic 11A & 12; 017
 * nonpartisan 12C; 018 nonpartisan 11A & 12; 019 Republican 12C; 020 Republican 11A & 12; 021
 * Democratic 13C; 022 Democratic 9, 10, 11B & 13; 023 nonpartisan 13C; 024 nonpartisan 9, 10,
 * 11B & 13; 025 Republican 13C; 026 Republican 9, 10, 11B & 13.
 * Ballots 004 and 005 (nonpartisan, precinct 1C) have no blank of their style: `null`.
 */
const styles: Record<string, string | null> = {
  '1200_001': '1199_001', // Democratic, precincts 1, 7 & 8
  '1200_002': '1199_002', // Democratic, precinct 1C (another printing: dotted timing marks)
  '1200_003': '1199_002',
  '1200_004': null,
  '1200_005': null,
  '1200_006': '1199_003', // nonpartisan, precincts 1, 7 & 8
  '1200_007': '1199_004', // Republican, precinct 1C
  '1200_008': '1199_004', // Republican, precinct 1C (Card 2, as the blank)
  '1200_009': '1199_005', // Republican, precincts 1, 7 & 8
  '1200_010': '1199_006', // Democratic, precincts 2, 3 & 4
  '1200_011': '1199_006',
  '1200_012': '1199_007', // Democratic, precinct 4C
  '1200_013': '1199_007',
  '1200_014': '1199_007',
  '1200_015': '1199_008', // nonpartisan, precincts 2, 3 & 4
  '1200_016': '1199_009', // nonpartisan, precinct 4C
  '1200_017': '1199_010', // Republican, precincts 2, 3 & 4
  '1200_018': '1199_011', // Republican, precinct 4C
  '1200_019': '1199_012', // Democratic, precincts 5 & 6
  '1200_020': '1199_013', // nonpartisan, precincts 5 & 6
  '1200_021': '1199_013',
  '1200_022': '1199_013',
  '1200_023': '1199_013',
  '1200_024': '1199_014', // Republican, precincts 5 & 6
  '1200_025': '1199_015', // Democratic, precinct 12C
  '1200_026': '1199_016', // Democratic, precincts 11A & 12
  '1200_027': '1199_017', // nonpartisan, precinct 12C
  '1200_028': '1199_018', // nonpartisan, precincts 11A & 12
  '1200_029': '1199_018',
  '1200_030': '1199_018',
  '1200_031': '1199_019', // Republican, precinct 12C
  '1200_032': '1199_020', // Republican, precincts 11A & 12
  '1200_033': '1199_021', // Democratic, precinct 13C (Card 27, as the blank)
  '1200_034': '1199_022', // Democratic, precincts 9, 10, 11B & 13
  '1200_035': '1199_023', // nonpartisan, precinct 13C (Card 25, as the blank)
  '1200_036': '1199_024', // nonpartisan, precincts 9, 10, 11B & 13
  '1200_037': '1199_024',
  '1200_038': '1199_025', // Republican, precinct 13C (Card 26, as the blank)
  '1200_039': '1199_026', // Republican, precincts 9, 10, 11B & 13
};

/**
 * Marks checked on the images, as target numbers of the ballot's blank in layout order (the
 * left column, then the middle, then the right, each top to bottom): the targets read as votes,
 * and those read gray. Many ovals lie under the large SAMPLE print, which a 1-bit scanner keeps
 * as dense specks: where it crosses part of an oval, the paper it leaves inside is read; where
 * it covers the whole inside, the oval is found but a mark cannot be told from the print, and
 * it reads gray on every ballot, for a person to decide.
 */
const checked: Record<string, { votes: number[]; gray: number[] }> = {
  // Blank 1199_002: Senate 1–4, Congress 5–6, Governor 7 (Moore, under the print, its inside
  // partly clear) and 8, Attorney General 9–10; State Senate 11–12, Circuit Judge 13–14 (both
  // under the print; Reiter's inside covered), Blountstown Mayor 15–16, Council 17–18.
  '1200_002': { votes: [1, 5, 7, 10, 11, 15, 17], gray: [14] }, // Reiter marked
  '1200_003': { votes: [1, 5, 7, 9, 12, 16, 17], gray: [14] }, // Reiter marked
  // Blank 1199_007: Senate 1–4, Congress 5–6, Governor 7 (Moore) and 8, Attorney General 9–10;
  // State Senate 11–12, Commissioner 13 (Hunt) and 14 (Wyrick, covered), Circuit Judge 15–16,
  // School Board 17–18; Altha Mayor 19–20 (Johnston, covered). Marked: Moore, Hunt, Wyrick,
  // Johnston, every one under the print.
  '1200_014': { votes: [7, 13], gray: [14, 20] },
  // Blank 1199_015: Senate 1–4, Congress 5–6, Governor 7 (Moore) and 8, Attorney General 9–10;
  // State Senate 11–12, Commissioner 13 (Dawson, covered), 14 (Grant) and 15, Circuit Judge
  // 16–17, Blountstown Mayor 18–19; Council 20 (Blair, covered) and 21 (Griffin). Marked:
  // Moore, Dawson, Grant, Blair, Griffin.
  '1200_025': { votes: [7, 14, 21], gray: [13, 20] },
  // Blank 1199_017: Commissioner 1–3, Circuit Judge 4–5, Blountstown Mayor 6 (Bailey) and 7
  // (Deason), Council 8–9. Marked: Bailey, Deason, both under the print.
  '1200_027': { votes: [6, 7], gray: [] },
};

async function pages(folder: string): Promise<{ name: string; buffer: Buffer }[]> {
  const names = (await readdir(join(root, folder))).filter((n) => n.endsWith('.tif')).sort();
  return Promise.all(
    names.map(async (name) => ({ name, buffer: await readFile(join(root, folder, name)) })),
  );
}

describe('Calhoun County 2010 primary scans', () => {
  const templates: Template[] = [];

  beforeAll(async () => {
    for (const { name, buffer } of await pages('blank'))
      templates.push(buildTemplate(await loadPage(buffer), { id: name.replace('.tif', '') }));
  }, 120_000);

  it('finds the timing marks printed as small square dots', async () => {
    const page = await loadPage(await readFile(join(root, 'voted/1200_002.tif')));
    const marks = findTimingMarks(page);
    expect([marks.left.length, marks.right.length]).toEqual([41, 41]);
    const pitch = (marks.left.at(-1)!.y - marks.left[0]!.y) / 40;
    expect(pitch).toBeGreaterThan(45);
    expect(pitch).toBeLessThan(55);
  });

  it('finds every oval of the blanks, those under the SAMPLE print too', () => {
    // Ovals counted on the images, and (by number) those whose inside the print covers whole.
    const counted: Record<string, { all: number; covered: number[] }> = {
      '1199_002': { all: 18, covered: [14] }, // print across Moore, Mallory; Reiter covered
      '1199_007': { all: 20, covered: [14, 20] }, // across Moore, Hunt; Wyrick, Johnston covered
      '1199_015': { all: 21, covered: [13, 20] }, // across Moore, Grant, Smith, Griffin; Dawson, Blair covered
      '1199_017': { all: 9, covered: [] }, // across Bailey and Deason
    };
    for (const [id, { all, covered }] of Object.entries(counted)) {
      const template = templates.find((t) => t.id === id);
      expect(template?.targets.length, id).toBe(all);
      const obscured = template?.targets.filter((t) => t.isObscured).map((t) => t.index + 1);
      expect(obscured, id).toEqual(covered);
    }
  });

  it('gives each voted ballot the style of its blank among 26, or none, and reads its marks', async () => {
    expect(templates).toHaveLength(26);
    const voted = await pages('voted');
    expect(voted).toHaveLength(Object.keys(styles).length);
    for (const { name, buffer } of voted) {
      const id = name.replace('.tif', '');
      const page = await loadPage(buffer);
      if (styles[id] === null) {
        // The nearest blank lacks a whole contest box of the page: no style, not a wrong one.
        expect(() => matchStyle(page, templates), id).toThrow(NoStyleFitsError);
        continue;
      }
      const match = matchStyle(page, templates);
      expect(match.template.id, id).toBe(styles[id]);
      expect(match.unexplained, id).toBeLessThan(UNEXPLAINED_PRINTING / 4);
      const reading = readBallot(page, match.template, { marks: match.marks });
      expect(reading.registration.matched, id).toBe(82);
      const numbers = (decision: string): number[] =>
        reading.targets.filter((t) => t.decision === decision).map((t) => t.index + 1);
      const expected = checked[id];
      if (expected) expect({ votes: numbers('vote'), gray: numbers('gray') }, id).toEqual(expected);
      // Every ballot's marks are read: some vote on each.
      expect(numbers('vote').length, id).toBeGreaterThan(0);
      // Pen marks on 1-bit scans: each target clearly paper or clearly ink, none left gray,
      // but for the ovals the print covers whole, which are gray on every ballot.
      for (const t of reading.targets) {
        if (match.template.targets[t.index]?.isObscured) {
          expect(t.decision, id).toBe('gray');
          continue;
        }
        expect(t.fill < 0.15 || t.fill > 0.3, `${id} ${t.index + 1}`).toBe(true);
        expect(t.decision === 'vote' || t.decision === 'blank', id).toBe(true);
      }
    }
  }, 600_000);
});
