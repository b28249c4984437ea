import type { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  ListPartsCommand,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
  type Part,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { BlobError, type BlobStore, type StoredPart } from './blob-store.js';

export interface S3Settings {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  partUrlTtlSeconds: number;
}

const isNotFound = (error: unknown): boolean =>
  error instanceof Error &&
  (error.name === 'NotFound' || error.name === 'NoSuchKey' || error.name === 'NoSuchUpload');

/** Any S3 API: parts go straight from the client to the bucket through presigned URLs. */
export function createS3Store(settings: S3Settings): BlobStore {
  const client = new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    forcePathStyle: true,
    // Otherwise presigned part URLs carry the checksum of an empty body.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = settings.bucket;

  return {
    kind: 's3',
    async createMultipart(key, contentType) {
      const answer = await client.send(
        new CreateMultipartUploadCommand({ Bucket, Key: key, ContentType: contentType }),
      );
      if (!answer.UploadId) throw new Error('S3 gave no upload id');
      return answer.UploadId;
    },
    async partUrls(key, uploadId, partNumbers) {
      return Promise.all(
        partNumbers.map((PartNumber) =>
          getSignedUrl(
            client,
            new UploadPartCommand({ Bucket, Key: key, UploadId: uploadId, PartNumber }),
            {
              expiresIn: settings.partUrlTtlSeconds,
            },
          ),
        ),
      );
    },
    async listParts(key, uploadId) {
      const parts: StoredPart[] = [];
      let marker: string | undefined;
      do {
        const page = await client
          .send(
            new ListPartsCommand({
              Bucket,
              Key: key,
              UploadId: uploadId,
              PartNumberMarker: marker,
            }),
          )
          .catch((error: unknown) => {
            if (isNotFound(error))
              throw new BlobError('NoSuchUpload', 'The upload does not exist.');
            throw error;
          });
        for (const part of page.Parts ?? []) parts.push(toStoredPart(part));
        marker = page.IsTruncated ? page.NextPartNumberMarker : undefined;
      } while (marker);
      return parts;
    },
    async completeMultipart(key, uploadId, parts) {
      const ordered = [...parts].sort((a, b) => a.PartNumber - b.PartNumber);
      try {
        await client.send(
          new CompleteMultipartUploadCommand({
            Bucket,
            Key: key,
            UploadId: uploadId,
            MultipartUpload: { Parts: ordered },
          }),
        );
      } catch (error) {
        if (error instanceof Error && /InvalidPart|NoSuchUpload|EntityTooSmall/.test(error.name)) {
          throw new BlobError('InvalidPart', error.message);
        }
        throw error;
      }
      const head = await this.head(key);
      if (!head) throw new Error('S3 lost the completed object');
      return head;
    },
    async abortMultipart(key, uploadId) {
      await client
        .send(new AbortMultipartUploadCommand({ Bucket, Key: key, UploadId: uploadId }))
        .catch((error: unknown) => {
          if (!isNotFound(error)) throw error;
        });
    },
    async put(key, body) {
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: body }));
    },
    async head(key) {
      try {
        const answer = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return { size: answer.ContentLength ?? 0, etag: answer.ETag ?? '' };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    async read(key, range) {
      try {
        const answer = await client.send(
          new GetObjectCommand({
            Bucket,
            Key: key,
            ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
          }),
        );
        return answer.Body as Readable;
      } catch (error) {
        if (isNotFound(error)) throw new BlobError('NoSuchKey', 'The object does not exist.');
        throw error;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    async deleteMany(keys) {
      for (let at = 0; at < keys.length; at += 1000) {
        const answer = await client.send(
          new DeleteObjectsCommand({
            Bucket,
            Delete: { Objects: keys.slice(at, at + 1000).map((Key) => ({ Key })), Quiet: true },
          }),
        );
        const failed = answer.Errors?.[0];
        if (failed)
          throw new Error(
            `the store kept ${answer.Errors?.length} of the objects to delete (${failed.Key}: ${failed.Code})`,
          );
      }
    },
    async list(prefix) {
      return (await this.listSized(prefix)).map((object) => object.key);
    },
    async listSized(prefix) {
      const found: { key: string; size: number }[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken: token }),
        );
        for (const item of page.Contents ?? [])
          if (item.Key) found.push({ key: item.Key, size: item.Size ?? 0 });
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return found.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    },
  };
}

function toStoredPart(part: Part): StoredPart {
  return {
    PartNumber: part.PartNumber ?? 0,
    ETag: part.ETag ?? '',
    Size: part.Size ?? 0,
    LastModified: part.LastModified ?? new Date(0),
  };
}
