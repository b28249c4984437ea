import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import {
  CHAT_MESSAGES,
  type ChatMessage,
  type MessagePage,
  type Room,
} from '@scrutineer/contracts';
import {
  connectChat,
  createRoom,
  emitAck,
  nextPush,
  pause,
  recordPushes,
  say,
} from '../../test/chat-fixtures.js';
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
let outsider: Account;
let admin: Account;
let jobId: number;
const sockets: Socket[] = [];

const open = async (account: Account) => {
  const socket = await connectChat(server, account.token);
  sockets.push(socket);
  return socket;
};

beforeAll(async () => {
  server = await startTestServer();
  [auditor, uploader, outsider, admin] = await Promise.all([
    createAccount(server, { role: 'Client' }),
    createAccount(server),
    createAccount(server),
    createAccount(server, { role: 'Admin' }),
  ]);
  const district = await createDistrict(server, auditor.token);
  const election = await createElection(server, auditor.token, district.id, { name: 'Talk' });
  await addToElection(server, auditor.token, election.id, uploader, 'Uploader');
  // The outsider can open the job but is not in the rooms below.
  await addToElection(server, auditor.token, election.id, outsider, 'Uploader');
  jobId = (await createJob(server, auditor.token, election.id)).id;
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await server.close();
});

describe('socket connection', () => {
  it('refuses a connection without a valid access token', async () => {
    await expect(connectChat(server, '')).rejects.toThrow();
    await expect(connectChat(server, 'not-a-token')).rejects.toThrow(/Session expired/);
  });

  it('refuses a deactivated account, and stops a socket whose token version moved', async () => {
    const person = await createAccount(server);
    const socket = await open(person);
    await server.deps.database.executeSql(
      'UPDATE users SET token_version = token_version + 1 WHERE id = $1',
      [person.id],
    );
    const closed = new Promise((resolve) => socket.once('disconnect', resolve));
    const ack = await emitAck(socket, 'getmessage', { messageId: 1 });
    expect(ack).toEqual({ ok: false, error: 'Session expired. Please sign in again.' });
    await closed;
    const inactive = await createAccount(server);
    await server.deps.database.executeSql('UPDATE users SET active = false WHERE id = $1', [
      inactive.id,
    ]);
    await expect(connectChat(server, inactive.token)).rejects.toThrow(/inactive/);
  });
});

