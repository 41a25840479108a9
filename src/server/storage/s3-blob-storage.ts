import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { S3Config } from '../config';
import type { BlobStorage, StoredBlob } from './blob-storage';
import { contentDisposition } from './content-disposition';

/** The bucket's settings, as configured (S3_*). */
export type S3StorageOptions = S3Config;

// Keys are server-made (newStorageKey); one that looks like anything else is refused, as by the local folder.
const safeKey = /^[a-z0-9-]+(\/[a-z0-9-]+)*$/;

function checked(key: string): string {
  if (!safeKey.test(key)) throw new Error(`invalid storage key: ${key}`);
  return key;
}

/** "There is no object under this key": NoSuchKey from GET, a bodiless 404 (named NotFound) from HEAD. */
function isMissing(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === 'NoSuchKey') return true;
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  return error.name === 'NotFound' && status === 404;
}

async function orNullWhenMissing<T>(read: () => Promise<T>): Promise<T | null> {
  try {
    return await read();
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
}

/**
 * Bytes `skip` to `skip + take` of `stream`, then the source is cancelled. A store that answers a range with more than
 * was asked (s3rver sends the whole object for `bytes=0-0`; some ignore Range altogether) still yields exactly it.
 */
function slice(stream: ReadableStream<Uint8Array>, skip: number, take: number): ReadableStream<Uint8Array> {
  let toSkip = skip;
  let left = take;
  return stream.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        let part = chunk;
        if (toSkip > 0) {
          const skipped = Math.min(toSkip, part.byteLength);
          part = part.subarray(skipped);
          toSkip -= skipped;
        }
        if (part.byteLength > left) part = part.subarray(0, left);
        left -= part.byteLength;
        if (part.byteLength > 0) controller.enqueue(part);
        if (left === 0) controller.terminate();
      },
    }),
  );
}

/** Blobs as objects in one bucket of AWS S3 or any S3-compatible store. A PutObject is atomic: all bytes or none. */
export function createS3BlobStorage(options: S3StorageOptions): BlobStorage & { destroy(): void } {
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    // Checksums only where an operation requires them: the default (a CRC trailer on every upload, sent as
    // aws-chunked) is not understood by many S3-compatible servers, and S3 checks Content-Length on its own.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = options.bucket;

  const size = (key: string) =>
    orNullWhenMissing(async () => {
      const head = await client.send(new HeadObjectCommand({ Bucket, Key: checked(key) }));
      return head.ContentLength ?? 0;
    });

  return {
    async put(key, bytes) {
      await client.send(new PutObjectCommand({ Bucket, Key: checked(key), Body: bytes, ContentLength: bytes.byteLength }));
    },
    // One PutObject streamed from the file (never read into memory); S3 takes up to 5 GB in a single PUT.
    async putFile(key, filePath) {
      const { size: length } = await stat(filePath);
      const body = createReadStream(filePath);
      try {
        await client.send(new PutObjectCommand({ Bucket, Key: checked(key), Body: body, ContentLength: length }));
      } finally {
        body.destroy();
      }
    },
    get: (key) =>
      orNullWhenMissing(async () => {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: checked(key) }));
        return object.Body ? await object.Body.transformToByteArray() : new Uint8Array();
      }),
    size,
    stream: (key, range) =>
      orNullWhenMissing(async () => {
        const object = await client.send(
          new GetObjectCommand({
            Bucket,
            Key: checked(key),
            ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
          }),
        );
        if (!object.Body) return new ReadableStream<Uint8Array>({ start: (controller) => controller.close() });
        const body = object.Body.transformToWebStream() as ReadableStream<Uint8Array>;
        if (!range) return body;
        // Where the bytes sent begin: the Content-Range's start, or 0 when the store ignored the Range and sent all.
        const sentFrom = Number(/^bytes (\d+)-/.exec(object.ContentRange ?? '')?.[1] ?? 0);
        if (sentFrom > range.start) throw new Error(`storage answered range ${range.start}- with ${object.ContentRange}`);
        return slice(body, range.start - sentFrom, range.end - range.start + 1);
      }),
    signedUrl: (key, { expiresInSeconds, fileName, contentType, disposition }) =>
      getSignedUrl(
        client,
        new GetObjectCommand({
          Bucket,
          Key: checked(key),
          ResponseContentDisposition: contentDisposition(fileName, disposition),
          ResponseContentType: contentType,
        }),
        { expiresIn: expiresInSeconds },
      ),
    async delete(key) {
      // S3 answers a delete of a missing key with success, as the interface asks.
      await client.send(new DeleteObjectCommand({ Bucket, Key: checked(key) }));
    },
    exists: async (key) => (await size(key)) !== null,
    async *list(prefix): AsyncGenerator<StoredBlob> {
      const folder = `${prefix.replace(/\/+$/, '')}/`;
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: folder, ContinuationToken }));
        for (const object of page.Contents ?? []) {
          // Objects that are not ours by their key's shape are never offered for deletion.
          if (object.Key && safeKey.test(object.Key)) yield { key: object.Key, modifiedAt: object.LastModified ?? new Date() };
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    destroy: () => client.destroy(),
  };
}
