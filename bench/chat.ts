// Chat fan-out: many socket clients in one discussion room, spread over two API instances on one
// PostgreSQL (events cross through the socket.io PostgreSQL adapter), against a bare socket.io
// echo measured in the same run. Counts every delivery, so a lost or doubled message fails.
import { createSecretKey, randomBytes } from 'node:crypto';
import { SignJWT } from 'jose';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { freePort, hasPostgres, startPostgres } from '../scripts/lib/postgres.mjs';
import { machineLine, writeSection } from './lib/results.js';
import { startBaseline, startBuiltServer, type RunningServer } from './lib/server.js';

const CLIENTS = Number(process.env.CHAT_CLIENTS ?? 500);
const MESSAGES = Number(process.env.CHAT_MESSAGES ?? 1000);
/** Messages the sender keeps in flight (sent, not yet acknowledged). */
const IN_FLIGHT = Number(process.env.CHAT_IN_FLIGHT ?? 4);
const JWT_SECRET = randomBytes(32).toString('hex');
const API_SOCKET_PATH = '/api/socket.io';

interface Target {
  urls: string[];
  path: string;
  /** The token of receiving client i, and the sender's. */
  clientToken(i: number): string;
  senderToken: string;
  senderId: number;
  roomId: number;
}

interface Measured {
  name: string;
  seconds: number;
  messagesPerSecond: number;
  deliveriesPerSecond: number;
  p50: number;
  p99: number;
  max: number;
  missing: number;
  doubled: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]! : 0;

