import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';

/** A part the store has acknowledged: what its ETag header answered. */
export interface StoredPart {
  PartNumber: number;
  ETag: string;
  Size: number;
  LastModified: Date;
}

/** A part as the client reports it on completion. */
export interface CompletedPart {
  PartNumber: number;
  ETag: string;
}

/** How an upload is cut: every part but the last has `partSize` bytes; `size` is declared. */
export interface PartPlan {
  partSize: number;
  size: number;
}

export interface BlobHead {
  size: number;
  etag: string;
}

/** S3 allows at most 10,000 parts, each but the last at least 5 MiB. */
export const MAX_PARTS = 10_000;
export const MIN_PART_SIZE = 5 * 1024 * 1024;
/** The spec's chunk size, kept as the upper bound of one part. */
export const MAX_PART_SIZE = 4 * 1024 * 1024 * 1024;

/**
 * Where uploaded files live. Both implementations speak the S3 multipart protocol to
 * clients: presigned part URLs answered with an `ETag` header, then a completion that
 * names every part's ETag. The local store holds uploads to their plan (parts at fixed offsets,
 * numbered 1..n without gaps); S3 takes any parts of at least 5 MiB.
 */
export interface BlobStore {
  readonly kind: 'local' | 's3';
  createMultipart(key: string, contentType: string, plan: PartPlan): Promise<string>;
  /** Signed URLs for the given part numbers. Local URLs are root-relative to the API origin. */
  partUrls(key: string, uploadId: string, partNumbers: number[]): Promise<string[]>;
  listParts(key: string, uploadId: string): Promise<StoredPart[]>;
  /** Checks every part's ETag and assembles the object; answers its size and ETag. */
  completeMultipart(key: string, uploadId: string, parts: CompletedPart[]): Promise<BlobHead>;
  abortMultipart(key: string, uploadId: string): Promise<void>;
  put(key: string, body: Buffer): Promise<void>;
  head(key: string): Promise<BlobHead | null>;
  /** Streams the object, or the inclusive byte range `start..end`. */
  read(key: string, range?: { start: number; end: number }): Promise<Readable>;
  delete(key: string): Promise<void>;
  /** Deletes many keys, as few requests as the store allows (S3: up to 1,000 per request). */
  deleteMany(keys: string[]): Promise<void>;
  list(prefix: string): Promise<string[]>;
  /** The keys under `prefix` with their sizes, as one listing gives them (no request per key). */
  listSized(prefix: string): Promise<{ key: string; size: number }[]>;
}

/** The store's own error: the part or upload does not match what it holds. */
export class BlobError extends Error {
  constructor(
    readonly code: 'InvalidPart' | 'NoSuchUpload' | 'NoSuchKey' | 'EntityTooLarge',
    message: string,
  ) {
    super(message);
    this.name = 'BlobError';
  }
}

/** A generated object key: a user's file name is never part of a storage path. */
export function newBlobKey(prefix: string): string {
  return `${prefix}/${randomUUID()}`;
}

/** ETags compare without their quotes, as S3 does. */
export const sameEtag = (a: string, b: string): boolean =>
  a.replace(/"/g, '') === b.replace(/"/g, '');
