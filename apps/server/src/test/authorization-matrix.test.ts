import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MESSAGES,
  ROUTE_ACCESS,
  type AuditJob,
  type District,
  type Election,
  type Room,
  type RouteContract,
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
import { createRoom } from './chat-fixtures.js';
import { createJob } from './jobs-fixtures.js';

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
      return { name: 'Pat Clerk', title: 'Registrar', email: 'pat@example.org' };
    default:
      return {};
  }
}

async function callAs(route: RouteContract, account: Account | null): Promise<ApiAnswer> {
  const rule = ROUTE_ACCESS[routeKey(route)];
  // Unscoped ids name no record, so no call changes the accounts or records the matrix uses.
  const id = rule?.scope ? scopeId(rule.scope) : 999_999;
  const path = fillPath(route.path, {}, id);
  return server.call(route.method, path, {
    body: validBody(route),
    ...(account ? { token: account.token } : {}),
  });
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
      if (!rule.scope) return;
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
