import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Entry } from 'yauzl';
import {
  DEFAULT_ARCHIVE_LIMITS,
  entrySpans,
  openZip,
  readEntryBytes,
  zipEntries,
  type ArchiveInput,
  type ArchiveLimits,
  type OpenedZip,
} from '../archive/zip-entries.js';
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
/** Skipped entries listed one by one per archive; the rest are one line with their count. */
export const MAX_SKIP_LINES = 100;

/** The archive as the zip reader takes it: a local path, byte ranges, or a temporary copy. */
async function archiveInput(
  store: JobStore,
  key: string,
): Promise<{ input: ArchiveInput; done: () => Promise<void> }> {
  const own = store.localPath?.(key);
  if (own) return { input: own, done: async () => undefined };
  const ranges = await store.openRange?.(key);
  if (ranges) return { input: { name: key, ...ranges }, done: async () => undefined };
  const folder = await mkdtemp(join(tmpdir(), 'scrutineer-archive-'));
  const path = join(folder, 'archive.zip');
  const { FolderStore } = await import('../storage/index.js');
  await new FolderStore(folder).write('archive.zip', await store.read(key));
  return { input: path, done: () => rm(folder, { recursive: true, force: true }) };
}

const reasonOf = (error: unknown): string =>
  error instanceof Error ? error.message : String(error);

type WalkItem =
  | {
      type: 'entry';
      entry: ImageEntry;
      read: () => Promise<Buffer>;
      /** The entry's CRC-32 and unpacked size from the directory: equal for equal contents. */
      fingerprint: string;
    }
  | { type: 'problem'; problem: ImageProblem };

const problemOf = (
  archive: string,
  code: string,
  severity: ImageProblem['severity'],
  message: string,
  entry?: string,
) => ({
  type: 'problem' as const,
  problem: { code, severity, archive, message, ...(entry ? { entry } : {}) },
});

/**
 * Walks an archive's directory without reading any image. Entries that are not ballot images,
 * whose path leaves the archive, or that would unpack past the limits (a zip bomb) are
 * reported and skipped; an unreadable archive, or one whose entries together unpack far past
 * its own size, is fatal. Entry indexes count every file entry, so batches agree across stages.
 *
 * With `want`, an archive in remote storage is walked to its end before the first entry is
 * handed out, so that the chosen entries are fetched a run at a time: one request for a
 * batch's neighbouring entries instead of one or two per entry.
 */
export async function* walkImageEntries(
  store: JobStore,
  key: string,
  want?: (entryIndex: number) => boolean,
  limits: ArchiveLimits = DEFAULT_ARCHIVE_LIMITS,
): AsyncGenerator<WalkItem> {
  const source = await archiveInput(store, key);
  let opened: OpenedZip | undefined;
  try {
    try {
      opened = await openZip(source.input);
    } catch (error) {
      yield problemOf(
        key,
        'unreadable-archive',
        'fatal',
        `${key} cannot be read as a zip: ${reasonOf(error)}`,
      );
      return;
    }
    if (want && opened.hold) {
      const seen = { chosen: [] as Entry[], offsets: [] as number[] };
      const items: WalkItem[] = [];
      for await (const item of walkDirectory(opened, key, want, limits, seen)) items.push(item);
      opened.hold(entrySpans(seen.chosen, seen.offsets, opened.directoryOffset));
      yield* items;
    } else yield* walkDirectory(opened, key, want, limits);
  } finally {
    opened?.zip.close();
    await source.done();
  }
}

/** The directory walk of `walkImageEntries`; `seen` collects where every entry lies. */
async function* walkDirectory(
  opened: OpenedZip,
  key: string,
  want: ((entryIndex: number) => boolean) | undefined,
  limits: ArchiveLimits,
  seen?: { chosen: Entry[]; offsets: number[] },
): AsyncGenerator<WalkItem> {
  const problem = (
    code: string,
    severity: ImageProblem['severity'],
    message: string,
    entry?: string,
  ) => problemOf(key, code, severity, message, entry);
  try {
    const { zip, size } = opened;
    const totalLimit = Math.min(limits.maxTotalBytes, limits.maxTotalRatio * Math.max(1, size));
    let total = 0;
    let index = -1;
    let skipped = 0;
    /** Lists the first skipped entries one by one; an archive of thousands gets one count. */
    const skip = (code: string, severity: ImageProblem['severity'], message: string, at: string) =>
      ++skipped <= MAX_SKIP_LINES ? problem(code, severity, message, at) : null;
    const unlisted = () =>
      skipped > MAX_SKIP_LINES
        ? problem(
            'entries-skipped',
            'warning',
            `${key}: ${skipped - MAX_SKIP_LINES} more entries were skipped for the reasons above; only the first ${MAX_SKIP_LINES} are listed`,
          )
        : null;
    for await (const item of zipEntries(zip)) {
      const { entry, name } = item;
      seen?.offsets.push(entry.relativeOffsetOfLocalHeader);
      if (name.endsWith('/')) continue;
      index += 1;
      // A long directory is walked in slices, so the server answers requests meanwhile.
      if ((index & 255) === 255) await new Promise((resolve) => setImmediate(resolve));
      const unpacked = entry.uncompressedSize;
      // Every entry counts toward the archive's limit, skipped or not: entries that overlap
      // one packed stream are skipped one by one, yet together they are the bomb.
      total += unpacked;
      if (total > totalLimit) {
        const more = unlisted();
        if (more) yield more;
        yield problem(
          'zip-bomb',
          'fatal',
          `${key}: its entries unpack to more than ${totalLimit} bytes (stopped at entry ${index + 1}); the archive is not read further`,
        );
        return;
      }
      let refused: ReturnType<typeof problem> | null | undefined;
      if (item.unsafe) {
        refused = skip('unsafe-path', 'error', `${name}: ${item.unsafe}; skipped`, name);
      } else if (!IMAGE_NAME.test(name)) {
        refused = skip('not-an-image', 'warning', `${name} is not a ballot image; skipped`, name);
      } else if (unpacked > limits.maxEntryBytes) {
        refused = skip(
          'entry-too-large',
          'error',
          `${name} unpacks to ${unpacked} bytes, more than ${limits.maxEntryBytes} for one image; skipped`,
          name,
        );
      } else if (
        unpacked > limits.ratioFloorBytes &&
        unpacked > limits.maxRatio * Math.max(1, entry.compressedSize)
      ) {
        refused = skip(
          'zip-bomb',
          'error',
          `${name} unpacks ${Math.round(unpacked / Math.max(1, entry.compressedSize))} times its packed size, more than ${limits.maxRatio}; skipped`,
          name,
        );
      }
      if (refused !== undefined) {
        if (refused) yield refused;
        continue;
      }
      if (want && !want(index)) continue;
      seen?.chosen.push(entry);
      yield {
        type: 'entry',
        entry: { archive: key, entry: name, entryIndex: index },
        read: () => readEntryBytes(zip, entry, Math.min(unpacked, limits.maxEntryBytes)),
        fingerprint: `${entry.crc32}:${unpacked}`,
      };
    }
    const more = unlisted();
    if (more) yield more;
  } catch (error) {
    yield problem('unreadable-archive', 'fatal', `${key}: ${reasonOf(error)}`);
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

/** The tabulator/batch part of a sheet key `tabulator-batch-record`, and its record. */
export function batchOf(sheet: string): { batch: string; record: string } {
  const cut = sheet.lastIndexOf('-');
  return cut < 0
    ? { batch: '', record: sheet }
    : { batch: sheet.slice(0, cut), record: sheet.slice(cut + 1) };
}
