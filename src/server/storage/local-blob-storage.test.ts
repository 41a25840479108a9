import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { newStorageKey } from './blob-storage';
import { blobStorageContract, countingBytes } from './blob-storage-contract';
import { createLocalBlobStorage } from './local-blob-storage';

const root = mkdtempSync(path.join(tmpdir(), 'studypath-blobs-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const storage = createLocalBlobStorage(root);

describe('local blob storage', () => {
  blobStorageContract(() => storage);

  test('only finished files are ever in the folder: writes go to a temporary file renamed into place', async () => {
    const key = newStorageKey();
    await storage.put(key, new Uint8Array([1, 2, 3]));
    const source = path.join(root, 'upload.tmp');
    writeFileSync(source, countingBytes(10_000));
    const copied = newStorageKey();
    await storage.putFile(copied, source);
    expect(readdirSync(path.join(root, 'uploads')).sort()).toEqual(
      [key, copied].map((stored) => stored.replace('uploads/', '')).sort(),
    );
    await storage.delete(key);
    await storage.delete(copied);
    expect(readdirSync(path.join(root, 'uploads'))).toEqual([]);
  });

  test('makes no signed URLs: the server signs links to its own download route instead', async () => {
    const key = newStorageKey();
    await storage.put(key, new Uint8Array([1]));
    expect(await storage.signedUrl(key, { expiresInSeconds: 300, fileName: 'a.pdf', contentType: 'application/pdf' })).toBeNull();
  });
});
