import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  CvrTally,
  detectCvrLayout,
  fileSource,
  openCvrFile,
  openDominionCsv,
  openDominionJsonDirectory,
  type CvrBallot,
  type CvrReader,
} from '../../src/cvr/index.js';
import { testTempDir } from '../temp-dir.js';
import { collect, realCvrPath } from './fixtures.js';
import { writeZip } from './zip-helpers.js';

// Exports written as the vendors' documented variations (fixtures/variants/SOURCES.md says
// where each comes from), read as a county's files would be: detected, then opened.

const variant = (name: string): string =>
  fileURLToPath(new URL(`../fixtures/variants/${name}`, import.meta.url));

async function open(path: string, companions: string[] = []): Promise<CvrReader> {
  const opened = await openCvrFile(path, companions.length ? { companions } : {});
  if ('problem' in opened) throw new Error(opened.problem.message);
  return opened.reader;
}

/** What a stage takes from a ballot: ids, metadata and votes. */
const shape = (b: CvrBallot): unknown => [
  b.id,
  b.tabulator,
  b.batch,
  b.record,
  b.style,
  b.precinctPortion,
  b.contests.map((c) => [c.contestId, c.marks.map((m) => m.optionId), c.overvotes, c.undervotes]),
];

describe('Dominion CSV variants', () => {
  it('reads a byte-order mark, CRLF and ="…" in every cell as the plain export, on both paths', async () => {
    const plain = await open(realCvrPath('dominion_csv/arlo_dominion_test_cvrs.csv'));
    const expected = (await collect(plain.ballots)).map(shape);
    expect(
      await detectCvrLayout(fileSource(variant('dominion_bom_crlf_excel_every_cell.csv'))),
    ).toEqual({ layout: 'dominion-csv' });
    for (const path of ['bytes', 'text'] as const) {
      const source = fileSource(variant('dominion_bom_crlf_excel_every_cell.csv'));
      const reader = await openDominionCsv(source, { path });
      expect((await collect(reader.ballots)).map(shape)).toEqual(expected);
      expect(reader.election).toEqual({ name: 'Test Audit CVR Upload', version: '5.2.16.1' });
      expect(reader.contests).toEqual(plain.contests);
      expect(reader.problems).toEqual([]);
    }
  });

  it('reads an UniqueVotingIdentifier column and rows without an imprinted id', async () => {
    const reader = await open(variant('dominion_unique_voting_identifier.csv'));
    const ballots = await collect(reader.ballots);
    expect(ballots).toHaveLength(15);
    expect(reader.problems).toEqual([]);
    expect(ballots[7]).toMatchObject({
      id: 'TABULATOR2-BATCH1-2',
      cvrNumber: '8',
      imprintedId: undefined,
      contests: [
        { contestId: 'Contest 1', marks: [{ optionId: 'Choice 1-1' }] },
        { contestId: 'Contest 2', marks: [{ optionId: 'Choice 2-1' }, { optionId: 'Choice 2-3' }] },
      ],
    });
  });

  it('reads a contest heading broken over two lines, and the counting group', async () => {
    const reader = await open(variant('dominion_newline_in_contest_header.csv'));
    const ballots = await collect(reader.ballots);
    expect(reader.contests.map((c) => [c.name, c.voteFor, c.options.length])).toEqual([
      ['Contest 1', 1, 2],
      ['Contest 2', 2, 3],
    ]);
    // Rows are physical lines: the heading's line break makes the first ballot line 7.
    expect(ballots.map((b) => b.source.row)).toEqual(Array.from({ length: 15 }, (_, i) => i + 7));
    expect(ballots.filter((b) => b.countingGroup === 'Mail').map((b) => b.id)).toEqual([
      'TABULATOR2-BATCH1-2',
      'TABULATOR2-BATCH1-3',
    ]);
    expect(reader.problems).toEqual([]);
  });

  it('reads metadata columns in any order, a contest no ballot holds and trailing commas', async () => {
    for (const path of ['bytes', 'text'] as const) {
      const source = fileSource(variant('dominion_columns_reordered_empty_contest.csv'));
      const reader = await openDominionCsv(source, { path });
      const ballots = await collect(reader.ballots);
      expect(reader.problems).toEqual([]);
      expect(ballots.map((b) => [b.id, b.style, b.countingGroup, b.contests.length])).toEqual([
        ['TABULATOR1-BATCH1-1', 'COUNTY', 'Election Day', 2],
        ['TABULATOR1-BATCH1-2', 'COUNTY', 'Election Day', 2],
        ['TABULATOR1-BATCH2-1', 'COUNTY', 'Mail', 2],
        ['TABULATOR2-BATCH1-1', 'CITY', 'Mail', 1],
        ['TABULATOR2-BATCH1-2', 'CITY', 'Mail', 1],
      ]);
      const tally = new CvrTally(() => reader.contests);
      for (const ballot of ballots) tally.add(ballot);
      expect(tally.result().map((c) => [c.name, c.ballots, c.options.map((o) => o.votes)])).toEqual(
        [
          ['Contest 1', 3, [1, 2]],
          ['Contest 2', 5, [4, 2, 2]],
          ['Contest 3', 0, [0, 0]],
        ],
      );
    }
  });
});

