import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yazl from 'yazl';
import {
  FolderStore,
  makeElection,
  PATHS,
  runPipeline,
  runStage,
  stageNamed,
  type StageResult,
} from '../../src/index.js';
import { readCsvAll } from '../../src/stages/context.js';
import { generatedJob } from './generated-job.js';

async function zipOf(entries: [string, Buffer][]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, data] of entries) zip.addBuffer(data, name);
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('images joined to records and duplicates found by content', () => {
  let job: string;
  let store: FolderStore;
  beforeAll(async () => {
    job = await mkdtemp(join(tmpdir(), 'scrutineer-identity-'));
    store = new FolderStore(job);
    await mkdir(join(job, 'input/images'), { recursive: true });
    const page = (n: number) => Buffer.from(`II*\0page ${n} of a scanned batch`);
    await writeFile(
      join(job, 'input/images/dominion.zip'),
      await zipOf([
        ['Tabulator00001/Batch00002/00001_00002_000003.tif', page(3)],
        ['Tabulator00001/Batch00002/00001_00002_000004.tif', page(4)],
        // The same scan again under another name: a duplicate by its content alone.
        ['Tabulator00001/Batch00002/copy-of-3.tif', page(3)],
      ]),
    );
    await writeFile(
      join(job, 'input/images/hart.zip'),
      await zipOf([
        ['batch-7/5f0c1d2e-aaaa-4bbb-8ccc-0123456789ab.png', page(10)],
        ['batch-7/scan0002.png', page(11)],
      ]),
    );
    await writeFile(
      join(job, 'input/image-index.csv'),
      'archive,image,record\ninput/images/hart.zip,scan0002.png,1-7-2\n,batch-7/5f0c1d2e-aaaa-4bbb-8ccc-0123456789ab.png,1-7-1\n',
    );
    const stage = stageNamed('gen_bif');
    if (!stage) throw new Error('gen_bif is missing');
    await runStage(stage, store);
  });
  afterAll(async () => rm(job, { recursive: true, force: true }));

  it('keys Dominion names by tabulator, batch and record, and others through the image index', async () => {
    const bif = await readCsvAll(store, PATHS.bif);
    expect(bif.map((r) => `${r.sheet_id} ${r.entry}`)).toEqual([
      '1-2-3 Tabulator00001/Batch00002/00001_00002_000003.tif',
      '1-2-4 Tabulator00001/Batch00002/00001_00002_000004.tif',
      '1-7-1 batch-7/5f0c1d2e-aaaa-4bbb-8ccc-0123456789ab.png',
      '1-7-2 batch-7/scan0002.png',
    ]);
  });

  it('puts an image whose content repeats another on the residue list, whatever its name', async () => {
    const residue = await readCsvAll(store, PATHS.residue);
    expect(residue).toEqual([
      {
        source: 'image',
        sheet_id: 'copy-of-3',
        archive: 'input/images/dominion.zip',
        entry: 'Tabulator00001/Batch00002/copy-of-3.tif',
        cvr_file: '',
        cvr_place: '',
        duplicate_of: 'input/images/dominion.zip Tabulator00001/Batch00002/00001_00002_000003.tif',
      },
    ]);
    const problems = await readCsvAll(store, 'gen_bif/problems.csv');
    expect(problems.map((p) => p.code)).toEqual(['duplicate-image']);
  });
});

describe('an election file with one style and no vote records', () => {
  let job: string;
  let store: FolderStore;
  let results: StageResult[];
  beforeAll(async () => {
    const made = await generatedJob(
      'scrutineer-image-only-',
      makeElection({ seed: 'image-only', styles: 1 }),
      {
        count: 12,
        batchSize: 12,
        swapBatches: false,
      },
    );
    ({ job, store } = made);
    await rm(join(job, 'input/cvr'), { recursive: true, force: true });
    const election = JSON.parse(await readFile(join(job, PATHS.election), 'utf8')) as {
      styles: { id: string }[];
    };
    expect(election.styles).toHaveLength(1);
    results = await runPipeline(store, 'precheck', 'cmpcvr');
  }, 600_000);
  afterAll(async () => rm(job, { recursive: true, force: true }));

  it('reads every sheet on the declared style: an image-only tally', async () => {
    expect(results.map((r) => `${r.stage} ${r.status}`)).toEqual(
      ['precheck', 'gen_bif', 'genstyles', 'gentemplates', 'extractvote', 'cmpcvr'].map(
        (s) => `${s} SUCCESS`,
      ),
    );
    const styles = await readCsvAll(store, PATHS.styles);
    expect(new Set(styles.map((s) => `${s.style} ${s.style_source}`))).toEqual(new Set(['S1 eif']));
    const sheets = await readCsvAll(store, PATHS.votesSheets);
    expect(sheets.filter((s) => s.status === 'read')).toHaveLength(12);
    const totals = await readCsvAll(store, PATHS.totals);
    expect(totals.reduce((n, t) => n + Number(t.audit_votes), 0)).toBeGreaterThan(12);
  });
});
