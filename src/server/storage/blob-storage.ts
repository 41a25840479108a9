import { randomUUID } from 'node:crypto';
import type { Logger } from '../logger';

/** Bytes `start` to `end` of a blob, both inclusive (as in an HTTP Range header). */
export interface BlobRange {
  start: number;
  end: number;
}

/**
 * Where uploaded files' bytes live: a local folder by default, S3-compatible storage when configured. Keys are made by
 * the server (newStorageKey), never taken from a request, so a file name can never choose where bytes are written.
 */
export interface BlobStorage {
  /** Writes all of `bytes` under `key` or nothing: a reader never sees a half-written blob. */
  put(key: string, bytes: Uint8Array): Promise<void>;
  /** Stores the complete local file at `filePath` (an upload's temporary file) under `key`; all or nothing. */
  putFile(key: string, filePath: string): Promise<void>;
  /** The stored bytes, or null when there is no blob under `key`. */
  get(key: string): Promise<Uint8Array | null>;
  /** The blob's size in bytes, or null when there is none. */
  size(key: string): Promise<number | null>;
  /** The blob's bytes (only `range` of them when given) as a stream, or null when there is no blob under `key`. */
  stream(key: string, range?: BlobRange): Promise<ReadableStream<Uint8Array> | null>;
  /**
   * A URL a browser may fetch the blob from directly for `expiresInSeconds`, or null when the storage cannot make one
   * (the local folder: the server then signs a link to its own download route). The store answers it with
   * `contentType` and a Content-Disposition of `disposition` (as GET /api/file would: only PDFs and text inline).
   */
  signedUrl(
    key: string,
    options: { expiresInSeconds: number; fileName: string; contentType: string; disposition: 'inline' | 'attachment' },
  ): Promise<string | null>;
  /** Deleting a key that holds nothing is not an error: deletes are retried and may race each other. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /**
   * Every blob under the folder `prefix` (e.g. 'uploads/'), with when it was written, in no particular order: for the sweep that
   * removes stored files no file row names (orphans.ts). The local folder also lists the temporary file of a write
   * that never finished (`<key>.<id>.tmp`, a process killed mid-write), which `delete` then removes.
   */
  list(prefix: string): AsyncIterable<StoredBlob>;
}

export interface StoredBlob {
  key: string;
  modifiedAt: Date;
}

/** Where every uploaded file's bytes are kept; nothing else of ours is stored under it. */
export const UPLOADS_PREFIX = 'uploads/';

export function newStorageKey(): string {
  return `${UPLOADS_PREFIX}${randomUUID()}`;
}

/**
 * Deletes the blobs of rows already deleted. The rows are gone, so the user's delete has succeeded: a blob that
 * cannot be deleted now is logged as an orphan rather than reported to them.
 */
export async function deleteBlobs(storage: BlobStorage, keys: Array<string | null>, log: Logger): Promise<void> {
  for (const key of keys) {
    if (!key) continue;
    try {
      await storage.delete(key);
    } catch (error) {
      log.error({ err: error, storageKey: key }, 'deleting a stored file failed; it is left orphaned');
    }
  }
}
