import { basename } from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import type { CvrSource } from './source.js';

/** A file inside an archive, openable while the iteration stands on it. */
export interface ZipItem {
  name: string;
  size: number;
  source: CvrSource;
}

function nextEntry(zip: ZipFile): Promise<Entry | undefined> {
  return new Promise((resolve, reject) => {
    const cleanup = (): void => {
      zip.off('entry', onEntry);
      zip.off('end', onEnd);
      zip.off('error', onError);
    };
    const onEntry = (entry: Entry): void => (cleanup(), resolve(entry));
    const onEnd = (): void => (cleanup(), resolve(undefined));
    const onError = (error: Error): void => (cleanup(), reject(error));
    zip.on('entry', onEntry);
    zip.on('end', onEnd);
    zip.on('error', onError);
    zip.readEntry();
  });
}

function entrySource(zip: ZipFile, entry: Entry): CvrSource {
  return {
    name: entry.fileName,
    open(): Readable {
      const out = new PassThrough();
      zip.openReadStream(entry, (error, stream) => {
        if (error) out.destroy(error);
        else stream.on('error', (e: Error) => out.destroy(e)).pipe(out);
      });
      return out;
    },
  };
}

/**
 * Walks the files of a zip one at a time, in archive order, without unpacking it or holding
 * its directory: an export of a million per-sheet files costs no more memory than one.
 * Each item may be opened only before the walk moves on.
 */
export async function* walkZip(path: string): AsyncGenerator<ZipItem> {
  const zip = await yauzl.openPromise(path, { lazyEntries: true, autoClose: false });
  try {
    for (let entry = await nextEntry(zip); entry; entry = await nextEntry(zip)) {
      if (entry.fileName.endsWith('/')) continue;
      yield { name: entry.fileName, size: entry.uncompressedSize, source: entrySource(zip, entry) };
    }
  } finally {
    zip.close();
  }
}

/** True when the bytes start like a zip archive. */
export function isZip(head: Uint8Array): boolean {
  return head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04;
}

/**
 * A source over one file inside a zip, openable at any time: each opening walks the zip to the
 * entry and streams it, keeping the archive open until the entry has been read.
 */
export function zipEntrySource(path: string, entryName: string): CvrSource {
  return {
    name: basename(entryName),
    open(): Readable {
      const out = new PassThrough();
      void (async () => {
        for await (const item of walkZip(path)) {
          if (item.name !== entryName) continue;
          await pipeline(item.source.open(), out);
          return;
        }
        out.destroy(new Error(`${entryName} is not in ${basename(path)}`));
      })().catch((error: unknown) =>
        out.destroy(error instanceof Error ? error : new Error(String(error))),
      );
      return out;
    },
  };
}
