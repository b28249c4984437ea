import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yazl from 'yazl';
import {
  assessStage,
  describeShortfall,
  FolderStore,
  makeElection,
  PATHS,
  readShortfall,
  runPipeline,
  type StageResult,
} from '../../src/index.js';
import { readCsvAll, writeCsv } from '../../src/stages/context.js';
import { cli } from './cli-run.js';
import { generatedJob } from './generated-job.js';

async function zipOf(entries: Record<string, Buffer>): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, data] of Object.entries(entries)) zip.addBuffer(data, name);
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A generated election with one more archive whose only image cannot be decoded. */
let job: string;
let store: FolderStore;
let stopped: StageResult[];
let carried: StageResult[];
const COUNT = 16;

beforeAll(async () => {
  const made = await generatedJob('scrutineer-status-', makeElection({ seed: 'stages-suite' }), {
    count: COUNT,
    batchSize: 16,
    swapBatches: false,
  });
  ({ job, store } = made);
  await writeFile(
    join(job, 'input/images/damaged.zip'),
    await zipOf({ 'batch-9/9-9-9.tif': Buffer.from('II*\0not a whole image') }),
  );
  stopped = await runPipeline(store, 'precheck', 'genreport', { batchSize: 10 });
  carried = await runPipeline(store, 'extractvote', 'genreport', { batchSize: 10, goOn: true });
}, 600_000);

afterAll(async () => rm(job, { recursive: true, force: true }));

describe('a stage that leaves sheets unread', () => {
  it('ends extractvote PROBLEMS, not SUCCESS, with the count and the reason, and stops the pipeline there', () => {
    expect(stopped.map((r) => [r.stage, r.status])).toEqual([
      ['precheck', 'SUCCESS'],
      ['gen_bif', 'SUCCESS'],
      ['genstyles', 'SUCCESS'],
      ['gentemplates', 'SUCCESS'],
      ['extractvote', 'PROBLEMS'],
    ]);
    const extract = stopped.at(-1);
    expect(extract?.shortfall?.sheetsNotRead).toBe(1);
    expect(extract?.shortfall?.sheets).toBe(COUNT + 1);
    expect(extract?.summary).toMatch(/^finished with problems: 1 of 17 sheets not read: 1 /);
    expect(extract?.problems.at(-1)?.code).toBe('finished-with-problems');
  });

  it('says so in its log, its problem list and shortfall.json', async () => {
    const log = await readFile(join(job, 'logs/operation-logs/extractvote/log.txt'), 'utf8');
    expect(log.trim().split('\n').at(-1)).toMatch(
      /WARNING finished-with-problems: extractvote: finished with problems: 1 of 17 sheets not read/,
    );
    const problems = await readCsvAll(store, 'extractvote/problems.csv');
    expect(problems.map((p) => p.code)).toContain('finished-with-problems');
    const shortfall = await readShortfall(store, 'extractvote');
    expect(shortfall?.reasons).toHaveLength(1);
    expect(shortfall?.reasons[0]?.count).toBe(1);
    expect(shortfall?.reasons[0]?.reason).not.toContain('9-9-9.tif');
  });

  it('goes on past it when told to, and the comparison counts the sheet as Unreadable', async () => {
    expect(carried.map((r) => [r.stage, r.status])).toEqual([
      ['extractvote', 'PROBLEMS'],
      ['cmpcvr', 'SUCCESS'],
      ['genreport', 'SUCCESS'],
    ]);
    const sheets = await readCsvAll(store, PATHS.sheets);
    expect(sheets.filter((s) => s.class === 'Unreadable').map((s) => s.entry)).toEqual([
      'batch-9/9-9-9.tif',
    ]);
  });

  it('makes the command line exit 3, and all stop there', async () => {
    const one = await cli(['extractvote', '--job', job, '--quiet']);
    expect(one.code).toBe(3);
    expect(one.stdout).toMatch(/^extractvote PROBLEMS .*1 of 17 sheets not read/m);
    const all = await cli(['all', '--job', job, '--quiet']);
    expect(all.code).toBe(3);
    expect(all.stdout.trim().split('\n').at(-1)).toMatch(/^extractvote PROBLEMS/);
  }, 600_000);

  it("counts in the comparison a style's sheets that wait for a person's target map as Unreadable, not as misreads", async () => {
    // A style whose targets gentemplates could not match to the election's contests is read on
    // a template grouped by position (contests named contest-1, contest-2…): until a person
    // maps it, its sheets are not read, and their records' contests are not misread.
    const read = (await readCsvAll(store, PATHS.votesSheets)).filter((s) => s.status === 'read');
    const style = read[0]?.style ?? '';
    const ofStyle = read.filter((s) => s.style === style).map((s) => s.sheet_id);
    expect(ofStyle.length).toBeGreaterThan(0);
    const problems = await readCsvAll(store, 'gentemplates/problems.csv');
    const columns = ['stage', 'severity', 'code', 'file', 'place', 'message'];
    await writeCsv(store, 'gentemplates/problems.csv', columns, [
      ...problems,
      {
        stage: 'gentemplates',
        severity: 'error',
        code: 'target-mapping',
        file: PATHS.mapping,
        place: `style ${style}`,
        message: `style ${style}: found 17 targets, the election defines 18; targets are grouped by position and need a person's mapping`,
      },
    ]);
    try {
      const [compared] = await runPipeline(store, 'cmpcvr', 'cmpcvr', { goOn: true });
      expect(compared?.status).toBe('SUCCESS');
      const sheets = await readCsvAll(store, PATHS.sheets);
      const unreadable = sheets.filter((s) => s.class === 'Unreadable');
      expect(unreadable.filter((s) => ofStyle.includes(s.sheet_id)).map((s) => s.sheet_id)).toEqual(
        ofStyle,
      );
      expect(unreadable.find((s) => s.sheet_id === ofStyle[0])?.detail).toBe(
        `style ${style} waits for a person's target map (style ${style}: found 17 targets, the election defines 18)`,
      );
      const disagreed = (await readCsvAll(store, PATHS.disagreements)).filter(
        (d) => d.kind === 'Normal Disagreed' && ofStyle.includes(d.sheet_id),
      );
      expect(disagreed).toEqual([]);
    } finally {
      await writeCsv(store, 'gentemplates/problems.csv', columns, problems);
    }
  }, 600_000);
});

