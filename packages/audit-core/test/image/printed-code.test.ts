import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTemplate, loadPage, readBallot, type Template } from '../../src/index.js';
import { CardCodeReader, parseCardCode } from '../../src/image/printed-code.js';
import { CardCodes, codeNames } from '../../src/stages/card-codes.js';

const real = join(import.meta.dirname, '../fixtures/real/images');
const cedar = (folder: string, n: number): string =>
  join(
    real,
    'cedar_2012_primary',
    folder,
    `${folder === 'blank' ? '20120608170307744' : '20120608170341327'}_${String(n).padStart(4, '0')}.tif`,
  );
const calhoun = (name: string): string =>
  join(real, 'calhoun_2010_primary', name.startsWith('1199') ? 'blank' : 'voted', `${name}.tif`);
const page = async (file: string) => loadPage(await readFile(file));

describe('parseCardCode', () => {
  it('reads the card and reporting precinct a card prints at its foot', () => {
    expect(parseCardCode('FRONT Card 2 RptPct 10 "Cass/Center/Iowa/Rochester"')).toBe(
      'Card 2 RptPct 10',
    );
    expect(parseCardCode('FRONT Card 24 RptPct 12-10 "12 Scou C"')).toBe('Card 24 RptPct 12-10');
    expect(parseCardCode('FRONT Card l RptPct l-10 "1 BlountC"')).toBe('Card 1 RptPct 1-10');
    // The label's first letter read as a digit (a 150 dpi scan's R): the precinct is still read.
    expect(parseCardCode('FRONT Card 1 8ptPct 10')).toBe('Card 1 RptPct 10');
    // A 1 read as a bracket.
    expect(parseCardCode('a FRONT Card ) RptPct 10')).toBe('Card 1 RptPct 10');
    expect(parseCardCode('FRONT Card } RptPct 10')).toBe('Card 1 RptPct 10');
    expect(parseCardCode('FRONT Card 2) RptPct 20')).toBe('Card 2');
    // Card read with its last letter wrong, as a 150 dpi scan gives it.
    expect(parseCardCode('FRONT Cara 3 RptPct 30')).toBe('Card 3 RptPct 30');
    expect(parseCardCode('FRONT Cad 2 RptPct 20')).toBe('Card 2 RptPct 20');
    expect(parseCardCode('FRONT Carat 1 RptPet 10')).toBe('Card 1 RptPct 10');
    // A bracket glued to the label is no number: the precinct is not read.
    expect(parseCardCode('FRONT Carg 2 RptPc) 20')).toBe('Card 2');
    expect(parseCardCode('Style S1 Card 1')).toBe('Card 1');
    expect(parseCardCode('Official Ballot')).toBeUndefined();
    expect(parseCardCode('Cardinal 5')).toBeUndefined();
  });
});

describe('codeNames', () => {
  it('names a style by its whole code, or by its card alone where the precinct was not read', () => {
    expect(codeNames('Card 3 RptPct 30', 'Card 3 RptPct 30')).toBe(true);
    expect(codeNames('Card 3', 'Card 3 RptPct 30')).toBe(true);
    // A misread precinct, or another card whose number starts alike, names no style.
    expect(codeNames('Card 3 RptPct 36', 'Card 3 RptPct 30')).toBe(false);
    expect(codeNames('Card 3', 'Card 30 RptPct 10')).toBe(false);
    expect(codeNames(undefined, 'Card 3 RptPct 30')).toBe(false);
  });
});

