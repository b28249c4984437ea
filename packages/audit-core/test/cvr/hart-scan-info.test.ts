import { mkdir, copyFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bufferSource, detectCvrLayout, openHartXml } from '../../src/cvr/index.js';
import { readCvrFiles } from '../../src/read-cvr.js';
import { testTempDir } from '../temp-dir.js';
import { collect, realCvr, realCvrPath } from './fixtures.js';

const SHEETS = [
  '1_0e4cb797-392c-4e64-9034-94694bf97419.xml',
  '1_1a0e576b-0b2d-474d-8d65-89c968b42262.xml',
  '2fbc3df3-749a-420c-91be-e2bde8125830.xml',
];

/** Hart's layout: a `#FormatVersion 1` row, a `#`-led header, one row per page. */
async function scanInfo(ids: string[]): Promise<string> {
  const header =
    '#BatchId,Workstation,VotingType,VotingMethod,ScanSequence,Precinct,PageNumber,UniqueIdentifier,VariationNumber,Language,Party,Status,RejectReason,VoterIntentIssues,vDriveDeviceDataId,CvrId';
  const rows = ids.flatMap((id, i) =>
    [1, 2].map(
      (page) =>
        `1,"SCAN-0${i + 1}","Absentee Voting","Paper",${i + 1},"001",${page},"UID-${i + 1}",0,"English",,"Scanned",,False,"X","${id}"`,
    ),
  );
  return ['#FormatVersion 1', header, ...rows].join('\n');
}

async function sheetIds(): Promise<string[]> {
  const reader = openHartXml(SHEETS.map((name) => realCvr(`hart_xml/${name}`)));
  return (await collect(reader.ballots)).map((b) => b.id);
}

describe('Hart scanned ballot information', () => {
  it('is recognised with and without the #FormatVersion row', async () => {
    const ids = await sheetIds();
    expect(await detectCvrLayout(bufferSource('sbi.csv', await scanInfo(ids)))).toEqual({
      layout: 'hart-scan-info',
    });
    expect(
      await detectCvrLayout(bufferSource('sbi.csv', 'CvrId,UniqueIdentifier\n1-1-1,uid-01\n')),
    ).toEqual({ layout: 'hart-scan-info' });
  });

  it('gives each sheet its workstation and printed id, and names rows without a sheet', async () => {
    const ids = await sheetIds();
    expect(ids).toHaveLength(3);
    const info = bufferSource('sbi.csv', await scanInfo([...ids.slice(0, 2), 'no-such-cvr']));
    const reader = openHartXml(
      SHEETS.map((name) => realCvr(`hart_xml/${name}`)),
      { scanInfo: [info] },
    );
    const ballots = await collect(reader.ballots);
    expect(ballots.map((b) => [b.tabulator, b.imprintedId])).toEqual([
      ['SCAN-01', 'UID-1'],
      ['SCAN-02', 'UID-2'],
      [undefined, undefined],
    ]);
    expect(reader.problems.map((p) => [p.severity, p.code, p.row])).toEqual([
      ['warning', 'missing-ballot-entry', undefined],
      ['error', 'missing-record', 7],
    ]);
  });

  it('is joined when it lies in the sheets folder or is given beside it', async () => {
    const ids = await sheetIds();
    const folder = join(await testTempDir(), 'hart');
    await mkdir(folder);
    for (const name of SHEETS) await copyFile(realCvrPath(`hart_xml/${name}`), join(folder, name));
    const beside = join(folder, '..', 'scanned.csv');
    await writeFile(beside, await scanInfo(ids));
    const given = await readCvrFiles([folder, beside]);
    expect(given.files).toHaveLength(1);
    expect(given.files[0]).toMatchObject({ format: 'hart-xml', ballots: 3, problems: [] });
    await writeFile(join(folder, 'scanned.csv'), await scanInfo(ids));
    const inside = await readCvrFiles([folder]);
    expect(inside.files[0]).toMatchObject({ ballots: 3, problems: [] });
  });
});
