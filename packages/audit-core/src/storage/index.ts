import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** One stored object as a listing shows it. */
export interface StoredObject {
  key: string;
  size: number;
}

export type Body = Readable | AsyncIterable<string | Uint8Array> | Buffer | string;

/**
 * What the stages need from blob storage: keys are `/`-separated paths inside one job. The
 * server plugs its blob store in behind this; `FolderStore` keeps a job in a local folder.
 */
export interface JobStore {
  read(key: string): Promise<Readable>;
  write(key: string, body: Body): Promise<void>;
  /** Every object whose key starts with `prefix`, in key order. */
  list(prefix: string): AsyncIterable<StoredObject>;
  exists(key: string): Promise<boolean>;
  remove(prefix: string): Promise<void>;
  /** A path on local disk for readers that need random access (zips), when the store has one. */
  localPath?(key: string): string;
  /**
   * Byte ranges of an object, for zips kept in remote storage: their directory and the entries
   * a batch needs are fetched, never the whole archive. `read` streams `start` to `end` (exclusive).
   */
  openRange?(
    key: string,
  ): Promise<{ size: number; read(start: number, end: number): Promise<Readable> }>;
}

/** Raised for a key that escapes the job or names nothing. */
export class StoreError extends Error {
  override name = 'StoreError';
}

/** A job kept in a folder on local disk: key `a/b.csv` is the file `<root>/a/b.csv`. */
export class FolderStore implements JobStore {
  readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  localPath(key: string): string {
    const path = resolve(this.root, key);
    if (path !== this.root && !path.startsWith(this.root + sep))
      throw new StoreError(`key ${key} is outside the job folder`);
    return path;
  }

  async read(key: string): Promise<Readable> {
    const path = this.localPath(key);
    try {
      await stat(path);
    } catch {
      throw new StoreError(`${key} does not exist`);
    }
    return createReadStream(path);
  }

  async write(key: string, body: Body): Promise<void> {
    const path = this.localPath(key);
    await mkdir(dirname(path), { recursive: true });
    // Written beside and renamed, so a reader never sees half a file.
    const partial = `${path}.partial-${process.pid}-${Date.now()}`;
    const source = typeof body === 'string' || Buffer.isBuffer(body) ? Readable.from([body]) : body;
    try {
      await pipeline(source, createWriteStream(partial));
      await rename(partial, path);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
  }

  async *list(prefix: string): AsyncIterable<StoredObject> {
    const found: StoredObject[] = [];
    const walk = async (directory: string): Promise<void> => {
      let names;
      try {
        names = await readdir(directory, { withFileTypes: true });
      } catch {
        return;
      }
      for (const entry of names) {
        const path = join(directory, entry.name);
        if (entry.isDirectory()) await walk(path);
        else if (entry.isFile() && !entry.name.includes('.partial-')) {
          const key = relative(this.root, path).split(sep).join('/');
          if (key.startsWith(prefix)) found.push({ key, size: (await stat(path)).size });
        }
      }
    };
    const base = prefix.includes('/') ? prefix.slice(0, prefix.lastIndexOf('/')) : '';
    await walk(this.localPath(base));
    found.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    yield* found;
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await stat(this.localPath(key))).isFile();
    } catch {
      return false;
    }
  }

  async remove(prefix: string): Promise<void> {
    for await (const object of this.list(prefix)) await rm(this.localPath(object.key));
  }
}

/** Reads a whole object as text; for outputs that are small by nature (JSON settings). */
export async function readText(store: JobStore, key: string): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of await store.read(key)) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

export async function readBytes(store: JobStore, key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await store.read(key)) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

export async function readJson<T>(store: JobStore, key: string): Promise<T> {
  return JSON.parse(await readText(store, key)) as T;
}
