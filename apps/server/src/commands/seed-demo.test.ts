import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodePassword, type Session } from '@scrutineer/contracts';
import { startTestServer, type TestServer } from '../test/harness.js';
import { runStage } from '../test/pipeline-fixtures.js';
import { seedDemo } from './seed-demo.js';

let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await startTestServer();
  expect(await seedDemo(server.deps)).toBe(true);
  const { config } = server.deps;
  const signIn = await server.call<Session>('POST', '/auth/sign-in', {
    body: { email: config.SEED_ADMIN_EMAIL, password: encodePassword(config.SEED_ADMIN_PASSWORD) },
  });
  expect(signIn.status).toBe(200);
  token = signIn.body.access_token;
}, 120_000);
afterAll(async () => {
  await server.close();
});

describe('demo data on first start', () => {
  it('gives the Admin a generated election with its archive, vote records and an audit job', async () => {
    const elections = await server.call<{ items: { id: number; name: string }[] }>(
      'GET',
      '/elections',
      { token },
    );
    const election = elections.body.items.find((e) => e.name === 'Mono Demo General');
    expect(election).toBeDefined();
    const jobs = await server.call<{ items: { id: number; name: string }[] }>(
      'GET',
      '/audit-jobs',
      {
        token,
      },
    );
    const job = jobs.body.items.find((j) => j.name === 'Mono demo audit');
    if (!job) throw new Error('no demo job');
    const adopted = await server.call<{ items: { file_name: string; file_type: string }[] }>(
      'GET',
      `/job-settings/adopted-files/${job.id}`,
      { token },
    );
    expect(adopted.body.items.map((f) => f.file_type).sort()).toEqual(['BIA', 'CVR']);
    const files = await server.call<{ items: { file_name: string; file_type: string }[] }>(
      'GET',
      `/job-settings/${job.id}`,
      { token },
    );
    expect(files.body.items).toContainEqual(
      expect.objectContaining({ file_name: 'EIF_Mono_demo_audit.json', file_type: 'EIF' }),
    );
    expect(files.body.items).toContainEqual(
      expect.objectContaining({ file_name: 'BMF_Mono_demo_audit.csv', file_type: 'BMF' }),
    );
  });

  it("runs the demo job's stages from precheck to genreport", async () => {
    const jobs = await server.call<{ items: { id: number; name: string }[] }>(
      'GET',
      '/audit-jobs',
      {
        token,
      },
    );
    const job = jobs.body.items.find((j) => j.name === 'Mono demo audit');
    if (!job) throw new Error('no demo job');
    const ended: string[] = [];
    for (const operation of [
      'precheck',
      'gen_bif',
      'genstyles',
      'gentemplates',
      'extractvote',
      'cmpcvr',
      'adjudicate',
      'genreport',
    ])
      ended.push(
        `${operation} ${(await runStage(server, token, job.id, operation, 300_000)).status}`,
      );
    expect(ended).toEqual(ended.map((line) => `${line.split(' ')[0]} SUCCESS`));
    const adjudications = await server.call<{ items: { kind: string }[] }>(
      'GET',
      `/job-operations/adjudications/${job.id}`,
      { token },
    );
    // Two misreads, a ballot without a record, a record without a ballot and a swapped batch.
    expect(
      adjudications.body.items
        .map((a) => a.kind)
        .filter((kind) => kind !== 'Gray')
        .sort(),
    ).toEqual(['No CVR', 'No Image', 'Normal Disagreed', 'Normal Disagreed', 'Swapped Batch']);
  }, 600_000);

  it('runs only on an empty database', async () => {
    expect(await seedDemo(server.deps)).toBe(false);
  });
});