describe('sending, replying and paging', () => {
  let room: Room;
  beforeAll(async () => {
    room = await createRoom(server, admin.token, jobId, [auditor.id, uploader.id], 'Paging');
  });

  it('delivers a message live to the other members, and a reply with its quote', async () => {
    const [a, b] = await Promise.all([open(auditor), open(uploader)]);
    const heard = nextPush(b, (p) => p.type === 'message' && p.message.rooms.id === room.id);
    const sent = await say(a, auditor.id, room.id, 'Ballot 17 shows an overvote');
    const push = await heard;
    expect(push.type === 'message' && push.message.content).toBe('Ballot 17 shows an overvote');
    expect(sent.users?.email).toBe(auditor.email);
    const reply = await emitAck(b, 'event', {
      sender_id: uploader.id,
      content: 'Agreed, marks in two ovals',
      timestamp: new Date().toISOString(),
      roomid: room.id,
      files: [],
      replyMessage: { id: sent.id, content: sent.content },
    });
    expect(reply.ok).toBe(true);
    expect(reply.ok && reply.message?.replyMessage).toMatchObject({
      id: sent.id,
      content: 'Ballot 17 shows an overvote',
      sender_id: auditor.id,
    });
  });

  it('refuses an empty message, a sender id that is not yours, and a quote from elsewhere', async () => {
    const a = await open(auditor);
    const base = { sender_id: auditor.id, roomid: room.id, files: [], replyMessage: null };
    expect(await emitAck(a, 'event', { ...base, content: '  ' })).toEqual({
      ok: false,
      error: CHAT_MESSAGES.contentRequired,
    });
    expect(await emitAck(a, 'event', { ...base, sender_id: uploader.id, content: 'hi' })).toEqual({
      ok: false,
      error: CHAT_MESSAGES.senderNotYou,
    });
    const other = await createRoom(server, admin.token, jobId, [auditor.id], 'Elsewhere');
    const foreign = await say(a, auditor.id, other.id, 'over here');
    expect(
      await emitAck(a, 'event', { ...base, content: 'quoting', replyMessage: { id: foreign.id } }),
    ).toEqual({ ok: false, error: CHAT_MESSAGES.replyElsewhere });
  });

  it('pages 20 at a time with a cursor that never repeats or skips while messages arrive', async () => {
    const paged = await createRoom(server, admin.token, jobId, [auditor.id, uploader.id], 'Long');
    const a = await open(auditor);
    for (let i = 1; i <= 45; i += 1) await say(a, auditor.id, paged.id, `old ${i}`);
    const seen: string[] = [];
    let before: number | null = null;
    let pages = 0;
    do {
      const query: string = before ? `?before=${before}` : '';
      const page: { body: MessagePage } = await server.call<MessagePage>(
        'GET',
        `/get-messages/${paged.id}${query}`,
        { token: uploader.token },
      );
      expect(page.body.items.length).toBeLessThanOrEqual(20);
      // Oldest first within the page.
      const ids = page.body.items.map((m) => m.id);
      expect(ids).toEqual([...ids].sort((x, y) => x - y));
      seen.unshift(...page.body.items.map((m) => m.content));
      before = page.body.next_before;
      pages += 1;
      // New messages arrive between pages.
      await say(a, auditor.id, paged.id, `new after page ${pages}`);
    } while (before !== null);
    expect(pages).toBe(3);
    expect(seen).toEqual(Array.from({ length: 45 }, (_, i) => `old ${i + 1}`));
  });
});

describe('membership on every call and event', () => {
  let room: Room;
  let message: ChatMessage;
  beforeAll(async () => {
    room = await createRoom(server, admin.token, jobId, [auditor.id], 'Private');
    message = await say(await open(auditor), auditor.id, room.id, 'members only');
  });

  it('refuses a non-member reading, sending, reacting and marking seen', async () => {
    const read = await server.call('GET', `/get-messages/${room.id}`, { token: outsider.token });
    expect(read.status).toBe(404);
    const socket = await open(outsider);
    const heard = recordPushes(socket);
    const send = await emitAck(socket, 'event', {
      sender_id: outsider.id,
      content: 'let me in',
      roomid: room.id,
      files: [],
    });
    expect(send).toEqual({ ok: false, error: 'Not found.' });
    const react = await emitAck(socket, 'messageReaction', {
      room_id: room.id,
      messageId: message.id,
      user_id: outsider.id,
      reaction: '👍',
      remove: 'add',
    });
    expect(react).toEqual({ ok: false, error: 'Not found.' });
    const again = await emitAck(socket, 'getmessage', { messageId: message.id });
    expect(again.ok).toBe(false);
    const seen = await server.call('POST', '/mark-seen-message', {
      token: outsider.token,
      body: { message_id: message.id, room_id: room.id, user_id: outsider.id, c_time: 'now' },
    });
    expect(seen.status).toBe(404);
    await say(await open(auditor), auditor.id, room.id, 'still private');
    await pause(300);
    expect(heard).toEqual([]);
  });

  it("stops a removed member's open socket at once", async () => {
    const shared = await createRoom(server, admin.token, jobId, [auditor.id, uploader.id], 'Gone');
    const [a, b] = await Promise.all([open(auditor), open(uploader)]);
    const heard = recordPushes(b);
    await say(a, auditor.id, shared.id, 'before removal');
    await pause(200);
    expect(heard.some((p) => p.type === 'message' && p.message.content === 'before removal')).toBe(
      true,
    );
    const removal = nextPush(b, (p) => p.type === 'room-removed' && p.room_id === shared.id);
    const answer = await server.call('PUT', `/update-room-user/${shared.id}`, {
      token: admin.token,
      body: { users: shared.users.filter((id) => id !== uploader.id) },
    });
    expect(answer.status).toBe(200);
    await removal;
    heard.length = 0;
    await say(a, auditor.id, shared.id, 'after removal');
    await pause(300);
    expect(heard).toEqual([]);
    const send = await emitAck(b, 'event', {
      sender_id: uploader.id,
      content: 'still here?',
      roomid: shared.id,
      files: [],
    });
    expect(send).toEqual({ ok: false, error: 'Not found.' });
  });
});

