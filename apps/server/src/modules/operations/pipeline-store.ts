import { Readable } from 'node:stream';
import type { Body, JobStore, StoredObject } from '@scrutineer/audit-core';
import type { BlobHead, BlobStore } from '../../platform/storage/index.js';

/** The pipeline folder of a job in blob storage; every stage output and log lives under it. */
export const pipelinePrefix = (jobAddress: string): string => `${jobAddress}/pipeline`;

async function collect(body: Body): Promise<Buffer> {
  if (typeof body === 'string') return Buffer.from(body);
  if (Buffer.isBuffer(body)) return body;
  const chunks: Buffer[] = [];
  for await (const chunk of body as AsyncIterable<string | Uint8Array>)
    chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/** Objects above this size are read from the store each time, never kept. */
const KEPT_OBJECT_BYTES = 4 * 1024 * 1024;

/**
 * What the batches of one run share in one process: the answers of the store about objects that
 * cannot change while the run lasts, so the second and later batches ask the store nothing
 * about them. Those are what earlier stages wrote (one stage of a job runs at a time) and the
 * job's uploaded inputs (an upload is never overwritten); `fixed` says which keys are such.
 * Bodies are kept up to `limitBytes` in all.
 */
export class RunReads {
  readonly heads = new Map<string, Promise<BlobHead | null>>();
  readonly bodies = new Map<string, Promise<Buffer>>();
  readonly listings = new Map<string, Promise<{ key: string; size: number }[]>>();
  keptBytes = 0;

  constructor(
    readonly fixed: (key: string) => boolean,
    readonly limitBytes = 64 * 1024 * 1024,
  ) {}
}

/** Kept once asked; a failed ask is not kept, so the next one asks again. */
function remember<T>(map: Map<string, Promise<T>>, key: string, ask: () => Promise<T>): Promise<T> {
  const found = map.get(key);
  if (found) return found;
  const asked = ask();
  map.set(key, asked);
  asked.catch(() => map.delete(key));
  return asked;
}

/**
 * A job's pipeline as the audit engine sees it: outputs under the job's pipeline folder, and
 * the adopted inputs (`input/…`) mapped read-only onto the election's stored files, so
 * gigabytes of archives are never copied.
 */
export class BlobJobStore implements JobStore {
  constructor(
    private readonly blobs: BlobStore,
    readonly prefix: string,
    /** Input key (`input/images/a.zip`) → blob key of the stored file. */
    private readonly inputs: Map<string, string> = new Map(),
    /** Shared by a run's batches in this process (RunReads); none: every read asks the store. */
    private readonly kept?: RunReads,
  ) {}

  /** The adopted inputs' keys. */
  inputKeys(): Set<string> {
    return new Set(this.inputs.keys());
  }

  /** This store with its answers about unchanging objects kept in `kept`. */
  keeping(kept: RunReads): BlobJobStore {
    return new BlobJobStore(this.blobs, this.prefix, this.inputs, kept);
  }

  private isFixed(key: string): boolean {
    return this.kept !== undefined && this.kept.fixed(key);
  }

  private head(key: string): Promise<BlobHead | null> {
    const blob = this.blobKey(key);
    if (!this.kept || !this.isFixed(key)) return this.blobs.head(blob);
    return remember(this.kept.heads, blob, () => this.blobs.head(blob));
  }

  private blobKey(key: string): string {
    if (key.split('/').some((part) => part === '..' || part === '')) {
      throw new Error(`key ${key} is not a job key`);
    }
    return this.inputs.get(key) ?? `${this.prefix}/${key}`;
  }

  async read(key: string): Promise<Readable> {
    const blob = this.blobKey(key);
    const kept = this.kept;
    if (!kept || !this.isFixed(key)) return this.blobs.read(blob);
    const head = await this.head(key);
    const held = kept.bodies.get(blob);
    if (held) return Readable.from([await held]);
    if (!head || head.size > KEPT_OBJECT_BYTES || kept.keptBytes + head.size > kept.limitBytes)
      return this.blobs.read(blob);
    kept.keptBytes += head.size;
    const body = remember(kept.bodies, blob, async () => collect(await this.blobs.read(blob)));
    body.catch(() => (kept.keptBytes -= head.size));
    return Readable.from([await body]);
  }

  async write(key: string, body: Body): Promise<void> {
    if (this.inputs.has(key)) throw new Error(`${key} is an input and cannot be written`);
    await this.blobs.put(this.blobKey(key), await collect(body));
  }

  async *list(prefix: string): AsyncIterable<StoredObject> {
    const found: StoredObject[] = [];
    for (const [key] of this.inputs)
      if (key.startsWith(prefix)) found.push({ key, size: (await this.head(key))?.size ?? 0 });
    const base = `${this.prefix}/`;
    // One listing gives every size: no request per object.
    const listed =
      this.kept && prefix.includes('/') && this.isFixed(prefix)
        ? remember(this.kept.listings, prefix, () => this.blobs.listSized(`${base}${prefix}`))
        : this.blobs.listSized(`${base}${prefix}`);
    for (const blob of await listed) {
      const key = blob.key.slice(base.length);
      if (this.inputs.has(key)) continue;
      found.push({ key, size: blob.size });
    }
    found.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    yield* found;
  }

  /** Archives are read by ranges: a batch fetches the zip's directory and its own entries. */
  async openRange(key: string) {
    const blob = this.blobKey(key);
    const head = await this.head(key);
    if (!head) throw new Error(`${key} is not stored`);
    return {
      size: head.size,
      read: (start: number, end: number) => this.blobs.read(blob, { start, end: end - 1 }),
    };
  }

  async exists(key: string): Promise<boolean> {
    return (await this.head(key)) !== null;
  }

  async remove(prefix: string): Promise<void> {
    // One request per thousand objects: a rerun clears a stage's outputs before its batches start.
    await this.blobs.deleteMany(await this.blobs.list(`${this.prefix}/${prefix}`));
  }

  async readText(key: string): Promise<string | null> {
    if (!(await this.exists(key))) return null;
    return (await collect(await this.read(key))).toString('utf8');
  }
}
