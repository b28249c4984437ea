import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AUDIT_STAGES,
  AUDIT_TYPE_MESSAGES,
  MESSAGES,
  type ArgGroup,
  type ArgumentSpec,
  type AuditType,
} from '@scrutineer/contracts';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { createAccount, type Account } from '../../test/elections-fixtures.js';
import { seedArgSpecs } from './index.js';

let server: TestServer;
let admin: Account;
let member: Account;

beforeAll(async () => {
  server = await startTestServer();
  [admin, member] = await Promise.all([
    createAccount(server, { role: 'Admin' }),
    createAccount(server),
  ]);
});
afterAll(async () => server.close());

describe('the seeded argument specs', () => {
  it('serve the Ballot Image Audit groups with typed arguments at /job-settings/arg-specs', async () => {
    const answer = await server.call<{ items: ArgGroup[] }>('GET', '/job-settings/arg-specs', {
      token: member.token,
    });
    expect(answer.status).toBe(200);
    const groups = answer.body.items.map((g) => g.group);
    expect(groups.slice(0, 3)).toEqual(['bia_specs', 'cvr_specs', 'style_specs']);
    const bia = answer.body.items[0];
    expect(bia?.audit_type_id).toBe('ballot_image_audit');
    expect(bia?.arguments.find((a) => a.argument === 'vendor')).toMatchObject({
      type: 'str',
      required: 'TRUE',
      choices: ['ES&S', 'Dominion', 'Hart', 'Clear Ballot'],
    });
    expect(bia?.arguments.find((a) => a.argument === 'image_dpi')).toMatchObject({
      type: 'int',
      value: '200',
    });
    const same = await server.call<{ items: ArgGroup[] }>('GET', '/arg-specs', {
      token: member.token,
    });
    expect(same.body).toEqual(answer.body);
  });

  it('seeds once: a second start adds nothing', async () => {
    const count = async () =>
      Number(
        (
          (await server.deps.database.executeSql('SELECT count(*) AS n FROM arg_specs'))
            .rows[0] as { n: string }
        ).n,
      );
    const before = await count();
    await seedArgSpecs(server.deps);
    expect(await count()).toBe(before);
  });

  it('lists the stages', async () => {
    const answer = await server.call('GET', '/arg-specs/stages', { token: member.token });
    expect(answer.body).toEqual({ stages: [...AUDIT_STAGES] });
  });
});

describe('audit types', () => {
  it('creates with the ID derived from the name, updates, refuses a taken ID and non-Admins', async () => {
    const created = await server.call<AuditType & { message: string }>('POST', '/audit-types', {
      token: admin.token,
      body: {
        name: 'Risk-Limiting Audit!',
        premium: 'TRUE',
        show: 'FALSE',
        help: 'Samples ballots',
      },
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      message: AUDIT_TYPE_MESSAGES.created,
      id: 'risklimiting_audit',
      name: 'Risk-Limiting Audit!',
      premium: 'TRUE',
      show: 'FALSE',
      help: 'Samples ballots',
    });
    const taken = await server.call('POST', '/audit-types', {
      token: admin.token,
      body: { id: ' risklimiting_audit ', name: 'Again' },
    });
    expect(taken).toMatchObject({ status: 409, body: { error: AUDIT_TYPE_MESSAGES.idTaken } });
    const updated = await server.call<AuditType>('PUT', '/audit-types/risklimiting_audit', {
      token: admin.token,
      body: { id: 'risklimiting_audit', name: 'RLA', premium: false, show: true },
    });
    expect(updated.body).toMatchObject({
      message: AUDIT_TYPE_MESSAGES.updated,
      name: 'RLA',
      premium: 'FALSE',
      show: 'TRUE',
    });
    const renameId = await server.call('PUT', '/audit-types/risklimiting_audit', {
      token: admin.token,
      body: { id: 'other', name: 'RLA' },
    });
    expect(renameId.status).toBe(400);
    const byMember = await server.call('POST', '/audit-types', {
      token: member.token,
      body: { name: 'X' },
    });
    expect(byMember).toMatchObject({ status: 403, body: { error: MESSAGES.adminOnly } });
    const list = await server.call<{ items: AuditType[] }>('GET', '/audit-types', {
      token: member.token,
    });
    expect(list.body.items.map((t) => t.id)).toEqual(['ballot_image_audit', 'risklimiting_audit']);
    const removed = await server.call('DELETE', '/audit-types/risklimiting_audit', {
      token: admin.token,
    });
    expect(removed.body).toEqual({ message: AUDIT_TYPE_MESSAGES.removed });
    const again = await server.call('DELETE', '/audit-types/risklimiting_audit', {
      token: admin.token,
    });
    expect(again.status).toBe(404);
  });
});

