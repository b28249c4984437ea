import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { openCvrFile } from '../../src/cvr/index.js';
import { readCvrFiles } from '../../src/read-cvr.js';
import { collect, realCvrPath } from './fixtures.js';
import { writeZip } from './zip-helpers.js';

const real = (name: string) => readFile(realCvrPath(name));

describe('CVR tables in a zip (as election file sets are uploaded)', () => {
  it('reads an ES&S CVR with its two ballots files from one zip', async () => {
    const zip = await writeZip([
      { name: 'export/ess_cvr.csv', data: await real('ess/ess_cvr.csv') },
      { name: 'export/ess_ballots_1.csv', data: await real('ess/ess_ballots_1.csv') },
      { name: 'export/ess_ballots_2.csv', data: await real('ess/ess_ballots_2.csv') },
    ]);
    const opened = await openCvrFile(zip);
    if (!('reader' in opened)) throw new Error(opened.problem.message);
    const ballots = await collect(opened.reader.ballots);
    expect(opened.reader.format).toBe('ess-csv');
    expect(ballots).toHaveLength(14);
    expect(opened.reader.problems).toEqual([]);
    expect(ballots.find((b) => b.id === '5')).toMatchObject({ tabulator: '2', batch: 'BATCH1' });
  });

  it('reads Dominion CSV, Clear Ballot CSV and an ES&S workbook zipped, several as one', async () => {
    const zip = await writeZip([
      { name: 'a.csv', data: await real('dominion_csv/arlo_dominion_test_cvrs.csv') },
      {
        name: 'b.csv',
        data: await real('dominion_csv/arapahoe_2016_CVR_Export_20170310104116.csv'),
      },
      { name: 'notes.txt', data: 'not a CVR' },
    ]);
    const { files } = await readCvrFiles([zip]);
    expect(files[0]).toMatchObject({ format: 'dominion-csv', ballots: 14 + 165, problems: [] });
    expect(files[0]?.contests).toHaveLength(2 + 83);
    for (const [name, format, count] of [
      ['clearballot_csv/inline_comma_cvr.csv', 'clearballot-csv', 178],
      ['ess/2015_portland_mayor_cvr.xlsx', 'ess-xlsx', 99],
    ] as const) {
      const one = await writeZip([{ name: name.split('/')[1] ?? name, data: await real(name) }]);
      const read = await readCvrFiles([one]);
      expect(read.files[0]).toMatchObject({ format, ballots: count, problems: [] });
    }
  });

  it('says what a zip without any CVR holds', async () => {
    const zip = await writeZip([{ name: 'readme.txt', data: 'hello' }]);
    const opened = await openCvrFile(zip);
    expect('problem' in opened && opened.problem.message).toMatch(
      /unknown CVR layout: the zip holds no Dominion JSON export, no Hart XML and no CVR table/,
    );
  });
});