const ALASKA = 'dominion_json/alaska_2024_partial';

describe('Dominion JSON variants', () => {
  /** The Alaska sample's sessions, one file each, as `CvrExport_N.json` with N from 1. */
  async function splitAlaska(
    edit: (session: Record<string, unknown>) => unknown = (s) => s,
  ): Promise<{ name: string; data: string }[]> {
    const dir = realCvrPath(ALASKA);
    const files: { name: string; data: string }[] = [];
    let n = 0;
    for (const name of (await readdir(dir)).sort()) {
      const text = await readFile(join(dir, name), 'utf8');
      if (!name.startsWith('CvrExport')) {
        files.push({ name, data: text });
        continue;
      }
      const exported = JSON.parse(text) as { Sessions: Record<string, unknown>[] };
      for (const session of exported.Sessions) {
        n += 1;
        const one = { ...exported, Sessions: [edit(session)] };
        // Pretty-printed over CRLF lines, after a byte-order mark.
        const data = `\ufeff${JSON.stringify(one, null, 2).replace(/\n/g, '\r\n')}`;
        files.push({ name: `CvrExport_${n}.json`, data });
      }
    }
    return files;
  }

  it('reads an export split into a file per session, zipped, in the order of the numbers', async () => {
    const whole = await collect((await openDominionJsonDirectory(realCvrPath(ALASKA))).ballots);
    const files = await splitAlaska();
    expect(files.filter((f) => f.name.startsWith('CvrExport'))).toHaveLength(12);
    // Manifests on both sides of the exports in the zip, as a county's zip may list them.
    const reader = await open(await writeZip(files));
    const ballots = await collect(reader.ballots);
    expect(reader.problems).toEqual([]);
    expect(ballots.map(shape)).toEqual(whole.map(shape));
    const folder = await testTempDir('scrutineer-cvr-');
    for (const f of files) await writeFile(join(folder, f.name), f.data);
    // In a folder, CvrExport_2 is read before CvrExport_10.
    const fromFolder = await open(folder);
    expect((await collect(fromFolder.ballots)).map((b) => [b.id, b.source.file])).toEqual(
      whole.map((b, i) => [b.id, `CvrExport_${i + 1}.json`]),
    );
  });

  it('reads versions that hold their contests without cards (earlier releases)', async () => {
    const whole = await collect((await openDominionJsonDirectory(realCvrPath(ALASKA))).ballots);
    const uncarded = (version: unknown): unknown => {
      const v = version as { Cards: { Contests: unknown[] }[] };
      const { Cards, ...rest } = v;
      return { ...rest, Contests: Cards.flatMap((card) => card.Contests) };
    };
    const files = await splitAlaska((session) => ({
      ...session,
      Original: uncarded(session.Original),
      ...(session.Modified ? { Modified: uncarded(session.Modified) } : {}),
    }));
    const reader = await open(await writeZip(files));
    const ballots = await collect(reader.ballots);
    expect(reader.problems).toEqual([]);
    expect(ballots.map(shape)).toEqual(whole.map(shape));
    expect(ballots.every((b) => b.sheet === undefined)).toBe(true);
  });
});