async function connect(url: string, socketPath: string, token: string): Promise<Socket> {
  const socket = io(url, {
    path: socketPath,
    transports: ['websocket'],
    auth: { token },
    reconnection: false,
    forceNew: true,
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

/** Connects the clients round-robin over the target's URLs, sends, and counts what arrives. */
async function measure(name: string, target: Target): Promise<Measured> {
  const run = randomBytes(3).toString('hex');
  const prefix = `bench ${run} `;
  const sentAt = new Float64Array(MESSAGES);
  const counts = new Uint8Array(CLIENTS * MESSAGES);
  const latencies: number[] = [];
  let delivered = 0;
  let lastArrival = 0;
  let allArrived: () => void = () => undefined;
  const done = new Promise<void>((resolve) => (allArrived = resolve));

  const clients: Socket[] = [];
  for (let start = 0; start < CLIENTS; start += 50) {
    const batch = [];
    for (let i = start; i < Math.min(CLIENTS, start + 50); i += 1) {
      const url = target.urls[i % target.urls.length]!;
      batch.push(connect(url, target.path, target.clientToken(i)));
    }
    clients.push(...(await Promise.all(batch)));
  }
  clients.forEach((socket, client) => {
    socket.on('MESSAGE', (push: { type: string; message?: { content: string } }) => {
      const content = push.type === 'message' ? push.message?.content : undefined;
      if (!content?.startsWith(prefix)) return;
      const seq = Number(content.slice(prefix.length));
      const now = performance.now();
      latencies.push(now - sentAt[seq]!);
      counts[client * MESSAGES + seq]! += 1;
      delivered += 1;
      lastArrival = now;
      if (delivered === CLIENTS * MESSAGES) allArrived();
    });
  });
  const sender = await connect(target.urls[0]!, target.path, target.senderToken);

  const started = performance.now();
  let next = 0;
  const sendLoop = async () => {
    while (next < MESSAGES) {
      const seq = next;
      next += 1;
      sentAt[seq] = performance.now();
      const ack = (await sender.timeout(30_000).emitWithAck('event', {
        sender_id: target.senderId,
        content: `${prefix}${seq}`,
        timestamp: new Date().toISOString(),
        roomid: target.roomId,
        files: [],
        replyMessage: null,
      })) as { ok: boolean; error?: string };
      if (!ack.ok) throw new Error(`send refused: ${ack.error}`);
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, sendLoop));
  // Whatever has not arrived 10 s after the last acknowledgement counts as missing.
  await Promise.race([done, new Promise((resolve) => setTimeout(resolve, 10_000))]);
  const seconds = ((lastArrival || performance.now()) - started) / 1000;

  let missing = 0;
  let doubled = 0;
  for (const count of counts) {
    if (count === 0) missing += 1;
    else if (count > 1) doubled += count - 1;
  }
  for (const socket of [...clients, sender]) socket.close();
  latencies.sort((a, b) => a - b);
  const measured: Measured = {
    name,
    seconds,
    messagesPerSecond: MESSAGES / seconds,
    deliveriesPerSecond: delivered / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? 0,
    missing,
    doubled,
  };
  console.log(JSON.stringify(measured));
  return measured;
}

/** Starts the bare socket.io echo (bench/lib/echo-server.ts) as its own process. */
const startEcho = async (env: Record<string, string> = {}) =>
  startBaseline('echo-server.ts', await freePort(), env);

const echoTarget = (urls: string[]): Target => ({
  urls,
  path: '/socket.io',
  clientToken: () => '',
  senderToken: '',
  senderId: 1,
  roomId: 1,
});

async function signIn(url: string, email: string, password: string): Promise<string> {
  const answer = await fetch(`${url}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: Buffer.from(password).toString('base64') }),
  });
  const body = (await answer.json()) as { access_token?: string };
  if (!body.access_token) throw new Error(`sign-in failed: ${JSON.stringify(body)}`);
  return body.access_token;
}

async function api<T>(url: string, token: string, method: string, route: string, body?: unknown) {
  const answer = await fetch(`${url}/api${route}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = (await answer.json()) as T;
  if (!answer.ok) throw new Error(`${method} ${route}: ${answer.status} ${JSON.stringify(json)}`);
  return json;
}

/**
 * The room: an election with the clients as its Uploaders (rows generated in SQL), a job and a
 * room with every client made through the API by the seeded Admin, who sends the messages.
 */
async function prepareRoom(databaseUrl: string, url: string) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    await db.query(`INSERT INTO users (email, first_name, last_name, role, verified, subscription_plan)
      SELECT 'chat' || g || '@example.org', 'Chat', 'Person' || g, 'User', true, 1
      FROM generate_series(1, ${CLIENTS}) g`);
    await db.query(`INSERT INTO districts (name, country, state_name, district_name, email, date)
      VALUES ('US_CA_ChatBench', 'US', 'CA', 'Chat Bench', 'clerk@example.org', '2024-01-01')`);
    await db.query(`INSERT INTO elections (name, e_type, privacy, country, state, county, date,
        address, district_id, project_ids)
      SELECT 'Chat bench', 'General', 'Public', 'US', 'CA', 'Chat Bench', DATE '2024-11-05',
        'US/CA/ChatBench/General/1', id, ARRAY[1] FROM districts WHERE name = 'US_CA_ChatBench'`);
    await db.query(`INSERT INTO election_members (election_id, user_id, role)
      SELECT e.id, u.id, CASE WHEN u.role = 'Admin' THEN 'Auditor' ELSE 'Uploader' END
      FROM elections e, users u
      WHERE e.name = 'Chat bench' AND (u.email LIKE 'chat%' OR u.email = 'admin@scrutineer.local')`);
    const admin = await signIn(url, 'admin@scrutineer.local', 'admin-password');
    const [election] = (await db.query(`SELECT id FROM elections WHERE name = 'Chat bench'`))
      .rows as [{ id: number }];
    const job = await api<{ id: number }>(url, admin, 'POST', '/audit-jobs', {
      name: 'Chat bench',
      description: 'Fan-out',
      election_id: election.id,
    });
    const users = (
      await db.query(
        `SELECT id, role, token_version AS tv FROM users WHERE email LIKE 'chat%' ORDER BY id`,
      )
    ).rows as { id: number; role: string; tv: number }[];
    const room = await api<{ id: number }>(url, admin, 'POST', '/add-room', {
      name: 'Fan-out',
      job_id: job.id,
      lastUpdated: new Date().toISOString(),
      users: JSON.stringify(users.map((u) => u.id)),
    });
    const [me] = (await db.query(`SELECT id FROM users WHERE email = 'admin@scrutineer.local'`))
      .rows as [{ id: number }];
    // Access tokens signed with the instances' secret, as sign-in would issue them.
    const key = createSecretKey(Buffer.from(JWT_SECRET, 'utf8'));
    const tokens = await Promise.all(
      users.map((u) =>
        new SignJWT({ role: u.role, tv: u.tv })
          .setProtectedHeader({ alg: 'HS256' })
          .setSubject(String(u.id))
          .setIssuedAt()
          .setExpirationTime('1h')
          .sign(key),
      ),
    );
    return { roomId: room.id, adminId: me.id, adminToken: admin, tokens };
  } finally {
    await db.end();
  }
}

async function main() {
  if (!hasPostgres()) throw new Error('The chat bench needs PostgreSQL (/usr/lib/postgresql).');
  const postgres = await startPostgres();
  const servers: RunningServer[] = [];
  const measured: Measured[] = [];
  try {
    const echo = await startEcho();
    measured.push(await measure('socket.io echo, one process', echoTarget([echo.url])));
    await echo.stop();

    const echoes = [
      await startEcho({ DATABASE_URL: postgres.url }),
      await startEcho({ DATABASE_URL: postgres.url }),
    ];
    measured.push(
      await measure(
        'socket.io echo, two processes (PostgreSQL adapter)',
        echoTarget(echoes.map((e) => e.url)),
      ),
    );
    for (const e of echoes) await e.stop();

    const env = { DATABASE_URL: postgres.url, JWT_SECRET, SIGNIN_RATE_LIMIT_MAX: '1000' };
    // One after the other: the first instance migrates and seeds the empty database.
    servers.push(await startBuiltServer(await freePort(), env));
    servers.push(await startBuiltServer(await freePort(), env));
    const room = await prepareRoom(postgres.url, servers[0]!.url);
    const apiTarget = (urls: string[]): Target => ({
      urls,
      path: API_SOCKET_PATH,
      clientToken: (i) => room.tokens[i]!,
      senderToken: room.adminToken,
      senderId: room.adminId,
      roomId: room.roomId,
    });
    measured.push(await measure('Scrutineer API, one instance', apiTarget([servers[0]!.url])));
    measured.push(
      await measure(
        'Scrutineer API, two instances (PostgreSQL adapter)',
        apiTarget(servers.map((s) => s.url)),
      ),
    );
  } finally {
    for (const server of servers) await server.stop();
    postgres.stop();
  }

  const baseline = measured[0]!;
  const adapterEcho = measured[1]!;
  const cluster = measured.at(-1)!;
  const row = (m: Measured) =>
    `| ${m.name} | ${m.messagesPerSecond.toFixed(0)} | ${m.deliveriesPerSecond.toFixed(0)} | ${m.p50.toFixed(0)} | ${m.p99.toFixed(0)} | ${m.max.toFixed(0)} | ${m.missing} | ${m.doubled} |`;
  const table = measured.map(row).join('\n');
  const ratio = (a: number, b: number) => (b ? (a / b).toFixed(2) : 'n/a');
  await writeSection(
    'Chat: fan-out to one room across two API instances',
    `Run: \`npx tsc -b && npx tsx bench/chat.ts\` (${CLIENTS} socket.io clients in one room, ${MESSAGES.toLocaleString('en-US')} messages from one sender keeping ${IN_FLIGHT} in flight; the clients connect round-robin to the instances; latency is from the send to each client's receipt, all in one process; the built server with log level warn on a throwaway PostgreSQL). The baseline is a bare socket.io server (\`bench/lib/echo-server.ts\`) that broadcasts each event to one room with no database, alone and as two processes with the same PostgreSQL adapter.
${machineLine()}

| setup | messages/s | deliveries/s | p50 ms | p99 ms | max ms | missing | doubled |
|---|---|---|---|---|---|---|---|
${table}

Two API instances against the bare echo: **${ratio(cluster.messagesPerSecond, baseline.messagesPerSecond)}×** the messages per second, median latency **${ratio(cluster.p50, baseline.p50)}×**, p99 **${ratio(cluster.p99, baseline.p99)}×**; against the echo on two processes with the same adapter, **${ratio(cluster.messagesPerSecond, adapterEcho.messagesPerSecond)}×** the messages per second. Every client counts every message it hears; "missing" and "doubled" are (client, message) pairs heard zero times or more than once, and must be 0.

Each API message is checked (the token's account, room membership, the job still open to the sender), written with the room's last update and the sender's seen mark in one transaction, read back with its sender and seen marks, and then broadcast once per instance; between instances the adapter carries it through PostgreSQL NOTIFY. The bench client itself decodes every delivery on the same 2 cores, so the figures are a floor for the server rather than its limit.`,
  );
  console.log(table);
  if (measured.some((m) => m.missing > 0 || m.doubled > 0)) {
    console.error('Some messages were lost or delivered twice.');
    process.exitCode = 1;
  }
}

await main();