describe('edit, delete, reactions and seen', () => {
  let room: Room;
  beforeAll(async () => {
    room = await createRoom(server, admin.token, jobId, [auditor.id, uploader.id], 'Edits');
  });

  it('lets the author edit (with the edited time) and refuses other members', async () => {
    const [a, b] = await Promise.all([open(auditor), open(uploader)]);
    const sent = await say(a, auditor.id, room.id, 'typo hre');
    const byOther = await emitAck(b, 'event', {
      messageId: sent.id,
      edited: true,
      content: 'hijacked',
    });
    expect(byOther).toEqual({ ok: false, error: CHAT_MESSAGES.authorOnly });
    const pushed = nextPush(b, (p) => p.type === 'update' && p.message.id === sent.id);
    const edited = await emitAck(a, 'event', {
      messageId: sent.id,
      edited: true,
      content: 'typo here',
    });
    expect(edited.ok && edited.message?.content).toBe('typo here');
    expect(edited.ok && edited.message?.edited).toBeTruthy();
    const push = await pushed;
    expect(push.type === 'update' && push.message.content).toBe('typo here');
  });

  it('lets an Admin delete; the message keeps its place with a deleted time and no words', async () => {
    const a = await open(auditor);
    const sent = await say(a, auditor.id, room.id, 'to be removed');
    const byMember = await emitAck(await open(uploader), 'event', {
      messageId: sent.id,
      deleted: new Date().toISOString(),
    });
    expect(byMember.ok).toBe(false);
    const byAdmin = await emitAck(await open(admin), 'event', {
      messageId: sent.id,
      deleted: new Date().toISOString(),
    });
    expect(byAdmin.ok).toBe(true);
    const page = await server.call<MessagePage>('GET', `/get-messages/${room.id}`, {
      token: uploader.token,
    });
    const kept = page.body.items.find((m) => m.id === sent.id);
    expect(kept?.deleted).toBeTruthy();
    expect(kept?.content).toBe('');
  });

  it('adds and removes reactions for the caller only, pushed to the room', async () => {
    const [a, b] = await Promise.all([open(auditor), open(uploader)]);
    const sent = await say(a, auditor.id, room.id, 'react to me');
    const pushed = nextPush(
      a,
      (p) => p.type === 'update' && p.message.id === sent.id && '👍' in p.message.reactions,
    );
    const payload = {
      room_id: room.id,
      messageId: sent.id,
      user_id: uploader.id,
      reaction: '👍',
      remove: 'add',
    };
    const added = await emitAck(b, 'messageReaction', payload);
    expect(added.ok && added.message?.reactions).toEqual({ '👍': [uploader.id] });
    await pushed;
    const forged = await emitAck(b, 'messageReaction', { ...payload, user_id: auditor.id });
    expect(forged).toEqual({ ok: false, error: CHAT_MESSAGES.notYou });
    const removed = await emitAck(b, 'messageReaction', { ...payload, remove: 'remove' });
    expect(removed.ok && removed.message?.reactions).toEqual({});
  });

  it("marks messages seen by the reader and tells the author's socket", async () => {
    const a = await open(auditor);
    const first = await say(a, auditor.id, room.id, 'one');
    const second = await say(a, auditor.id, room.id, 'two');
    const pushed = nextPush(a, (p) => p.type === 'seen' && p.user_id === uploader.id);
    const forged = await server.call('POST', '/mark-seen-message', {
      token: uploader.token,
      body: { message_id: second.id, room_id: room.id, user_id: auditor.id },
    });
    expect(forged.status).toBe(403);
    const marked = await server.call('POST', '/mark-seen-message', {
      token: uploader.token,
      body: {
        message_id: second.id,
        room_id: room.id,
        user_id: uploader.id,
        c_time: new Date().toISOString(),
      },
    });
    expect(marked.status).toBe(200);
    await pushed;
    const page = await server.call<MessagePage>('GET', `/get-messages/${room.id}`, {
      token: auditor.token,
    });
    for (const id of [first.id, second.id]) {
      const m = page.body.items.find((item) => item.id === id);
      expect(Object.keys(m?.seen ?? {})).toEqual([String(uploader.id)]);
    }
  });
});

