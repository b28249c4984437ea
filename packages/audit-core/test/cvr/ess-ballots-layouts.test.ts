import { cp, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  bufferSource,
  detectCvrLayout,
  openDominionJsonDirectory,
  openEssCsv,
} from '../../src/cvr/index.js';
import { testTempDir } from '../temp-dir.js';
import { collect, realCvr, realCvrPath } from './fixtures.js';

// The newer ballots-file layout: Machine, Audit Number and Poll Place columns, a 16-hex
// Tabulator CVR, exceptions listed in one quoted cell.
const NEWER = [
  'Ballots,,,,,,,,,,,,',
  'GEN2111,,,,,,,,,,,,',
  '"Test County,Test State",,,,,,,,,,,,',
  ',,,,,,,,,,,,',
  'Cast Vote Record,Machine,Batch,Audit Number,Ballot Status,Original Ballot Exceptions,Remaining Ballot Exceptions,Write-in Type,Results Report,Reporting Group,Poll Place,Tabulator CVR,Precinct ID',
  '1,0001,BATCH1,1,Not Reviewed,,,,Y,Election Day,Hall 1,ca7b2e51fb4a7c0e,p',
  '2,0001,BATCH1,2,Not Reviewed,"Undervote, Overvote","Undervote, Overvote",,Y,Election Day,Hall 1,3f8c10aa92bd4e61,p',
  '3,0002,BATCH2,1,Not Reviewed,Undervote,,,Y,Election Day,Hall 2,0b5d9e7c6a3f2811,p',
  'Total : 3,,,,,,,,,,,,',
].join('\n');

describe('ES&S ballots files', () => {
  it('reads the newer layout: machine as tabulator, audit number as record', async () => {
    const source = bufferSource('ballots-new.csv', NEWER);
    expect(await detectCvrLayout(source)).toEqual({ layout: 'ess-ballots' });
    const cvr = bufferSource(
      'cvr.csv',
      'Cast Vote Record,Precinct,Ballot Style,C\n1,p,s,A\n2,p,s,overvote\n3,p,s,undervote\n',
    );
    const reader = await openEssCsv(cvr, { ballots: [source] });
    const ballots = await collect(reader.ballots);
    expect(reader.problems).toEqual([]);
    expect(ballots.map((b) => [b.id, b.tabulator, b.batch, b.record])).toEqual([
      ['1', '1', 'BATCH1', '1'],
      ['2', '1', 'BATCH1', '2'],
      ['3', '2', 'BATCH2', '1'],
    ]);
  });

  it('still reads the older layout and detects both Arlo samples as ballots files', async () => {
    for (const name of ['ess/ess_ballots_1.csv', 'ess/ess_ballots_2.csv'])
      expect(await detectCvrLayout(realCvr(name))).toEqual({ layout: 'ess-ballots' });
    expect(await detectCvrLayout(realCvr('ess/ess_cvr.csv'))).toEqual({ layout: 'ess-csv' });
  });

  it('names a Tabulator CVR it cannot split when there is no Machine column', async () => {
    const ballotsFile = bufferSource(
      'b.csv',
      'Cast Vote Record,Batch,Ballot Status,Tabulator CVR\n1,B1,Not Reviewed,ca7b2e51fb4a7c0e\n',
    );
    const cvr = bufferSource('cvr.csv', 'Cast Vote Record,Precinct,Ballot Style,C\n1,p,s,A\n');
    const reader = await openEssCsv(cvr, { ballots: [ballotsFile] });
    await collect(reader.ballots);
    expect(reader.problems.map((p) => p.message)).toEqual([
      'b.csv row 2: Tabulator CVR "ca7b2e51fb4a7c0e" is not 10 digits (4 of tabulator, 6 of record) and the file has no Machine column',
      'row 2: CVR 1 is in no ballots file',
    ]);
  });
});

describe('empty files', () => {
  it('says the file is empty', async () => {
    expect(await detectCvrLayout(bufferSource('empty.csv', ''))).toMatchObject({
      problem: { message: 'empty.csv is empty (0 bytes): it has no vote records' },
    });
  });

  it('names an empty CvrExport file inside a Dominion JSON export', async () => {
    const folder = join(await testTempDir(), 'alaska');
    await cp(realCvrPath('dominion_json/alaska_2024_partial'), folder, { recursive: true });
    await writeFile(join(folder, 'CvrExport_1733.json'), '');
    const reader = await openDominionJsonDirectory(folder);
    expect(await collect(reader.ballots)).toHaveLength(11);
    expect(reader.problems.map((p) => [p.code, p.message])).toEqual([
      [
        'unreadable-file',
        'CvrExport_1733.json could not be read before its first session: the file is empty (0 bytes)',
      ],
    ]);
  });
});
