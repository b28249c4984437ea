import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  makeElection,
  PATHS,
  runPipeline,
  runStage,
  stageNamed,
  writeCsv,
  type FolderStore,
} from '../../src/index.js';
import { readCsvAll } from '../../src/stages/context.js';
import { generatedJob } from './generated-job.js';

/**
 * A generated election whose records of two batches were swapped: the report carries the
 * decisions people made on the swapped batch and on a misread, with who and when.
 */
let job: string;
let store: FolderStore;

beforeAll(async () => {
  const election = makeElection({ seed: 'report-decisions', contests: 2, styles: 1 });
  ({ job, store } = await generatedJob('scrutineer-report-decisions-', election, {
    count: 36,
    batchSize: 12,
    misreads: 2,
    missing: 0,
    extra: 0,
    swapBatches: true,
  }));
  const results = await runPipeline(store, 'precheck', 'genreport', { batchSize: 36 });
  expect(results.at(-1)?.stage).toBe('genreport');
}, 900_000);

afterAll(async () => rm(job, { recursive: true, force: true }));

describe('decisions in the report', () => {
  it('names the swapped batch in cmpcvr and carries its decision, who and when into the report', async () => {
    const rows = await readCsvAll(store, PATHS.disagreements);
    const swapped = rows.filter((r) => r.kind === 'Swapped Batch');
    expect(swapped.length).toBeGreaterThanOrEqual(1);
    const batch = swapped[0]?.batch ?? '';
    expect(batch).not.toBe('');
    expect(swapped[0]?.detail).toContain(`imaged in batch ${batch}`);
    const misread = rows.find((r) => r.kind === 'Normal Disagreed');
    expect(misread).toBeDefined();

    await writeCsv(
      store,
      PATHS.adjudications,
      [
        'id',
        'kind',
        'sheet_id',
        'contest_id',
        'decision',
        'decided_votes',
        'note',
        'decided_at',
        'decided_by',
        'state',
        'decided_by_name',
        'batch',
      ],
      [
        {
          id: 1,
          kind: 'Swapped Batch',
          sheet_id: '',
          contest_id: '',
          decision: 'image',
          decided_votes: '',
          note: 'the images are the ballots cast',
          decided_at: '2026-11-27T08:01:00.000Z',
          decided_by: 12,
          state: 'decided',
          decided_by_name: 'Ada Judge',
          batch,
        },
        {
          id: 2,
          kind: 'Normal Disagreed',
          sheet_id: misread?.sheet_id,
          contest_id: misread?.contest_id,
          decision: 'cvr',
          decided_votes: misread?.cvr_votes,
          note: '',
          decided_at: '2026-11-27T08:02:00.000Z',
          decided_by: 13,
          state: 'decided',
          decided_by_name: 'Bo Judge',
          batch: '',
        },
      ],
    );
    const genreport = stageNamed('genreport');
    if (!genreport) throw new Error('no genreport');
    expect((await runStage(genreport, store)).status).toBe('SUCCESS');

    const csv = await readCsvAll(store, PATHS.reportCsv);
    const row = csv.find((r) => r.section === 'disagreement' && r.kind === 'Swapped Batch');
    expect(row).toMatchObject({
      batch,
      adjudication: 'image right (the images are the ballots cast)',
      adjudicated_by: 'Ada Judge',
      adjudicated_at: '2026-11-27T08:01:00.000Z',
    });
    const item = csv.find(
      (r) =>
        r.section === 'disagreement' &&
        r.kind === 'Normal Disagreed' &&
        r.sheet_id === misread?.sheet_id &&
        r.contest_id === misread?.contest_id,
    );
    expect(item?.adjudicated_by).toBe('Bo Judge');
    expect(item?.adjudication).toMatch(/^record right: /);
    // Names for people, option ids beside them for machines.
    expect(item?.cvr_option_ids).toBe(misread?.cvr_votes);
    expect(item?.adjudicated_option_ids).toBe(misread?.cvr_votes);
    expect(item?.cvr_votes_recorded).not.toMatch(/C\d+-\d+/);

    const html = await readFile(join(job, PATHS.reportHtml), 'utf8');
    const section = html.slice(html.indexOf('<h2 id="swapped">'));
    expect(section).toContain(`<td>${batch}</td>`);
    expect(section).toContain('image right (the images are the ballots cast)');
    expect(section).toContain('by Ada Judge, 2026-11-27 08:01 UTC');
    expect(html).toContain('by Bo Judge, 2026-11-27 08:02 UTC');
  });
});
