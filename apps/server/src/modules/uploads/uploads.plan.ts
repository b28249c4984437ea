import {
  CHUNK_SIZE_MAX,
  DEFAULT_PART_SIZE,
  MAX_UPLOAD_PARTS,
  UPLOAD_MESSAGES,
} from '@scrutineer/contracts';
import { badRequest } from '../../platform/errors.js';
import { MIN_PART_SIZE } from '../../platform/storage/index.js';

export interface PartPlan {
  chunkSize: number;
  chunkCount: number;
}

const MIB = 1024 * 1024;

/**
 * The parts of a file: the client's chunk_size when it sends one (5 MiB to 4 GiB), else 32 MiB,
 * grown in whole MiB so no file needs more than 10,000 parts. A failed part costs one part.
 */
export function planParts(fileSize: number, chunkSize?: number, chunkCount?: number): PartPlan {
  let size = chunkSize ?? DEFAULT_PART_SIZE;
  if (chunkSize === undefined && Math.ceil(fileSize / size) > MAX_UPLOAD_PARTS) {
    size = Math.ceil(fileSize / MAX_UPLOAD_PARTS / MIB) * MIB;
  }
  const count = Math.max(1, Math.ceil(fileSize / size));
  if (count > 1 && (size < MIN_PART_SIZE || size > CHUNK_SIZE_MAX)) {
    throw badRequest(`chunk_size: ${UPLOAD_MESSAGES.chunkSize}`);
  }
  if (count > MAX_UPLOAD_PARTS) throw badRequest(`chunk_count: ${UPLOAD_MESSAGES.tooManyParts}`);
  if (chunkCount !== undefined && chunkCount !== count) {
    throw badRequest(`chunk_count: ${UPLOAD_MESSAGES.chunkPlan}`);
  }
  return { chunkSize: size, chunkCount: count };
}
