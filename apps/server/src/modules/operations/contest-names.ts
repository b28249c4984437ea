import { PATHS, readCsv } from '@scrutineer/audit-core';
import type { BlobStore } from '../../platform/storage/index.js';
import { BlobJobStore } from './pipeline-store.js';
import { CachedByIdentity } from './stage-output-cache.js';

export interface ContestNames {
  name: string;
  /** Option id → name, in the election file's order. */
  options: Map<string, string>;
}

interface StoredNames {
  contests: { id: string; name: string; options: { id: string; name: string }[] }[];
}

async function readStream(stream: AsyncIterable<unknown>): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}

/** Jobs whose cmpcvr ran before it wrote its names file: names from its totals and summary. */
async function namesFromTotals(store: BlobJobStore): Promise<Map<string, ContestNames>> {
  const names = new Map<string, ContestNames>();
  const contest = (id: string) => {
    const found = names.get(id) ?? { name: id, options: new Map<string, string>() };
    names.set(id, found);
    return found;
  };
  for await (const row of readCsv(store, PATHS.contestSummary))
    contest(row.contest_id ?? '').name = row.contest || (row.contest_id ?? '');
  for await (const row of readCsv(store, PATHS.totals))
    contest(row.contest_id ?? '').options.set(row.option_id ?? '', row.option ?? '');
  return names;
}

const cache = new CachedByIdentity<Map<string, ContestNames>>(32);

/**
 * The job's contests and options by name, as cmpcvr wrote them from the election file; read
 * once per version of that file (its ETag), so a list of items costs one HEAD request.
 */
export async function contestNames(
  blobs: BlobStore,
  prefix: string,
): Promise<Map<string, ContestNames>> {
  const store = new BlobJobStore(blobs, prefix);
  const key = `${prefix}/${PATHS.contestNames}`;
  const head = await blobs.head(key);
  if (!head) return namesFromTotals(store);
  return cache.get(key, head.etag, async () => {
    const stored = JSON.parse(await readStream(await blobs.read(key))) as StoredNames;
    return new Map(
      stored.contests.map((c) => [
        c.id,
        { name: c.name, options: new Map(c.options.map((o) => [o.id, o.name])) },
      ]),
    );
  });
}
