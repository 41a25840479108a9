import { eq } from 'drizzle-orm';
import { PLANS } from '../../shared/plans';
import type { Db } from '../db/client';
import { file, filePage, user } from '../db/schema';
import type { Jobs } from '../jobs/boss';
import type { Logger } from '../logger';
import type { BlobStorage } from '../storage/blob-storage';
import { extractPages } from './extract-pages';

export const INGEST_QUEUE = 'ingest-file';

/** Unexpected errors (database, disk) are retried with backoff; a file that cannot be read fails at once instead. */
const RETRY_LIMIT = 3;
const queueOptions = { retryLimit: RETRY_LIMIT, retryDelay: 5, retryBackoff: true, retryDelayMax: 300 };

const failedAfterRetries = 'Reading this file failed. Please retry.';
const missingBlob = 'The uploaded file is missing. Please delete it and upload it again.';

export interface IngestDependencies {
  db: Db;
  storage: BlobStorage;
  log: Logger;
}

interface IngestJobData {
  fileId: string;
}

export async function enqueueIngest(jobs: Jobs, fileId: string): Promise<void> {
  await jobs.send(INGEST_QUEUE, { fileId } satisfies IngestJobData);
}

/** Creates the queue and starts this process's worker for it. */
export async function registerIngestJob(jobs: Jobs, dependencies: IngestDependencies): Promise<void> {
  await jobs.createQueue(INGEST_QUEUE, queueOptions);
  await jobs.work<IngestJobData>(INGEST_QUEUE, { pollingIntervalSeconds: 1 }, async ([job]) => {
    if (!job) return;
    try {
      await ingestFile(dependencies, job.data.fileId);
    } catch (error) {
      // On the last attempt the file is marked failed, so it never stays "extracting" with nothing left to run.
      if (job.retryCount >= RETRY_LIMIT) await markFailed(dependencies.db, job.data.fileId, failedAfterRetries);
      throw error;
    }
  });
}

async function markFailed(db: Db, fileId: string, message: string) {
  await db.update(file).set({ status: 'failed', error: message, updatedAt: new Date() }).where(eq(file.id, fileId));
}

/**
 * Extracts a stored file's pages of text and keeps them. Safe to run again: a ready file is left alone, any other
 * state is redone from the stored bytes, and a file deleted meanwhile ends the job quietly. `options.maxPages`
 * replaces the owner's plan limit (tests use it to reach the limit with a small document).
 */
export async function ingestFile(
  dependencies: IngestDependencies,
  fileId: string,
  options: { maxPages?: number } = {},
) {
  const { db, storage, log } = dependencies;
  const [target] = await db
    .select({ status: file.status, extension: file.extension, storageKey: file.storageKey, plan: user.plan })
    .from(file)
    .innerJoin(user, eq(user.id, file.ownerId))
    .where(eq(file.id, fileId))
    .limit(1);
  if (!target || target.status === 'ready' || !target.storageKey) return;
  await db.update(file).set({ status: 'extracting', error: null, updatedAt: new Date() }).where(eq(file.id, fileId));
  const bytes = await storage.get(target.storageKey);
  if (!bytes) return markFailed(db, fileId, missingBlob);
  const maxPages = options.maxPages ?? PLANS[target.plan].pagesPerFile;
  const result = await extractPages({ bytes, kind: target.extension, limits: { maxPages } });
  if (!result.ok) {
    log.info({ fileId, reason: result.reason, detail: result.detail }, 'file could not be read');
    return markFailed(db, fileId, result.message);
  }
  await db.transaction(async (tx) => {
    // Updating first locks the row, and finding none means the file was deleted while it was being read.
    const [kept] = await tx
      .update(file)
      .set({ status: 'ready', error: null, pageCount: result.pageCount, updatedAt: new Date() })
      .where(eq(file.id, fileId))
      .returning({ id: file.id });
    if (!kept) return;
    await tx.delete(filePage).where(eq(filePage.fileId, fileId));
    if (result.pages.length === 0) return;
    await tx.insert(filePage).values(
      result.pages.map(({ pageNumber, text, heading }) => ({ fileId, pageNumber, text, heading: heading ?? null })),
    );
  });
}
