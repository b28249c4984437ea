import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { editedMapKey, exemplarKey, logKey } from '@scrutineer/audit-core';
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
  nextDate,
  type Account,
} from './elections-fixtures.js';
import { createProject, grantProjectPermission } from './funding-fixtures.js';
import { startTestServer, type ApiAnswer, type TestServer } from './harness.js';
import { connectChat, createRoom, emitAck } from './chat-fixtures.js';
import { createJob, postForm } from './jobs-fixtures.js';
import { storeCvrSet, uploadManifest } from './rla-fixtures.js';
import { adjudications, toolRuns } from '../db/schema.js';
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
  // The member runs fund-raising projects too, so a project of theirs can be opened by others.
  await grantProjectPermission(server, member.id);
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
      return { id: (await sendMessage(true)).fileId };
    case 'message':
      return { message_id: (await sendMessage(true)).messageId };
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
    case 'template': {
      // A style side of its own for each caller: the exemplar gentemplates leaves, and a map
      // edited by hand (so that restoring the automatic map has something to drop).
      const style = `M${++styleCalls}`;
      const { store } = await openJobStore(server.deps, job.id);
      await store.write(exemplarKey(style), ONE_PIXEL_PNG);
      await store.write(
        editedMapKey(style),
        JSON.stringify({ style, targets: [], edited_by: 'Matrix', edited_at: new Date() }),
      );
      return { jobId: job.id, style, kind: 'exemplar' };
    }
    case 'adjudication': {
      // An item of the member's job as the adjudicate stage packages it, open for a decision.
      const [item] = await server.deps.database.db
        .insert(adjudications)
        .values({ jobId: job.id, kind: 'Gray', sheetId: randomUUID(), contestId: 'Mayor' })
        .returning({ id: adjudications.id });
      return { jobId: job.id, itemId: item?.id ?? 0 };
    }
    case 'room':
      return { id: (await createRoom(server, admin.token, job.id, [member.id], 'Matrix')).id };
    case 'attachment': {
      const answer = await postForm<{ id: number }>(
        server,
        '/upload-attech-files',
        member.token,
        { job_id: String(job.id) },
        [{ field: 'file', name: 'minutes.pdf', type: 'application/pdf', content: MINIMAL_PDF }],
      );
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      return { id: answer.body.id };
    }
    case 'upload-request':
      return { id: (await startRequest('election')).id };
    case 'district-upload-request':
      return { id: (await startRequest('district')).id };
    case 'requested-file':
    case 'district-requested-file': {
      // A file someone sends through the member's request link, still being uploaded.
      const type = kind === 'requested-file' ? 'election' : 'district';
      const link = new URL((await startRequest(type)).request_url);
      const answer = await server.call<{ id: number }>(
        'POST',
        type === 'election' ? '/direct-upload' : '/direct-district-upload',
        {
          body: {
            request_id: Number(link.pathname.split('/')[2]),
            token: link.searchParams.get('token') ?? '',
            file_name: 'cvr.zip',
            file_size: 10,
          },
        },
      );
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      return { id: answer.body.id };
    }
    case 'job-file': {
      // A settings (JOB) file, as the adopted-job-settings dialog reads it, in a job of its own
      // for each caller (a job holds one file of a stage).
      const own = await createJob(server, member.token, election.id, { name: 'Matrix settings' });
      const answer = await server.call<{ file: { file_name: string } }>(
        'POST',
        `/job-settings/${own.id}`,
        { token: member.token, body: { file_name: 'Stage', ...STAGE_SETTINGS } },
      );
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      return { jobId: own.id, fileName: answer.body.file.file_name };
    }
    case 'tool': {
      const answer = await server.call<{ tool: { row_number: number } }>(
        'POST',
        '/sys-config/action-tools',
        { token: member.token, body: { job_id: job.id, settings: JSON.stringify(TOOL_SETTINGS) } },
      );
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return { row_number: answer.body.tool.row_number };
    }
    case 'project':
      return { name: (await createProject(server, member.token)).id };
    case 'new-message':
      return { message_id: (await sendMessage(false)).messageId };
  }
}

let styleCalls = 0;

/** A 1×1 PNG: what a template image route checks the bytes against. */
const ONE_PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** The smallest file a PDF reader (and the type check) takes for a PDF. */
const MINIMAL_PDF = '%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n';

/** Settings of a JOB file for one stage, as the job settings screen saves them. */
const STAGE_SETTINGS = {
  settings: { bia_specs: [{ argument: 'image_dpi', value: '300' }] },
  stage: 'extractvote',
};

