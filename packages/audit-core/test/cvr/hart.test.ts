import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { bufferSource, openHartXml, openHartZip, type CvrBallot } from '../../src/cvr/index.js';
import { collect, realCvr, realCvrPath } from './fixtures.js';
import { writeZip } from './zip-helpers.js';

const FILES = [
  '1_0e4cb797-392c-4e64-9034-94694bf97419.xml',
  '1_1a0e576b-0b2d-474d-8d65-89c968b42262.xml',
  '2fbc3df3-749a-420c-91be-e2bde8125830.xml',
];

function byGuid(ballots: CvrBallot[], prefix: string): CvrBallot | undefined {
  return ballots.find((ballot) => ballot.id.startsWith(prefix));
}

describe('Hart per-sheet XML', () => {
  it('reads the three sample sheets despite their byte-order marks', async () => {
    const reader = openHartXml(FILES.map((name) => realCvr(`hart_xml/${name}`)));
    const ballots = await collect(reader.ballots);
    expect(reader.problems).toEqual([]);
    expect(ballots.map((b) => [b.sheet, b.contests.length])).toEqual([
      [1, 8],
      [1, 8],
      [2, 2],
    ]);
    const first = byGuid(ballots, '0e4cb797');
    expect(first).toMatchObject({ batch: '1', record: '15', precinct: 'PRC1-PRC1' });
    const selector = first?.contests[0];
    expect(selector).toMatchObject({ overvotes: 1, conditions: ['Overvoted'] });
    expect(selector?.marks).toHaveLength(2);
    const vote2 = first?.contests[3];
    expect(vote2?.marks.at(-1)).toEqual({
      optionId: 'b9986bf6-a4a2-4f70-9d68-5ec1d799c001',
      rank: 1,
      isVote: true,
      isWriteIn: true,
    });
    expect(first?.contests[5]).toMatchObject({ marks: [], undervotes: 6 });
  });

  it('reads rank strings left to right', async () => {
    const reader = openHartXml([realCvr(`hart_xml/${FILES[1] ?? ''}`)]);
    const [sheet] = await collect(reader.ballots);
    const board = sheet?.contests.find(
      (c) => c.contestId === 'b651b997-417a-46d9-a676-a43d4df94ddc',
    );
    expect(board?.marks.map((m) => m.rank)).toEqual([6, 5, 4, 3, 2, 1]);
    const definition = reader.contests.find((c) => c.name === 'CEDAR PARK SCHOOL BOARD');
    expect(definition).toMatchObject({ ranks: 6, voteFor: 0 });
    expect(definition?.options).toHaveLength(6);
  });

  it('streams the sheets out of a zip and names an entry that is not a CVR', async () => {
    const entries: { name: string; data: Buffer | string }[] = await Promise.all(
      FILES.map(async (name) => ({
        name: `cvrs/${name}`,
        data: await readFile(realCvrPath(`hart_xml/${name}`)),
      })),
    );
    entries.push({ name: 'cvrs/notes.txt', data: 'ignored' });
    entries.push({ name: 'cvrs/broken.xml', data: '<Other/>' });
    const reader = openHartZip(await writeZip(entries));
    const ballots = await collect(reader.ballots);
    expect(ballots).toHaveLength(3);
    expect(reader.contests).toHaveLength(10);
    expect(reader.problems.map((p) => p.message)).toEqual(['cvrs/broken.xml has no <Cvr> element']);
  });

  it('flags the same sheet read twice', async () => {
    const xml = await readFile(realCvrPath(`hart_xml/${FILES[2] ?? ''}`));
    const reader = openHartXml([bufferSource('a.xml', xml), bufferSource('b.xml', xml)]);
    const ballots = await collect(reader.ballots);
    expect(ballots[1]?.duplicateOf).toEqual({ file: 'a.xml' });
    expect(reader.problems[0]?.message).toBe(
      'b.xml: ballot 2fbc3df3-749a-420c-91be-e2bde8125830 duplicates a.xml',
    );
  });

  it('stops inflating an entry far larger than any sheet (zip bomb) and names it', async () => {
    const bomb = Buffer.alloc(17 * 1024 * 1024, 0x20);
    const reader = openHartZip(await writeZip([{ name: 'bomb.xml', data: bomb }]));
    expect(await collect(reader.ballots)).toEqual([]);
    expect(reader.problems.map((p) => [p.code, p.message])).toEqual([
      ['unreadable-file', 'bomb.xml could not be read: bomb.xml is larger than 16777216 bytes'],
    ]);
  });
});
