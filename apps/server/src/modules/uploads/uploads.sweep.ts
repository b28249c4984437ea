import type { AppDeps } from '../../platform/deps.js';
import { listStaleUploading, type UploadRow } from './uploads.repository.js';
import { stopUpload } from './uploads.service.js';

export const IDLE_REASON = 'The upload was abandoned: no part arrived before the deadline.';

/**
 * Aborts uploads (of one kind when given) with no activity since `idleMs` (their row untouched and no part acknowledged
 * since), releasing their parts. Answers how many were aborted.
 */
export async function sweepIdleUploads(
  deps: AppDeps,
  idleMs: number,
  now = Date.now(),
  kind?: UploadRow['kind'],
): Promise<number> {
  const deadline = new Date(now - idleMs);
  let aborted = 0;
  for (const row of await listStaleUploading(deps.database.db, deadline, kind)) {
    let lastPart = 0;
    if (row.multipartId) {
      const parts = await deps.blobs.listParts(row.storageKey, row.multipartId).catch(() => []);
      lastPart = Math.max(0, ...parts.map((p) => p.LastModified.getTime()));
    }
    if (lastPart > deadline.getTime()) continue;
    await stopUpload(deps, row, 'Failed', null, IDLE_REASON);
    aborted += 1;
  }
  return aborted;
}
