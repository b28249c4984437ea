import { Readable } from 'node:stream';
import type { Body, JobStore, StoredObject } from '@scrutineer/audit-core';
import type { BlobStore } from '../../platform/storage/index.js';

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
  ) {}

  private blobKey(key: string): string {
    if (key.split('/').some((part) => part === '..' || part === '')) {
      throw new Error(`key ${key} is not a job key`);
    }
    return this.inputs.get(key) ?? `${this.prefix}/${key}`;
  }

  async read(key: string): Promise<Readable> {
    return this.blobs.read(this.blobKey(key));
  }

  async write(key: string, body: Body): Promise<void> {
    if (this.inputs.has(key)) throw new Error(`${key} is an input and cannot be written`);
    await this.blobs.put(this.blobKey(key), await collect(body));
  }

  async *list(prefix: string): AsyncIterable<StoredObject> {
    const found: StoredObject[] = [];
    for (const [key, blob] of this.inputs)
      if (key.startsWith(prefix))
        found.push({ key, size: (await this.blobs.head(blob))?.size ?? 0 });
    const base = `${this.prefix}/`;
    // One listing gives every size: no request per object.
    for (const blob of await this.blobs.listSized(`${base}${prefix}`)) {
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
    const head = await this.blobs.head(blob);
    if (!head) throw new Error(`${key} is not stored`);
    return {
      size: head.size,
      read: (start: number, end: number) => this.blobs.read(blob, { start, end: end - 1 }),
    };
  }

  async exists(key: string): Promise<boolean> {
    return (await this.blobs.head(this.blobKey(key))) !== null;
  }

  async remove(prefix: string): Promise<void> {
    const base = `${this.prefix}/`;
    for (const blob of await this.blobs.list(`${base}${prefix}`)) await this.blobs.delete(blob);
  }

  async readText(key: string): Promise<string | null> {
    if (!(await this.exists(key))) return null;
    return (await collect(await this.read(key))).toString('utf8');
  }
}
