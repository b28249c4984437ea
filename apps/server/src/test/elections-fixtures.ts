import { expect } from 'vitest';
import type { District, Election, Member } from '@scrutineer/contracts';
import { jurisdictionMap } from '../modules/reference/index.js';
import { createUser, type TestServer } from './harness.js';

export type Account = Awaited<ReturnType<typeof createUser>> & { token: string };

/** A signed-in account; `plan` sets subscriptionPlan (role User needs one for this area). */
export async function createAccount(
  server: TestServer,
  options: { role?: string; plan?: number } = {},
): Promise<Account> {
  const user = await createUser(server, options.role ? { role: options.role } : {});
  await server.deps.database.executeSql('UPDATE users SET subscription_plan = $1 WHERE id = $2', [
    options.plan ?? 1,
    user.id,
  ]);
  return { ...user, token: user.session.access_token };
}

/** Counties tests name themselves; the walk below leaves them out. */
const NAMED_IN_TESTS = new Set(['alpine', 'apache', 'los angeles', 'san luis obispo']);
// A district's name is unique across states, so each county name is taken once.
const places = [
  ...new Map(
    Object.entries(jurisdictionMap())
      .flatMap(([state, counties]) => counties.map((county) => ({ state, county })))
      .filter((place) => !NAMED_IN_TESTS.has(place.county.toLowerCase()))
      .map((place) => [place.county.toLowerCase(), place] as const),
  ).values(),
];
const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
// Steps through the places in a spread order that visits every one before any repeats (test
// files of one worker share this module, so the walk must not come back early).
const step = [7, 5, 13, 17, 19, 23].find((candidate) => gcd(candidate, places.length) === 1) ?? 1;
let placeIndex = 0;

/** A US state and county no other test district of this process has used. */
export function nextPlace(): { state: string; county: string } {
  placeIndex += 1;
  const place = places[(placeIndex * step) % places.length];
  if (!place) throw new Error('no place');
  return place;
}

export function districtBody(overrides: Record<string, unknown> = {}) {
  const place = nextPlace();
  return {
    country: 'US',
    state_name: place.state,
    district_name: place.county,
    address: '1 Main St',
    city: 'Springfield',
    statePostalCode: '90001',
    phoneNumber: '555-0100',
    email: 'clerk@example.org',
    date: '11-05-2024',
    website: 'https://example.org',
    ...overrides,
  };
}

export async function createDistrict(
  server: TestServer,
  token: string,
  overrides: Record<string, unknown> = {},
): Promise<District> {
  const answer = await server.call<District>('POST', '/districts', {
    token,
    body: districtBody(overrides),
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body;
}

let day = 0;

/** An election date no other test election of this process has used. */
export function nextDate(): string {
  day += 1;
  const date = new Date(Date.UTC(2000, 0, 1) + day * 86_400_000);
  const [y, m, d] = date.toISOString().slice(0, 10).split('-');
  return `${m}-${d}-${y}`;
}

export async function createElection(
  server: TestServer,
  token: string,
  districtId: number,
  overrides: Record<string, unknown> = {},
): Promise<Election> {
  const answer = await server.call<Election>('POST', '/elections', {
    token,
    body: {
      name: 'General election',
      e_type: 'General',
      privacy: 'Public',
      districtId,
      date: nextDate(),
      description: 'County-wide',
      ...overrides,
    },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body;
}

/** Adds an existing account to an election with a role, through the API. */
export async function addToElection(
  server: TestServer,
  auditorToken: string,
  electionId: number,
  account: { email: string },
  role: string,
): Promise<Member> {
  const answer = await server.call<Member>('POST', '/election-users', {
    token: auditorToken,
    body: { election_id: electionId, first_name: 'A', last_name: 'B', email: account.email, role },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body;
}

export async function countRows(server: TestServer, sql: string, values: unknown[] = []) {
  const result = await server.deps.database.executeSql(sql, values);
  return Number((result.rows[0] as { count: number | string }).count);
}