describe('argument groups and arguments', () => {
  it('adds a group and typed arguments, checks defaults and stages, and deletes them', async () => {
    const group = await server.call<ArgGroup & { message: string }>('POST', '/arg-groups', {
      token: admin.token,
      body: { audit_type_id: 'ballot_image_audit', group: 'qa_specs', group_name: 'Quality' },
    });
    expect(group.status).toBe(201);
    expect(group.body).toMatchObject({
      message: AUDIT_TYPE_MESSAGES.groupCreated,
      group: 'qa_specs',
      arguments: [],
    });
    const dup = await server.call('POST', '/arg-groups', {
      token: admin.token,
      body: { audit_type_id: 'ballot_image_audit', group: 'qa_specs' },
    });
    expect(dup).toMatchObject({ status: 409, body: { error: AUDIT_TYPE_MESSAGES.groupTaken } });
    const noName = await server.call('POST', '/arg-groups', {
      token: admin.token,
      body: { audit_type_id: 'ballot_image_audit', group: '' },
    });
    expect(noName).toMatchObject({ status: 400, body: { error: `group: ${MESSAGES.required}` } });

    const arg = await server.call<ArgumentSpec & { message: string }>('POST', '/arguments', {
      token: admin.token,
      body: {
        group_id: group.body.id,
        argument: 'sample_size',
        value: '40',
        type: 'int',
        required: 'TRUE',
        stages: 'cmpcvr,genreport',
        help: 'Ballots per sample',
      },
    });
    expect(arg.status).toBe(201);
    expect(arg.body).toMatchObject({
      message: AUDIT_TYPE_MESSAGES.argumentCreated,
      required: 'TRUE',
      stages: 'cmpcvr,genreport',
    });
    const badDefault = await server.call('POST', '/arguments', {
      token: admin.token,
      body: { group_id: group.body.id, argument: 'depth', value: 'deep', type: 'int' },
    });
    expect(badDefault).toMatchObject({
      status: 400,
      body: { error: 'value: depth: Must be a whole number.' },
    });
    const badStage = await server.call('POST', '/arguments', {
      token: admin.token,
      body: { group_id: group.body.id, argument: 'depth', type: 'int', stages: 'cmpcvr,nowhere' },
    });
    expect(badStage).toMatchObject({
      status: 400,
      body: { error: 'stages: nowhere is not a stage of the audit.' },
    });
    const badChoice = await server.call('POST', '/arguments', {
      token: admin.token,
      body: {
        group_id: group.body.id,
        argument: 'mode',
        type: 'str',
        choices: ['a', 'b'],
        value: 'c',
      },
    });
    expect(badChoice.body).toEqual({ error: 'value: mode: Must be one of a, b.' });

    const listed = await server.call<{ items: ArgumentSpec[] }>(
      'GET',
      `/arguments/ballot_image_audit/${group.body.id}`,
      { token: member.token },
    );
    expect(listed.body.items.map((a) => a.argument)).toEqual(['sample_size']);
    const updated = await server.call('PUT', `/arguments/${arg.body.id}`, {
      token: admin.token,
      body: { group_id: group.body.id, argument: 'sample_size', value: '60', type: 'int' },
    });
    expect(updated.body).toMatchObject({
      message: AUDIT_TYPE_MESSAGES.argumentUpdated,
      value: '60',
      required: 'FALSE',
    });
    const one = await server.call('GET', `/arguments/${arg.body.id}`, { token: member.token });
    expect(one.body).toMatchObject({ argument: 'sample_size', value: '60' });
    const byMember = await server.call('DELETE', `/arguments/${arg.body.id}`, {
      token: member.token,
    });
    expect(byMember.status).toBe(403);
    const del = await server.call('DELETE', `/arguments/${arg.body.id}`, { token: admin.token });
    expect(del.body).toEqual({ message: AUDIT_TYPE_MESSAGES.argumentDeleted });
    const renamed = await server.call('PUT', `/arg-groups/${group.body.id}`, {
      token: admin.token,
      body: { audit_type_id: 'ballot_image_audit', group: 'qa_specs', group_name: 'QA' },
    });
    expect(renamed.body).toMatchObject({
      message: AUDIT_TYPE_MESSAGES.groupUpdated,
      group_name: 'QA',
    });
    const gone = await server.call('DELETE', `/arg-groups/${group.body.id}`, {
      token: admin.token,
    });
    expect(gone.body).toEqual({ message: AUDIT_TYPE_MESSAGES.groupDeleted });
  });
});