describe('stages that leave styles without a template or sheets without a style', () => {
  it('gentemplates names the styles with no template, why, and their sheets', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'scrutineer-status-templates-'));
    try {
      const folder = new FolderStore(dir);
      await writeCsv(
        folder,
        PATHS.styles,
        ['sheet_id', 'style', 'style_source'],
        [
          { sheet_id: '1-1-1', style: 'A', style_source: 'cvr' },
          { sheet_id: '1-1-2', style: 'B', style_source: 'cvr' },
          { sheet_id: '1-1-3', style: 'B', style_source: 'cvr' },
          { sheet_id: '1-1-4', style: '', style_source: 'image' },
        ],
      );
      await folder.write('gentemplates/A/template.json', '{}');
      await writeCsv(
        folder,
        'gentemplates/problems.csv',
        ['stage', 'severity', 'code', 'file', 'place', 'message'],
        [
          {
            stage: 'gentemplates',
            severity: 'error',
            code: 'no-template',
            file: PATHS.exemplars,
            place: 'style B',
            message: 'no exemplar could be registered',
          },
        ],
      );
      const shortfall = await assessStage('gentemplates', folder);
      expect(shortfall).toEqual({
        sheetsNotRead: 2,
        sheets: 4,
        stylesWithoutTemplate: ['B'],
        reasons: [
          { reason: 'of style B: no template (no exemplar could be registered)', count: 2 },
        ],
      });
      await folder.write('gentemplates/B/template.json', '{}');
      expect(await assessStage('gentemplates', folder)).toBeNull();
      expect(await folder.exists('gentemplates/shortfall.json')).toBe(false);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('gentemplates counts the sheets of a style whose targets no one has matched to contests', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'scrutineer-status-unmapped-'));
    try {
      const folder = new FolderStore(dir);
      await writeCsv(
        folder,
        PATHS.styles,
        ['sheet_id', 'style', 'style_source'],
        [
          { sheet_id: '1-1-1', style: 'A', style_source: 'cvr' },
          { sheet_id: '1-1-2', style: 'A', style_source: 'cvr' },
          { sheet_id: '1-1-3', style: 'C', style_source: 'cvr' },
        ],
      );
      await folder.write('gentemplates/A/template.json', '{}');
      await folder.write('gentemplates/C/template.json', '{}');
      await writeCsv(
        folder,
        'gentemplates/problems.csv',
        ['stage', 'severity', 'code', 'file', 'place', 'message'],
        [
          {
            stage: 'gentemplates',
            severity: 'error',
            code: 'target-mapping',
            file: PATHS.mapping,
            place: 'style A',
            message:
              "style A: 25 targets found, the election file gives 24; targets are grouped by position and need a person's mapping",
          },
        ],
      );
      const shortfall = await assessStage('gentemplates', folder);
      expect(shortfall).toEqual({
        sheetsNotRead: 2,
        sheets: 3,
        stylesWithoutTemplate: [],
        stylesAwaitingMap: ['A'],
        reasons: [
          {
            reason:
              "of style A: targets not matched to the election's contests (style A: 25 targets found, the election file gives 24); a person must map them on the Templates screen",
            count: 2,
          },
        ],
      });
      expect(describeShortfall(shortfall!)).toBe(
        "finished with problems: 1 style waiting for a person's target map (A), 2 of 3 sheets not read: 2 of style A: targets not matched to the election's contests (style A: 25 targets found, the election file gives 24); a person must map them on the Templates screen",
      );
      // Once a person maps the style, in the corrections file or on the Templates screen,
      // nothing is left undone.
      await writeCsv(
        folder,
        PATHS.mappingCorrections,
        ['style', 'target', 'contest_id', 'option_id'],
        [{ style: 'A', target: '1', contest_id: 'mayor', option_id: 'ada' }],
      );
      expect(await assessStage('gentemplates', folder)).toBeNull();
      await folder.remove(PATHS.mappingCorrections);
      expect(await assessStage('gentemplates', folder)).not.toBeNull();
      await folder.write(`${PATHS.targetMaps}A.json`, '{}');
      expect(await assessStage('gentemplates', folder)).toBeNull();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('genstyles counts the sheets that no record and no election file gives a style', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'scrutineer-status-styles-'));
    try {
      const folder = new FolderStore(dir);
      await writeCsv(
        folder,
        PATHS.styles,
        ['sheet_id', 'style', 'style_source'],
        [
          { sheet_id: '1', style: '', style_source: 'image' },
          { sheet_id: '2', style: '', style_source: 'image' },
        ],
      );
      const shortfall = await assessStage('genstyles', folder);
      expect(shortfall?.sheetsNotRead).toBe(2);
      expect(shortfall?.reasons[0]?.reason).toMatch(/no vote record gives one/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