describe('files', () => {
  it('attaches files to your own message, serves them to members, and removes them with it', async () => {
    const room = await createRoom(server, admin.token, jobId, [auditor.id, uploader.id], 'Files');
    const a = await open(auditor);
    const b = await open(uploader);
    const ack = await emitAck(a, 'event', {
      sender_id: auditor.id,
      content: '',
      roomid: room.id,
      files: [{ name: 'ballot.png' }],
    });
    if (!ack.ok || !ack.message) throw new Error(JSON.stringify(ack));
    const messageId = ack.message.id;
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    const upload = (token: string) => {
      const form = new FormData();
      form.append('message_id', String(messageId));
      form.append('job_id', String(jobId));
      form.append('type', 'image');
      form.append('files[]', new Blob([png], { type: 'image/png' }), 'ballot.png');
      return fetch(`${server.url}/api/upload-message-files`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      });
    };
    const notTheAuthor = await upload(uploader.token);
    expect(notTheAuthor.status).toBe(403);
    expect(await notTheAuthor.json()).toEqual({ error: CHAT_MESSAGES.authorOnlyFiles });
    const pushed = nextPush(b, (p) => p.type === 'update' && p.message.files.length === 1);
    const answer = await upload(auditor.token);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ message: CHAT_MESSAGES.filesUploaded, id: messageId });
    const push = await pushed;
    if (push.type !== 'update') throw new Error('wrong push');
    const file = push.message.files[0]!;
    expect(file).toMatchObject({
      name: 'ballot.png',
      type: 'image/png',
      extension: 'png',
      size: png.length,
    });
    const served = await fetch(`${server.url}${file.url}`, {
      headers: { authorization: `Bearer ${uploader.token}` },
    });
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('content-disposition')).toMatch(/^attachment;/);
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('content-security-policy')).toMatch(/(^|;\s*)sandbox(;|$)/);
    expect(Buffer.from(await served.arrayBuffer())).toEqual(png);
    const refused = await fetch(`${server.url}${file.url}`, {
      headers: { authorization: `Bearer ${outsider.token}` },
    });
    expect(refused.status).toBe(404);
    const [{ key }] = (
      await server.deps.database.executeSql(
        'SELECT storage_key AS key FROM chat_message_files WHERE id = $1',
        [file.id],
      )
    ).rows as [{ key: string }];
    expect(await server.deps.blobs.head(key)).not.toBeNull();
    await emitAck(a, 'event', { messageId, deleted: new Date().toISOString() });
    expect(await server.deps.blobs.head(key)).toBeNull();
    const gone = await fetch(`${server.url}${file.url}`, {
      headers: { authorization: `Bearer ${auditor.token}` },
    });
    expect(gone.status).toBe(404);
  });

  it('keeps the type the bytes show: a page sent as an image is stored and served as bytes', async () => {
    const room = await createRoom(server, admin.token, jobId, [auditor.id, uploader.id], 'Types');
    const a = await open(auditor);
    const ack = await emitAck(a, 'event', {
      sender_id: auditor.id,
      content: '',
      roomid: room.id,
      files: [{ name: 'ballot.png' }],
    });
    if (!ack.ok || !ack.message) throw new Error(JSON.stringify(ack));
    const form = new FormData();
    form.append('message_id', String(ack.message.id));
    const page = '<html><script>alert(localStorage.length)</script></html>';
    form.append('files[]', new Blob([page], { type: 'image/png' }), 'ballot.png');
    const answer = await fetch(`${server.url}/api/upload-message-files`, {
      method: 'POST',
      headers: { authorization: `Bearer ${auditor.token}` },
      body: form,
    });
    expect(answer.status).toBe(200);
    const [{ id, type }] = (
      await server.deps.database.executeSql(
        'SELECT id, content_type AS type FROM chat_message_files WHERE message_id = $1',
        [ack.message.id],
      )
    ).rows as [{ id: number; type: string }];
    expect(type).toBe('application/octet-stream');
    const served = await fetch(`${server.url}/api/message-files/${id}`, {
      headers: { authorization: `Bearer ${uploader.token}` },
    });
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('application/octet-stream');
    expect(served.headers.get('content-disposition')).toMatch(/^attachment;/);
    expect(await served.text()).toBe(page);
  });

  it("removes the rooms' message files from the store when the job is deleted", async () => {
    const election = await server.call<{ election_id: number }>('GET', `/audit-jobs/${jobId}`, {
      token: auditor.token,
    });
    const job = await createJob(server, auditor.token, election.body.election_id, {
      name: 'Short job',
    });
    const keys: string[] = [];
    for (const name of ['First', 'Second']) {
      const room = await createRoom(server, admin.token, job.id, [auditor.id], name);
      const a = await open(auditor);
      const ack = await emitAck(a, 'event', {
        sender_id: auditor.id,
        content: 'see attached',
        roomid: room.id,
        files: [{ name: 'note.txt' }],
      });
      if (!ack.ok || !ack.message) throw new Error(JSON.stringify(ack));
      const form = new FormData();
      form.append('message_id', String(ack.message.id));
      form.append('files[]', new Blob([`notes of ${name}`], { type: 'text/plain' }), 'note.txt');
      const answer = await fetch(`${server.url}/api/upload-message-files`, {
        method: 'POST',
        headers: { authorization: `Bearer ${auditor.token}` },
        body: form,
      });
      expect(answer.status).toBe(200);
      const rows = (
        await server.deps.database.executeSql(
          'SELECT storage_key AS key FROM chat_message_files WHERE message_id = $1',
          [ack.message.id],
        )
      ).rows as { key: string }[];
      keys.push(...rows.map((row) => row.key));
    }
    expect(keys).toHaveLength(2);
    for (const key of keys) expect(await server.deps.blobs.head(key)).not.toBeNull();
    const deleted = await server.call('DELETE', `/audit-jobs/${job.id}`, { token: auditor.token });
    expect(deleted.status).toBe(200);
    for (const key of keys) expect(await server.deps.blobs.head(key)).toBeNull();
  });
});

