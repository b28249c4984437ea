import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import yauzl from 'yauzl';
import type { JobStore } from '../storage/index.js';

/** A ballot image inside an archive: batches are ranges of `entryIndex`. */
export interface ImageEntry {
  archive: string;
  entry: string;
  entryIndex: number;
}

export interface ImageProblem {
  code: string;
  severity: 'fatal' | 'error' | 'warning';
  archive: string;
  entry?: string;
  message: string;
}

const IMAGE_NAME = /\.(tiff?|png|jpe?g|pdf)$/i;

/** A zip on local disk for random access: the store's own file, or a temporary copy. */
async function localZip(
  store: JobStore,
  key: string,
): Promise<{ path: string; done: () => Promise<void> }> {
  const own = store.localPath?.(key);
  if (own) return { path: own, done: async () => undefined };
  const folder = await mkdtemp(join(tmpdir(), 'scrutineer-archive-'));
  const path = join(folder, 'archive.zip');
  const { FolderStore } = await import('../storage/index.js');
  await new FolderStore(folder).write('archive.zip', await store.read(key));
  return { path, done: () => rm(folder, { recursive: true, force: true }) };
}

const openZip = (path: string): Promise<yauzl.ZipFile> =>
  new Promise((resolve, reject) =>
    yauzl.open(path, { lazyEntries: true, autoClose: false }, (e, z) =>
      e ? reject(e) : resolve(z),
    ),
  );

const reasonOf = (error: unknown): string =>
  error instanceof Error ? error.message : String(error);

/**
 * Walks an archive's directory without reading any image. Entries that are not ballot images
 * or whose path leaves the archive are reported and skipped; an unreadable archive is fatal.
 */
export async function* walkImageEntries(
  store: JobStore,
  key: string,
  want?: (entryIndex: number) => boolean,
): AsyncGenerator<
  | { type: 'entry'; entry: ImageEntry; read: () => Promise<Buffer> }
  | { type: 'problem'; problem: ImageProblem }
> {
  const local = await localZip(store, key);
  let zip: yauzl.ZipFile | undefined;
  try {
    try {
      zip = await openZip(local.path);
    } catch (error) {
      yield {
        type: 'problem',
        problem: {
          code: 'unreadable-archive',
          severity: 'fatal',
          archive: key,
          message: `${key} cannot be read as a zip: ${reasonOf(error)}`,
        },
      };
      return;
    }
    const file = zip;
    let index = -1;
    for (;;) {
      const entry = await new Promise<yauzl.Entry | undefined>((resolve, reject) => {
        file.once('entry', resolve);
        file.once('end', () => resolve(undefined));
        file.once('error', reject);
        file.readEntry();
      }).catch((error: unknown) => {
        throw new Error(`${key}: ${reasonOf(error)}`);
      });
      file.removeAllListeners('entry').removeAllListeners('end').removeAllListeners('error');
      if (!entry) break;
      if (entry.fileName.endsWith('/')) continue;
      index += 1;
      if (!IMAGE_NAME.test(entry.fileName)) {
        yield {
          type: 'problem',
          problem: {
            code: 'not-an-image',
            severity: 'warning',
            archive: key,
            entry: entry.fileName,
            message: `${entry.fileName} is not a ballot image; skipped`,
          },
        };
        continue;
      }
      if (want && !want(index)) continue;
      const found = entry;
      yield {
        type: 'entry',
        entry: { archive: key, entry: entry.fileName, entryIndex: index },
        read: () =>
          new Promise<Buffer>((resolve, reject) => {
            file.openReadStream(found, (e, stream) => {
              if (e) return reject(e);
              const chunks: Buffer[] = [];
              stream.on('data', (c: Buffer) => chunks.push(c));
              stream.on('end', () => resolve(Buffer.concat(chunks)));
              stream.on('error', reject);
            });
          }),
      };
    }
  } catch (error) {
    yield {
      type: 'problem',
      problem: {
        code: 'unreadable-archive',
        severity: 'fatal',
        archive: key,
        message: reasonOf(error),
      },
    };
  } finally {
    zip?.close();
    await local.done();
  }
}

/**
 * The sheet key an image and a vote record are joined on: the file name without extension,
 * cut at `-` or `_`, each part without leading zeros (Dominion's `00001_00002_000003.tif` and
 * the record `1-2-3` meet).
 */
export function sheetKey(name: string): string {
  const base = (name.split('/').pop() ?? name).replace(/\.[^.]*$/, '');
  return base
    .split(/[-_]/)
    .map((part) => (/^\d+$/.test(part) ? String(Number(part)) : part))
    .join('-');
}
