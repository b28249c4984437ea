import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import type { AdjudicationList, AuditJob, Operation, OperationList } from '@scrutineer/contracts';
import { startTestServer, type TestServer } from '../../test/harness.js';
import {
  addToElection,
  createAccount,
  createDistrict,
  createElection,
  type Account,
} from '../../test/elections-fixtures.js';
import { createJob } from '../../test/jobs-fixtures.js';
import {
  generateElection,
  plantedKeys,
  runStage,
  uploadSet,
  type GeneratedElection,
} from '../../test/pipeline-fixtures.js';
import { storeJobFile } from '../job-settings/index.js';

let server: TestServer;
let auditor: Account;
let observer: Account;
let job: AuditJob;
let election: GeneratedElection;
const finished = new Map<string, Operation>();

const raw = async (url: string, token?: string) => {
  const response = await fetch(new URL(url, server.url), {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { status: response.status, headers: response.headers, text: await response.text() };
};

beforeAll(async () => {
  server = await startTestServer({
    PIPELINE_WORKERS: '2',
    PIPELINE_BATCH_SIZE: '20',
    PIPELINE_HEARTBEAT_MS: '300',
  });
  [auditor, observer] = await Promise.all([
    createAccount(server, { role: 'Client' }),
    createAccount(server),
  ]);
  const district = await createDistrict(server, auditor.token);
  const vote = await createElection(server, auditor.token, district.id, { privacy: 'Open' });
  await addToElection(server, auditor.token, vote.id, observer, 'Observer');
  election = await generateElection('pipeline-api', 40, { misreads: 2, missing: 1, extra: 1 });
  await uploadSet(server, auditor.token, vote.id, 'ballots.zip', 'BIA', election.images);
  await uploadSet(server, auditor.token, vote.id, 'cvr-export.zip', 'CVR', election.cvr);
  job = await createJob(server, auditor.token, vote.id);
  await storeJobFile(server.deps, {
    jobId: job.id,
    jobAddress: job.address,
    fileName: 'election.json',
    fileType: 'EIF',
    content: Buffer.from(election.electionJson),
    userId: auditor.id,
  });
  for (const stage of [
    'precheck',
    'gen_bif',
    'genstyles',
    'gentemplates',
    'extractvote',
    'cmpcvr',
    'adjudicate',
  ])
    finished.set(stage, await runStage(server, auditor.token, job.id, stage));
}, 600_000);
afterAll(async () => server.close());

describe('a generated election through the API, precheck to genreport', () => {
  it('ends every stage SUCCESS; extractvote fanned out in batches', () => {
    for (const [stage, op] of finished)
      expect([stage, op.status, op.result]).toEqual([stage, 'SUCCESS', op.result]);
    const extract = finished.get('extractvote');
    expect(extract?.batches?.total).toBeGreaterThan(1);
    expect(extract?.batches?.done).toBe(extract?.batches?.total);
  });

  it('lists reports while built and downloads only when built, as signed links', async () => {
    const list = await server.call<OperationList>('GET', `/job-operations/${job.id}`, {
      token: observer.token,
    });
    const cmpcvr = list.body.items.find((o) => o.operation === 'cmpcvr');
    expect(cmpcvr?.status).toBe('SUCCESS');
    expect(cmpcvr?.reports.map((r) => r.text)).toContain('Disagreements (CSV)');
    expect(cmpcvr?.downloads.map((d) => d.text)).toEqual(['Comparison by sheet']);
    expect(list.body.items.find((o) => o.operation === 'genreport')?.status).toBe('unbuilt-ready');
    const csv = await raw(cmpcvr?.reports.find((r) => r.text === 'Disagreements (CSV)')?.url ?? '');
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const forged = await raw(
      `${cmpcvr?.downloads[0]?.url.replace(/\/[A-Za-z0-9_-]{32}\//, `/${'x'.repeat(32)}/`)}`,
    );
    expect(forged.status).toBe(404);
  });

  it('packages each disagreement for adjudication, with a crop of the misreads', async () => {
    const list = await server.call<AdjudicationList>(
      'GET',
      `/job-operations/adjudications/${job.id}`,
      {
        token: observer.token,
      },
    );
    expect(list.status).toBe(200);
    const found = list.body.items
      .filter((a) => a.kind !== 'Gray')
      .map((a) => `${a.kind} ${a.sheet_id} ${a.contest_id}`)
      .sort();
    expect(found).toEqual(plantedKeys(election.planted));
    const misread = list.body.items.find((a) => a.kind === 'Normal Disagreed');
    expect(misread?.crop_url).toMatch(/^\/api\/operation-files\//);
    const crop = await raw(misread?.crop_url ?? '');
    expect(crop.status).toBe(200);
    expect(crop.headers.get('content-type')).toBe('image/png');
  });

  it('records a decision (Auditor only) and genreport says which disagreements are adjudicated', async () => {
    const list = await server.call<AdjudicationList>(
      'GET',
      `/job-operations/adjudications/${job.id}`,
      {
        token: auditor.token,
      },
    );
    const item = list.body.items.find((a) => a.kind === 'Normal Disagreed');
    if (!item) throw new Error('no misread');
    const path = `/job-operations/adjudications/${job.id}/${item.id}`;
    const refused = await server.call('PUT', path, {
      token: observer.token,
      body: { decision: 'image' },
    });
    expect(refused.status).toBe(403);
    const invalid = await server.call('PUT', path, {
      token: auditor.token,
      body: { decision: 'other' },
    });
    expect(invalid.status).toBe(400);
    const decided = await server.call<{ item: { decision: string; decided_votes: string } }>(
      'PUT',
      path,
      {
        token: auditor.token,
        body: { decision: 'image', note: 'the mark is clear on the image' },
      },
    );
    expect(decided.status, JSON.stringify(decided.body)).toBe(200);
    expect(decided.body.item.decision).toBe('image');

    const report = await runStage(server, auditor.token, job.id, 'genreport');
    expect(report.status).toBe('SUCCESS');
    const csvLink = report.reports.find((r) => r.text === 'Final report (CSV)');
    const csv: Record<string, string>[] = parse((await raw(csvLink?.url ?? '')).text, {
      columns: true,
    });
    const rows = csv.filter((r) => r.section === 'disagreement');
    expect(rows.map((r) => `${r.kind} ${r.sheet_id} ${r.contest_id}`).sort()).toEqual(
      plantedKeys(election.planted),
    );
    const judged = rows.filter((r) => r.adjudication !== 'not adjudicated');
    expect(judged.map((r) => [r.sheet_id, r.contest_id])).toEqual([
      [item.sheet_id, item.contest_id],
    ]);
    expect(judged[0]?.adjudication).toMatch(/^image right: .+ \(the mark is clear on the image\)$/);
    const html = await raw(report.reports.find((r) => r.text === 'Final report (HTML)')?.url ?? '');
    expect(html.text).toContain('not adjudicated');
    // One file that opens offline: the crops are inside it.
    expect(html.text).toMatch(/<img src="data:image\/png;base64,/);
    // The front page names the job, the election and who ran it (the server wrote them).
    expect(html.text).toContain(`(job ${job.id})`);
  });

  it('serves the logs by operation name and by operation_id, without caching', async () => {
    const precheck = finished.get('precheck');
    const byName = await raw(`/api/logs/operation-logs/${job.id}_precheck/log.txt`, observer.token);
    expect(byName.status).toBe(200);
    expect(byName.headers.get('cache-control')).toContain('no-cache');
    expect(byName.text).toMatch(/INFO precheck started/);
    expect(precheck?.logs).toBe(`/api/logs/operation-logs/${job.id}_precheck/log.txt`);
    const byId = await raw(`/api/logs/operation-logs/${precheck?.operation_id}/`, auditor.token);
    expect(byId.status).toBe(200);
    expect(byId.text).toBe(byName.text);
    const extract = await raw(
      `/api/logs/operation-logs/${job.id}_extractvote/log.txt`,
      auditor.token,
    );
    expect(extract.text).toMatch(/batch 1 of/);
    expect((await raw(`/api/logs/operation-logs/${job.id}_precheck/log.txt`)).status).toBe(401);
  });
});
