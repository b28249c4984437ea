import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import type { BlobStore } from '../platform/storage/index.js';
import { registerLocalBlobRoutes } from '../platform/storage/local-routes.js';
import { createLocalStore, type LocalBlobStore } from '../platform/storage/local-store.js';
import { createPartSigner } from '../platform/storage/part-signer.js';
import { createS3Store } from '../platform/storage/s3-store.js';
import { startS3 } from './s3-server.js';

export interface OpenStore {
  store: BlobStore;
  /** Resolves a part URL: local ones are root-relative to the API. */
  resolve(url: string): string;
  close(): Promise<void>;
}

export interface OpenLocalStore extends OpenStore {
  store: LocalBlobStore;
  /** The store's folder (DATA_DIR/blobs). */
  root: string;
}

/**
 * The local store behind a bare Fastify that serves only its part URLs. `directWrites: false`
 * takes the page-cache path that file systems without direct writes get.
 */
export async function openLocalStore(
  ttlSeconds = 3600,
  options: { directWrites?: boolean } = {},
): Promise<OpenLocalStore> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'blobs-'));
  const store = createLocalStore(root, createPartSigner('test-secret', ttlSeconds), options);
  const app = Fastify();
  await app.register(async (api) => registerLocalBlobRoutes(api, store), { prefix: '/api' });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    store,
    root,
    resolve: (url) => new URL(url, base).toString(),
    async close() {
      await app.close();
      await rm(root, { recursive: true, force: true });
    },
  };
}

/** The S3 store against s3rver started for the test. */
export async function openS3Store(): Promise<OpenStore> {
  const s3 = await startS3();
  const store = createS3Store({
    endpoint: s3.env.S3_ENDPOINT ?? '',
    bucket: s3.env.S3_BUCKET ?? '',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    region: 'us-east-1',
    partUrlTtlSeconds: 3600,
  });
  return { store, resolve: (url) => url, close: () => s3.stop() };
}
