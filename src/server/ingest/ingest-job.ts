import { and, eq, inArray } from 'drizzle-orm';
import type { FileStatus } from '../../shared/courses';
import { PLANS } from '../../shared/plans';
import type { Db } from '../db/client';
import { directory, file, filePage, user } from '../db/schema';
import type { Jobs } from '../jobs/boss';
import type { Logger } from '../logger';
import type { BlobStorage } from '../storage/blob-storage';
import type { StudyQueue } from '../study/pipeline/jobs';
import type { StudyEngine } from '../study/engines/engine';
import { documentTitle, markQueued } from '../study/pipeline/pipeline';
import { dropSummaryDraft, startReadAhead } from '../study/pipeline/read-ahead';
import { extractPages } from './extract-pages';
import { kindOfExtension } from './file-kind';
import { LOW_CONFIDENCE } from './ocr';
import { failureMessages, type ExtractionLimits, type FailureText } from './types';

export const INGEST_QUEUE = 'ingest-file';

/**
 * Unexpected errors (database, disk) are retried with backoff; a file that cannot be read fails at once instead.
 * 'exclusive': at most one job per file (its id is the singleton key) is waiting or running, so the worker's sweep
 * (queued-files.ts) may offer a waiting file again and again without queueing it twice.
 */
const RETRY_LIMIT = 3;
/**
 * Everything but the policy, which updateQueue cannot change. With a heartbeat (refreshed by the worker every half of
 * it), the job of a process killed with SIGKILL is failed into its retry by pg-boss's supervisor (jobs/boss.ts) about
 * half a minute later, and the retry takes over the file left 'extracting' (`retrying`).
 */
const queueSettings = {
  retryLimit: RETRY_LIMIT,
  retryDelay: 5,
  retryBackoff: true,
  retryDelayMax: 300,
  heartbeatSeconds: 20,
} as const;

export interface IngestDependencies {
  db: Db;
  storage: BlobStorage;
  log: Logger;
  /** Where the study artefacts of a file whose text is ready are sent; without it they wait queued for the sweep. */
  studyQueue?: StudyQueue | null;
  /** Reads ahead while a long file is read (summary drafts, a head start on the analysis); none without it. */
  engine?: StudyEngine | null;
}

interface IngestJobData {
  fileId: string;
}

/**
 * Files read at the same time by this process. One long file (a 300-page scan read by OCR takes minutes) must not hold
 * back everyone else's uploads: with two, a short file uploaded meanwhile is read beside it. Each reading runs in its
 * own extraction thread (extract-pages.ts), so two keep both cores of a small server busy.
 */
const INGEST_CONCURRENCY = 2;

/** This process's ingest workers per queue instance, woken when a file is sent so that none waits for its next poll. */
const ingestWorkers = new WeakMap<Jobs, string[]>();

export async function enqueueIngest(jobs: Jobs, fileId: string): Promise<void> {
  await jobs.send(INGEST_QUEUE, { fileId } satisfies IngestJobData, { singletonKey: fileId });
  for (const worker of ingestWorkers.get(jobs) ?? []) jobs.notifyWorker(worker);
}

/** Creates the queue and starts this process's workers for it. */
export async function registerIngestJob(jobs: Jobs, dependencies: IngestDependencies): Promise<void> {
  await jobs.createQueue(INGEST_QUEUE, { policy: 'exclusive', ...queueSettings });
  // createQueue leaves an existing queue as it was: a database made by an older version gets the settings here.
  await jobs.updateQueue(INGEST_QUEUE, queueSettings);
  const workers: string[] = [];
  for (let index = 0; index < INGEST_CONCURRENCY; index += 1) {
    workers.push(
      await jobs.work<IngestJobData>(INGEST_QUEUE, { pollingIntervalSeconds: 1 }, async ([job]) => {
        if (!job) return;
        try {
          await ingestFile(dependencies, job.data.fileId, { retrying: job.retryCount > 0 });
        } catch (error) {
          // On the last attempt the file is marked failed, so it never stays "extracting" with nothing left to run.
          if (job.retryCount >= RETRY_LIMIT) {
            await markFailed(dependencies.db, job.data.fileId, failureMessages.failedAfterRetries);
          }
          throw error;
        }
      }),
    );
  }
  ingestWorkers.set(jobs, workers);
}

/** The columns a failure sets: the English text for anyone reading the row, the key and params for translation. */
export function failureColumns(failure: FailureText) {
  return { status: 'failed' as const, error: failure.message, errorKey: failure.key, errorParams: failure.params ?? null };
}

export const clearedFailure = { error: null, errorKey: null, errorParams: null };

export async function markFailed(db: Db, fileId: string, failure: FailureText) {
  await db
    .update(file)
    .set({ ...failureColumns(failure), updatedAt: new Date() })
    .where(eq(file.id, fileId));
}

/**
 * Extracts a stored file's pages of text and keeps them. The job first claims the file by moving it from queued to
 * extracting, so that a second job for the same file (a sweep racing an upload) ends at once; a retry of a failed
 * attempt (`options.retrying`) may also take over a file left extracting. A ready or failed file is left alone, and a
 * file deleted meanwhile ends the job quietly. `options.maxPages` replaces the owner's plan limit and
 * `options.limits` the extraction's others (tests use them to reach a limit with a small document).
 */
