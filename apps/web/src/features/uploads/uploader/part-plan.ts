import { MAX_UPLOAD_PARTS } from '@scrutineer/contracts';

const MIB = 1024 * 1024;

/**
 * The browser's part size: small enough that a reload or a lost connection keeps most of what
 * was sent (a part counts only once whole), above S3's 5 MiB floor for every part but the last.
 */
export const BROWSER_PART_SIZE = 8 * MIB;
/** Parts sent at once at most. */
const MAX_PARTS_IN_FLIGHT = 4;

export interface PartPlan {
  /** Bytes of every part but the last. */
  size: number;
  count: number;
  /** Parts sent side by side: fewer for a small file, so its first parts finish early. */
  inFlight: number;
}

/**
 * The parts a file is sent in: 8 MiB, grown in whole MiB so no file needs more than 10,000
 * parts. The client sends this plan, so both sides cut the file alike.
 */
export function planParts(fileSize: number): PartPlan {
  let size = BROWSER_PART_SIZE;
  if (Math.ceil(fileSize / size) > MAX_UPLOAD_PARTS) {
    size = Math.ceil(fileSize / MAX_UPLOAD_PARTS / MIB) * MIB;
  }
  const count = Math.max(1, Math.ceil(fileSize / size));
  const inFlight = Math.min(MAX_PARTS_IN_FLIGHT, Math.max(1, Math.floor(count / 3)));
  return { size, count, inFlight };
}
