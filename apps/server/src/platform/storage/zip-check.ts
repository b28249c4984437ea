import { PassThrough, type Readable } from 'node:stream';
import yauzl from 'yauzl';
import type { BlobStore } from './blob-store.js';

class BlobRangeReader extends yauzl.RandomAccessReader {
  constructor(
    private readonly store: BlobStore,
    private readonly key: string,
  ) {
    super();
  }

  override _readStreamForRange(start: number, end: number): Readable {
    const out = new PassThrough();
    if (end <= start) {
      out.end();
      return out;
    }
    this.store.read(this.key, { start, end: end - 1 }).then(
      (source) => source.on('error', (error) => out.destroy(error)).pipe(out),
      (error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))),
    );
    return out;
  }
}

/**
 * Reads a stored zip's central directory through ranged reads (never the whole archive) and
 * answers why it is not a usable zip, or null when it is.
 */
export async function checkZipCentralDirectory(
  store: BlobStore,
  key: string,
  size: number,
): Promise<string | null> {
  if (size < 22) return 'The file is not a zip archive.';
  try {
    const zip = await yauzl.fromRandomAccessReaderPromise(new BlobRangeReader(store, key), size, {
      lazyEntries: true,
      autoClose: false,
    });
    const count = await new Promise<number>((resolve, reject) => {
      let entries = 0;
      zip.on('entry', () => {
        entries += 1;
        zip.readEntry();
      });
      zip.once('end', () => resolve(entries));
      zip.once('error', reject);
      zip.readEntry();
    });
    zip.close();
    return count === 0 ? 'The zip archive holds no files.' : null;
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    return `The file is not a valid zip archive: ${detail}`;
  }
}
