import { copyFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FolderStore, PATHS, runStage, stageNamed } from '../../src/index.js';
import { readCsvAll } from '../../src/stages/context.js';
import { AGGREGATED } from '../cvr/aggregated-sample.js';
import { realCvrPath } from '../cvr/fixtures.js';
import { testTempDir } from '../temp-dir.js';
import { writeZip } from '../cvr/zip-helpers.js';

async function jobWith(files: Record<string, string | Buffer>): Promise<FolderStore> {
  const job = await testTempDir('scrutineer-cvr-inputs-');
  for (const [key, content] of Object.entries(files)) {
    await mkdir(join(job, key, '..'), { recursive: true });
    if (typeof content === 'string' && content.startsWith('fixture:'))
      await copyFile(realCvrPath(content.slice('fixture:'.length)), join(job, key));
    else await writeFile(join(job, key), content);
  }
  return new FolderStore(job);
}

const precheck = (store: FolderStore) => runStage(stageNamed('precheck')!, store);

describe('precheck: vote-record inputs as counties send them', () => {
  it('pairs an ES&S CVR with its two ballots files and counts 14 records', async () => {
    const store = await jobWith({
      'input/cvr/ess_cvr.csv': 'fixture:ess/ess_cvr.csv',
      'input/cvr/ess_ballots_1.csv': 'fixture:ess/ess_ballots_1.csv',
      'input/cvr/ess_ballots_2.csv': 'fixture:ess/ess_ballots_2.csv',
    });
    const result = await precheck(store);
    expect(result.status).toBe('SUCCESS');
    const inputs = await readCsvAll(store, PATHS.precheckInputs);
    expect(inputs.map((r) => [r.key, r.kind, r.records])).toEqual([
      ['input/cvr/ess_ballots_1.csv', 'ess-ballots', ''],
      ['input/cvr/ess_ballots_2.csv', 'ess-ballots', ''],
      ['input/cvr/ess_cvr.csv', 'cvr', '14'],
    ]);
    expect(result.problems.map((p) => p.code)).not.toContain('unpaired-ess-ballots');
    expect(result.problems.map((p) => p.code)).not.toContain('unknown-layout');
    const log = await readFile(join(store.root, 'logs/operation-logs/precheck/log.txt'), 'utf8');
    expect(log).toContain('input/cvr/ess_cvr.csv: ess-csv with 2 ES&S ballots file(s), 14 records');
  });

  it('pairs ballots files by name when a job holds two ES&S CVRs, and says when it cannot', async () => {
    const cvr = (numbers: number[]) =>
      `Cast Vote Record,Precinct,Ballot Style,C\n${numbers.map((n) => `${n},p,s,A`).join('\n')}\n`;
    const ballots = (numbers: number[]) =>
      `Cast Vote Record,Batch,Ballot Status,Tabulator CVR\n${numbers.map((n) => `${n},B${n},Not Reviewed,0001${String(n).padStart(6, '0')}`).join('\n')}\n`;
    const store = await jobWith({
      'input/cvr/north_cvr.csv': cvr([1, 2]),
      'input/cvr/south_cvr.csv': cvr([3, 4]),
      'input/cvr/north_ballots.csv': ballots([1, 2]),
      'input/cvr/extra.csv': ballots([3, 4]),
      'input/cvr/stray.csv': ballots([9]),
    });
    const result = await precheck(store);
    const log = await readFile(join(store.root, 'logs/operation-logs/precheck/log.txt'), 'utf8');
    expect(log).toContain(
      'input/cvr/north_cvr.csv: ess-csv with 1 ES&S ballots file(s), 2 records',
    );
    // extra.csv is paired by its CVR numbers; stray.csv matches neither.
    expect(log).toContain(
      'input/cvr/south_cvr.csv: ess-csv with 1 ES&S ballots file(s), 2 records',
    );
    const unpaired = result.problems.filter((p) => p.code === 'unpaired-ess-ballots');
    expect(unpaired.map((p) => p.file)).toEqual(['input/cvr/stray.csv']);
    expect(unpaired[0]?.message).toMatch(/neither its name nor its CVR numbers tie it/);
  });

  it('reconciles the Arapahoe manifest: 5 batches, 165 ballots, storage locations', async () => {
    const store = await jobWith({
      'input/cvr/arapahoe.csv': 'fixture:dominion_csv/arapahoe_2016_CVR_Export_20170310104116.csv',
      'input/cvr/manifest.csv': 'fixture:dominion_csv/arapahoe_2016_ballot_manifest.csv',
    });
    const result = await precheck(store);
    expect(result.status).toBe('SUCCESS');
    expect(result.problems).toEqual([]);
    const batches = await readCsvAll(store, PATHS.precheckManifest);
    expect(
      batches.map((b) => [
        b.scanner,
        b.batch,
        b.storage_location,
        b.manifest_ballots,
        b.cvr_ballots,
        b.difference,
      ]),
    ).toEqual([
      ['10', '2', 'Bin 22', '25', '25', '0'],
      ['3', '800', 'Bin 1', '20', '20', '0'],
      ['4', '1200', 'Bin 1', '50', '50', '0'],
      ['5', '1600', 'Bin 17', '20', '20', '0'],
      ['9', '3200', 'Bin 17', '50', '50', '0'],
    ]);
    const summary: unknown = JSON.parse(
      await readFile(join(store.root, PATHS.precheckSummary), 'utf8'),
    );
    expect(summary).toMatchObject({
      records: 165,
      manifests: 1,
      manifest_batches: 5,
      manifest_batches_differing: 0,
    });
  });

  it('lists per-batch differences from an Arlo-style manifest in input/manifest/', async () => {
    const store = await jobWith({
      'input/cvr/arlo.csv': 'fixture:dominion_csv/arlo_dominion_test_cvrs.csv',
      'input/manifest/manifest.csv':
        'Container,Tabulator,Batch Name,Number of Ballots\nBox 1,TABULATOR1,BATCH1,3\nBox 1,TABULATOR1,BATCH2,4\nBox 2,TABULATOR2,BATCH1,3\nBox 2,TABULATOR2,BATCH2,6\n',
    });
    const result = await precheck(store);
    expect(result.status).toBe('SUCCESS');
    const batches = await readCsvAll(store, PATHS.precheckManifest);
    expect(
      batches.map((b) => [
        b.scanner,
        b.batch,
        b.storage_location,
        b.manifest_ballots,
        b.cvr_ballots,
        b.difference,
      ]),
    ).toEqual([
      ['TABULATOR1', 'BATCH1', 'Box 1', '3', '3', '0'],
      ['TABULATOR1', 'BATCH2', 'Box 1', '4', '3', '-1'],
      ['TABULATOR2', 'BATCH1', 'Box 2', '3', '3', '0'],
      ['TABULATOR2', 'BATCH2', 'Box 2', '6', '5', '-1'],
    ]);
    expect(result.problems.map((p) => [p.code, p.place])).toEqual([
      ['batch-count-mismatch', 'row 3'],
      ['batch-count-mismatch', 'row 5'],
    ]);
  });

  it('fails on a truncated Dominion JSON, naming file and session, unless the JOB file accepts it', async () => {
    const folder = 'dominion_json/alaska_2024_partial';
    const files: Record<string, string | Buffer> = {};
    for (const name of [
      'BallotTypeManifest',
      'CandidateManifest',
      'Configuration',
      'ContestManifest',
      'CountingGroupManifest',
      'OutstackConditionManifest',
      'PartyManifest',
      'PrecinctPortionManifest',
      'CvrExport_1731',
      'CvrExport_1733',
    ])
      files[`input/cvr/alaska/${name}.json`] = `fixture:${folder}/${name}.json`;
    const whole = await readFile(realCvrPath(`${folder}/CvrExport_1732.json`));
    files['input/cvr/alaska/CvrExport_1732.json'] = whole.subarray(0, Math.floor(whole.length / 2));
    const store = await jobWith(files);
    const refused = await precheck(store);
    expect(refused.status).toBe('FAILURE');
    expect(refused.error).toMatch(
      /1 part\(s\) of the vote records could not be read: CvrExport_1732\.json could not be read after session \d/,
    );
    await writeFile(
      join(store.root, PATHS.jobSettings),
      'group,argument,value\nballot_image_audit,accept_unreadable_cvr,TRUE\n',
    );
    const accepted = await precheck(store);
    expect(accepted.status).toBe('SUCCESS');
    expect(accepted.problems.map((p) => p.code)).toContain('unreadable-accepted');
  });

  it('says an empty CVR file is empty', async () => {
    const store = await jobWith({ 'input/cvr/empty.csv': '' });
    const result = await precheck(store);
    expect(result.status).toBe('FAILURE');
    expect(result.error).toContain('empty.csv is empty (0 bytes): it has no vote records');
  });

  it('reports counting groups, labelled tallies and the accepted unreadable part', async () => {
    const folder = 'dominion_json/alaska_2024_partial';
    const files: Record<string, string | Buffer> = {};
    for (const name of [
      'BallotTypeManifest',
      'CandidateManifest',
      'Configuration',
      'ContestManifest',
      'CountingGroupManifest',
      'OutstackConditionManifest',
      'PartyManifest',
      'PrecinctPortionManifest',
      'CvrExport_1731',
      'CvrExport_1732',
      'CvrExport_1733',
    ])
      files[`input/cvr/alaska/${name}.json`] = `fixture:${folder}/${name}.json`;
    files['input/cvr/broken.csv'] = 'CvrNumber\n';
    files[PATHS.jobSettings] =
      'group,argument,value\nballot_image_audit,accept_unreadable_cvr,yes\n';
    const store = await jobWith(files);
    for (const stage of ['precheck', 'gen_bif', 'genreport'])
      expect((await runStage(stageNamed(stage)!, store)).status).toBe('SUCCESS');
    const tallies = JSON.parse(await readFile(join(store.root, PATHS.cvrTallies), 'utf8')) as {
      countingGroups: Record<string, number>;
      files: { contests: { ranks: number; perRank?: unknown[] }[] }[];
    };
    expect(Object.values(tallies.countingGroups).reduce((a, b) => a + b, 0)).toBe(12);
    expect(
      tallies.files[0]?.contests.some((c) => c.ranks > 0 && c.perRank?.length === c.ranks),
    ).toBe(true);
    const html = await readFile(join(store.root, PATHS.reportHtml), 'utf8');
    expect(html).toContain('<h3>Counting groups</h3>');
    expect(html).toMatch(
      /ballots overvoted \d+; overvoted ranks \d+; undervoted ranks \d+; rank 1: ballots overvoted/,
    );
    expect(html).toContain(
      '1 part(s) of the vote records could not be read and were accepted by the JOB setting accept_unreadable_cvr',
    );
  });

  it('counts rows of aggregated counts in the tallies and says how many rows and votes', async () => {
    const store = await jobWith({ 'input/cvr/boulder.csv': AGGREGATED });
    const result = await precheck(store);
    expect(result.status).toBe('SUCCESS');
    const message =
      'input/cvr/boulder.csv: 4 row(s) of aggregated counts (419 votes): counted in the tallies, with no ballot record to compare with an image';
    expect(result.problems.map((p) => [p.code, p.severity, p.message])).toEqual([
      ['aggregated-rows', 'warning', message],
    ]);
    const summary = JSON.parse(
      await readFile(join(store.root, PATHS.precheckSummary), 'utf8'),
    ) as Record<string, unknown>;
    expect(summary).toMatchObject({
      records: 5,
      cvr_aggregated_rows: 4,
      cvr_aggregated_votes: 419,
      counting_groups: { Regular: 3 },
    });
    const log = await readFile(join(store.root, 'logs/operation-logs/precheck/log.txt'), 'utf8');
    expect(log).toContain(
      'input/cvr/boulder.csv: dominion-csv, 5 records, 4 rows of aggregated counts',
    );
    for (const stage of ['gen_bif', 'genreport'])
      expect((await runStage(stageNamed(stage)!, store)).status).toBe('SUCCESS');
    const bif = await readCsvAll(store, PATHS.bif);
    expect(bif).toHaveLength(5);
    const html = await readFile(join(store.root, PATHS.reportHtml), 'utf8');
    expect(html).toContain(`<p class="yes">${message.replace('&', '&amp;')}.</p>`);
    expect(html).toContain(
      '<td>row 8</td><td>Redacted &amp; Aggregated</td><td>Mail</td><td>12</td><td>15</td>',
    );
    expect(html).toContain('votes from aggregated rows (no ballot record) 389');
    // The Mayor's figures take in the 10 ballots row 9's label states, not the other rows'.
    expect(html).toContain(
      '15 ballots hold the contest; ballots overvoted 0; overvoted positions 0; undervoted positions 0; votes from aggregated rows (no ballot record) 389; ballots of aggregated rows whose label states them 10 (in the ballots and undervotes above); aggregated rows that state no ballot count 3 (their votes are counted, their ballots are not in the figures above)',
    );
    expect(html).toMatch(/<td>Ann<\/td><td>278<\/td>/);
  });

  it('reads the counting group Arapahoe carries as NotCountingGroup and shows it in the report', async () => {
    const store = await jobWith({
      'input/cvr/arapahoe.csv': 'fixture:dominion_csv/arapahoe_2016_CVR_Export_20170310104116.csv',
    });
    for (const stage of ['precheck', 'gen_bif', 'genreport'])
      expect((await runStage(stageNamed(stage)!, store)).status).toBe('SUCCESS');
    const log = await readFile(join(store.root, 'logs/operation-logs/precheck/log.txt'), 'utf8');
    expect(log).toContain('Counting groups: Mail 140, In Person 25');
    const html = await readFile(join(store.root, PATHS.reportHtml), 'utf8');
    expect(html).toContain(
      '<h3>Counting groups</h3><table><tr><th>Counting group</th><th>Ballots</th></tr><tr><td>Mail</td><td>140</td></tr><tr><td>In Person</td><td>25</td></tr></table>',
    );
  });

  it('shows each manifest batch with its storage location in the report', async () => {
    const store = await jobWith({
      'input/cvr/arapahoe.csv': 'fixture:dominion_csv/arapahoe_2016_CVR_Export_20170310104116.csv',
      'input/manifest/manifest.csv':
        'CountyID,ScannerID,BatchID,NumBallots,StorageLocation\nArapahoe,10,2,26,Bin 22\n',
    });
    for (const stage of ['precheck', 'gen_bif', 'genreport'])
      await runStage(stageNamed(stage)!, store);
    const html = await readFile(join(store.root, PATHS.reportHtml), 'utf8');
    expect(html).toContain('Ballot manifest (5 batches, 5 differing)');
    expect(html).toContain(
      '<td>10</td><td>2</td><td>Bin 22</td><td>26</td><td>25</td><td class="yes">-1</td>',
    );
    const csv = await readCsvAll(store, PATHS.reportCsv);
    expect(csv.filter((r) => r.section === 'manifest').map((r) => r.detail)).toContain(
      'scanner 10 batch 2 at Bin 22: manifest 26, CVR 25, difference -1',
    );
  });

  it('joins a Hart scanned ballot information file to the Hart sheets of the job', async () => {
    const sheets = [
      '1_0e4cb797-392c-4e64-9034-94694bf97419.xml',
      '1_1a0e576b-0b2d-474d-8d65-89c968b42262.xml',
      '2fbc3df3-749a-420c-91be-e2bde8125830.xml',
    ];
    const files: Record<string, string> = {
      'input/cvr/scanned ballots.csv':
        '#FormatVersion 1\n#BatchId,Workstation,PageNumber,UniqueIdentifier,CvrId\n1,SCAN-01,1,UID-1,nobody\n',
    };
    for (const name of sheets) files[`input/cvr/hart/${name}`] = `fixture:hart_xml/${name}`;
    const store = await jobWith(files);
    const result = await precheck(store);
    const inputs = await readCsvAll(store, PATHS.precheckInputs);
    expect(inputs.find((r) => r.key === 'input/cvr/scanned ballots.csv')?.kind).toBe(
      'hart-scan-info',
    );
    const log = await readFile(join(store.root, 'logs/operation-logs/precheck/log.txt'), 'utf8');
    expect(log).toContain(
      'input/cvr/hart: hart-xml with 1 scanned ballot information file(s), 3 records',
    );
    expect(result.problems.filter((p) => p.code === 'missing-record').map((p) => p.place)).toEqual([
      'row 3',
    ]);
  });

  it('sorts zipped sets as the server stores them: CVR, ballots files, manifest', async () => {
    const zipOf = async (entries: Record<string, string>) => {
      const files = await Promise.all(
        Object.entries(entries).map(async ([name, fixture]) => ({
          name,
          data: await readFile(realCvrPath(fixture)),
        })),
      );
      return readFile(await writeZip(files));
    };
    const store = await jobWith({
      'input/cvr/county.zip': await zipOf({ 'cvr.csv': 'ess/ess_cvr.csv' }),
      'input/cvr/county_ballots.zip': await zipOf({
        'b1.csv': 'ess/ess_ballots_1.csv',
        'b2.csv': 'ess/ess_ballots_2.csv',
      }),
      'input/cvr/manifest.zip': await zipOf({
        'manifest.csv': 'dominion_csv/arapahoe_2016_ballot_manifest.csv',
      }),
    });
    const result = await precheck(store);
    expect(result.status).toBe('SUCCESS');
    const inputs = await readCsvAll(store, PATHS.precheckInputs);
    expect(inputs.map((r) => [r.key, r.kind, r.records])).toEqual([
      ['input/cvr/county.zip', 'cvr', '14'],
      ['input/cvr/county_ballots.zip', 'ess-ballots', ''],
      ['input/cvr/manifest.zip', 'manifest', ''],
    ]);
    expect(result.problems.map((p) => p.code)).not.toContain('missing-ballot-entry');
    const batches = await readCsvAll(store, PATHS.precheckManifest);
    expect(batches.slice(0, 5).map((b) => [b.scanner, b.batch, b.manifest_ballots])).toEqual([
      ['10', '2', '25'],
      ['3', '800', '20'],
      ['4', '1200', '50'],
      ['5', '1600', '20'],
      ['9', '3200', '50'],
    ]);
  });
});