describe('ES&S variants', () => {
  const ballotsFiles = [realCvrPath('ess/ess_ballots_1.csv'), realCvrPath('ess/ess_ballots_2.csv')];

  it('reads a CVR with a column before Cast Vote Record and a Tabulator CVR column', async () => {
    const path = variant('ess_cvr_tabulator_cvr_column.csv');
    expect(await detectCvrLayout(fileSource(path))).toEqual({ layout: 'ess-csv' });
    const alone = await open(path);
    const ballots = await collect(alone.ballots);
    expect(alone.contests.map((c) => c.name)).toEqual(['Contest 1', 'Contest 2']);
    expect(ballots).toHaveLength(14);
    // The 10-digit Tabulator CVR is 4 digits of tabulator and 6 of record, as in ballots files.
    expect(ballots[0]).toMatchObject({ id: '1', tabulator: '1', record: '13415' });
    const paired = await open(path, ballotsFiles);
    const joined = await collect(paired.ballots);
    expect(paired.problems).toEqual([]);
    expect(joined[0]).toMatchObject({ id: '1', tabulator: '1', batch: 'BATCH1', record: '13415' });
  });

  it.each([
    ['ess_ballots_no_metadata_rows.csv', ['1', 'BATCH1', '13415']],
    ['ess_ballots_machine_no_metadata_rows.csv', ['1', 'BATCH1', '7074480632']],
  ])('pairs ballots files with no preamble rows (%s)', async (name, first) => {
    const path = variant(name);
    expect(await detectCvrLayout(fileSource(path))).toEqual({ layout: 'ess-ballots' });
    const reader = await open(realCvrPath('ess/ess_cvr.csv'), [path]);
    const ballots = await collect(reader.ballots);
    expect(reader.problems).toEqual([]);
    expect(ballots).toHaveLength(14);
    expect([ballots[0]?.tabulator, ballots[0]?.batch, ballots[0]?.record]).toEqual(first);
    expect(ballots.at(-1)).toMatchObject({ id: '15', batch: 'BATCH2', tabulator: '2' });
  });

  it('reads a byte-order mark, CRLF, a vote-for-2 contest and write-ins', async () => {
    const path = variant('ess_cvr_bom_crlf_write_ins.csv');
    expect(await detectCvrLayout(fileSource(path))).toEqual({ layout: 'ess-csv' });
    const reader = await open(path);
    const ballots = await collect(reader.ballots);
    expect(reader.problems).toEqual([]);
    expect(reader.contests.map((c) => [c.name, c.voteFor])).toEqual([
      ['Mayor', 1],
      ['Council', 2],
    ]);
    expect(ballots.map((b) => b.id)).toEqual(['1', '2', '3', '4']);
    expect(ballots[0]?.contests[1]?.marks).toEqual([
      { optionId: 'Cy Ode', rank: 1, isVote: true },
      { optionId: 'Write-in', rank: 1, isVote: true, isWriteIn: true },
    ]);
    expect(ballots[1]?.contests[0]?.marks).toEqual([
      { optionId: 'Write-In', rank: 1, isVote: true, isWriteIn: true },
    ]);
    expect(ballots[2]?.contests.map((c) => [c.marks.map((m) => m.optionId), c.overvotes])).toEqual([
      [['Lee, Ann'], 0],
      [[], 2],
    ]);
    expect(ballots[3]?.contests.map((c) => c.undervotes)).toEqual([1, 2]);
  });
});

describe('Hart and Clear Ballot variants', () => {
  it('reads a Hart sheet whose elements carry a namespace prefix', async () => {
    const path = variant('hart_prefixed_namespace.xml');
    expect(await detectCvrLayout(fileSource(path))).toEqual({ layout: 'hart-xml' });
    const reader = await open(path);
    const ballots = await collect(reader.ballots);
    expect(reader.problems).toEqual([]);
    expect(ballots).toHaveLength(1);
    expect(ballots[0]).toMatchObject({
      id: '2fbc3df3-749a-420c-91be-e2bde8125830',
      batch: '1',
      record: '6',
      sheet: 2,
      precinct: '101',
    });
    expect(ballots[0]?.contests.map((c) => [c.marks.length, c.undervotes])).toEqual([
      [0, 1],
      [1, 0],
    ]);
  });

  it('reads a Clear Ballot export with a byte-order mark, CRLF and a comma in a contest', async () => {
    const path = variant('clearballot_bom_crlf_vote_for.csv');
    expect(await detectCvrLayout(fileSource(path))).toEqual({ layout: 'clearballot-csv' });
    const reader = await open(path);
    const ballots = await collect(reader.ballots);
    expect(reader.problems).toEqual([]);
    expect(reader.contests.map((c) => [c.name, c.voteFor, c.options.length])).toEqual([
      ['City of Portland, Auditor', 1, 2],
      ['Contest 2', 2, 3],
    ]);
    expect(ballots.map((b) => [b.id, b.tabulator, b.batch, b.record])).toEqual([
      ['1-1-1', 'TABULATOR1', 'BATCH1', '1'],
      ['1-1-2', 'TABULATOR1', 'BATCH1', '2'],
      ['1-1-3', 'TABULATOR1', 'BATCH1', '3'],
      ['2-1-1', 'TABULATOR2', 'BATCH2', '1'],
    ]);
    expect(ballots[2]?.contests.map((c) => c.overvotes)).toEqual([1, 2]);
    expect(ballots[3]?.contests.map((c) => c.contestId)).toHaveLength(1);
  });
});
