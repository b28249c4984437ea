import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logKey } from '@scrutineer/audit-core';
import {
  MESSAGES,
  ROUTE_ACCESS,
  type AuditJob,
  type District,
  type Election,
  type Operation,
  type RlaBoardBallot,
  type Room,
  type RouteContract,
  type RouteRecord,
  type RouteScope,
} from '@scrutineer/contracts';
import { contractRoutes, fillPath, routeKey } from './contract-routes.js';
import {
  createAccount,
  createDistrict,
  createElection,
  type Account,
} from './elections-fixtures.js';
import { startTestServer, type ApiAnswer, type TestServer } from './harness.js';
import { connectChat, createRoom, emitAck } from './chat-fixtures.js';
import { createJob, postForm } from './jobs-fixtures.js';
import { storeCvrSet, uploadManifest } from './rla-fixtures.js';
import { toolRuns } from '../db/schema.js';
import { openJobStore } from '../modules/operations/index.js';

/**
 * Every route of the contracts, called as anonymous, a plain user, another user, a member of
 * the records a route opens, and an Admin, answers as `ROUTE_ACCESS` declares beside the
 * contracts. A route added without a declaration fails here.
 */
let server: TestServer;
let plain: Account;
let other: Account;
let member: Account;
let admin: Account;
let district: District;
let election: Election;
let job: AuditJob;
let room: Room;
beforeAll(async () => {
  server = await startTestServer();
  [plain, other, member, admin] = await Promise.all([
    createAccount(server, { role: 'User' }),
    createAccount(server, { role: 'Client' }),
    createAccount(server, { role: 'Client' }),
    createAccount(server, { role: 'Admin' }),
  ]);
  district = await createDistrict(server, member.token);
  election = await createElection(server, member.token, district.id, { privacy: 'Closed' });
  job = await createJob(server, member.token, election.id, { name: 'Matrix job' });
  // Rooms are made by an Admin; the member is one of its people, the other users are not.
  room = await createRoom(server, admin.token, job.id, [member.id], 'Matrix room');
});
afterAll(async () => server.close());

const routes = contractRoutes();

function scopeId(scope: RouteScope): number {
  const ids: Record<RouteScope, number> = {
    election: election.id,
    district: district.id,
    job: job.id,
    room: room.id,
  };
  return ids[scope];
}

type PathValues = Record<string, string | number>;

/** Starts an upload (or file set) as the member and answers its id. */
async function startUpload(path: string, owner: Record<string, number>, fileName: string) {
  const answer = await server.call<{ id: number }>('POST', path, {
    token: member.token,
    body: { ...owner, file_name: fileName, file_size: 10 },
  });
  expect(answer.status, `${path}: ${JSON.stringify(answer.body)}`).toBe(201);
  return answer.body.id;
}

/**
 * A fresh record of the kind in the member's district, election or job, named by the path's
 * parameters: each caller gets its own, so a delete by one leaves the next caller a record.
 */
