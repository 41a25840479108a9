import { inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { file } from '../db/schema';
import type { Logger } from '../logger';
import { UPLOADS_PREFIX, type BlobStorage } from './blob-storage';

/**
 * Stored files that no file row names. An upload stores its files' bytes first and inserts their rows after, and a
 * delete removes the rows first and the bytes after (deleteBlobs), so a process killed in between — or mid-write,
 * leaving the local folder a temporary file — leaves bytes nobody can reach. The sweep (ingest/queued-files.ts)
 * removes them, but only those written before `before`: a younger one may belong to an upload another process is
 * storing right now.
 */
export interface OrphanDependencies {
  db: Db;
  storage: BlobStorage;
  log: Logger;
}

const batchSize = 500;

/** Removes the stored files older than `before` that no file row names; returns how many. */
export async function removeOrphanedBlobs(dependencies: OrphanDependencies, options: { before: Date }): Promise<number> {
  const { db, storage, log } = dependencies;
  let removed = 0;
  const removeUnnamed = async (keys: string[]) => {
    const named = await db.select({ key: file.storageKey }).from(file).where(inArray(file.storageKey, keys));
    const kept = new Set(named.map((row) => row.key));
    for (const key of keys) {
      if (kept.has(key)) continue;
      await storage.delete(key);
      removed += 1;
    }
  };
  let batch: string[] = [];
  for await (const blob of storage.list(UPLOADS_PREFIX)) {
    if (blob.modifiedAt >= options.before) continue;
    batch.push(blob.key);
    if (batch.length < batchSize) continue;
    await removeUnnamed(batch);
    batch = [];
  }
  if (batch.length > 0) await removeUnnamed(batch);
  if (removed > 0) log.warn({ removed, before: options.before.toISOString() }, 'removed stored files no file names');
  return removed;
}
