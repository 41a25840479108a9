import { and, asc, eq, isNotNull, lt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { file } from '../db/schema';
import type { Jobs } from '../jobs/boss';
import type { Logger } from '../logger';
import { enqueueIngest, failureColumns } from './ingest-job';
import { failureMessages } from './types';

/**
 * The worker's sweep. A web process started with JOBS_ENABLED=false queues nothing: its uploads stay 'queued' in the
 * database, and the worker finds them here and hands them to the ingest job. Offering a file twice is harmless (the
 * queue keeps one job per file, and the job claims the file before reading it). The sweep also fails files left
 * 'extracting' for far longer than any attempt can take (a process that died on the last attempt), so that no file
 * shows "extracting" for ever.
 */
export interface SweepDependencies {
  db: Db;
  jobs: Jobs;
  log: Logger;
}

const batchSize = 100;
/** Several attempts of at most a minute each, with up to five minutes between them, fit well within this. */
export const abandonedAfterMs = 60 * 60 * 1000;

/** Offers every file waiting in 'queued' to the ingest job, oldest first; returns how many were offered. */
export async function enqueueWaitingFiles(dependencies: SweepDependencies): Promise<number> {
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

export interface RunningSweep {
  /** Stops sweeping; resolves once a sweep in progress has finished. */
  stop(): Promise<void>;
}

/** Sweeps now and then every `intervalMs` (never two sweeps at once); errors are logged and the next sweep tries again. */
export function startIngestSweep(dependencies: SweepDependencies, options: { intervalMs: number }): RunningSweep {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<void> = Promise.resolve();
  const sweep = async () => {
    try {
      await failAbandonedFiles(dependencies.db);
      await enqueueWaitingFiles(dependencies);
    } catch (error) {
      dependencies.log.error({ err: error }, 'sweeping files waiting for text extraction failed');
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
