import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bufferSource, detectCvrLayout, openCvrFile } from '../../src/cvr/index.js';
import { collect, realCvr, realCvrPath } from './fixtures.js';
import { writeZip } from './zip-helpers.js';
import { testTempDir } from '../temp-dir.js';

const SAMPLES: [string, string][] = [
  ['dominion_csv/arapahoe_2016_CVR_Export_20170310104116.csv', 'dominion-csv'],
  ['dominion_csv/arlo_dominion_test_cvrs.csv', 'dominion-csv'],
  ['dominion_csv/arapahoe_2016_ballot_manifest.csv', 'ballot-manifest'],
  ['dominion_json/alaska_2024_partial/CvrExport_1732.json', 'dominion-json'],
  ['dominion_json/alaska_2024_partial/ContestManifest.json', 'dominion-json-manifest'],
  ['ess/ess_cvr.csv', 'ess-csv'],
  ['ess/ess_ballots_1.csv', 'ess-ballots'],
  ['ess/2015_portland_mayor_cvr.xlsx', 'ess-xlsx'],
  ['clearballot_csv/inline_comma_cvr.csv', 'clearballot-csv'],
  ['hart_xml/2fbc3df3-749a-420c-91be-e2bde8125830.xml', 'hart-xml'],
];

async function unknownFile(name: string, text: string): Promise<string> {
  const path = join(await testTempDir('scrutineer-cvr-'), name);
  await writeFile(path, text);
  return path;
}

describe('detectCvrLayout', () => {
  it.each(SAMPLES)('knows %s as %s', async (path, layout) => {
    expect(await detectCvrLayout(realCvr(path))).toEqual({ layout });
  });

  it('names an unknown layout clearly, quoting its first row', async () => {
    const detected = await detectCvrLayout(bufferSource('votes.csv', 'Voter,Choice\nA,B\n'));
    expect(detected).toEqual({
      problem: {
        code: 'unknown-layout',
        severity: 'error',
        file: 'votes.csv',
        row: 1,
        message:
          'votes.csv: unknown CVR layout: it is none of Dominion CVR_Export CSV, Dominion JSON, ' +
          'ES&S CSV or XLSX, Clear Ballot CSV or Hart XML (row 1 reads "Voter,Choice")',
      },
    });
  });
});

describe('openCvrFile', () => {
  it('opens every kind of sample by looking at it', async () => {
    const counts: Record<string, number> = {};
    for (const path of [
      'dominion_csv/arapahoe_2016_CVR_Export_20170310104116.csv',
      'dominion_json/alaska_2024_partial',
      'dominion_json/alaska_2024_partial/CvrExport_1731.json',
      'ess/2015_portland_mayor_cvr.xlsx',
      'clearballot_csv/inline_comma_cvr.csv',
      'hart_xml',
    ]) {
      const opened = await openCvrFile(realCvrPath(path));
      if (!('reader' in opened)) throw new Error(opened.problem.message);
      counts[path] = (await collect(opened.reader.ballots)).length;
    }
    expect(Object.values(counts)).toEqual([165, 12, 3, 99, 178, 3]);
  });

  it('opens Dominion JSON and Hart exports inside zips', async () => {
    const dir = 'dominion_json/alaska_2024_partial';
    const names = ['ContestManifest.json', 'CandidateManifest.json', 'CvrExport_1732.json'];
    const dominion = await writeZip(
      await Promise.all(
        names.map(async (name) => ({ name, data: await readFile(realCvrPath(`${dir}/${name}`)) })),
      ),
    );
    const opened = await openCvrFile(dominion);
    expect('reader' in opened && opened.reader.format).toBe('dominion-json');
    if ('reader' in opened) expect(await collect(opened.reader.ballots)).toHaveLength(8);
    const hart = await writeZip([
      {
        name: 'a.xml',
        data: await readFile(realCvrPath('hart_xml/2fbc3df3-749a-420c-91be-e2bde8125830.xml')),
      },
    ]);
    const openedHart = await openCvrFile(hart);
    expect('reader' in openedHart && openedHart.reader.format).toBe('hart-xml');
  });

  it('gives a problem, not an exception, for unknown files, zips and companions', async () => {
    const results = await Promise.all([
      openCvrFile(await unknownFile('votes.csv', 'Voter,Choice\nA,B\n')),
      openCvrFile(await writeZip([{ name: 'readme.txt', data: 'hello' }])),
      openCvrFile(realCvrPath('ess/ess_ballots_2.csv')),
    ]);
    expect(results.map((r) => ('problem' in r ? r.problem.code : 'opened'))).toEqual([
      'unknown-layout',
      'unknown-layout',
      'unknown-layout',
    ]);
    const messages = results.map((r) => ('problem' in r ? r.problem.message : ''));
    expect(messages[1]).toBe(
      'archive.zip: unknown CVR layout: the zip holds no Dominion JSON export, no Hart XML and no CVR table (Dominion, ES&S or Clear Ballot CSV, ES&S workbook)',
    );
    expect(messages[2]).toBe(
      'ess_ballots_2.csv is an ES&S ballots file: pass it with the CVR it belongs to',
    );
  });
});
