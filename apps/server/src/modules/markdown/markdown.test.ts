import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_MESSAGES,
  MESSAGES,
  type MarkdownFile,
  type MarkdownFileDetail,
} from '@scrutineer/contracts';
import { createUser, startTestServer, type TestServer } from '../../test/harness.js';

let server: TestServer;
let adminToken: string;
beforeAll(async () => {
  server = await startTestServer();
  adminToken = (await createUser(server, { role: 'Admin' })).session.access_token;
});
afterAll(async () => server.close());

type Saved = { message: string; items: MarkdownFile[] };

async function upload(
  token: string | undefined,
  fields: Record<string, string>,
  files: { name: string; content: string | Uint8Array }[],
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files) form.append('file', new Blob([file.content]), file.name);
  const response = await fetch(`${server.url}/api/markdown-settings/upload`, {
    method: 'POST',
    body: form,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { status: response.status, body: (await response.json()) as Saved & { error?: string } };
}

const clearAll = () => server.deps.database.executeSql('DELETE FROM markdown_files');

describe('markdown upload', () => {
  it('saves a .md file as the Home page, which signed-in users read with its version', async () => {
    await clearAll();
    const reader = await createUser(server);
    const before = await server.call<{ version: string }>('GET', '/markdown-home-check', {
      token: reader.session.access_token,
    });
    expect(before.body.version).toBe('none');
    const empty = await server.call('GET', '/markdown-home', {
      token: reader.session.access_token,
    });
    expect(empty.body).toEqual({ text_msg: '', title: '' });

    const saved = await upload(adminToken, { title: 'Welcome', file_type: 'MarkDown' }, [
      { name: 'home.md', content: '# Welcome auditors\n\nÜber alles.' },
    ]);
    expect(saved.status).toBe(201);
    expect(saved.body.message).toBe(ADMIN_MESSAGES.markdownUploaded);
    expect(saved.body.items).toHaveLength(1);
    expect(saved.body.items[0]).toMatchObject({
      title: 'Welcome',
      file_name: 'home.md',
      file_type: 'MarkDown',
      size: Buffer.byteLength('# Welcome auditors\n\nÜber alles.'),
    });

    const home = await server.call('GET', '/markdown-home', { token: reader.session.access_token });
    expect(home.body).toEqual({ text_msg: '# Welcome auditors\n\nÜber alles.', title: 'Welcome' });
    const after = await server.call<{ version: string }>('GET', '/markdown-home-check', {
      token: reader.session.access_token,
    });
    expect(after.body.version).not.toBe('none');

    const id = saved.body.items[0]!.id;
    const edited = await server.call<Saved>('PUT', `/markdown-settings-edit/${id}`, {
      token: adminToken,
      body: { id, title: 'Welcome back', markdown_content: '# Changed', file_name: 'home.md' },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.message).toBe(ADMIN_MESSAGES.markdownUpdated);
    const changed = await server.call<{ version: string }>('GET', '/markdown-home-check', {
      token: reader.session.access_token,
    });
    expect(changed.body.version).not.toBe(after.body.version);
    const detail = await server.call<MarkdownFileDetail>('GET', `/markdown-settings/${id}`, {
      token: adminToken,
    });
    expect(detail.body).toMatchObject({ title: 'Welcome back', markdown_content: '# Changed' });
    expect((await server.call('GET', '/markdown-home')).status).toBe(401);
  });

  it('downloads the file as markdown with its name', async () => {
    await clearAll();
    const saved = await upload(adminToken, { title: 'About' }, [
      { name: 'about us.md', content: 'About *us*' },
    ]);
    const id = saved.body.items[0]!.id;
    const response = await fetch(`${server.url}/api/markdown-settings/${id}/download`, {
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/markdown');
    expect(response.headers.get('content-disposition')).toContain("UTF-8''about%20us.md");
    expect(await response.text()).toBe('About *us*');
    expect(saved.body.items[0]!.url).toBe(`/api/markdown-settings/${id}/download`);
  });

  it('refuses a second file of a type that exists until the first is deleted', async () => {
    await clearAll();
    await upload(adminToken, { title: 'One' }, [{ name: 'one.md', content: '# One' }]);
    const second = await upload(adminToken, { title: 'Two', file_type: 'MarkDown' }, [
      { name: 'two.md', content: '# Two' },
    ]);
    expect(second.status).toBe(409);
    expect(second.body.error).toBe(ADMIN_MESSAGES.fileTypeExists);
    const pair = await upload(adminToken, { title: 'Pair', file_type: 'News' }, [
      { name: 'a.md', content: 'a' },
      { name: 'b.md', content: 'b' },
    ]);
    expect(pair.status).toBe(409);
    expect(pair.body.error).toBe(ADMIN_MESSAGES.fileTypeExists);
    const other = await upload(adminToken, { title: 'News', file_type: 'News' }, [
      { name: 'news.md', content: 'news' },
    ]);
    expect(other.status).toBe(201);
    const list = await server.call<{ items: MarkdownFile[] }>('GET', '/markdown-settings', {
      token: adminToken,
    });
    expect(list.body.items.map((item) => item.file_type)).toEqual(['MarkDown', 'News']);
    const removed = await server.call<Saved>(
      'DELETE',
      `/markdown-settings/${list.body.items[0]!.id}`,
      {
        token: adminToken,
      },
    );
    expect(removed.body.message).toBe(ADMIN_MESSAGES.markdownDeleted);
    expect(
      (await upload(adminToken, { title: 'Two' }, [{ name: 'two.md', content: '# Two' }])).status,
    ).toBe(201);
  });

  it('answers each validation message of the upload and the edit', async () => {
    await clearAll();
    const md = { name: 'page.md', content: '# Page' };
    const cases: [
      Record<string, string>,
      { name: string; content: string | Uint8Array }[],
      string,
    ][] = [
      [{ title: '' }, [md], `title: ${MESSAGES.required}`],
      [{ title: 'T', file_type: '../etc' }, [md], `file_type: ${MESSAGES.invalidValue}`],
      [{ title: 'T' }, [], ADMIN_MESSAGES.markdownNoFile],
      [{ title: 'T' }, [{ name: 'page.txt', content: 'text' }], ADMIN_MESSAGES.markdownOnly],
      [
        { title: 'T' },
        [{ name: 'page.md', content: new Uint8Array([0xff, 0xfe, 0x00]) }],
        ADMIN_MESSAGES.markdownNotText,
      ],
      [
        { title: 'T' },
        [{ name: 'big.md', content: 'x'.repeat(5 * 1024 * 1024 + 1) }],
        ADMIN_MESSAGES.markdownTooLarge,
      ],
      [{ title: 'T', file_type: 'Many' }, [md, md, md, md, md], ADMIN_MESSAGES.markdownTooMany],
    ];
    for (const [fields, files, message] of cases) {
      const answer = await upload(adminToken, fields, files);
      expect(answer.status, message).toBe(400);
      expect(answer.body.error).toBe(message);
    }
    const list = await server.call<{ items: MarkdownFile[] }>('GET', '/markdown-settings', {
      token: adminToken,
    });
    expect(list.body.items).toEqual([]);

    const saved = await upload(adminToken, { title: 'Page' }, [md]);
    const id = saved.body.items[0]!.id;
    const blank = await server.call('PUT', `/markdown-settings-edit/${id}`, {
      token: adminToken,
      body: { title: 'Page', markdown_content: '   ' },
    });
    expect(blank.status).toBe(400);
    expect(blank.body.error).toBe(`markdown_content: ${ADMIN_MESSAGES.markdownRequired}`);
    const untitled = await server.call('PUT', `/markdown-settings-edit/${id}`, {
      token: adminToken,
      body: { title: ' ', markdown_content: '# ok' },
    });
    expect(untitled.body.error).toBe(`title: ${MESSAGES.required}`);
    const missing = await server.call('PUT', '/markdown-settings-edit/999999', {
      token: adminToken,
      body: { title: 'x', markdown_content: '# ok' },
    });
    expect(missing.status).toBe(404);
  });

  it('refuses the Admin routes to non-Admins with 403', async () => {
    await clearAll();
    const saved = await upload(adminToken, { title: 'Page' }, [{ name: 'p.md', content: '# P' }]);
    const id = saved.body.items[0]!.id;
    const person = await createUser(server);
    const token = person.session.access_token;
    const routes: [string, string, unknown?][] = [
      ['GET', '/markdown-settings'],
      ['GET', `/markdown-settings/${id}`],
      ['GET', `/markdown-settings/${id}/download`],
      ['PUT', `/markdown-settings-edit/${id}`, { title: 'x', markdown_content: 'hacked' }],
      ['DELETE', `/markdown-settings/${id}`],
    ];
    for (const [method, path, body] of routes) {
      const answer = await server.call(method, path, { token, ...(body ? { body } : {}) });
      expect(answer.status, `${method} ${path}`).toBe(403);
      expect(answer.body).toEqual({ error: MESSAGES.adminOnly });
    }
    const posted = await upload(token, { title: 'Mine' }, [{ name: 'x.md', content: 'x' }]);
    expect(posted.status).toBe(403);
    expect(
      (await upload(undefined, { title: 'Mine' }, [{ name: 'x.md', content: 'x' }])).status,
    ).toBe(401);
    const home = await server.call('GET', '/markdown-home', { token });
    expect(home.body).toMatchObject({ text_msg: '# P' });
  });
});
