import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { BlobError, MAX_PARTS } from './blob-store.js';
import type { LocalBlobStore } from './local-store.js';

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'PUT, OPTIONS',
  'access-control-allow-headers': 'content-type',
  // A browser reads the part's ETag only when it is exposed.
  'access-control-expose-headers': 'ETag',
};

interface PartQuery {
  partNumber?: string;
  uploadId?: string;
  expires?: string;
  signature?: string;
}

const s3Error = (reply: FastifyReply, status: number, code: string, message: string) =>
  reply
    .status(status)
    .headers(CORS)
    .type('application/xml')
    .send(`<?xml version="1.0"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`);

/**
 * The local store's part endpoint: `PUT /blobs/parts/<key>?partNumber&uploadId&expires&signature`,
 * the body streamed to disk, the ETag in the answer, as S3 answers a presigned UploadPart.
 */
export function registerLocalBlobRoutes(app: FastifyInstance, store: LocalBlobStore): void {
  void app.register(async (scope) => {
    // The part body is streamed by the handler, never parsed or size-limited as JSON.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));

    scope.options('/blobs/parts/*', { config: { access: 'public' } }, (_request, reply) =>
      reply.status(204).headers(CORS).send(),
    );

    scope.put(
      '/blobs/parts/*',
      { config: { access: 'public' } },
      async (
        request: FastifyRequest<{ Querystring: PartQuery; Params: { '*': string } }>,
        reply,
      ) => {
        const key = request.params['*'];
        const { uploadId = '', signature = '' } = request.query;
        const partNumber = Number(request.query.partNumber);
        const expires = Number(request.query.expires);
        if (!Number.isInteger(partNumber) || partNumber < 1 || partNumber > MAX_PARTS) {
          return s3Error(reply, 400, 'InvalidArgument', 'Part number must be 1 to 10000.');
        }
        if (!store.signer.verify({ key, uploadId, partNumber, expires }, signature)) {
          return s3Error(reply, 403, 'AccessDenied', 'The signature is invalid or has expired.');
        }
        try {
          const etag = await store.receivePart(key, uploadId, partNumber, request.raw);
          return await reply
            .status(200)
            .headers({ ...CORS, etag })
            .send();
        } catch (error) {
          if (error instanceof BlobError) {
            const status = error.code === 'NoSuchUpload' ? 404 : 400;
            return s3Error(reply, status, error.code, error.message);
          }
          throw error;
        }
      },
    );
  });
}