describe('printed card codes on real scans', () => {
  const reader = new CardCodeReader();
  // Cedar's blanks, as their feet print them (read by eye).
  const CEDAR_CODES = [
    'Card 1 RptPct 10',
    'Card 5 RptPct 70',
    'Card 2 RptPct 10',
    'Card 2 RptPct 70',
  ];
  // Styles of Cedar's voted ballots, by eye (as test/image/real-scans.test.ts).
  const CEDAR_STYLES = [3, 4, 3, 4, 3, 4, 1, 2, 1, 2, 1, 2, 1, 2];
  const templates: Template[] = [];

  beforeAll(async () => {
    for (let n = 1; n <= 4; n += 1)
      templates.push(buildTemplate(await page(cedar('blank', n)), { id: `cedar-${n}` }));
  }, 120_000);
  afterAll(() => reader.close());

  it('reads each Cedar blank’s code at its foot', async () => {
    const found = [];
    for (const t of templates) found.push((await reader.onTemplate(t.image))?.code);
    expect(found).toEqual(CEDAR_CODES);
  }, 120_000);

  it('reads on each voted Cedar sheet the code of its blank, where the blank prints it', async () => {
    const read: (string | undefined)[] = [];
    for (let n = 1; n <= 14; n += 1) {
      const sheet = await page(cedar('voted', n));
      const template = templates[(CEDAR_STYLES[n - 1] ?? 1) - 1] as Template;
      const { registration } = readBallot(sheet, template);
      const place = (await reader.onTemplate(template.image))?.place;
      expect(place).toBeDefined();
      read.push(place && (await reader.onPage(sheet, registration.transform, place)));
    }
    // A code the recognizer misreads names no style; it is never another style's code.
    const own = CEDAR_STYLES.map((s) => CEDAR_CODES[s - 1]);
    read.forEach((code, i) => {
      if (code !== own[i]) expect(CEDAR_CODES, `sheet ${i + 1} read ${code}`).not.toContain(code);
    });
    expect(read.filter((code, i) => code === own[i]).length).toBeGreaterThanOrEqual(13);
  }, 240_000);

  it('reads Calhoun’s codes where its cards print one, and none where they do not', async () => {
    const blanks = ['1199_001', '1199_002', '1199_004'];
    const codes = [];
    const made = new Map<string, Template>();
    for (const id of blanks) {
      const image = await page(calhoun(id));
      codes.push((await reader.onTemplate(image))?.code);
      made.set(id, buildTemplate(image, { id }));
    }
    expect(codes).toEqual([undefined, 'Card 3 RptPct 1-10', 'Card 2 RptPct 1-10']);
    // Voted sheets of blanks 002 and 004, the first of another printing (dotted timing marks).
    const voted: [string, string][] = [
      ['1200_002', '1199_002'],
      ['1200_007', '1199_004'],
      ['1200_008', '1199_004'],
    ];
    for (const [sheet, blank] of voted) {
      const image = await page(calhoun(sheet));
      const template = made.get(blank) as Template;
      const { registration } = readBallot(image, template);
      const place = (await reader.onTemplate(template.image))?.place as NonNullable<
        Awaited<ReturnType<CardCodeReader['onTemplate']>>
      >['place'];
      expect(await reader.onPage(image, registration.transform, place), sheet).toBe(
        codes[blanks.indexOf(blank)],
      );
    }
  }, 240_000);

  it('settles a sheet on the style its code names when the images cannot tell the styles', async () => {
    // As if the two Republican cards printed alike: a Card 5 sheet first read on Card 1.
    const [card1, card5] = templates as [Template, Template];
    const codes = new CardCodes({
      templates: [card1, card5],
      byId: new Map([
        [card1.id, card1],
        [card5.id, card5],
      ]),
      laterSides: new Map(),
      alike: () => true,
      read: {},
    });
    try {
      const sheet = await page(cedar('voted', 8));
      const reading = readBallot(sheet, card1);
      const settled = await codes.settle(sheet, { used: card1, reading, doubtful: true });
      expect(settled?.code).toBe('Card 5 RptPct 70');
      expect(settled?.front.used).toBe(card5);
      expect(settled?.front.doubtful).toBe(false);
      expect(settled?.front.reading.templateId).toBe(card5.id);
      // A Card 1 sheet read on its own style is confirmed by its code.
      const own = await page(cedar('voted', 7));
      const confirmed = await codes.settle(own, {
        used: card1,
        reading: readBallot(own, card1),
        doubtful: true,
      });
      expect(confirmed?.front.used).toBe(card1);
      expect(confirmed?.front.doubtful).toBe(false);
      expect([codes.read, codes.named]).toEqual([2, 2]);
    } finally {
      await codes.close();
    }
  }, 240_000);
});
