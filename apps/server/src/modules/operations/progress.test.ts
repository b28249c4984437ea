import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_PROGRESS_EVENTS, type JobProgress } from '@scrutineer/contracts';
import { connectChat, emitAck } from '../../test/chat-fixtures.js';
import {
  createAccount,
  createDistrict,
  createElection,
  type Account,
} from '../../test/elections-fixtures.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { createJob } from '../../test/jobs-fixtures.js';
import { launchStage, waitForStage } from '../../test/pipeline-fixtures.js';

let server: TestServer;
let auditor: Account;
let outsider: Account;
let jobId: number;
const sockets: Socket[] = [];
beforeAll(async () => {
  server = await startTestServer();
  [auditor, outsider] = await Promise.all([
    createAccount(server, { role: 'Client' }),
    createAccount(server, { role: 'Client' }),
  ]);
  const district = await createDistrict(server, auditor.token);
  const election = await createElection(server, auditor.token, district.id, { privacy: 'Closed' });
  jobId = (await createJob(server, auditor.token, election.id)).id;
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await server.close();
});

async function open(account: Account) {
  const socket = await connectChat(server, account.token);
  sockets.push(socket);
  const heard: JobProgress[] = [];
  socket.on(JOB_PROGRESS_EVENTS.progress, (progress: JobProgress) => heard.push(progress));
  return { socket, heard };
}

describe('job progress on the socket', () => {
  it('pushes stage status and percent to a member watching the job, never to others', async () => {
    const member = await open(auditor);
    const other = await open(outsider);
    expect(await emitAck(member.socket, JOB_PROGRESS_EVENTS.watch, { job_id: jobId })).toEqual({
      ok: true,
    });
    const refused = await emitAck(other.socket, JOB_PROGRESS_EVENTS.watch, { job_id: jobId });
    expect(refused).toMatchObject({ ok: false });
    // The watch answers with the job's stages as they are (none listed yet on a new job).
    expect(member.heard[0]).toMatchObject({ job_id: jobId, operations: [] });

    const runId = await launchStage(server, auditor.token, jobId, 'precheck');
    const ended = await waitForStage(server, auditor.token, runId, 180_000);
    for (let i = 0; i < 100; i += 1) {
      const last = member.heard.at(-1)?.operations.find((o) => o.operation === 'precheck');
      if (last?.operation_id === runId && last.status === ended.status) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const pushed = member.heard
      .flatMap((p) => p.operations)
      .filter((o) => o.operation === 'precheck' && o.operation_id === runId);
    expect(pushed.at(-1)?.status).toBe(ended.status);
    expect(other.heard).toEqual([]);
  });

  it('refuses a watch without a job id, and stops pushing after unwatch', async () => {
    const member = await open(auditor);
    expect(await emitAck(member.socket, JOB_PROGRESS_EVENTS.watch, {})).toEqual({
      ok: false,
      error: 'job_id: a job id is required',
    });
    const district = await createDistrict(server, auditor.token);
    const election = await createElection(server, auditor.token, district.id);
    const secondJob = (await createJob(server, auditor.token, election.id)).id;
    const control = await open(auditor);
    await emitAck(control.socket, JOB_PROGRESS_EVENTS.watch, { job_id: secondJob });
    await emitAck(member.socket, JOB_PROGRESS_EVENTS.watch, { job_id: secondJob });
    member.socket.emit(JOB_PROGRESS_EVENTS.unwatch, { job_id: secondJob });
    // The unwatch travels before this ack on the same connection.
    await emitAck(member.socket, JOB_PROGRESS_EVENTS.watch, {});
    const before = member.heard.length;
    const heardBefore = control.heard.length;
    const runId = await launchStage(server, auditor.token, secondJob, 'precheck');
    await waitForStage(server, auditor.token, runId, 180_000);
    // The other socket still watching proves pushes went out meanwhile.
    for (let i = 0; i < 100 && control.heard.length === heardBefore; i += 1)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(control.heard.length).toBeGreaterThan(heardBefore);
    expect(member.heard.length).toBe(before);
  });
});
