import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_MESSAGES, type ChatUser, type Room, type RoomPage } from '@scrutineer/contracts';
import { createRoom } from '../../test/chat-fixtures.js';
import {
  addToElection,
  createAccount,
  createDistrict,
  createElection,
  type Account,
} from '../../test/elections-fixtures.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { createJob } from '../../test/jobs-fixtures.js';

let server: TestServer;
let auditor: Account;
let uploader: Account;
let observer: Account;
let stranger: Account;
let admin: Account;
let jobId: number;

beforeAll(async () => {
  server = await startTestServer();
  [auditor, uploader, observer, stranger, admin] = await Promise.all([
    createAccount(server, { role: 'Client' }),
    createAccount(server),
    createAccount(server),
    createAccount(server),
    createAccount(server, { role: 'Admin' }),
  ]);
  const district = await createDistrict(server, auditor.token);
  // A Public election: its Observer may not open the job (only Open elections let them in).
  const election = await createElection(server, auditor.token, district.id, { name: 'Rooms' });
  await addToElection(server, auditor.token, election.id, uploader, 'Uploader');
  await addToElection(server, auditor.token, election.id, observer, 'Observer');
  jobId = (await createJob(server, auditor.token, election.id)).id;
});
afterAll(async () => server.close());

describe('GET /users-list', () => {
  it('lists the people who can open the job, not those who cannot', async () => {
    const answer = await server.call<{ items: ChatUser[] }>('GET', `/users-list?job_id=${jobId}`, {
      token: auditor.token,
    });
    expect(answer.status).toBe(200);
    const ids = answer.body.items.map((u) => u.id);
    expect(ids).toEqual(expect.arrayContaining([auditor.id, uploader.id, admin.id]));
    expect(ids).not.toContain(observer.id);
    expect(ids).not.toContain(stranger.id);
  });

  it('answers 404 to someone who cannot open the job, and 400 without a job', async () => {
    const refused = await server.call('GET', `/users-list?job_id=${jobId}`, {
      token: stranger.token,
    });
    expect(refused.status).toBe(404);
    const missing = await server.call('GET', '/users-list', { token: auditor.token });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe('job_id: Required.');
  });
});

describe('POST /add-room', () => {
  it('creates a room (Admin) with the chosen people and the creator as members', async () => {
    const room = await createRoom(server, admin.token, jobId, [auditor.id, uploader.id]);
    expect(room.name).toBe('Ballot 0042');
    expect(room.audits.id).toBe(jobId);
    expect([...room.users].sort((a, b) => a - b)).toEqual(
      [admin.id, auditor.id, uploader.id].sort((a, b) => a - b),
    );
  });

  it('says Room Created, and refuses a missing name', async () => {
    const ok = await server.call('POST', '/add-room', {
      token: admin.token,
      body: { name: 'Overvotes', job_id: jobId, users: [auditor.id] },
    });
    expect(ok.body.message).toBe(CHAT_MESSAGES.roomCreated);
    for (const name of ['', '   ']) {
      const answer = await server.call('POST', '/add-room', {
        token: admin.token,
        body: { name, job_id: jobId, users: [auditor.id] },
      });
      expect(answer.status).toBe(400);
      expect(answer.body.error).toBe('name: Required.');
    }
  });

  it('refuses anyone but an Admin, and people who cannot open the job', async () => {
    const notAdmin = await server.call('POST', '/add-room', {
      token: auditor.token,
      body: { name: 'Mine', job_id: jobId, users: [] },
    });
    expect(notAdmin.status).toBe(403);
    expect(notAdmin.body.error).toBe(CHAT_MESSAGES.adminOnlyRooms);
    const outsider = await server.call('POST', '/add-room', {
      token: admin.token,
      body: { name: 'Leaky', job_id: jobId, users: [stranger.id] },
    });
    expect(outsider.status).toBe(400);
    expect(outsider.body.error).toBe(CHAT_MESSAGES.userCannotOpenJob(`User ${stranger.id}`));
  });
});