export async function ingestFile(
  dependencies: IngestDependencies,
  fileId: string,
  options: { maxPages?: number; retrying?: boolean; limits?: Partial<ExtractionLimits> } = {},
) {
  const { db, storage, log } = dependencies;
  const [target] = await db
    .select({
      status: file.status,
      name: file.name,
      extension: file.extension,
      storageKey: file.storageKey,
      videoId: file.videoId,
      plan: user.plan,
      language: directory.language,
    })
    .from(file)
    .innerJoin(user, eq(user.id, file.ownerId))
    .innerJoin(directory, eq(directory.id, file.directoryId))
    .where(eq(file.id, fileId))
    .limit(1);
  if (!target) return;
  if (!target.storageKey) {
    // A video link without a pasted transcript. Fetching one from the video site would happen here; this server has
    // no network access to the site, so it does not try, and the file fails with a reason the user can act on.
    if (target.videoId && target.status !== 'ready') await markFailed(db, fileId, failureMessages.noTranscript);
    return;
  }
  const claimable: FileStatus[] = options.retrying ? ['queued', 'extracting'] : ['queued'];
  const [claimed] = await db
    .update(file)
    .set({ status: 'extracting', ...clearedFailure, progress: null, unreadablePages: null, lowConfidencePages: null, updatedAt: new Date() })
    .where(and(eq(file.id, fileId), inArray(file.status, claimable)))
    .returning({ id: file.id });
  if (!claimed) return;
  const started = performance.now();
  const since = () => Math.round(performance.now() - started);
  await dropSummaryDraft(db, fileId);
  const bytes = await storage.get(target.storageKey);
  if (!bytes) return markFailed(db, fileId, failureMessages.missingBlob);
  const storageMs = since();
  const maxPages = options.maxPages ?? PLANS[target.plan].pagesPerFile;
  const progress = progressWriter(db, fileId);
  const readAhead = dependencies.engine
    ? startReadAhead({ db, engine: dependencies.engine, log }, { id: fileId, title: documentTitle(target), language: target.language })
    : undefined;
  // When each announcement of pages came (the text layer of each thread's share, then pages read by OCR).
  const announcedMs: number[] = [];
  const result = await extractPages({
    bytes,
    kind: kindOfExtension(target.extension),
    limits: { ...options.limits, maxPages },
    language: target.language,
    onProgress: progress.report,
    onPages: (pages, pageCount) => {
      announcedMs.push(since());
      readAhead?.add(pages.map((page) => ({ pageNumber: page.pageNumber, text: page.text, heading: page.heading ?? null })), pageCount);
    },
  });
  const extractedMs = since();
  await Promise.all([progress.settled(), readAhead?.stop()]);
  if (!result.ok) {
    log.info({ fileId, reason: result.reason, detail: result.detail }, 'file could not be read');
    await dropSummaryDraft(db, fileId);
    return markFailed(db, fileId, result);
  }
  const unreadablePages = result.unreadablePages?.length ? result.unreadablePages : null;
  const lowConfidence = result.pages.filter((page) => page.ocrConfidence !== undefined && page.ocrConfidence < LOW_CONFIDENCE);
  const lowConfidencePages = lowConfidence.length > 0 ? lowConfidence.map((page) => page.pageNumber) : null;
  const kept = await db.transaction(async (tx) => {
    // Updating first locks the row, and finding none means the file was deleted while it was being read.
    const [row] = await tx
      .update(file)
      .set({ status: 'ready', ...clearedFailure, pageCount: result.pageCount, progress: null, unreadablePages, lowConfidencePages, updatedAt: new Date() })
      .where(eq(file.id, fileId))
      .returning({ id: file.id });
    if (!row) return false;
    await tx.delete(filePage).where(eq(filePage.fileId, fileId));
    if (result.pages.length > 0) {
      await tx.insert(filePage).values(
        result.pages.map(({ pageNumber, text, heading, ocrConfidence }) => ({
          fileId,
          pageNumber,
          text,
          heading: heading ?? null,
          ocrConfidence: ocrConfidence ?? null,
        })),
      );
    }
    // The study artefacts are queued with the text they are made from, so a crash after the commit loses none.
    await markQueued(tx, fileId);
    return true;
  });
  // Sent right away, waking the workers: no poll interval passes between the text and its artefacts.
  if (kept) await dependencies.studyQueue?.send(fileId);
  const ocrPages = result.pages.filter((page) => page.ocrConfidence !== undefined).length + (result.unreadablePages?.length ?? 0);
  log.info({ fileId, pages: result.pageCount, ocrPages, storageMs, announcedMs, extractedMs, keptMs: since() }, 'file text ready');
}

/**
 * Keeps a file's OCR progress in its row for the upload list, one write at a time: a report that comes while a write
 * is under way waits, and only the newest waiting one is written. `settled` waits for the last write, so that the
 * file's final update always comes after it.
 */
function progressWriter(db: Db, fileId: string) {
  let pending: { done: number; total: number } | undefined;
  let writing: Promise<void> | undefined;
  const write = async () => {
    while (pending) {
      const next = pending;
      pending = undefined;
      await db
        .update(file)
        .set({ progress: next })
        .where(and(eq(file.id, fileId), eq(file.status, 'extracting')))
        .catch(() => undefined);
    }
    writing = undefined;
  };
  return {
    report(done: number, total: number) {
      if (total === 0) return;
      pending = { done, total };
      writing ??= write();
    },
    settled: () => writing ?? Promise.resolve(),
  };
}
