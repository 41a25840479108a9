import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import type { Dirent } from 'node:fs';
import { copyFile, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import path from 'node:path';
import type { BlobStorage, StoredBlob } from './blob-storage';

// Keys are server-made, but a key that could climb out of the folder is refused all the same.
const safeKey = /^[a-z0-9-]+(\/[a-z0-9-]+)*$/;
/** The temporary file of a write (writeAtomically); one a killed process left is listed, and deleted, as a key. */
const temporaryKey = /^[a-z0-9-]+(\/[a-z0-9-]+)*\.[0-9a-f-]{36}\.tmp$/;

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === 'ENOENT';
}

/** Blobs as files under `rootDir`; a write goes to a temporary file first and is renamed into place when complete. */
export function createLocalBlobStorage(rootDir: string): BlobStorage {
  const pathOf = (key: string, options: { temporary?: boolean } = {}) => {
    if (!safeKey.test(key) && !(options.temporary && temporaryKey.test(key))) throw new Error(`invalid storage key: ${key}`);
    return path.join(rootDir, ...key.split('/'));
  };
  /** Every blob (and left-over temporary file) in `dir`, a folder under rootDir named by `relative`, and below it. */
  async function* walk(dir: string, relative: string): AsyncGenerator<StoredBlob> {
    let entries: Dirent[];
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch (error) {
      if (isMissing(error)) return;
      throw error;
    }
    for (const entry of entries) {
      const key = `${relative}/${entry.name}`;
      if (entry.isDirectory()) yield* walk(path.join(dir, entry.name), key);
      else if (entry.isFile() && (safeKey.test(key) || temporaryKey.test(key))) {
        const info = await stat(path.join(dir, entry.name)).catch(() => null);
        if (info) yield { key, modifiedAt: info.mtime };
      }
    }
  }
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
      await rm(pathOf(key, { temporary: true }), { force: true });
    },
    exists: async (key) => (await size(key)) !== null,
    list(prefix) {
      const folder = prefix.replace(/\/+$/, '');
      if (!safeKey.test(folder)) throw new Error(`invalid storage prefix: ${prefix}`);
      return walk(pathOf(folder), folder);
    },
  };
}
