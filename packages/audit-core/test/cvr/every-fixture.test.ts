import { describe, expect, it } from 'vitest';
import { readCvrFiles } from '../../src/read-cvr.js';
import { realCvrPath } from './fixtures.js';

/**
 * Every real sample (fixtures/real/cvr, copied from ../shared/fixtures/cvr) read as a person
 * checking an export reads it: layout, ballots, repeats, contests and options defined,
 * counting groups, and the problems found.
 */
const CASES: [string, string, number, number, number, number, Record<string, number>, string[]][] =
  [
    [
      'dominion_csv/arapahoe_2016_CVR_Export_20170310104116.csv',
      'dominion-csv',
      165,
      0,
      83,
      202,
      { Mail: 140, 'In Person': 25 },
      [],
    ],
    [
      'dominion_csv/INVALID_duplicate_line_CVR_Export.csv',
      'dominion-csv',
      165,
      1,
      3,
      6,
      { Mail: 140, 'In Person': 25 },
      ['duplicate-ballot'],
    ],
    ['dominion_csv/arlo_dominion_test_cvrs.csv', 'dominion-csv', 14, 0, 2, 5, {}, []],
    [
      'dominion_json/alaska_2024_partial/CvrExport_1731.json',
      'dominion-json',
      3,
      0,
      73,
      209,
      { Absentee: 3 },
      [],
    ],
    [
      'dominion_json/alaska_2024_partial/CvrExport_1732.json',
      'dominion-json',
      8,
      0,
      73,
      209,
      { Absentee: 8 },
      [],
    ],
    [
      'dominion_json/alaska_2024_partial/CvrExport_1733.json',
      'dominion-json',
      1,
      0,
      73,
      209,
      { Absentee: 1 },
      [],
    ],
    ['dominion_json/alaska_2024_partial', 'dominion-json', 12, 0, 73, 209, { Absentee: 12 }, []],
    ['ess/2015_portland_mayor_cvr.xlsx', 'ess-xlsx', 99, 0, 1, 15, {}, []],
    ['ess/ess_cvr.csv', 'ess-csv', 14, 0, 2, 5, {}, []],
    ['clearballot_csv/inline_comma_cvr.csv', 'clearballot-csv', 178, 0, 1, 3, {}, []],
    ['hart_xml', 'hart-xml', 3, 0, 10, 30, {}, []],
    ['hart_xml/1_0e4cb797-392c-4e64-9034-94694bf97419.xml', 'hart-xml', 1, 0, 8, 8, {}, []],
    ['hart_xml/1_1a0e576b-0b2d-474d-8d65-89c968b42262.xml', 'hart-xml', 1, 0, 8, 24, {}, []],
    ['hart_xml/2fbc3df3-749a-420c-91be-e2bde8125830.xml', 'hart-xml', 1, 0, 2, 1, {}, []],
  ];

describe('every real CVR sample', () => {
  it.each(CASES)(
    '%s: %s, %i ballots, %i repeats, %i contests, %i options',
    async (file, format, ballots, duplicates, contests, options, groups, problems) => {
      const { files } = await readCvrFiles([realCvrPath(file)]);
      const read = files[0];
      expect(read).toMatchObject({ format, ballots, duplicates });
      expect(read?.contests).toHaveLength(contests);
      expect(read?.contests.reduce((n, c) => n + c.options.length, 0)).toBe(options);
      expect(read?.countingGroups ?? {}).toEqual(groups);
      expect(read?.problems.map((p) => p.code)).toEqual(problems);
    },
  );

  it('ties the ES&S sample to both ballots files: 14 records, 7 + 7 entries, no problems', async () => {
    const { files } = await readCvrFiles(
      ['ess/ess_cvr.csv', 'ess/ess_ballots_1.csv', 'ess/ess_ballots_2.csv'].map(realCvrPath),
    );
    expect(files).toHaveLength(1);
    expect(files[0]).toMatchObject({ format: 'ess-csv', ballots: 14, problems: [] });
    expect(files[0]?.companions).toHaveLength(2);
  });

  it('reconciles the Arapahoe manifest: 5 batches, 165 ballots, no difference', async () => {
    const { manifests } = await readCvrFiles(
      [
        'dominion_csv/arapahoe_2016_CVR_Export_20170310104116.csv',
        'dominion_csv/arapahoe_2016_ballot_manifest.csv',
      ].map(realCvrPath),
    );
    expect(manifests[0]).toMatchObject({ batches: 5, ballots: 165, problems: [] });
    expect(manifests[0]?.reconciliation.map((b) => [b.batch, b.location, b.difference])).toEqual([
      ['2', 'Bin 22', 0],
      ['800', 'Bin 1', 0],
      ['1200', 'Bin 1', 0],
      ['1600', 'Bin 17', 0],
      ['3200', 'Bin 17', 0],
    ]);
  });

  it('tallies the samples with over- and undervotes named by what they count', async () => {
    const read = async (file: string) => (await readCvrFiles([realCvrPath(file)])).files[0];
    const arlo = await read('dominion_csv/arlo_dominion_test_cvrs.csv');
    expect(
      arlo?.contests.map((c) => [
        c.name,
        c.ballots,
        c.ballotsOvervoted,
        c.overvotedPositions,
        c.undervotedPositions,
        c.options.map((o) => o.votes),
      ]),
    ).toEqual([
      ['Contest 1', 11, 1, 1, 0, [7, 3]],
      ['Contest 2', 14, 1, 2, 2, [12, 5, 7]],
    ]);
    const clear = (await read('clearballot_csv/inline_comma_cvr.csv'))?.contests[0];
    expect(clear?.options.map((o) => [o.name, o.votes])).toEqual([
      ['Simone test Rede', 68],
      ['Write-in-28', 9],
      ['Lisa Simpson', 1],
    ]);
    expect(clear?.perRank).toEqual([
      { rank: 1, ballotsOvervoted: 4, ballotsSkipped: 96 },
      { rank: 2, ballotsOvervoted: 2, ballotsSkipped: 146 },
    ]);
    const mayor = (await read('ess/2015_portland_mayor_cvr.xlsx'))?.contests[0];
    expect(mayor).toMatchObject({ ranks: 15, ballots: 99, ballotsOvervoted: 5 });
    expect(mayor?.perRank?.slice(0, 3)).toEqual([
      { rank: 1, ballotsOvervoted: 1, ballotsSkipped: 2 },
      { rank: 2, ballotsOvervoted: 1, ballotsSkipped: 4 },
      { rank: 3, ballotsOvervoted: 1, ballotsSkipped: 17 },
    ]);
    expect(mayor?.options.reduce((n, o) => n + o.votes, 0)).toBe(96);
  });
});
