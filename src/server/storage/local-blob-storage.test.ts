import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { newStorageKey } from './blob-storage';
import { createLocalBlobStorage } from './local-blob-storage';

const root = mkdtempSync(path.join(tmpdir(), 'studypath-blobs-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const storage = createLocalBlobStorage(root);

test('keeps bytes under a key until they are deleted; a missing blob reads as null and deletes quietly', async () => {
  const key = newStorageKey();
  await storage.put(key, new Uint8Array([1, 2, 3]));
  expect(await storage.exists(key)).toBe(true);
  expect(await storage.get(key)).toEqual(new Uint8Array([1, 2, 3]));
  await storage.delete(key);
  expect(await storage.exists(key)).toBe(false);
  expect(await storage.get(key)).toBeNull();
  await expect(storage.delete(key)).resolves.toBeUndefined();
  // Only the finished file was ever in the folder: the temporary one was renamed into place.
  expect(readdirSync(path.join(root, 'uploads'))).toEqual([]);
});

test('refuses a key that could reach outside its folder', async () => {
  for (const key of ['../escape', 'uploads/../../escape', '/etc/passwd', 'uploads\\x', '']) {
    await expect(storage.put(key, new Uint8Array([1]))).rejects.toThrow('invalid storage key');
  }
});
