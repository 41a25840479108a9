import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { copyFile, mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import path from 'node:path';
import type { BlobStorage } from './blob-storage';

// Keys are server-made, but a key that could climb out of the folder is refused all the same.
const safeKey = /^[a-z0-9-]+(\/[a-z0-9-]+)*$/;

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === 'ENOENT';
}

/** Blobs as files under `rootDir`; a write goes to a temporary file first and is renamed into place when complete. */
export function createLocalBlobStorage(rootDir: string): BlobStorage {
  const pathOf = (key: string) => {
    if (!safeKey.test(key)) throw new Error(`invalid storage key: ${key}`);
    return path.join(rootDir, ...key.split('/'));
  };
  /** Writes through a temporary file renamed into place, so that a reader never sees a half-written blob. */
  const writeAtomically = async (key: string, write: (temporary: string) => Promise<void>) => {
    const target = pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    const temporary = `${target}.${randomUUID()}.tmp`;
    try {
      await write(temporary);
      await rename(temporary, target);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  };
  const size = async (key: string) => {
    try {
      const info = await stat(pathOf(key));
      return info.isFile() ? info.size : null;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  };
  return {
    put: (key, bytes) => writeAtomically(key, (temporary) => writeFile(temporary, bytes, { flag: 'wx' })),
    // A copy, not a rename: the upload's temporary folder may be on another file system.
    putFile: (key, filePath) => writeAtomically(key, (temporary) => copyFile(filePath, temporary)),
    size,
    async stream(key, range) {
      if ((await size(key)) === null) return null;
      const stream = createReadStream(pathOf(key), range ? { start: range.start, end: range.end } : {});
      return Readable.toWeb(stream) as ReadableStream<Uint8Array>;
    },
    signedUrl: () => Promise.resolve(null),
    async get(key) {
      try {
        return new Uint8Array(await readFile(pathOf(key)));
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
    exists: async (key) => (await size(key)) !== null,
  };
}
