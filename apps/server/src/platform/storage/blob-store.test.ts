import { createHash, randomBytes } from 'node:crypto';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { Blake3Hasher } from '@napi-rs/blake-hash';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  openLocalStore,
  openS3Store,
  type OpenLocalStore,
  type OpenStore,
} from '../../test/blob-stores.js';
import { putPart, sha256Of } from '../../test/part-client.js';
import { BlobError, MIN_PART_SIZE, newBlobKey, type BlobStore } from './blob-store.js';

async function sendParts(opened: OpenStore, key: string, uploadId: string, bodies: Buffer[]) {
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

const start = (store: BlobStore, partSize: number, size: number) => {
  const key = newBlobKey('tests');
  return store
    .createMultipart(key, 'application/octet-stream', { partSize, size })
    .then((uploadId) => ({ key, uploadId }));
};

// What both stores do: the local store (writing parts directly to the disk, and through the page
// cache where direct writes fail) and an S3-compatible server (s3rver) started for the run.
describe.each([
  { name: 'local', open: () => openLocalStore() },
  { name: 'local (page cache)', open: () => openLocalStore(3600, { directWrites: false }) },
  { name: 's3 (s3rver)', open: openS3Store },
])('$name blob store', ({ open }) => {
  let opened: OpenStore;
  beforeAll(async () => {
    opened = await open();
  });
  afterAll(async () => opened.close());

  it('assembles parts in order, and reads the object whole and by range', async () => {
    const bodies = [randomBytes(MIN_PART_SIZE), randomBytes(MIN_PART_SIZE), randomBytes(1000)];
    const whole = Buffer.concat(bodies);
    const { key, uploadId } = await start(opened.store, MIN_PART_SIZE, whole.length);
    const parts = await sendParts(opened, key, uploadId, bodies);
    const head = await opened.store.completeMultipart(key, uploadId, [...parts].reverse());
    expect(head.size).toBe(whole.length);
    expect(await opened.store.head(key)).toEqual(head);
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

  it('puts, heads, lists and deletes objects; generated keys only', async () => {
    const prefix = `listing-${randomBytes(4).toString('hex')}`;
    const a = newBlobKey(prefix);
    const b = newBlobKey(prefix);
    expect(a).toMatch(new RegExp(`^${prefix}/[0-9a-f-]{36}$`));
    await opened.store.put(a, Buffer.from('alpha'));
    await opened.store.put(b, Buffer.from('beta!'));
    expect(await opened.store.head(a)).toMatchObject({ size: 5 });
    expect(await opened.store.list(prefix)).toEqual([a, b].sort());
    expect(await opened.store.listSized(prefix)).toEqual(
      [
        { key: a, size: 5 },
        { key: b, size: 5 },
      ].sort((x, y) => (x.key < y.key ? -1 : 1)),
    );
    await opened.store.delete(a);
    expect(await opened.store.head(a)).toBeNull();
    await expect(opened.store.read(a)).rejects.toBeInstanceOf(BlobError);
    expect(await opened.store.list(prefix)).toEqual([b]);
    const many = Array.from({ length: 3 }, () => newBlobKey(prefix));
    for (const key of many) await opened.store.put(key, Buffer.from('gamma'));
    await opened.store.deleteMany([b, ...many.slice(0, 2)]);
    expect(await opened.store.list(prefix)).toEqual([many[2]]);
    await opened.store.deleteMany([]);
  });
});

// What only the S3-compatible server shows: S3's own presigned URLs and MD5 part ETags.
describe('s3 blob store (s3rver)', () => {
  let opened: OpenStore;
  beforeAll(async () => {
    opened = await openS3Store();
  });
  afterAll(async () => opened.close());

  it('signs absolute, expiring part URLs; a part ETag is the MD5 of its bytes', async () => {
    const body = randomBytes(1000);
    const { key, uploadId } = await start(opened.store, MIN_PART_SIZE, body.length);
    const [url = ''] = await opened.store.partUrls(key, uploadId, [1]);
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/.*X-Amz-Signature=/);
    expect(new URL(url).searchParams.get('X-Amz-Expires')).toBe('3600');
    expect(new URL(url).searchParams.get('partNumber')).toBe('1');
    const answer = await putPart(url, body, body.length);
    expect(answer.etag).toBe(`"${createHash('md5').update(body).digest('hex')}"`);
    const head = await opened.store.completeMultipart(key, uploadId, [
      { PartNumber: 1, ETag: answer.etag },
    ]);
    expect(head.size).toBe(body.length);
  });
});

// S3's multipart checks that s3rver lacks (ListParts, AbortMultipartUpload, the ETag check on
// completion) and the local store's own: parts at fixed offsets in one file (docs/decisions.md).
describe.each([
  { name: 'direct writes', directWrites: true },
  { name: 'page cache', directWrites: false },
])('local blob store ($name)', ({ directWrites }) => {
  let opened: OpenLocalStore;
  beforeAll(async () => {
    opened = await openLocalStore(3600, { directWrites });
  });
  afterAll(async () => opened.close());

  const put = async (key: string, uploadId: string, partNumber: number, body: Buffer) => {
    const [url = ''] = await opened.store.partUrls(key, uploadId, [partNumber]);
    return putPart(opened.resolve(url), body, body.length);
  };

  it('refuses a completion whose ETag does not match the stored part', async () => {
    const { key, uploadId } = await start(opened.store, 100, 100);
    await sendParts(opened, key, uploadId, [randomBytes(100)]);
    await expect(
      opened.store.completeMultipart(key, uploadId, [
        { PartNumber: 1, ETag: '"00000000000000000000000000000000"' },
      ]),
    ).rejects.toThrow('Part 1 was not uploaded as listed.');
  });

  it('lists acknowledged parts, and abort releases them', async () => {
    const { key, uploadId } = await start(opened.store, 10, 30);
    const parts = await sendParts(opened, key, uploadId, [randomBytes(10), randomBytes(10)]);
    const listed = await opened.store.listParts(key, uploadId);
    expect(listed.map((p) => [p.PartNumber, p.ETag, p.Size])).toEqual([
      [1, parts[0]?.ETag, 10],
      [2, parts[1]?.ETag, 10],
    ]);
    await opened.store.abortMultipart(key, uploadId);
    await expect(opened.store.listParts(key, uploadId)).rejects.toBeInstanceOf(BlobError);
    expect(await readdir(path.join(opened.root, 'multipart'))).not.toContain(uploadId);
    expect((await put(key, uploadId, 3, randomBytes(10))).status).toBe(404);
  });

  it('takes parts in any order and a part sent again replaces its bytes and ETag', async () => {
    const bodies = [randomBytes(10), randomBytes(10), randomBytes(4)];
    const { key, uploadId } = await start(opened.store, 10, 24);
    const third = await put(key, uploadId, 3, bodies[2] ?? Buffer.alloc(0));
    const first = await put(key, uploadId, 1, randomBytes(10));
    const again = await put(key, uploadId, 1, bodies[0] ?? Buffer.alloc(0));
    const second = await put(key, uploadId, 2, bodies[1] ?? Buffer.alloc(0));
    expect(again.etag).not.toBe(first.etag);
    const parts = [
      { PartNumber: 1, ETag: again.etag },
      { PartNumber: 2, ETag: second.etag },
      { PartNumber: 3, ETag: third.etag },
    ];
    await expect(
      opened.store.completeMultipart(key, uploadId, [
        { PartNumber: 1, ETag: first.etag },
        ...parts.slice(1),
      ]),
    ).rejects.toThrow('Part 1 was not uploaded as listed.');
    expect(await opened.store.completeMultipart(key, uploadId, parts)).toMatchObject({ size: 24 });
    expect(await sha256Of(await opened.store.read(key))).toBe(
      await sha256Of(Readable.from([Buffer.concat(bodies)])),
    );
  });

  it('writes parts longer than a write stage, with ends off the sector size, sent again', async () => {
    // The local store writes 4 MiB stages directly, then a sector-aligned head and a few bytes.
    const bodies = [randomBytes(MIN_PART_SIZE), randomBytes(4 * 1024 * 1024 + 3 * 4096 + 100)];
    const size = MIN_PART_SIZE + (bodies[1]?.length ?? 0);
    const { key, uploadId } = await start(opened.store, MIN_PART_SIZE, size);
    const second = await put(key, uploadId, 2, bodies[1] ?? Buffer.alloc(0));
    await put(key, uploadId, 1, randomBytes(MIN_PART_SIZE));
    const first = await put(key, uploadId, 1, bodies[0] ?? Buffer.alloc(0));
    const head = await opened.store.completeMultipart(key, uploadId, [
      { PartNumber: 1, ETag: first.etag },
      { PartNumber: 2, ETag: second.etag },
    ]);
    expect(head.size).toBe(size);
    expect(await sha256Of(await opened.store.read(key))).toBe(
      await sha256Of(Readable.from(bodies)),
    );
  });

  it('refuses a part longer than the part size, a gap, and a short part before the last', async () => {
    const { key, uploadId } = await start(opened.store, 10, 25);
    const long = await put(key, uploadId, 1, randomBytes(11));
    expect(long.status).toBe(400);
    expect(long.body).toContain('EntityTooLarge');
    const one = await put(key, uploadId, 1, randomBytes(9));
    const three = await put(key, uploadId, 3, randomBytes(5));
    await expect(
      opened.store.completeMultipart(key, uploadId, [
        { PartNumber: 1, ETag: one.etag },
        { PartNumber: 3, ETag: three.etag },
      ]),
    ).rejects.toThrow('Parts must be numbered 1 to 2 once each.');
    const two = await put(key, uploadId, 2, randomBytes(10));
    await expect(
      opened.store.completeMultipart(key, uploadId, [
        { PartNumber: 1, ETag: one.etag },
        { PartNumber: 2, ETag: two.etag },
        { PartNumber: 3, ETag: three.etag },
      ]),
    ).rejects.toThrow('Part 1 is smaller than the part size.');
  });

  it("answers a part's ETag as the first 128 bits of its BLAKE3 digest", async () => {
    // Longer than a write batch, so the part is hashed and written in several pieces.
    const body = randomBytes(700_000);
    const { key, uploadId } = await start(opened.store, MIN_PART_SIZE, body.length);
    const [part] = await sendParts(opened, key, uploadId, [body]);
    const digest = new Blake3Hasher().update(body).digestBuffer();
    expect(part?.ETag).toBe(`"${digest.subarray(0, 16).toString('hex')}"`);
    await opened.store.completeMultipart(key, uploadId, part ? [part] : []);
    expect(await sha256Of(await opened.store.read(key))).toBe(
      await sha256Of(Readable.from([body])),
    );
  });

  it('completes without copying: the stored object is the file the parts were written into', async () => {
    const { key, uploadId } = await start(opened.store, MIN_PART_SIZE, MIN_PART_SIZE + 7);
    const data = path.join(opened.root, 'multipart', uploadId, 'data');
    const inode = (await stat(data)).ino;
    const parts = await sendParts(opened, key, uploadId, [
      randomBytes(MIN_PART_SIZE),
      randomBytes(7),
    ]);
    const head = await opened.store.completeMultipart(key, uploadId, parts);
    // S3's multipart ETag: the MD5 of the parts' ETags and their count.
    expect(head.etag).toMatch(/^"[0-9a-f]{32}-2"$/);
    const stored = await stat(path.join(opened.root, 'objects', ...key.split('/')));
    expect(stored).toMatchObject({ ino: inode, size: MIN_PART_SIZE + 7 });
  });
});

describe('local part URLs', () => {
  it('answer 403 to a bad signature or an expired URL, and expose the ETag to browsers', async () => {
    const opened = await openLocalStore(1);
    try {
      const { key, uploadId } = await start(opened.store, 10, 10);
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
