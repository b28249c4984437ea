import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  BlobError,
  sameEtag,
  type BlobHead,
  type BlobStore,
  type CompletedPart,
} from './blob-store.js';
import { listAckedParts, partFile, readMeta, writePart } from './local-parts.js';
import { localPaths } from './local-paths.js';
import type { PartSigner } from './part-signer.js';

export interface LocalBlobStore extends BlobStore {
  readonly kind: 'local';
  readonly signer: PartSigner;
  /** Receives one part from a signed URL; answers its ETag. */
  receivePart(key: string, uploadId: string, partNumber: number, body: Readable): Promise<string>;
}

async function etagOf(file: string): Promise<string> {
  const hash = createHash('md5');
  await pipeline(createReadStream(file), hash);
  return `"${hash.digest('hex')}"`;
}

/** Files under `root` (DATA_DIR/blobs); parts arrive through the API's signed part URLs. */
export function createLocalStore(root: string, signer: PartSigner): LocalBlobStore {
  const paths = localPaths(root);

  async function assemble(key: string, dir: string, parts: CompletedPart[]): Promise<BlobHead> {
    const target = paths.object(key);
    await mkdir(path.dirname(target), { recursive: true });
    const temp = `${target}.${randomUUID()}.tmp`;
    const out = createWriteStream(temp);
    const md5s = createHash('md5');
    let size = 0;
    try {
      // Parts are streamed one after another: the object is never held in memory.
      for (const part of parts) {
        await pipeline(createReadStream(partFile(dir, part.PartNumber)), out, { end: false });
        md5s.update(Buffer.from(part.ETag.replace(/"/g, ''), 'hex'));
      }
      out.end();
      await new Promise<void>((resolve, reject) => {
        out.once('finish', resolve);
        out.once('error', reject);
      });
      size = (await stat(temp)).size;
    } catch (error) {
      out.destroy();
      await rm(temp, { force: true });
      throw error;
    }
    await rename(temp, target);
    const etag = `"${md5s.digest('hex')}-${parts.length}"`;
    await writeFile(`${target}.etag`, etag);
    return { size, etag };
  }

  return {
    kind: 'local',
    signer,
    async createMultipart(key, contentType) {
      paths.object(key);
      const uploadId = randomUUID();
      const dir = paths.upload(uploadId);
      await mkdir(dir, { recursive: true });
      await writeFile(path.join(dir, 'meta.json'), JSON.stringify({ key, contentType }));
      return uploadId;
    },
    async partUrls(key, uploadId, partNumbers) {
      return partNumbers.map((n) => signer.url(key, uploadId, n));
    },
    async receivePart(key, uploadId, partNumber, body) {
      const dir = paths.upload(uploadId);
      const meta = await readMeta(dir);
      if (meta.key !== key) throw new BlobError('NoSuchUpload', 'The upload does not exist.');
      return (await writePart(dir, partNumber, body)).etag;
    },
    async listParts(key, uploadId) {
      const dir = paths.upload(uploadId);
      if ((await readMeta(dir)).key !== key) {
        throw new BlobError('NoSuchUpload', 'The upload does not exist.');
      }
      return listAckedParts(dir);
    },
    async completeMultipart(key, uploadId, parts) {
      const dir = paths.upload(uploadId);
      const stored = new Map((await this.listParts(key, uploadId)).map((p) => [p.PartNumber, p]));
      const ordered = [...parts].sort((a, b) => a.PartNumber - b.PartNumber);
      if (ordered.length === 0) throw new BlobError('InvalidPart', 'No parts were given.');
      for (const [index, part] of ordered.entries()) {
        const have = stored.get(part.PartNumber);
        if (index > 0 && ordered[index - 1]?.PartNumber === part.PartNumber) {
          throw new BlobError('InvalidPart', `Part ${part.PartNumber} is listed twice.`);
        }
        if (!have || !sameEtag(have.ETag, part.ETag)) {
          throw new BlobError('InvalidPart', `Part ${part.PartNumber} was not uploaded as listed.`);
        }
      }
      const head = await assemble(key, dir, ordered);
      await rm(dir, { recursive: true, force: true });
      return head;
    },
    async abortMultipart(_key, uploadId) {
      await rm(paths.upload(uploadId), { recursive: true, force: true });
    },
    async put(key, body) {
      const target = paths.object(key);
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, body);
      await writeFile(`${target}.etag`, `"${createHash('md5').update(body).digest('hex')}"`);
    },
    async head(key) {
      const target = paths.object(key);
      try {
        const info = await stat(target);
        const etag = await readFile(`${target}.etag`, 'utf8').catch(() => etagOf(target));
        return { size: info.size, etag };
      } catch {
        return null;
      }
    },
    async read(key, range) {
      const target = paths.object(key);
      await stat(target).catch(() => {
        throw new BlobError('NoSuchKey', 'The object does not exist.');
      });
      return createReadStream(target, range ? { start: range.start, end: range.end } : {});
    },
    async delete(key) {
      const target = paths.object(key);
      await rm(target, { force: true });
      await rm(`${target}.etag`, { force: true });
    },
    async list(prefix) {
      const found: string[] = [];
      const walk = async (dir: string, rel: string): Promise<void> => {
        const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
        for (const entry of entries) {
          const key = rel ? `${rel}/${entry.name}` : entry.name;
          if (entry.isDirectory()) await walk(path.join(dir, entry.name), key);
          else if (!entry.name.endsWith('.etag') && !entry.name.endsWith('.tmp')) found.push(key);
        }
      };
      await walk(paths.objects, '');
      return found.filter((key) => key.startsWith(prefix)).sort();
    },
  };
}

export const isLocalStore = (store: BlobStore): store is LocalBlobStore => store.kind === 'local';