async function makeRecord(kind: RouteRecord): Promise<PathValues> {
  switch (kind) {
    case 'upload':
      return { id: await startUpload('/upload-files', { election_id: election.id }, 'notes.txt') };
    case 'district-upload':
      return {
        id: await startUpload('/upload-district-files', { district_id: district.id }, 'notes.txt'),
      };
    case 'file-set':
      return { id: await startUpload('/files', { election_id: election.id }, 'ballots.zip') };
    case 'district-file-set':
      return {
        id: await startUpload('/files-district', { district_id: district.id }, 'ballots.zip'),
      };
    case 'contact': {
      const answer = await server.call<{ id: number }>(
        'POST',
        `/district-contacts/${district.id}`,
        {
          token: member.token,
          body: { name: 'Pat Clerk', title: 'Registrar', email: 'pat@example.org' },
        },
      );
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      return { districtId: district.id, id: answer.body.id };
    }
    case 'settings-file': {
      // One file of a type per job: a job of its own for each caller.
      const own = await createJob(server, member.token, election.id, { name: 'Matrix files' });
      const answer = await postForm(
        server,
        '/job-settings/upload',
        member.token,
        { job_id: String(own.id), file_type: 'EIF' },
        [
          {
            field: 'file',
            name: 'election-info.csv',
            type: 'text/csv',
            content: 'contest,option\nMayor,Alice\n',
          },
        ],
      );
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      return { jobId: own.id, fileName: 'election-info.csv' };
    }
    case 'district':
      return { id: (await createDistrict(server, member.token)).id };
    case 'election': {
      const own = await createElection(server, member.token, district.id, { privacy: 'Closed' });
      return { id: own.id };
    }
    case 'membership': {
      const answer = await server.call<{ id: number }>('POST', '/election-users', {
        token: member.token,
        body: {
          election_id: election.id,
          first_name: 'Pat',
          last_name: 'Invitee',
          email: `invitee-${randomUUID()}@example.org`,
          role: 'Observer',
        },
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      return { id: answer.body.id };
    }
    case 'job':
      return { id: (await createJob(server, member.token, election.id, { name: 'Matrix' })).id };
    case 'message-file':
      return { id: (await sendMessageFile()).fileId };
    case 'message':
      return { message_id: (await sendMessageFile()).messageId };
    case 'operation':
      return { id: (await jobStages())[0]?.id ?? 0 };
    case 'stage-log': {
      // A stage's log is read by its name once the stage has written one.
      const stage = (await jobStages())[0];
      if (!stage) throw new Error('the job has no stages');
      const { store } = await openJobStore(server.deps, job.id);
      await store.write(logKey(stage.operation), 'Checked by the matrix\n');
      return { id: stage.name };
    }
    case 'tool-run': {
      // A run of the member's job that is still going, so a stop by anyone let in would take.
      const id = randomUUID();
      await server.deps.database.db.insert(toolRuns).values({
        id,
        jobId: job.id,
        op: 'recount_cvr',
        operands: {},
        status: 'RUNNING',
        folder: `tool-runs/${id}`,
        startedBy: member.id,
      });
      return { operation_id: id, id };
    }
    case 'rla': {
      const audit = await (rlaAudit ??= startRla());
      // A ballot of the sample of its own for each caller: a reading entered stays entered.
      const ballot = audit.ballots[rlaCalls++ % audit.ballots.length];
      return { jobId: audit.jobId, round: 1, ballotId: ballot?.id ?? 0 };
    }
  }
}

/** The matrix job's stages, as the member sees them (rows are made on first look). */
async function jobStages(): Promise<Operation[]> {
  const answer = await server.call<{ items: Operation[] }>('GET', `/job-operations/${job.id}`, {
    token: member.token,
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.items;
}

let rlaAudit: Promise<{ jobId: number; ballots: RlaBoardBallot[] }> | undefined;
let rlaCalls = 0;

/**
 * A risk-limiting audit the member started on a job of an election of their own, with the
 * member and an Admin on its one board; answers the job and the ballots of round 1.
 */
async function startRla() {
  const own = await createElection(server, member.token, district.id, { privacy: 'Closed' });
  await storeCvrSet(server, own.id, member.id);
  const rlaJob = await createJob(server, member.token, own.id, { name: 'Matrix RLA' });
  await uploadManifest(server, member.token, rlaJob.id);
  const started = await server.call('POST', `/rla/${rlaJob.id}`, {
    token: member.token,
    body: {
      contest_ids: ['Mayor', 'Council'],
      risk_limit: 10,
      seed: '27182818284590452353',
      boards: [{ name: 'Board 1', member_ids: [member.id, admin.id] }],
    },
  });
  expect(started.status, JSON.stringify(started.body)).toBe(201);
  const board = await server.call<{ items: RlaBoardBallot[] }>('GET', `/rla/${rlaJob.id}/board`, {
    token: member.token,
  });
  expect(board.body.items.length).toBeGreaterThan(0);
  return { jobId: rlaJob.id, ballots: board.body.items };
}

/** The member sends a message with a file in the room; answers the message's and file's ids. */
async function sendMessageFile(): Promise<{ messageId: number; fileId: number }> {
  const socket = await connectChat(server, member.token);
  try {
    const ack = await emitAck(socket, 'event', {
      sender_id: member.id,
      content: '',
      roomid: room.id,
      files: [{ name: 'note.txt' }],
    });
    if (!ack.ok || !ack.message) throw new Error(JSON.stringify(ack));
    const form = new FormData();
    form.append('message_id', String(ack.message.id));
    form.append('job_id', String(job.id));
    form.append('type', 'file');
    form.append('files[]', new Blob(['minutes'], { type: 'text/plain' }), 'note.txt');
    const uploaded = await fetch(`${server.url}/api/upload-message-files`, {
      method: 'POST',
      headers: { authorization: `Bearer ${member.token}` },
      body: form,
    });
    expect(uploaded.status, await uploaded.clone().text()).toBe(200);
    const { rows } = await server.deps.database.executeSql(
      'SELECT id FROM chat_message_files WHERE message_id = $1',
      [ack.message.id],
    );
    return { messageId: ack.message.id, fileId: (rows[0] as { id: number }).id };
  } finally {
    socket.close();
  }
}

/** A body that passes validation, so a scoped route reaches its record check. */
function validBody(route: RouteContract, values: PathValues): unknown {
  if (route.method === 'GET' || route.method === 'DELETE') return undefined;
  switch (routeKey(route)) {
    case 'POST /delete-message-files':
      return { message_id: values.message_id };
    case 'PUT /elections/:id':
      return { ...election };
    case 'PUT /districts/:id':
      return { ...district };
    case 'PUT /audit-jobs/:id':
      return { name: job.name, description: job.description, election_id: election.id };
    case 'POST /rla/:jobId':
      return {
        contest_ids: ['1'],
        risk_limit: 10,
        seed: '12345678901234567890',
        boards: [{ name: 'Board 1', member_ids: [member.id, admin.id] }],
      };
    case 'POST /district-contacts/:districtId':
    case 'PUT /district-contacts/:districtId/:id':
      return { name: 'Pat Clerk', title: 'Registrar', email: 'pat@example.org' };
    case 'PUT /election-users/:id':
      return { first_name: 'Pat', last_name: 'Invitee', role: 'Uploader' };
    case 'PUT /upload-files/:id':
    case 'PUT /upload-district-files/:id':
      return { status: 'Canceled' };
    case 'PUT /files/:id':
    case 'PUT /files-district/:id':
      return { description: 'Checked by the matrix' };
    default:
      return {};
  }
}

async function callAs(route: RouteContract, account: Account | null): Promise<ApiAnswer> {
  const rule = ROUTE_ACCESS[routeKey(route)];
  // Unscoped ids name no record, so no call changes the accounts or records the matrix uses.
  const id = rule?.scope ? scopeId(rule.scope) : 999_999;
  const values = rule?.record ? await makeRecord(rule.record) : {};
  const path = fillPath(route.path, values, id);
  const body = validBody(route, values);
  const response = await fetch(`${server.url}/api${path}`, {
    method: route.method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(account ? { authorization: `Bearer ${account.token}` } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  // Files are served as they are: only JSON answers are read as JSON.
  const json = response.headers.get('content-type')?.includes('application/json');
  const answer: unknown = json ? await response.json() : { bytes: (await response.text()).length };
  return {
    status: response.status,
    body: answer as Record<string, unknown>,
    headers: response.headers,
  };
}

const refusedAsAdminOnly = (answer: ApiAnswer) =>
  answer.status === 403 && answer.body.error === MESSAGES.adminOnly;

describe('authorization matrix', () => {
  it('declares every route of the contracts, and only those', () => {
    const keys = routes.map(routeKey);
    expect(keys.filter((key) => !ROUTE_ACCESS[key])).toEqual([]);
    expect(Object.keys(ROUTE_ACCESS).filter((key) => !keys.includes(key))).toEqual([]);
    expect(keys.length).toBeGreaterThan(200);
  });

  it.each(routes.map((route) => [routeKey(route), route] as const))(
    '%s answers each caller as declared',
    async (key, route) => {
      const rule = ROUTE_ACCESS[key];
      if (!rule) throw new Error(`${key} has no declared access`);
      const answers = {
        anonymous: await callAs(route, null),
        plain: await callAs(route, plain),
        other: await callAs(route, other),
        member: await callAs(route, member),
        admin: await callAs(route, admin),
      };
      for (const [who, answer] of Object.entries(answers)) {
        expect(answer.status, `${key} as ${who}: ${JSON.stringify(answer.body)}`).toBeLessThan(500);
      }
      const signedIn = [answers.plain, answers.other, answers.member, answers.admin];
      if (rule.access === 'public') {
        for (const answer of [answers.anonymous, ...signedIn]) expect(answer.status).not.toBe(401);
        return;
      }
      expect(answers.anonymous.status, `${key} anonymous`).toBe(401);
      for (const answer of signedIn) expect(answer.status, key).not.toBe(401);
      expect(refusedAsAdminOnly(answers.admin), `${key} as Admin`).toBe(false);
      if (rule.access === 'admin') {
        for (const answer of [answers.plain, answers.other, answers.member]) {
          expect(refusedAsAdminOnly(answer), `${key}: ${JSON.stringify(answer.body)}`).toBe(true);
        }
        return;
      }
      for (const answer of [answers.plain, answers.other, answers.member]) {
        expect(refusedAsAdminOnly(answer), key).toBe(false);
      }
      if (!rule.scope && !rule.record) return;
      // A record the caller has no part in is refused or hidden; its member and Admins get in.
      expect([403, 404], `${key} as another user`).toContain(answers.other.status);
      expect([403, 404], `${key} as a plain user`).toContain(answers.plain.status);
      for (const [who, answer] of [
        ['member', answers.member],
        ['Admin', answers.admin],
      ] as const) {
        expect([401, 403, 404], `${key} as ${who}: ${JSON.stringify(answer.body)}`).not.toContain(
          answer.status,
        );
      }
    },
  );
});
