import { mkdtemp, rm } from 'node:fs/promises';
import type { IncomingMessage, Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

const CORS = `<CORSConfiguration><CORSRule><AllowedOrigin>*</AllowedOrigin>
<AllowedMethod>PUT</AllowedMethod><AllowedMethod>GET</AllowedMethod>
<AllowedHeader>*</AllowedHeader><ExposeHeader>ETag</ExposeHeader></CORSRule></CORSConfiguration>`;

export interface LocalS3 {
  env: Record<string, string>;
  stop(): Promise<void>;
}

/**
 * s3rver on 127.0.0.1 with an ephemeral port and one bucket; the env selects it. `onRequest`
 * hears every request as it arrives (a bench counts them).
 */
export async function startS3(onRequest?: (request: IncomingMessage) => void): Promise<LocalS3> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 's3rver-'));
  const bucket = 'scrutineer-test';
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name: bucket, configs: [CORS] }],
  });
  const { port } = await server.run();
  if (onRequest) (server as unknown as { httpServer: Server }).httpServer.on('request', onRequest);
  return {
    env: {
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
    async stop() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
