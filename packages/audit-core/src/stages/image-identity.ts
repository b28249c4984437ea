import { createHash } from 'node:crypto';
import type { JobStore } from '../storage/index.js';
import { readCsv, type StageContext } from './context.js';
import { sheetKey, walkImageEntries } from './images.js';

export const IMAGE_INDEX = 'input/image-index.csv';

/**
 * The image index file: which record each image holds, for archives whose file names do not
 * carry the record's id. Columns `image,record` and optionally `archive`; `image` is the entry's
 * path in its archive or its file name. Rows name images by what the vendor's export lists.
 */
export async function imageIndex(
  ctx: StageContext,
): Promise<{ keyOf: (archive: string, entry: string) => string | undefined }> {
  const byPath = new Map<string, string>();
  let line = 1;
  for await (const row of readCsv(ctx.store, IMAGE_INDEX)) {
    line += 1;
    const image = (row.image ?? '').trim();
    const record = (row.record ?? '').trim();
    if (!image || !record) {
      ctx.problem({
        severity: 'error',
        code: 'image-index',
        file: IMAGE_INDEX,
        place: `line ${line}`,
        message: 'a row needs an image and a record; skipped',
      });
      continue;
    }
    const archive = (row.archive ?? '').trim();
    byPath.set(archive ? `${archive}\u0000${image}` : image, sheetKey(record));
  }
  if (byPath.size > 0) ctx.info(`image index: ${byPath.size} images named to their records`);
  const name = (entry: string): string => entry.split('/').pop() ?? entry;
  return {
    keyOf: (archive, entry) =>
      byPath.get(`${archive}\u0000${entry}`) ??
      byPath.get(`${archive}\u0000${name(entry)}`) ??
      byPath.get(entry) ??
      byPath.get(name(entry)),
  };
}

/**
 * Finds images whose content repeats another's under any name: entries whose CRC-32 and size
 * (from the archives' directories, read first, no image read) occur more than once are read and
 * compared by SHA-256. Only those are read, so an election without repeats costs one more walk
 * of the directories.
 */
export async function contentDuplicates(
  store: JobStore,
  archives: string[],
): Promise<{
  check: (
    item: {
      entry: { archive: string; entry: string };
      read: () => Promise<Buffer>;
      fingerprint: string;
    },
    key: string,
  ) => Promise<string | undefined>;
}> {
  const counts = new Map<string, number>();
  for (const archive of archives)
    for await (const item of walkImageEntries(store, archive))
      if (item.type === 'entry')
        counts.set(item.fingerprint, (counts.get(item.fingerprint) ?? 0) + 1);
  const seen = new Map<string, string>();
  return {
    async check(item) {
      if ((counts.get(item.fingerprint) ?? 0) < 2) return undefined;
      const hash = createHash('sha256')
        .update(await item.read())
        .digest('hex');
      const first = seen.get(hash);
      if (first) return first;
      seen.set(hash, `${item.entry.archive} ${item.entry.entry}`);
      return undefined;
    },
  };
}
