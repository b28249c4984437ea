import path from 'node:path';
import { BlobError } from './blob-store.js';

const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

/** Folders of the local store; every key is checked so none can leave them. */
export function localPaths(root: string) {
  const objects = path.join(root, 'objects');
  const multipart = path.join(root, 'multipart');
  return {
    objects,
    multipart,
    object(key: string): string {
      const segments = key.split('/');
      if (!segments.every((segment) => SEGMENT.test(segment))) {
        throw new BlobError('NoSuchKey', 'The object key is not valid.');
      }
      return path.join(objects, ...segments);
    },
    upload(uploadId: string): string {
      if (!/^[A-Za-z0-9-]+$/.test(uploadId)) {
        throw new BlobError('NoSuchUpload', 'The upload does not exist.');
      }
      return path.join(multipart, uploadId);
    },
  };
}

export type LocalPaths = ReturnType<typeof localPaths>;
