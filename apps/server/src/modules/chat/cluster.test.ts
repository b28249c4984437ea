import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import type { ChatPush } from '@scrutineer/contracts';
import { startPostgres } from '../../../../../scripts/lib/postgres.mjs';
import { connectChat, createRoom, nextPush, say } from '../../test/chat-fixtures.js';
import {
  addToElection,
  createAccount,
  createDistrict,
  createElection,
  type Account,
} from '../../test/elections-fixtures.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { createJob } from '../../test/jobs-fixtures.js';

// Two API instances on one PostgreSQL: the suite's server when the run has one, else a
// throwaway cluster, since the embedded database cannot be shared between processes.
let stopCluster: (() => void) | undefined;
let dropDatabase: (() => Promise<void>) | undefined;
let first: TestServer;
let second: TestServer;
let auditor: Account;
let uploader: Account;
let admin: Account;
const sockets: Socket[] = [];

async function sharedDatabaseUrl(): Promise<string> {
  let base = inject('postgresUrl');
  if (!base) {
    const cluster = await startPostgres();
    stopCluster = cluster.stop;
    base = cluster.url;
  }
  const name = `scrutineer_chat_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  dropDatabase = async () => {
    const client = new pg.Client({ connectionString: base });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.end();
  };
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

beforeAll(async () => {
  const url = await sharedDatabaseUrl();
  // One after the other: the first instance migrates the empty database.
  first = await startTestServer({}, { databaseUrl: url });
  second = await startTestServer(
    { JWT_SECRET: first.deps.config.JWT_SECRET ?? '' },
    { databaseUrl: url },
  );
  [auditor, uploader, admin] = await Promise.all([
    createAccount(first, { role: 'Client' }),
    createAccount(first),
    createAccount(first, { role: 'Admin' }),
  ]);
  const district = await createDistrict(first, auditor.token);
  const election = await createElection(first, auditor.token, district.id, { name: 'Cluster' });
  await addToElection(first, auditor.token, election.id, uploader, 'Uploader');
}, 120_000);

afterAll(async () => {
  for (const socket of sockets) socket.close();
  await first?.close();
  await second?.close();
  await dropDatabase?.();
  stopCluster?.();
});

describe('two API instances on one PostgreSQL', () => {
  it('delivers a message sent on one instance to a member connected to the other', async () => {
    const job = await createJob(first, auditor.token, (await electionOf()).id);
    const room = await createRoom(first, admin.token, job.id, [auditor.id, uploader.id], 'Across');
    const onFirst = await connectChat(first, auditor.token);
    const onSecond = await connectChat(second, uploader.token);
    sockets.push(onFirst, onSecond);
    const arrived = nextPush(
      onSecond,
      (p) => p.type === 'message' && p.message.rooms.id === room.id,
    );
    await say(onFirst, auditor.id, room.id, 'Sent on the first instance');
    const push = await arrived;
    expect(push.type === 'message' && push.message.content).toBe('Sent on the first instance');
  });

  it('removes a member connected to the other instance from the room at once', async () => {
    const job = await createJob(first, auditor.token, (await electionOf()).id, { name: 'Two' });
    const onSecond = await connectChat(second, uploader.token);
    const onFirst = await connectChat(first, auditor.token);
    sockets.push(onFirst, onSecond);
    // Connected before the room exists, so its creation is heard here and cannot come late.
    const created = nextPush(onSecond, (p) => p.type === 'room' && p.room.name === 'Leave');
    const room = await createRoom(first, admin.token, job.id, [auditor.id, uploader.id], 'Leave');
    await created;
    const removed = nextPush(onSecond, (p) => p.type === 'room-removed' && p.room_id === room.id);
    await first.call('PUT', `/update-room-user/${room.id}`, {
      token: admin.token,
      body: { users: room.users.filter((id) => id !== uploader.id) },
    });
    await removed;
    const heard: ChatPush[] = [];
    onSecond.on('MESSAGE', (p: ChatPush) => heard.push(p));
    await say(onFirst, auditor.id, room.id, 'not for the removed member');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(heard).toEqual([]);
  });
});

async function electionOf(): Promise<{ id: number }> {
  const answer = await first.call<{ items: { id: number }[] }>('GET', '/elections', {
    token: auditor.token,
  });
  const election = answer.body.items[0];
  if (!election) throw new Error('no election');
  return election;
}