describe('refusals on every audit-type route', () => {
  it('answers 403 to a non-Admin on each change and 401 to a visitor on each route', async () => {
    const type = await server.call<AuditType>('POST', '/audit-types', {
      token: admin.token,
      body: { name: 'Refusal check' },
    });
    const group = await server.call<ArgGroup>('POST', '/arg-groups', {
      token: admin.token,
      body: { audit_type_id: type.body.id, group: 'refusal_specs' },
    });
    const arg = await server.call<ArgumentSpec>('POST', '/arguments', {
      token: admin.token,
      body: { group_id: group.body.id, argument: 'depth', type: 'int', value: '3' },
    });
    const changes: [string, string, unknown][] = [
      ['POST', '/audit-types', { name: 'Mine' }],
      ['PUT', `/audit-types/${type.body.id}`, { name: 'Mine' }],
      ['DELETE', `/audit-types/${type.body.id}`, undefined],
      ['POST', '/arg-groups', { audit_type_id: type.body.id, group: 'mine' }],
      ['PUT', `/arg-groups/${group.body.id}`, { audit_type_id: type.body.id, group: 'mine' }],
      ['DELETE', `/arg-groups/${group.body.id}`, undefined],
      ['POST', '/arguments', { group_id: group.body.id, argument: 'mine' }],
      ['PUT', `/arguments/${arg.body.id}`, { group_id: group.body.id, argument: 'mine' }],
      ['DELETE', `/arguments/${arg.body.id}`, undefined],
    ];
    for (const [method, path, body] of changes) {
      const refused = await server.call(method, path, { token: member.token, body });
      expect(refused, `${method} ${path}`).toMatchObject({
        status: 403,
        body: { error: MESSAGES.adminOnly },
      });
    }
    const reads = [
      '/audit-types',
      '/arg-specs',
      '/arg-specs/stages',
      `/arguments/${type.body.id}/${group.body.id}`,
      `/arguments/${arg.body.id}`,
    ];
    const every = [...reads.map((path) => ['GET', path, undefined] as const), ...changes];
    for (const [method, path, body] of every) {
      const anonymous = await server.call(method, path, { body });
      expect(anonymous.status, `${method} ${path}`).toBe(401);
    }
    // Nothing changed under the refusals.
    const after = await server.call<{ items: ArgGroup[] }>(
      'GET',
      `/arg-specs?audit_type_id=${type.body.id}`,
      { token: member.token },
    );
    expect(after.body.items).toMatchObject([
      { group: 'refusal_specs', arguments: [{ argument: 'depth', value: '3' }] },
    ]);
    const another = await server.call('GET', `/arguments/other_type/${group.body.id}`, {
      token: member.token,
    });
    expect(another.status).toBe(404);
  });
});
