import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, truncate, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  BlobError,
  sameEtag,
  type BlobHead,
  type BlobStore,
  type CompletedPart,
  type StoredPart,
} from './blob-store.js';
import { directWritesWork } from './direct-writes.js';
import { syncDir, syncFile, writeFileAtomic } from './durable.js';
import { dataFile, listAckedParts, readMeta, writePart, type UploadMeta } from './local-parts.js';
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

/** Part writers in progress, per upload: a newer attempt, a completion or an abort stops them. */
interface Writer {
  controller: AbortController;
  done: Promise<void>;
}

function createWriters() {
  const active = new Map<string, Map<number, Writer>>();
  const closing = new Set<string>();
  return {
    /** Runs a part's write after stopping an earlier attempt at the same part. */
    async run<T>(uploadId: string, partNumber: number, write: (signal: AbortSignal) => Promise<T>) {
      if (closing.has(uploadId)) throw new BlobError('NoSuchUpload', 'The upload is closing.');
      let parts = active.get(uploadId);
      if (!parts) active.set(uploadId, (parts = new Map<number, Writer>()));
      const earlier = parts.get(partNumber);
      const controller = new AbortController();
      let finish: () => void = () => undefined;
      const done = new Promise<void>((resolve) => {
        finish = resolve;
      });
      parts.set(partNumber, { controller, done });
      try {
        if (earlier) {
          earlier.controller.abort(new BlobError('InvalidPart', 'A newer attempt replaced it.'));
          await earlier.done;
        }
        return await write(controller.signal);
      } finally {
        finish();
        if (parts.get(partNumber)?.controller === controller) parts.delete(partNumber);
        if (parts.size === 0 && active.get(uploadId) === parts) active.delete(uploadId);
      }
    },
    /** Stops the upload's writers and refuses new ones while `work` runs. */
    async close<T>(uploadId: string, work: () => Promise<T>): Promise<T> {
      if (closing.has(uploadId)) throw new BlobError('NoSuchUpload', 'The upload is closing.');
      closing.add(uploadId);
      try {
        const writers = [...(active.get(uploadId)?.values() ?? [])];
        for (const writer of writers) {
          writer.controller.abort(new BlobError('NoSuchUpload', 'The upload was closed.'));
        }
        await Promise.all(writers.map((writer) => writer.done));
        return await work();
      } finally {
        closing.delete(uploadId);
      }
    },
  };
}

/** Checks the listed parts against the acknowledged ones; answers the object's size. */
function checkParts(meta: UploadMeta, stored: StoredPart[], parts: CompletedPart[]): number {
  const have = new Map(stored.map((p) => [p.PartNumber, p]));
  if (parts.length === 0) throw new BlobError('InvalidPart', 'No parts were given.');
  // Parts sit at fixed offsets, so a completed object is parts 1..n with no gap.
  if (parts.some((part, index) => part.PartNumber !== index + 1)) {
    throw new BlobError('InvalidPart', `Parts must be numbered 1 to ${parts.length} once each.`);
  }
  let size = 0;
  for (const [index, part] of parts.entries()) {
    const ack = have.get(part.PartNumber);
    if (!ack || !sameEtag(ack.ETag, part.ETag)) {
      throw new BlobError('InvalidPart', `Part ${part.PartNumber} was not uploaded as listed.`);
    }
    if (index < parts.length - 1 && ack.Size !== meta.partSize) {
      throw new BlobError('InvalidPart', `Part ${part.PartNumber} is smaller than the part size.`);
    }
    size += ack.Size;
  }
  return size;
}

async function finishedEarlier(target: string, dir: string, size: number): Promise<BlobHead> {
  const info = await stat(target).catch(() => null);
  if (info?.size !== size) throw new BlobError('NoSuchUpload', 'The upload does not exist.');
  const etag = await readFile(`${target}.etag`, 'utf8');
  await rm(dir, { recursive: true, force: true });
  return { size, etag };
}

/**
 * Files under `root` (DATA_DIR/blobs); parts arrive through the API's signed part URLs. Each
 * upload's parts are written at their offsets into one file, so
 * completion checks the ETags, trims the file and renames it: no byte is copied again.
 */
