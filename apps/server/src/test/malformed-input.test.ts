import fc from 'fast-check';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteContract } from '@scrutineer/contracts';
import { contractRoutes, fillPath, routeKey } from './contract-routes.js';
import {
  createAccount,
  createDistrict,
  createElection,
  type Account,
} from './elections-fixtures.js';
import { startTestServer, type TestServer } from './harness.js';
import { createJob } from './jobs-fixtures.js';

/**
 * Malformed input on every route, shaped from its contract (the fields it names, filled with
 * wrong types, NUL bytes, out-of-range numbers and stray structures): no answer is a 5xx, and a
 * refused request leaves every table as it was. The seed is fixed so CI runs the same cases;
 * set FC_SEED to explore others.
 */
const SEED = Number(process.env.FC_SEED ?? 20_261_127);
const RUNS_PER_ROUTE = Number(process.env.FC_RUNS ?? 4);

let server: TestServer;
let member: Account;
let admin: Account;
let tables: string[];
beforeAll(async () => {
  server = await startTestServer();
  [member, admin] = await Promise.all([
    createAccount(server, { role: 'Client' }),
    createAccount(server, { role: 'Admin' }),
  ]);
  const district = await createDistrict(server, member.token);
  const election = await createElection(server, member.token, district.id);
  await createJob(server, member.token, election.id, { name: 'Fuzzed job' });
  const { rows } = await server.deps.database.executeSql(
    `SELECT table_name AS name FROM information_schema.tables
     WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  tables = (rows as { name: string }[]).map((row) => row.name);
});
afterAll(async () => server.close());

/** Row counts of every table of the application, in one query. */
async function rowCounts(): Promise<Record<string, number>> {
  const sql = tables.map((name) => `SELECT '${name}' AS name, count(*)::int AS n FROM "${name}"`);
  const { rows } = await server.deps.database.executeSql(sql.join(' UNION ALL '));
  return Object.fromEntries((rows as { name: string; n: number }[]).map((r) => [r.name, r.n]));
}

const nastyText = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ maxLength: 10 }).map((text) => `${text}\u0000`),
  fc.constantFrom('', ' ', '../../etc/passwd', '<script>alert(1)</script>', "' OR 1=1 --"),
  fc.constantFrom('2147483648', '99999999999999999999', '-1', '0', '1.5', 'NaN', '1e309'),
);
const nastyValue = fc.oneof(
  nastyText,
  fc.integer(),
  fc.double(),
  fc.constantFrom(2 ** 31, 2 ** 53, -1, 0, 1e308, 16 * 2 ** 40, -(2 ** 63)),
  fc.boolean(),
  fc.constant(null),
  fc.array(nastyText, { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), nastyText, { maxKeys: 3 }),
);

const shapeKeys = (schema: unknown): string[] => {
  const shape = (schema as { shape?: Record<string, unknown> } | undefined)?.shape;
  return shape && typeof shape === 'object' ? Object.keys(shape) : [];
};

/** A record over the contract's field names (any subset) with malformed values. */
const fieldsOf = (schema: unknown) => {
  const keys = shapeKeys(schema);
  return keys.length > 0
    ? fc.record(Object.fromEntries(keys.map((key) => [key, nastyValue])), { requiredKeys: [] })
    : fc.dictionary(fc.string({ maxLength: 8 }), nastyValue, { maxKeys: 3 });
};

const paramNames = (route: RouteContract) =>
  [...route.path.matchAll(/:([A-Za-z_]+)/g)].map((match) => match[1] ?? '');

function caseFor(route: RouteContract) {
  return fc.record({
    params: fc.record(
      Object.fromEntries(
        paramNames(route).map((name) => [name, nastyText.filter((text) => text.length > 0)]),
      ),
    ),
    query: fieldsOf(route.query),
    body: fc.oneof(fieldsOf(route.body), fc.jsonValue({ maxDepth: 2 })),
    asAdmin: fc.boolean(),
  });
}

function queryString(query: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    search.append(key, typeof value === 'string' ? value : JSON.stringify(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

type Call = TestServer['call'];

/**
 * API routes outside the contracts: signed links followed as they are (a report's download, the
 * local payment provider's checkout page, the local store's upload parts). They are public and
 * their link's signature is the permission; they are fuzzed here like the contract routes.
 */
const OUTSIDE_CONTRACTS = [
  'GET /operation-files/:folder/:expires/:mac/*',
  'GET /local-checkout/:id',
  'POST /local-checkout/:id',
  'OPTIONS /blobs/parts/*',
  'PUT /blobs/parts/*',
];

/** A route outside the contracts as the property takes it (its wildcard as a parameter). */
const asContract = (key: string): RouteContract => {
  const [method = 'GET', path = '/'] = key.split(' ');
  return {
    method,
    path: path.replace('*', ':rest'),
    response: z.unknown(),
  } as unknown as RouteContract;
};

/**
 * The property for one route: malformed requests sent through `call` are never answered with
 * a 5xx, and a refused one leaves every table's row count as it was.
 */
function checkRoute(route: RouteContract, call: Call, runs = RUNS_PER_ROUTE) {
  const key = routeKey(route);
  return fc.assert(
    fc.asyncProperty(caseFor(route), async (input) => {
      const before = await rowCounts();
      const path = fillPath(route.path, input.params);
      const answer = await call(route.method, `${path}${queryString(input.query)}`, {
        ...(route.method === 'GET' ? {} : { body: input.body }),
        token: (input.asAdmin ? admin : member).token,
      });
      expect(answer.status, `${key}: ${JSON.stringify(answer.body)}`).toBeLessThan(500);
      if (answer.status >= 400) expect(await rowCounts(), key).toEqual(before);
    }),
    { numRuns: runs, seed: SEED, endOnFailure: true },
  );
}

describe('malformed input on every route', () => {
  const routes = contractRoutes();

  it('covers every API route the server registers: each is a contract route or listed', () => {
    const known = new Set([...routes.map(routeKey), ...OUTSIDE_CONTRACTS]);
    expect(server.apiRoutes.length).toBeGreaterThan(200);
    expect(server.apiRoutes.filter((key) => !known.has(key))).toEqual([]);
    expect([...known].filter((key) => !server.apiRoutes.includes(key))).toEqual([]);
  });

  it('fails on a 5xx, and on a refused request that saved a row', async () => {
    const route = routes.find((r) => routeKey(r) === 'POST /districts');
    if (!route) throw new Error('POST /districts is not a contract route');
    // fast-check reports the failed assertion as the cause of its own error.
    const failureOf = (run: Promise<unknown>) =>
      run.then(
        () => 'no failure',
        (error: unknown) => String((error as { cause?: unknown }).cause ?? error),
      );
    const failing: Call = async () => ({ status: 500, body: {} as never, headers: new Headers() });
    expect(await failureOf(checkRoute(route, failing, 1))).toMatch(
      /POST \/districts: .*expected 500 to be less than 500/,
    );
    // A refusal that leaves a row behind: the suite must see the half-saved record.
    const halfSaved: Call = async () => {
      await server.deps.database.executeSql(
        `INSERT INTO districts (name, country, state_name, district_name, email, date)
         VALUES ('US_AR_Saline', 'US', 'AR', 'Saline', 'clerk@example.org', '2024-01-01')`,
      );
      return { status: 400, body: {} as never, headers: new Headers() };
    };
    expect(await failureOf(checkRoute(route, halfSaved, 1))).toMatch(
      /POST \/districts: expected .* to deeply equal/,
    );
  });

  // Their answers are pages, XML or files, so they are read as text.
  const rawCall: Call = async (method, apiPath, options = {}) => {
    const response = await fetch(`${server.url}/api${apiPath}`, {
      method,
      headers: {
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      },
      ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
    });
    const text = await response.text();
    return { status: response.status, body: { text } as never, headers: response.headers };
  };

  it.each(OUTSIDE_CONTRACTS.map((key) => [key, asContract(key)] as const))(
    '%s (outside the contracts): no 5xx, nothing saved when refused',
    async (_key, route) => checkRoute(route, rawCall),
  );

  it.each(routes.map((route) => [routeKey(route), route] as const))(
    '%s: no 5xx, nothing saved when refused',
    async (_key, route) => checkRoute(route, server.call.bind(server)),
  );
});
