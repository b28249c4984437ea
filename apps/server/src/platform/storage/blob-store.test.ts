import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openLocalStore, openS3Store, type OpenStore } from '../../test/blob-stores.js';
import { putPart, sha256Of } from '../../test/part-client.js';
import { BlobError, MIN_PART_SIZE, newBlobKey } from './blob-store.js';

// s3rver implements neither ListParts nor AbortMultipartUpload and does not check part ETags on
// completion; real S3 does all three (docs/decisions.md).
const implementations = [
  { name: 'local', open: () => openLocalStore(), full: true },
  { name: 's3 (s3rver)', open: openS3Store, full: false },
];

describe.each(implementations)('$name blob store', ({ open, full }) => {
  let opened: OpenStore;
  beforeAll(async () => {
    opened = await open();
  });
  afterAll(async () => opened.close());

  async function sendParts(key: string, uploadId: string, bodies: Buffer[]) {
    const urls = await opened.store.partUrls(
      key,
      uploadId,
      bodies.map((_, i) => i + 1),
    );
    const parts = [];
    for (const [index, body] of bodies.entries()) {
      const answer = await putPart(opened.resolve(urls[index] ?? ''), body, body.length);
      expect(answer.status, answer.body).toBe(200);
      expect(answer.etag).toMatch(/^"[0-9a-f]{32}"$/);
      parts.push({ PartNumber: index + 1, ETag: answer.etag });
    }
    return parts;
  }

  it('assembles parts in order, and reads the object whole and by range', async () => {
    const bodies = [randomBytes(MIN_PART_SIZE), randomBytes(MIN_PART_SIZE), randomBytes(1000)];
    const key = newBlobKey('tests');
    const uploadId = await opened.store.createMultipart(key, 'application/zip');
    const parts = await sendParts(key, uploadId, bodies);
    const head = await opened.store.completeMultipart(key, uploadId, [...parts].reverse());
    const whole = Buffer.concat(bodies);
    expect(head.size).toBe(whole.length);
    if (full) expect(head.etag).toMatch(/-3"$/);
    expect(await sha256Of(await opened.store.read(key))).toBe(
      await sha256Of(Readable.from([whole])),
    );
    const range = await opened.store.read(key, {
      start: MIN_PART_SIZE - 2,
      end: MIN_PART_SIZE + 1,
    });
    const chunks: Buffer[] = [];
    for await (const chunk of range) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks)).toEqual(whole.subarray(MIN_PART_SIZE - 2, MIN_PART_SIZE + 2));
  });

  it.runIf(full)('refuses a completion whose ETag does not match the stored part', async () => {
    const key = newBlobKey('tests');
    const uploadId = await opened.store.createMultipart(key, 'application/octet-stream');
    await sendParts(key, uploadId, [randomBytes(100)]);
    await expect(
      opened.store.completeMultipart(key, uploadId, [
        { PartNumber: 1, ETag: '"00000000000000000000000000000000"' },
      ]),
    ).rejects.toBeInstanceOf(BlobError);
  });

  it.runIf(full)('lists acknowledged parts, and abort releases them', async () => {
    const key = newBlobKey('tests');
    const uploadId = await opened.store.createMultipart(key, 'application/octet-stream');
    const parts = await sendParts(key, uploadId, [randomBytes(10), randomBytes(20)]);
    const listed = await opened.store.listParts(key, uploadId);
    expect(listed.map((p) => [p.PartNumber, p.ETag, p.Size])).toEqual([
      [1, parts[0]?.ETag, 10],
      [2, parts[1]?.ETag, 20],
    ]);
    await opened.store.abortMultipart(key, uploadId);
    await expect(opened.store.listParts(key, uploadId)).rejects.toBeInstanceOf(BlobError);
  });

  it('puts, heads, lists and deletes objects; generated keys only', async () => {
    const prefix = `listing-${randomBytes(4).toString('hex')}`;
    const a = newBlobKey(prefix);
    const b = newBlobKey(prefix);
    expect(a).toMatch(new RegExp(`^${prefix}/[0-9a-f-]{36}$`));
    await opened.store.put(a, Buffer.from('alpha'));
    await opened.store.put(b, Buffer.from('beta!'));
    expect(await opened.store.head(a)).toMatchObject({ size: 5 });
    expect(await opened.store.list(prefix)).toEqual([a, b].sort());
    await opened.store.delete(a);
    expect(await opened.store.head(a)).toBeNull();
    expect(await opened.store.list(prefix)).toEqual([b]);
  });
});

describe('local part URLs', () => {
  it('answer 403 to a bad signature or an expired URL, and expose the ETag to browsers', async () => {
    const opened = await openLocalStore(1);
    try {
      const key = newBlobKey('tests');
      const uploadId = await opened.store.createMultipart(key, 'application/octet-stream');
      const [url = ''] = await opened.store.partUrls(key, uploadId, [1]);
      const forged = opened.resolve(url.replace(/signature=[^&]+/, 'signature=forged'));
      expect((await putPart(forged, Buffer.from('x'), 1)).status).toBe(403);
      const other = opened.resolve(url.replace('partNumber=1', 'partNumber=2'));
      expect((await putPart(other, Buffer.from('x'), 1)).status).toBe(403);
      const preflight = await fetch(opened.resolve(url), { method: 'OPTIONS' });
      expect(preflight.headers.get('access-control-expose-headers')).toBe('ETag');
      await new Promise((resolve) => setTimeout(resolve, 2100));
      expect((await putPart(opened.resolve(url), Buffer.from('x'), 1)).status).toBe(403);
    } finally {
      await opened.close();
    }
  });
});
