import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MESSAGES,
  ROUTE_ACCESS,
  type AuditJob,
  type District,
  type Election,
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
    case 'message-file':
      return { id: await sendMessageFile() };
  }
}

/** The member sends a message with a file in the room; answers the file's id. */
async function sendMessageFile(): Promise<number> {
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
    return (rows[0] as { id: number }).id;
  } finally {
    socket.close();
  }
}

/** A body that passes validation, so a scoped route reaches its record check. */
function validBody(route: RouteContract): unknown {
  if (route.method === 'GET' || route.method === 'DELETE') return undefined;
  switch (routeKey(route)) {
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
  const body = validBody(route);
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
