import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { createAccount, createDistrict, createElection } from '../../test/elections-fixtures.js';
import { createJob } from '../../test/jobs-fixtures.js';
import { uploadSet } from '../../test/pipeline-fixtures.js';
import { smallZip } from '../../test/upload-fixtures.js';
import { storeJobFile } from '../job-settings/index.js';
import { openJobStore } from './job-inputs.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

describe('job inputs of the pipeline', () => {
  it('takes the JOB file along and keeps the ES&S ballots files it names beside its chosen CVR', async () => {
    const auditor = await createAccount(server, { role: 'Client' });
    const district = await createDistrict(server, auditor.token);
    const vote = await createElection(server, auditor.token, district.id, { privacy: 'Open' });
    const zip = await smallZip();
    for (const name of ['county.zip', 'county_ballots.zip', 'other.zip'])
      await uploadSet(server, auditor.token, vote.id, name, 'CVR', zip);
    const job = await createJob(server, auditor.token, vote.id);
    const settings = [
      'group,argument,value',
      'cvr_specs,cvr,county.zip',
      'cvr_specs,ess_ballots,county_ballots.zip',
      'cvr_specs,accept_unreadable_cvr,TRUE',
    ].join('\n');
    await storeJobFile(server.deps, {
      jobId: job.id,
      jobAddress: job.address,
      fileName: 'JOB_County_audit.csv',
      fileType: 'JOB',
      content: Buffer.from(settings),
      userId: auditor.id,
    });
    const { store } = await openJobStore(server.deps, job.id);
    const keys: string[] = [];
    for await (const object of store.list('input/')) keys.push(object.key);
    expect(keys.sort()).toEqual([
      'input/cvr/county.zip',
      'input/cvr/county_ballots.zip',
      'input/job.csv',
    ]);
    const chunks: Buffer[] = [];
    for await (const chunk of await store.read('input/job.csv')) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString('utf8')).toBe(settings);
  });
});
