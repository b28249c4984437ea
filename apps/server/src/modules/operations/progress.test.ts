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
let admin: Account;
let auditor: Account;
let outsider: Account;
let jobId: number;
const sockets: Socket[] = [];
beforeAll(async () => {
  // Every push asks its watchers again, so a taken permission bites at the next one.
  server = await startTestServer({ PROGRESS_RECHECK_SECONDS: '0' });
  [admin, auditor, outsider] = await Promise.all([
    createAccount(server, { role: 'Admin' }),
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

  it('pushes stages a settings save puts out of date, with no stage running', async () => {
    const member = await open(auditor);
    await emitAck(member.socket, JOB_PROGRESS_EVENTS.watch, { job_id: jobId });
    const before = member.heard.length;
    // A built precheck (the first test's run had no files to read, so it is set here); the
    // job's own settings put it out of date.
    await server.deps.database.executeSql(
      "UPDATE job_operations SET status = 'SUCCESS' WHERE job_id = $1 AND operation = 'precheck'",
      [jobId],
    );
    const saved = await server.call<{ message: string }>('POST', `/job-settings/${jobId}`, {
      token: auditor.token,
      body: {
        file_name: 'Recheck',
        settings: {
          bia_specs: [
            { argument: 'vendor', value: 'Dominion' },
            { argument: 'election_name', value: 'Recheck' },
          ],
        },
      },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    expect(saved.body.message).toContain('Out of date now (built-new): precheck');
    const pushed = await until(() =>
      member.heard
        .slice(before)
        .some((p) =>
          p.operations.some((o) => o.operation === 'precheck' && o.status === 'built-new'),
        ),
    );
    expect(pushed).toBe(true);
  });

  it('stops pushing once the watcher may no longer open the job, or has signed out', async () => {
    const district = await createDistrict(server, auditor.token);
    const election = await createElection(server, auditor.token, district.id, {
      privacy: 'Closed',
    });
    const job = (await createJob(server, auditor.token, election.id)).id;
    const [granted, leaving] = await Promise.all([createAccount(server), createAccount(server)]);
    const grant = (account: Account, audit: string) =>
      server.call('PUT', `/save-audit-permission/${account.id}`, {
        token: admin.token,
        body: {
          id: account.id,
          audit,
          election_ids: null,
          permissions: JSON.stringify(audit ? [{ jobid: job, fullRange: true, page_1: true }] : []),
          run_audit: false,
          test_job: false,
        },
      });
    for (const account of [granted, leaving])
      expect((await grant(account, String(job))).status).toBe(200);

    const control = await open(auditor);
    const revoked = await open(granted);
    const signedOut = await open(leaving);
    for (const watcher of [control, revoked, signedOut])
      expect(await emitAck(watcher.socket, JOB_PROGRESS_EVENTS.watch, { job_id: job })).toEqual({
        ok: true,
      });

    expect((await grant(granted, '')).status).toBe(200);
    const out = await server.call('POST', '/auth/sign-out', {
      body: { refresh_token: leaving.session.refresh_token },
    });
    expect(out.status).toBe(200);
    const heard = [control, revoked, signedOut].map((w) => w.heard.length);
    const disconnected = new Promise<void>((resolve) =>
      signedOut.socket.once('disconnect', () => resolve()),
    );

    const runId = await launchStage(server, auditor.token, job, 'precheck');
    await waitForStage(server, auditor.token, runId, 180_000);
    expect(await until(() => control.heard.length > heard[0]!)).toBe(true);
    await disconnected;
    expect(revoked.heard.length).toBe(heard[1]);
    expect(signedOut.heard.length).toBe(heard[2]);
    expect(revoked.socket.connected).toBe(true);
  });
});

async function until(check: () => boolean): Promise<boolean> {
  for (let i = 0; i < 100 && !check(); i += 1)
    await new Promise((resolve) => setTimeout(resolve, 100));
  return check();
}
