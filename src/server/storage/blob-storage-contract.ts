import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { newStorageKey, UPLOADS_PREFIX, type BlobStorage, type StoredBlob } from './blob-storage';

/** All bytes of a stream, or null. */
export async function readAll(stream: ReadableStream<Uint8Array> | null): Promise<Uint8Array | null> {
  if (!stream) return null;
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** 0, 1, …, 255, 0, 1, … — every byte knows its offset, so a wrong range shows. */
export function countingBytes(length: number): Uint8Array {
  return Uint8Array.from({ length }, (_, index) => index % 256);
}

/** Byte equality without comparing element by element in expect (slow for hundreds of kilobytes). */
export function expectSameBytes(actual: Uint8Array | null, expected: Uint8Array): void {
  expect(actual?.byteLength).toBe(expected.byteLength);
  expect(Buffer.from(actual ?? []).equals(Buffer.from(expected))).toBe(true);
}

/**
 * What every BlobStorage must do, run against each implementation (the local folder, S3 on a local s3rver). Tests of
 * what differs between them (signed URLs, the folder's file layout) live in each one's own test file.
 */
export function blobStorageContract(storageOf: () => BlobStorage): void {
  const tempDir = mkdtempSync(path.join(tmpdir(), 'studypath-contract-'));
  afterAll(() => rmSync(tempDir, { recursive: true, force: true }));

  test('put keeps bytes under a key until they are deleted; size, exists and get read them back', async () => {
    const storage = storageOf();
    const key = newStorageKey();
    const bytes = countingBytes(1000);
    await storage.put(key, bytes);
    expect(await storage.exists(key)).toBe(true);
    expect(await storage.size(key)).toBe(1000);
    expect(await storage.get(key)).toEqual(bytes);
    expect(await readAll(await storage.stream(key))).toEqual(bytes);
    await storage.delete(key);
    expect(await storage.exists(key)).toBe(false);
  });

  test('putFile stores a whole local file, which stays where it was', async () => {
    const storage = storageOf();
    const key = newStorageKey();
    const filePath = path.join(tempDir, 'upload.bin');
    const bytes = countingBytes(300_000);
    writeFileSync(filePath, bytes);
    await storage.putFile(key, filePath);
    expect(await storage.size(key)).toBe(300_000);
    expectSameBytes(await storage.get(key), bytes);
    expectSameBytes(await readAll(await storage.stream(key, { start: 100_000, end: 299_999 })), bytes.slice(100_000));
    await storage.delete(key);
  });

  test('putFile of a file that does not exist fails and stores nothing', async () => {
    const storage = storageOf();
    const key = newStorageKey();
    await expect(storage.putFile(key, path.join(tempDir, 'missing.bin'))).rejects.toThrow();
    expect(await storage.exists(key)).toBe(false);
  });

  test('stream with a range gives exactly bytes start to end, both inclusive', async () => {
    const storage = storageOf();
    const key = newStorageKey();
    const bytes = countingBytes(2000);
    await storage.put(key, bytes);
    expect(await readAll(await storage.stream(key, { start: 0, end: 0 }))).toEqual(bytes.slice(0, 1));
    expect(await readAll(await storage.stream(key, { start: 300, end: 1299 }))).toEqual(bytes.slice(300, 1300));
    expect(await readAll(await storage.stream(key, { start: 1990, end: 1999 }))).toEqual(bytes.slice(1990));
    await storage.delete(key);
  });

  test('an empty blob has size 0 and streams no bytes', async () => {
    const storage = storageOf();
    const key = newStorageKey();
    await storage.put(key, new Uint8Array());
    expect(await storage.size(key)).toBe(0);
    expect(await readAll(await storage.stream(key))).toEqual(new Uint8Array());
    await storage.delete(key);
  });

  test('a key without a blob reads as null everywhere and deletes quietly', async () => {
    const storage = storageOf();
    const key = newStorageKey();
    expect(await storage.get(key)).toBeNull();
    expect(await storage.size(key)).toBeNull();
    expect(await storage.stream(key)).toBeNull();
    expect(await storage.stream(key, { start: 0, end: 9 })).toBeNull();
    expect(await storage.exists(key)).toBe(false);
    await expect(storage.delete(key)).resolves.toBeUndefined();
  });

  test('a second put under a key replaces the blob whole', async () => {
    const storage = storageOf();
    const key = newStorageKey();
    await storage.put(key, countingBytes(500));
    await storage.put(key, new Uint8Array([9, 8, 7]));
    expect(await storage.get(key)).toEqual(new Uint8Array([9, 8, 7]));
    await storage.delete(key);
  });

  test('list names every blob under a folder, with when it was written, and nothing outside it', async () => {
    const storage = storageOf();
    // Stores keep modification times to the second.
    const from = Date.now() - 2_000;
    const keys = [newStorageKey(), newStorageKey()];
    for (const key of keys) await storage.put(key, new Uint8Array([1, 2]));
    const outside = 'exports/not-an-upload';
    await storage.put(outside, new Uint8Array([3]));
    const listed: StoredBlob[] = [];
    for await (const blob of storage.list(UPLOADS_PREFIX)) listed.push(blob);
    const mine = listed.filter((blob) => keys.includes(blob.key));
    expect(mine.map((blob) => blob.key).sort()).toEqual([...keys].sort());
    for (const blob of mine) expect(blob.modifiedAt.getTime()).toBeGreaterThanOrEqual(from);
    expect(listed.map((blob) => blob.key)).not.toContain(outside);
    for (const key of [...keys, outside]) await storage.delete(key);
    const after: string[] = [];
    for await (const blob of storage.list(UPLOADS_PREFIX)) after.push(blob.key);
    expect(after.filter((key) => keys.includes(key))).toEqual([]);
  });

  test('refuses a key that could reach outside its place', async () => {
    const storage = storageOf();
    for (const key of ['../escape', 'uploads/../../escape', '/etc/passwd', 'uploads\\x', '']) {
      await expect(storage.put(key, new Uint8Array([1]))).rejects.toThrow('invalid storage key');
    }
  });
}