describe('POST /report-export', () => {
  it("writes the room's history as a text file attached to the job (Admin only)", async () => {
    const room = await createRoom(server, admin.token, jobId, [auditor.id], 'Export me');
    const a = await open(auditor);
    await say(a, auditor.id, room.id, 'First finding');
    await say(a, auditor.id, room.id, 'Second finding');
    const body = { job_id: jobId, export_data: JSON.stringify({ room_id: room.id }) };
    const refused = await server.call('POST', '/report-export', { token: auditor.token, body });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe(CHAT_MESSAGES.adminOnlyExport);
    const answer = await server.call<{ id: number; url: string; file_name: string }>(
      'POST',
      '/report-export',
      { token: admin.token, body },
    );
    expect(answer.status).toBe(201);
    expect(answer.body.file_name).toMatch(/^Export-me-messages-\d{8}-\d{4}\.txt$/);
    const list = await server.call<{ items: { id: number }[] }>('GET', `/attech-files/${jobId}`, {
      token: auditor.token,
    });
    expect(list.body.items.map((i) => i.id)).toContain(answer.body.id);
    const file = await fetch(`${server.url}${answer.body.url}`, {
      headers: { authorization: `Bearer ${auditor.token}` },
    });
    const text = await file.text();
    expect(text).toContain('Room: Export me');
    expect(text.indexOf('First finding')).toBeLessThan(text.indexOf('Second finding'));
    expect(text).toContain(auditor.email);
  });
});
