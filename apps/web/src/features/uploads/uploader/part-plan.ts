import { DEFAULT_PART_SIZE, MAX_UPLOAD_PARTS } from '@scrutineer/contracts';

const MIB = 1024 * 1024;

export interface PartPlan {
  /** Bytes of every part but the last. */
  size: number;
  count: number;
}

/**
 * The parts a file is sent in: the server's default of 32 MiB, grown in whole MiB so no file
 * needs more than 10,000 parts. The client sends this plan, so both sides cut the file alike.
 */
export function planParts(fileSize: number): PartPlan {
  let size = DEFAULT_PART_SIZE;
  if (Math.ceil(fileSize / size) > MAX_UPLOAD_PARTS) {
    size = Math.ceil(fileSize / MAX_UPLOAD_PARTS / MIB) * MIB;
  }
  return { size, count: Math.max(1, Math.ceil(fileSize / size)) };
}
