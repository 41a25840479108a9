import { afterAll, describe, expect, test } from 'vitest';
import { startS3Server } from '../test/s3-server';
import { newStorageKey } from './blob-storage';
import { blobStorageContract, countingBytes } from './blob-storage-contract';
import { createS3BlobStorage } from './s3-blob-storage';

const s3 = await startS3Server();
const storage = createS3BlobStorage({
  bucket: s3.bucket,
  region: 'us-east-1',
  endpoint: s3.endpoint,
  accessKeyId: 'S3RVER',
  secretAccessKey: 'S3RVER',
  forcePathStyle: true,
});
afterAll(async () => {
  storage.destroy();
  await s3.close();
});

describe('S3 blob storage (against a local S3-compatible server)', () => {
  blobStorageContract(() => storage);

  test('a signed URL fetches the blob without credentials, named and typed as asked, until it expires', async () => {
    const key = newStorageKey();
    const bytes = countingBytes(4096);
    await storage.put(key, bytes);
    const url = await storage.signedUrl(key, {
      expiresInSeconds: 300,
      fileName: 'Zellbiologie – Übung "1".pdf',
      contentType: 'application/pdf',
      disposition: 'inline',
    });
    expect(url).toMatch(new RegExp(`^${s3.endpoint}/${s3.bucket}/${key}\\?`));
    const response = await fetch(url ?? '');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe(
      `inline; filename="Zellbiologie _ _bung _1_.pdf"; filename*=UTF-8''Zellbiologie%20%E2%80%93%20%C3%9Cbung%20%221%22.pdf`,
    );
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(bytes);

  });

  test('a signed URL past its expiry is refused', async () => {
    const key = newStorageKey();
    await storage.put(key, new Uint8Array([1, 2, 3]));
    expect(await storage.signedUrl(key, { expiresInSeconds: 300, fileName: 'a.txt', contentType: 'text/plain', disposition: 'inline' })).toContain(
      'X-Amz-Expires=300',
    );
    const url = await storage.signedUrl(key, { expiresInSeconds: 1, fileName: 'a.txt', contentType: 'text/plain', disposition: 'inline' });
    expect((await fetch(url ?? '')).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 2100));
    expect((await fetch(url ?? '')).status).toBe(403);
  });

  test('credentials the store does not know are refused, not mistaken for a missing blob', async () => {
    const stranger = createS3BlobStorage({
      bucket: s3.bucket,
      region: 'us-east-1',
      endpoint: s3.endpoint,
      accessKeyId: 'UNKNOWN',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    });
    try {
      await expect(stranger.put(newStorageKey(), new Uint8Array([1]))).rejects.toThrow();
      await expect(stranger.get(newStorageKey())).rejects.toThrow();
      await expect(stranger.size(newStorageKey())).rejects.toThrow();
    } finally {
      stranger.destroy();
    }
  });
});
