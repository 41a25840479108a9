import { and, asc, eq, isNotNull, lt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { file, studyArtefact } from '../db/schema';
import type { Jobs } from '../jobs/boss';
import type { Logger } from '../logger';
import type { BlobStorage } from '../storage/blob-storage';
import { removeOrphanedBlobs } from '../storage/orphans';
import { sendStudyJobs } from '../study/pipeline/jobs';
import { enqueueIngest, failureColumns } from './ingest-job';
import { failureMessages } from './types';

/**
 * The worker's sweep. A web process started with JOBS_ENABLED=false queues nothing: its uploads stay 'queued' in the
 * database, and the worker finds them here and hands them to the ingest job. Offering a file twice is harmless (the
 * queue keeps one job per file, and the job claims the file before reading it). The sweep also fails files left
 * 'extracting' for far longer than any attempt can take (a process that died on the last attempt), so that no file
 * shows "extracting" for ever. The same goes for the study artefacts made from a ready file (src/server/study/): queued
 * ones are offered to their job again (at most one waits per artefact), and ones left 'running' longer than any attempt
 * takes are queued again, so that a crash or kill -9 during generation loses nothing. Once an hour it removes stored
 * files no file row names (storage/orphans.ts), left by a process killed while storing or deleting one.
 */
export interface SweepDependencies {
  db: Db;
  jobs: Jobs;
  log: Logger;
  storage: BlobStorage;
}

const batchSize = 100;
/** Several attempts of at most a minute each, with up to five minutes between them, fit well within this. */
export const abandonedAfterMs = 60 * 60 * 1000;

/** Offers every file waiting in 'queued' to the ingest job, oldest first; returns how many were offered. */
export async function enqueueWaitingFiles(dependencies: Omit<SweepDependencies, 'storage'>): Promise<number> {
  const waiting = await dependencies.db
    .select({ id: file.id })
    .from(file)
    .where(and(eq(file.status, 'queued'), isNotNull(file.storageKey)))
    .orderBy(asc(file.createdAt))
    .limit(batchSize);
  for (const { id } of waiting) await enqueueIngest(dependencies.jobs, id);
  return waiting.length;
}

/** Marks failed the files that have been 'extracting' since before `now - abandonedAfterMs`; returns how many. */
export async function failAbandonedFiles(db: Db, now: Date = new Date()): Promise<number> {
  const failed = await db
    .update(file)
    .set({ ...failureColumns(failureMessages.failedAfterRetries), updatedAt: now })
    .where(and(eq(file.status, 'extracting'), lt(file.updatedAt, new Date(now.getTime() - abandonedAfterMs))))
    .returning({ id: file.id });
  return failed.length;
}

/** Far longer than the local engine takes on the largest file; an LLM attempt is bounded by its job's expiry. */
export const artefactAbandonedAfterMs = 20 * 60 * 1000;

/**
 * Queues again the artefacts 'running' since before `now - olderThanMs` (0: every running one, for a process that
 * knows it is the only one, as the embedded database's is at start-up); returns how many.
 */
export async function requeueAbandonedArtefacts(
  db: Db,
  options: { now?: Date; olderThanMs?: number } = {},
): Promise<number> {
  const now = options.now ?? new Date();
  const olderThanMs = options.olderThanMs ?? artefactAbandonedAfterMs;
  const requeued = await db
    .update(studyArtefact)
    .set({ status: 'queued', updatedAt: now })
    .where(
      and(
        eq(studyArtefact.status, 'running'),
        olderThanMs > 0 ? lt(studyArtefact.updatedAt, new Date(now.getTime() - olderThanMs)) : undefined,
      ),
    )
    .returning({ id: studyArtefact.id });
  return requeued.length;
}

/** Offers every artefact waiting in 'queued' to its job, oldest first; returns how many were offered. */
export async function enqueueWaitingArtefacts(dependencies: Omit<SweepDependencies, 'storage'>): Promise<number> {
  const waiting = await dependencies.db
    .select({ fileId: studyArtefact.fileId, kind: studyArtefact.kind })
    .from(studyArtefact)
    .where(eq(studyArtefact.status, 'queued'))
    .orderBy(asc(studyArtefact.updatedAt))
    .limit(batchSize);
  for (const { fileId, kind } of waiting) await sendStudyJobs(dependencies.jobs, fileId, [kind]);
  return waiting.length;
}

/**
 * A stored file no row names is removed once it is this old: an upload stores all its files before inserting their
 * rows, and several processes may be storing uploads. The one process of the embedded database needs no wait: what
 * was stored before it started was stored by a process that has died.
 */
export const orphanedAfterMs = 24 * 60 * 60 * 1000;
const orphanSweepIntervalMs = 60 * 60 * 1000;

export interface RunningSweep {
  /** Stops sweeping; resolves once a sweep in progress has finished. */
  stop(): Promise<void>;
}

/** Sweeps now and then every `intervalMs` (never two sweeps at once); errors are logged and the next sweep tries again. */
export function startIngestSweep(
  dependencies: SweepDependencies,
  options: {
    intervalMs: number;
    /**
     * This is the one process on its database and storage (PGlite): the first sweep queues again every artefact left
     * 'running' and removes every stored file no row names from before this process started — a killed process left them.
     */
    soleProcess?: boolean;
  },
): RunningSweep {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<void> = Promise.resolve();
  let first = true;
  let orphansSweptAt = Number.NEGATIVE_INFINITY;
  const sweep = async () => {
    const afterCrash = first && options.soleProcess === true;
    first = false;
    try {
      await failAbandonedFiles(dependencies.db);
      await enqueueWaitingFiles(dependencies);
      await requeueAbandonedArtefacts(dependencies.db, { olderThanMs: afterCrash ? 0 : artefactAbandonedAfterMs });
      await enqueueWaitingArtefacts(dependencies);
    } catch (error) {
      dependencies.log.error({ err: error }, 'sweeping files waiting for text extraction failed');
    }
    if (Date.now() - orphansSweptAt < orphanSweepIntervalMs) return;
    orphansSweptAt = Date.now();
    try {
      const before = afterCrash ? new Date(performance.timeOrigin) : new Date(Date.now() - orphanedAfterMs);
      await removeOrphanedBlobs(dependencies, { before });
    } catch (error) {
      // Listing the bucket needs its own permission (s3:ListBucket); without it, everything else still runs.
      dependencies.log.error({ err: error }, 'removing stored files no file names failed');
    }
  };
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      current = sweep().then(schedule);
    }, options.intervalMs);
  };
  current = sweep().then(schedule);
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await current;
    },
  };
}