export function createLocalStore(
  root: string,
  signer: PartSigner,
  options: { directWrites?: boolean } = {},
): LocalBlobStore {
  const paths = localPaths(root);
  const writers = createWriters();

  async function openUpload(key: string, uploadId: string) {
    const dir = paths.upload(uploadId);
    const meta = await readMeta(dir);
    if (meta.key !== key) throw new BlobError('NoSuchUpload', 'The upload does not exist.');
    return { dir, meta };
  }

  return {
    kind: 'local',
    signer,
    async createMultipart(key, contentType, plan) {
      paths.object(key);
      const uploadId = randomUUID();
      const dir = paths.upload(uploadId);
      await mkdir(dir, { recursive: true });
      const meta: UploadMeta = { key, contentType, partSize: plan.partSize, size: plan.size };
      try {
        // Parts land at their offsets in any order, into a sparse file of the declared size: a
        // direct write past the end of a file waits for every other write to the file.
        await writeFile(dataFile(dir), '');
        await truncate(dataFile(dir), plan.size);
        await writeFileAtomic(path.join(dir, 'meta.json'), JSON.stringify(meta));
        await syncDir(paths.multipart);
      } catch (error) {
        // A refused upload leaves no folder behind.
        await rm(dir, { recursive: true, force: true });
        if ((error as NodeJS.ErrnoException).code === 'EFBIG') {
          throw new BlobError('EntityTooLarge', 'The file is larger than this store can hold.');
        }
        throw error;
      }
      return uploadId;
    },
    async partUrls(key, uploadId, partNumbers) {
      return partNumbers.map((n) => signer.url(key, uploadId, n));
    },
    async receivePart(key, uploadId, partNumber, body) {
      const { dir, meta } = await openUpload(key, uploadId);
      const direct = options.directWrites !== false && (await directWritesWork(paths.multipart));
      const ack = await writers
        .run(uploadId, partNumber, (signal) =>
          writePart(dir, meta, partNumber, body, signal, direct),
        )
        .catch((error: unknown) => {
          if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
            throw new BlobError('NoSuchUpload', 'The upload does not exist.');
          }
          throw error;
        });
      return ack.etag;
    },
    async listParts(key, uploadId) {
      return listAckedParts((await openUpload(key, uploadId)).dir);
    },
    async completeMultipart(key, uploadId, parts) {
      const { dir, meta } = await openUpload(key, uploadId);
      const target = paths.object(key);
      return writers.close(uploadId, async (): Promise<BlobHead> => {
        const ordered = [...parts].sort((a, b) => a.PartNumber - b.PartNumber);
        const size = checkParts(meta, await listAckedParts(dir), ordered);
        const md5s = createHash('md5');
        for (const part of ordered) md5s.update(Buffer.from(part.ETag.replace(/"/g, ''), 'hex'));
        const etag = `"${md5s.digest('hex')}-${ordered.length}"`;
        const trimmed = await truncate(dataFile(dir), size).then(
          () => true,
          (error: unknown) => {
            if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
            return false;
          },
        );
        // A completion cut off after its rename is finished by the next attempt.
        if (!trimmed) return finishedEarlier(target, dir, size);
        await syncFile(dataFile(dir));
        await mkdir(path.dirname(target), { recursive: true });
        await writeFileAtomic(`${target}.etag`, etag);
        await rename(dataFile(dir), target);
        await syncDir(path.dirname(target));
        await rm(dir, { recursive: true, force: true });
        return { size, etag };
      });
    },
    async abortMultipart(_key, uploadId) {
      const dir = paths.upload(uploadId);
      await writers.close(uploadId, () => rm(dir, { recursive: true, force: true }));
    },
    async put(key, body) {
      const target = paths.object(key);
      await mkdir(path.dirname(target), { recursive: true });
      // As on S3, a reader sees the old object or the new one, never a half-written file; two
      // writers of one key (a batch retried while its first attempt still runs) cannot interleave.
      await writeFileAtomic(target, body);
      await writeFileAtomic(`${target}.etag`, `"${createHash('md5').update(body).digest('hex')}"`);
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
    async deleteMany(keys) {
      for (const key of keys) await this.delete(key);
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
    async listSized(prefix) {
      const found: { key: string; size: number }[] = [];
      for (const key of await this.list(prefix)) {
        const info = await stat(paths.object(key)).catch(() => null);
        if (info) found.push({ key, size: info.size });
      }
      return found;
    },
  };
}

export const isLocalStore = (store: BlobStore): store is LocalBlobStore => store.kind === 'local';