/** A tool row as a job's Auditor adds it (the matrix never runs it). */
const TOOL_SETTINGS = {
  function_name: 'recount_cvr',
  script: 'audit-core precheck (CVR files)',
  api_entry: '/compute/tools-execute',
  api_operands: JSON.stringify({ op: 'recount_cvr' }),
  help_text: 'Count the records again',
};

/** An upload request the member made for their election or district. */
async function startRequest(type: 'election' | 'district') {
  const answer = await server.call<{ id: number; request_url: string }>(
    'POST',
    type === 'election' ? '/upload-requests' : '/upload-district-requests',
    {
      token: member.token,
      body: {
        ...(type === 'election' ? { election_id: election.id } : { district_id: district.id }),
        name: 'County clerk',
      },
    },
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body;
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

/**
 * The member sends a message naming a file in the room, and with `upload` sends the file;
 * answers the message's and the file's ids.
 */
async function sendMessage(upload: boolean): Promise<{ messageId: number; fileId: number }> {
  const socket = await connectChat(server, member.token);
  try {
    const ack = await emitAck(socket, 'event', {
      sender_id: member.id,
      content: '',
      roomid: room.id,
      files: [{ name: 'note.txt' }],
    });
    if (!ack.ok || !ack.message) throw new Error(JSON.stringify(ack));
    if (!upload) return { messageId: ack.message.id, fileId: 0 };
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
function validBody(
  route: RouteContract,
  values: PathValues,
  caller: Account | null,
): Record<string, unknown> | FormData | undefined {
  if (route.method === 'GET' || route.method === 'DELETE') return undefined;
  switch (routeKey(route)) {
    case 'POST /delete-message-files':
      return { message_id: values.message_id };
    case 'PUT /elections/:id':
      return { ...election };
    case 'POST /elections':
      return { name: 'Matrix election', privacy: 'Closed', date: nextDate() };
    case 'PUT /districts/:id':
      return { ...district };
    case 'PUT /audit-jobs/:id':
      return { name: job.name, description: job.description, election_id: election.id };
    case 'POST /audit-jobs':
      return { name: 'Matrix job', description: 'All ballots' };
    case 'POST /election-users':
      return {
        first_name: 'Pat',
        last_name: 'Invitee',
        email: `invitee-${randomUUID()}@example.org`,
        role: 'Observer',
      };
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
    case 'POST /files':
    case 'POST /files-district':
      return { file_name: 'ballots.zip', file_size: 10 };
    case 'POST /upload-files':
    case 'POST /upload-district-files':
      return { file_name: 'notes.txt', file_size: 10 };
    case 'POST /files/adopt':
    case 'POST /files-district/adopt':
      return { file_name: 'none.zip' };
    case 'POST /upload-requests':
    case 'POST /upload-requests-copy':
    case 'POST /upload-district-requests':
    case 'POST /upload-district-requests-copy':
    case 'PUT /upload-requests/:id':
    case 'PUT /upload-district-requests/:id':
      return { name: 'County clerk' };
    case 'PUT /job-templates/:jobId/:style':
      return { targets: [] };
    case 'POST /job-templates/:jobId/:style/import':
      return { format: 'json', content: JSON.stringify({ targets: [] }) };
    case 'PUT /job-operations/adjudications/:jobId/:itemId':
      return { decision: 'image' };
    case 'PUT /job-operations/adjudication-settings/:jobId':
      return { reviewers_per_item: 1 };
    case 'POST /job-settings/:jobId':
      return { file_name: 'Stage', ...STAGE_SETTINGS };
    case 'PUT /job-settings/:jobId':
      return { file_name: values.fileName, is_update: true, ...STAGE_SETTINGS };
    case 'POST /job-operations':
      // A stage that is not ready: nothing runs, whoever is let in.
      return { operation: 'genreport' };
    case 'POST /compute/tools-execute':
      return { op: 'recount_cvr', not_an_operand: 1 };
    case 'POST /vendor-template':
      return { vendor: 'Dominion' };
    case 'POST /sys-config/action-tools':
      return { settings: JSON.stringify(TOOL_SETTINGS) };
    case 'POST /sys-config/update-action-tools':
      return { job_id: job.id, row_number: values.row_number, settings: TOOL_SETTINGS };
    case 'POST /sys-config/delete-action-tools':
      return { job_id: job.id, row_number: values.row_number };
    case 'POST /add-room':
      return { name: 'Matrix room', users: [] };
    case 'POST /report-export':
      return { export_data: { room_id: room.id } };
    case 'PUT /update-room/:id':
      return { name: 'Renamed room' };
    case 'PUT /update-room-user/:id':
      // Takes the member out: a change whoever makes it.
      return { users: [admin.id] };
    case 'POST /mark-seen-message':
      return { message_id: values.message_id, room_id: room.id, user_id: caller?.id ?? 1 };
    case 'POST /add-auditattech':
      return { job_id: job.id, id: values.id, description: 'Minutes of the count' };
    case 'PUT /projects/:name':
      return { name: `Recount ${randomUUID().slice(0, 8)}`, description: 'Fund a hand count' };
    case 'POST /upload-attech-files':
      return form({ job_id: job.id }, 'file', 'minutes.pdf', 'application/pdf', MINIMAL_PDF);
    case 'POST /job-settings/upload':
      return form(
        { job_id: job.id, file_type: 'EIF' },
        'file',
        'election-info.csv',
        'text/csv',
        'contest,option\nMayor,Alice\n',
      );
    case 'POST /upload-message-files':
      return form(
        { message_id: values.message_id ?? 0, job_id: job.id, type: 'file' },
        'files[]',
        'note.txt',
        'text/plain',
        'minutes',
      );
    default:
      return {};
  }
}

/** A multipart form with fields and one file. */
function form(
  fields: Record<string, string | number>,
  field: string,
  name: string,
  type: string,
  content: string,
): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.append(key, String(value));
  data.append(field, new Blob([content], { type }), name);
  return data;
}

/** A query that passes validation, so a scoped GET reaches its record check. */
function validQuery(route: RouteContract): Record<string, string> {
  switch (routeKey(route)) {
    case 'GET /job-operations/tally/:jobId/ballots':
      return { contest_id: 'Mayor', option_id: 'Alice', source: 'cvr' };
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
  let body = validBody(route, values, account);
  const query = new URLSearchParams(validQuery(route));
  // A scope named in the body (or a GET's query) rather than the path.
  if (rule?.scope && rule.field) {
    if (body instanceof FormData) body.set(rule.field, String(id));
    else if (body) body = { ...body, [rule.field]: id };
    else query.set(rule.field, String(id));
  }
  const search = query.toString() ? `?${query.toString()}` : '';
  const isForm = body instanceof FormData;
  const response = await fetch(`${server.url}/api${path}${search}`, {
    method: route.method,
    headers: {
      ...(body === undefined || isForm ? {} : { 'content-type': 'application/json' }),
      ...(account ? { authorization: `Bearer ${account.token}` } : {}),
    },
    ...(body === undefined ? {} : { body: body instanceof FormData ? body : JSON.stringify(body) }),
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

  it('says for every signed-in route whose record it opens, so each caller has a column', () => {
    const undeclared = Object.entries(ROUTE_ACCESS)
      .filter(([, rule]) => rule.access === 'session')
      .filter(([, rule]) => [rule.scope, rule.record, rule.own].filter(Boolean).length !== 1)
      .map(([key]) => key);
    expect(undeclared, 'each needs exactly one of scope, record or own').toEqual([]);
    const fieldWithoutScope = Object.entries(ROUTE_ACCESS).filter(
      ([, rule]) => rule.field && !rule.scope,
    );
    expect(fieldWithoutScope).toEqual([]);
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
      if (rule.own) return;
      // A record the caller has no part in is refused or hidden; its member and Admins get in
      // (where only Admins manage the record, its member is refused).
      expect([403, 404], `${key} as another user: ${JSON.stringify(answers.other.body)}`).toContain(
        answers.other.status,
      );
      expect([403, 404], `${key} as a plain user: ${JSON.stringify(answers.plain.body)}`).toContain(
        answers.plain.status,
      );
      const admitted: [string, ApiAnswer][] = [];
      if (rule.authorOnly)
        expect(answers.admin.status, `${key} as Admin: ${JSON.stringify(answers.admin.body)}`).toBe(
          403,
        );
      else admitted.push(['Admin', answers.admin]);
      if (rule.adminManaged)
        expect(
          answers.member.status,
          `${key} as member: ${JSON.stringify(answers.member.body)}`,
        ).toBe(403);
      else admitted.push(['member', answers.member]);
      for (const [who, answer] of admitted) {
        expect([401, 403, 404], `${key} as ${who}: ${JSON.stringify(answer.body)}`).not.toContain(
          answer.status,
        );
      }
    },
  );
});
