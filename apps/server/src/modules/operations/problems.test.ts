import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yazl from 'yazl';
import type { AuditJob, Operation, OperationList, PipelineStatus } from '@scrutineer/contracts';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { createAccount, createDistrict, createElection } from '../../test/elections-fixtures.js';
import type { Account } from '../../test/elections-fixtures.js';
import { createJob } from '../../test/jobs-fixtures.js';
import { generateElection, runStage, uploadSet } from '../../test/pipeline-fixtures.js';
import { storeJobFile } from '../job-settings/index.js';

let server: TestServer;
let auditor: Account;
let job: AuditJob;
const finished = new Map<string, Operation>();

async function damagedArchive(): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  zip.addBuffer(Buffer.from('II*\0not a whole image'), 'batch-9/9-9-9.tif');
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A generated election plus one archive whose only image cannot be decoded. */
beforeAll(async () => {
  server = await startTestServer({ PIPELINE_WORKERS: '2', PIPELINE_BATCH_SIZE: '10' });
  auditor = await createAccount(server, { role: 'Client' });
  const district = await createDistrict(server, auditor.token);
  const vote = await createElection(server, auditor.token, district.id);
  const election = await generateElection('stages-suite', 16, {
    misreads: 1,
    missing: 0,
    extra: 0,
  });
  await uploadSet(server, auditor.token, vote.id, 'ballots.zip', 'BIA', election.images);
  await uploadSet(server, auditor.token, vote.id, 'damaged.zip', 'BIA', await damagedArchive());
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
  for (const stage of ['precheck', 'gen_bif', 'genstyles', 'gentemplates', 'extractvote'])
    finished.set(stage, await runStage(server, auditor.token, job.id, stage));
}, 600_000);
afterAll(async () => server.close());

describe('a stage that leaves a sheet unread', () => {
  it('ends PROBLEMS, not SUCCESS, its result giving the count of sheets not read and why', () => {
    const extract = finished.get('extractvote');
    expect(extract?.status).toBe('PROBLEMS');
    expect(extract?.result).toMatch(/^finished with problems: 1 of 17 sheets not read: 1 \S/);
    expect(extract?.control_status).toBe('Failed');
    expect(extract?.percent).toBe(100);
    expect(extract?.can).toMatchObject({ reset: true, refresh: true, rerun: true });
    for (const stage of ['precheck', 'gen_bif', 'genstyles', 'gentemplates'])
      expect([stage, finished.get(stage)?.status]).toEqual([stage, 'SUCCESS']);
  });

  it('leaves the next stage ready for the Auditor to go on; the pipeline status lists it PROBLEMS', async () => {
    const list = await server.call<OperationList>('GET', `/job-operations/${job.id}`, {
      token: auditor.token,
    });
    expect(list.status).toBe(200);
    const cmpcvr = list.body.items.find((op) => op.operation === 'cmpcvr');
    expect(cmpcvr?.status).toBe('unbuilt-ready');
    const compared = await runStage(server, auditor.token, job.id, 'cmpcvr');
    expect(compared.status).toBe('SUCCESS');
    const pipeline = await server.call<PipelineStatus>(
      'GET',
      `/job-operations/pipeline-status/${job.id}`,
      { token: auditor.token },
    );
    expect(pipeline.status).toBe(200);
    expect(pipeline.body.stages.find((s) => s.operation === 'extractvote')?.status).toBe(
      'PROBLEMS',
    );
  });

  it('writes the reason to the stage log', async () => {
    const response = await fetch(
      new URL(`/api/logs/operation-logs/${job.id}_extractvote/log.txt`, server.url),
      { headers: { authorization: `Bearer ${auditor.token}` } },
    );
    expect(response.status).toBe(200);
    expect(await response.text()).toMatch(
      /WARNING finished-with-problems: extractvote: .*1 of 17 sheets not read/,
    );
  });
});