describe('GET /add-room/{jobId}', () => {
  it("pages a job's rooms 15 at a time, newest first, each once", async () => {
    const job = await createJob(server, auditor.token, (await firstElectionOf(jobId)).id, {
      name: 'Many rooms',
    });
    for (let i = 1; i <= 17; i += 1) await createRoom(server, admin.token, job.id, [], `Room ${i}`);
    const first = await server.call<RoomPage>('GET', `/add-room/${job.id}`, { token: admin.token });
    expect(first.body.items).toHaveLength(15);
    expect(first.body.items[0]?.name).toBe('Room 17');
    expect(first.body.next_before).not.toBeNull();
    const second = await server.call<RoomPage>(
      'GET',
      `/add-room/${job.id}?before=${first.body.next_before}`,
      { token: admin.token },
    );
    expect(second.body.items.map((r) => r.name)).toEqual(['Room 2', 'Room 1']);
    expect(second.body.next_before).toBeNull();
  });

  it('shows members their rooms only, and nothing to people who cannot open the job', async () => {
    const theirs = await createRoom(server, admin.token, jobId, [uploader.id], 'Uploads');
    const answer = await server.call<RoomPage>('GET', `/add-room/${jobId}`, {
      token: uploader.token,
    });
    const names = answer.body.items.map((r) => r.name);
    expect(names).toContain(theirs.name);
    expect(names).not.toContain('Overvotes');
    const refused = await server.call('GET', `/add-room/${jobId}`, { token: stranger.token });
    expect(refused.status).toBe(404);
  });
});

describe('PUT /update-room-user/{id} and /update-room/{id}', () => {
  it('invites and removes people, with the spec messages', async () => {
    const room = await createRoom(server, admin.token, jobId, [auditor.id], 'Members');
    const invited = await server.call<Room & { message: string }>(
      'PUT',
      `/update-room-user/${room.id}`,
      { token: admin.token, body: { users: [...room.users, uploader.id] } },
    );
    expect(invited.body.message).toBe(CHAT_MESSAGES.usersAdded);
    expect(invited.body.users).toContain(uploader.id);
    const removed = await server.call<Room & { message: string }>(
      'PUT',
      `/update-room-user/${room.id}`,
      {
        token: admin.token,
        body: { users: invited.body.users.filter((id) => id !== uploader.id) },
      },
    );
    expect(removed.body.message).toBe(CHAT_MESSAGES.usersRemoved);
    expect(removed.body.users).not.toContain(uploader.id);
  });

  it('needs at least one person invited or removed, an Admin, and people of the job', async () => {
    const room = await createRoom(server, admin.token, jobId, [auditor.id], 'Strict');
    const unchanged = await server.call('PUT', `/update-room-user/${room.id}`, {
      token: admin.token,
      body: { users: room.users },
    });
    expect(unchanged.status).toBe(400);
    expect(unchanged.body.error).toBe(CHAT_MESSAGES.selectUsers);
    const notAdmin = await server.call('PUT', `/update-room-user/${room.id}`, {
      token: auditor.token,
      body: { users: [] },
    });
    expect(notAdmin.status).toBe(403);
    const outsider = await server.call('PUT', `/update-room-user/${room.id}`, {
      token: admin.token,
      body: { users: [...room.users, stranger.id] },
    });
    expect(outsider.status).toBe(400);
  });

  it('renames a room (Admin), refusing an empty name and other people', async () => {
    const room = await createRoom(server, admin.token, jobId, [auditor.id], 'Old name');
    const renamed = await server.call<Room & { message: string }>(
      'PUT',
      `/update-room/${room.id}`,
      { token: admin.token, body: { name: 'New name', lastUpdated: new Date().toISOString() } },
    );
    expect(renamed.status).toBe(200);
    expect(renamed.body.message).toBe(CHAT_MESSAGES.roomUpdated);
    expect(renamed.body.name).toBe('New name');
    const empty = await server.call('PUT', `/update-room/${room.id}`, {
      token: admin.token,
      body: { name: '' },
    });
    expect(empty.status).toBe(400);
    expect(empty.body.error).toBe('name: Required.');
    const member = await server.call('PUT', `/update-room/${room.id}`, {
      token: auditor.token,
      body: { name: 'Mine now' },
    });
    expect(member.status).toBe(403);
  });
});

describe('DELETE /delete-room/{id}', () => {
  it('deletes a room (Admin) and refuses members and strangers', async () => {
    const room = await createRoom(server, admin.token, jobId, [auditor.id], 'Short lived');
    const member = await server.call('DELETE', `/delete-room/${room.id}`, {
      token: auditor.token,
    });
    expect(member.status).toBe(403);
    const stranger404 = await server.call('DELETE', `/delete-room/${room.id}`, {
      token: stranger.token,
    });
    expect([403, 404]).toContain(stranger404.status);
    const done = await server.call('DELETE', `/delete-room/${room.id}`, { token: admin.token });
    expect(done.body.message).toBe(CHAT_MESSAGES.roomDeleted);
    const gone = await server.call('GET', `/get-messages/${room.id}`, { token: admin.token });
    expect(gone.status).toBe(404);
  });
});

async function firstElectionOf(id: number): Promise<{ id: number }> {
  const job = await server.call<{ election_id: number }>('GET', `/audit-jobs/${id}`, {
    token: auditor.token,
  });
  return { id: job.body.election_id };
}
