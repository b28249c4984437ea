import path from 'node:path';
import type { Config } from '../config.js';
import type { BlobStore } from './blob-store.js';
import { createLocalStore } from './local-store.js';
import { createPartSigner } from './part-signer.js';

export * from './blob-store.js';
export { registerLocalBlobRoutes } from './local-routes.js';
export { isLocalStore, type LocalBlobStore } from './local-store.js';

/**
 * S3 when `S3_ENDPOINT` and `S3_BUCKET` are set, else files under DATA_DIR/blobs. The AWS SDK
 * is loaded only for S3: it is a large share of the server's heap, which every full
 * collection marks.
 */
export async function createBlobStore(config: Config, secret: string): Promise<BlobStore> {
  const ttl = config.UPLOAD_URL_TTL_SECONDS;
  if (config.S3_ENDPOINT && config.S3_BUCKET) {
    const { createS3Store } = await import('./s3-store.js');
    return createS3Store({
      endpoint: config.S3_ENDPOINT,
      bucket: config.S3_BUCKET,
      accessKeyId: config.S3_ACCESS_KEY_ID ?? '',
      secretAccessKey: config.S3_SECRET_ACCESS_KEY ?? '',
      region: config.S3_REGION,
      partUrlTtlSeconds: ttl,
    });
  }
  return createLocalStore(path.join(config.DATA_DIR, 'blobs'), createPartSigner(secret, ttl));
}
