import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { newStorageKey, UPLOADS_PREFIX } from './blob-storage';
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

  test('lists the temporary file of a write a killed process never finished, and deletes it as a key', async () => {
    const key = newStorageKey();
    const temporary = `${key}.${randomUUID()}.tmp`;
    mkdirSync(path.join(root, 'uploads'), { recursive: true });
    writeFileSync(path.join(root, ...temporary.split('/')), countingBytes(100));
    const listed: string[] = [];
    for await (const blob of storage.list(UPLOADS_PREFIX)) listed.push(blob.key);
    expect(listed).toContain(temporary);
    await storage.delete(temporary);
    expect(readdirSync(path.join(root, 'uploads'))).not.toContain(path.basename(temporary));
    // Only for deleting: nothing is ever written under such a name.
    await expect(storage.put(temporary, new Uint8Array([1]))).rejects.toThrow('invalid storage key');
  });

  test('makes no signed URLs: the server signs links to its own download route instead', async () => {
    const key = newStorageKey();
    await storage.put(key, new Uint8Array([1]));
    expect(await storage.signedUrl(key, { expiresInSeconds: 300, fileName: 'a.pdf', contentType: 'application/pdf', disposition: 'inline' })).toBeNull();
  });
});
