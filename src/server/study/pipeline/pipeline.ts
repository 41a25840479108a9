import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { ZodType } from 'zod';
import { PLANS, type PlanSlug } from '../../../shared/plans';
import type { Db } from '../../db/client';
import {
  directory,
  file,
  filePage,
  studyArtefact,
  studyArtefactKinds,
  user,
  type StudyArtefactKind,
  type StudyArtefactStatus,
} from '../../db/schema';
import type { Logger } from '../../logger';
import { getUsage, reserveUsage, usagePeriod, type UsageKind } from '../../usage/usage-counters';
import { deckSchema, learnPathSchema, mindmapSchema, summarySchema } from '../../../shared/artefacts';
import { chunkPages } from '../engines/chunks';
import { StudyEngineError, type StudyDocument, type StudyEngine } from '../engines/engine';
import { storeChunks, storeDeck, storeLearnPath, storeMindmap, storeSummary, type Tx } from './store';

/**
 * The study pipeline (DESIGN §6): makes one artefact of one file and records its state in study_artefact. The job
 * queue (jobs.ts) calls `generateArtefact`; engines stay pure (pages in, artefacts out) and everything around them —
 * claiming, quotas, validation, storing, failure reasons — is here.
 */
export interface PipelineDependencies {
  db: Db;
  engine: StudyEngine;
  log: Logger;
  /** Shares one loaded document between the artefact jobs of a file in this process (see DocumentCache). */
  documents?: DocumentCache;
}

/** A failure as the student reads it: English text stored with the artefact, a key of the client's 'study' namespace. */
export interface StudyFailure {
  key: string;
  message: string;
  params?: Record<string, string | number>;
}

/** The artefacts that count against a monthly plan allowance (spec §9: mind maps and AI decks). */
const quotas: Partial<Record<StudyArtefactKind, { usage: UsageKind; limit: (plan: PlanSlug) => number; failure: (plan: PlanSlug) => StudyFailure }>> = {
  mindmap: {
    usage: 'mindMaps',
    limit: (plan) => PLANS[plan].mindMaps,
    failure: (plan) => studyFailures.mindMapQuota(PLANS[plan].name, PLANS[plan].mindMaps),
  },
  flashcards: {
    usage: 'decksAI',
    limit: (plan) => PLANS[plan].decksAI,
    failure: (plan) => studyFailures.deckQuota(PLANS[plan].name, PLANS[plan].decksAI),
  },
};

export const studyFailures = {
  mindMapQuota: (plan: string, limit: number): StudyFailure => ({
    key: 'mindMapQuota',
    params: { plan, limit },
    message: `Your ${plan} plan allows ${limit} mind maps a month. Upgrade to make more.`,
  }),
  deckQuota: (plan: string, limit: number): StudyFailure => ({
    key: 'deckQuota',
    params: { plan, limit },
    message: `Your ${plan} plan allows ${limit} AI flashcard decks a month. Upgrade to make more.`,
  }),
  failedAfterRetries: {
    key: 'failedAfterRetries',
    message: 'Making this failed several times. Please try again.',
  } satisfies StudyFailure,
};

/** Every key the pipeline itself stores; engines add theirs (StudyEngineError.key), translated in the same namespace. */
export const pipelineErrorKeys = ['mindMapQuota', 'deckQuota', 'failedAfterRetries'] as const;

export function failureColumns(failure: StudyFailure) {
  return {
    status: 'failed' as const,
    error: failure.message,
    errorKey: failure.key,
    errorParams: failure.params ?? null,
  };
}

const cleared = { error: null, errorKey: null, errorParams: null };

/**
 * The quota failure an owner would meet now for `kind`, or null when there is room (or the kind counts nothing).
 * Regenerating refuses up front with it; the job checks again before and while storing.
 */
export async function quotaFailure(db: Db, ownerId: string, plan: PlanSlug, kind: StudyArtefactKind, now = new Date()) {
  const quota = quotas[kind];
  if (!quota) return null;
  const used = await getUsage(db, { userId: ownerId, kind: quota.usage, period: usagePeriod('month', now) });
  return used >= quota.limit(plan) ? quota.failure(plan) : null;
}

/**
 * Marks `kinds` of a file queued (creating their rows), clearing earlier failures and attempts. Runs in the caller's
 * transaction when given one, e.g. the ingest job's that stores the pages. Sending the jobs is the caller's, after
 * the commit (jobs.ts); a crash in between leaves queued rows that the sweep sends again.
 */
export async function markQueued(db: Db | Tx, fileId: string, kinds: readonly StudyArtefactKind[] = studyArtefactKinds) {
  if (kinds.length === 0) return;
  const now = new Date();
  await db
    .insert(studyArtefact)
    .values(kinds.map((kind) => ({ fileId, kind, status: 'queued' as const, updatedAt: now })))
    .onConflictDoUpdate({
      target: [studyArtefact.fileId, studyArtefact.kind],
      set: { status: 'queued', ...cleared, attempts: 0, updatedAt: now },
    });
}

async function markFailed(db: Db, fileId: string, kind: StudyArtefactKind, failure: StudyFailure) {
  await db
    .update(studyArtefact)
    .set({ ...failureColumns(failure), updatedAt: new Date() })
    .where(and(eq(studyArtefact.fileId, fileId), eq(studyArtefact.kind, kind), eq(studyArtefact.status, 'running')));
}

/**
 * The documents loaded lately, by file and the time its text was stored. An engine may keep what it worked out about
 * a document object (the local engine's analysis, the costly part, is cached per object), so handing every artefact
 * job of a file the same object does that work once instead of four times. Small and short-lived: a few files, a
 * minute; a file read again has a new `updatedAt` and so a new entry.
 */
export class DocumentCache {
  private readonly entries = new Map<string, { document: StudyDocument; expires: number }>();
  constructor(
    private readonly capacity = 4,
    private readonly ttlMs = 60_000,
  ) {}

  get(key: string): StudyDocument | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expires < Date.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.document;
  }

  set(key: string, document: StudyDocument): void {
    this.entries.delete(key);
    this.entries.set(key, { document, expires: Date.now() + this.ttlMs });
    while (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }
}

/** A file's title as an engine reads it: its name without the extension (a video link's name as it is). */
export function documentTitle(target: { name: string; extension: string; videoId: string | null }): string {
  const suffix = `.${target.extension}`;
  const title = !target.videoId && target.name.toLowerCase().endsWith(suffix) ? target.name.slice(0, -suffix.length) : target.name;
  return title || target.name;
}

/** The file's pages as an engine reads them, with its title (name without extension) and course language. */
export async function loadStudyDocument(db: Db, fileId: string, documents?: DocumentCache) {
  const [target] = await db
    .select({
      name: file.name,
      extension: file.extension,
      videoId: file.videoId,
      ownerId: file.ownerId,
      plan: user.plan,
      language: directory.language,
      updatedAt: file.updatedAt,
    })
    .from(file)
    .innerJoin(directory, eq(directory.id, file.directoryId))
    .innerJoin(user, eq(user.id, file.ownerId))
    .where(eq(file.id, fileId))
    .limit(1);
  if (!target) return null;
  const cacheKey = `${fileId}:${target.updatedAt.getTime()}:${target.name}:${target.language}`;
  const cached = documents?.get(cacheKey);
  if (cached) return { document: cached, ownerId: target.ownerId, plan: target.plan };
  const pages = await db
    .select({ pageNumber: filePage.pageNumber, text: filePage.text, heading: filePage.heading })
    .from(filePage)
    .where(eq(filePage.fileId, fileId))
    .orderBy(asc(filePage.pageNumber));
  const document: StudyDocument = {
    title: documentTitle(target),
    language: target.language,
    pages,
    ...(target.extension === 'md' || target.extension === 'markdown' ? { format: 'markdown' as const } : {}),
  };
  documents?.set(cacheKey, document);
  return { document, ownerId: target.ownerId, plan: target.plan };
}

class QuotaExceeded extends Error {
  constructor(readonly failure: StudyFailure) {
    super(failure.message);
  }
}

type Made = { store: (tx: Tx) => Promise<void>; engine: string };

function validated<T>(schema: ZodType<T>, value: unknown, kind: StudyArtefactKind): T {
  const result = schema.safeParse(value);
  if (!result.success) throw new Error(`the engine's ${kind} does not match its schema: ${result.error.message}`);
  return result.data;
}

async function make(engine: StudyEngine, kind: StudyArtefactKind, fileId: string, document: StudyDocument, signal?: AbortSignal): Promise<Made> {
  const options = signal ? { signal } : {};
  switch (kind) {
    case 'chunks': {
      const chunks = chunkPages(document.pages);
      return { engine: 'pipeline', store: (tx) => storeChunks(tx, fileId, chunks) };
    }
    case 'summary': {
      const value = validated(summarySchema, await engine.summary(document, options), kind);
      return { engine: engine.name, store: (tx) => storeSummary(tx, fileId, value) };
    }
    case 'mindmap': {
      const value = validated(mindmapSchema, await engine.mindmap(document, options), kind);
      return { engine: engine.name, store: (tx) => storeMindmap(tx, fileId, value) };
    }
    case 'flashcards': {
      const value = validated(deckSchema, await engine.flashcards(document, options), kind);
      return { engine: engine.name, store: (tx) => storeDeck(tx, fileId, value) };
    }
    case 'learn_path': {
      const value = validated(learnPathSchema, await engine.learnPath(document, options), kind);
      return { engine: engine.name, store: (tx) => storeLearnPath(tx, fileId, value) };
    }
  }
}

export type GenerateOutcome = 'ready' | 'failed' | 'skipped';

export interface GenerateOptions {
  /** A retry of a failed attempt may take over the artefact that attempt left running. */
  retrying?: boolean;
  /** The queue's last attempt: an unexpected error marks the artefact failed before it is thrown. */
  lastAttempt?: boolean;
  signal?: AbortSignal;
}

/**
 * Makes one artefact of a file and stores it. Claims the artefact first (queued → running, or running on a retry), so
 * that a second job for it ends at once; an artefact that is ready, failed or gone (its file deleted) is skipped.
 * The engine's result is validated, then stored in one transaction together with the quota count and the 'ready'
 * state, replacing the previous version. A StudyEngineError that retrying cannot help fails the artefact with the
 * engine's key; anything else is thrown for the queue to retry (and fails the artefact on the last attempt).
 */
export async function generateArtefact(
  dependencies: PipelineDependencies,
  fileId: string,
  kind: StudyArtefactKind,
  options: GenerateOptions = {},
): Promise<GenerateOutcome> {
  const { db, engine, log } = dependencies;
  const claimable: StudyArtefactStatus[] = options.retrying ? ['queued', 'running'] : ['queued'];
  const [claimed] = await db
    .update(studyArtefact)
    .set({ status: 'running', ...cleared, attempts: sql`${studyArtefact.attempts} + 1`, updatedAt: new Date() })
    .where(and(eq(studyArtefact.fileId, fileId), eq(studyArtefact.kind, kind), inArray(studyArtefact.status, claimable)))
    .returning({ id: studyArtefact.id });
  if (!claimed) return 'skipped';
  const started = performance.now();
  try {
    const loaded = await loadStudyDocument(db, fileId, dependencies.documents);
    if (!loaded) return 'skipped';
    const { ownerId, plan, document } = loaded;
    const early = await quotaFailure(db, ownerId, plan, kind);
    if (early) {
      await markFailed(db, fileId, kind, early);
      return 'failed';
    }
    // A cancelled or expired job stores nothing: the next attempt makes the artefact again.
    options.signal?.throwIfAborted();
    const madeAt = performance.now();
    const made = await make(engine, kind, fileId, document, options.signal);
    const engineMs = Math.round(performance.now() - madeAt);
    options.signal?.throwIfAborted();
    const stored = await db.transaction(async (tx) => {
      // Updating first locks the row; none means the file was deleted (or the artefact re-queued) meanwhile.
      const [kept] = await tx
        .update(studyArtefact)
        .set({ status: 'ready', ...cleared, engine: made.engine, updatedAt: new Date() })
        .where(and(eq(studyArtefact.fileId, fileId), eq(studyArtefact.kind, kind), eq(studyArtefact.status, 'running')))
        .returning({ id: studyArtefact.id });
      if (!kept) return false;
      const quota = quotas[kind];
      if (quota) {
        const counted = await reserveUsage(tx, {
          userId: ownerId,
          kind: quota.usage,
          period: usagePeriod('month'),
          amount: 1,
          limit: quota.limit(plan),
        });
        if (!counted.ok) throw new QuotaExceeded(quota.failure(plan));
      }
      await made.store(tx);
      return true;
    });
    if (!stored) return 'skipped';
    log.info({ fileId, kind, engine: made.engine, ms: Math.round(performance.now() - started), engineMs }, 'study artefact ready');
    return 'ready';
  } catch (error) {
    if (error instanceof QuotaExceeded) {
      await markFailed(db, fileId, kind, error.failure);
      return 'failed';
    }
    if (error instanceof StudyEngineError && !error.retryable) {
      log.info({ fileId, kind, key: error.key }, 'study artefact could not be made');
      await markFailed(db, fileId, kind, { key: error.key, message: error.message, params: error.params });
      return 'failed';
    }
    if (options.lastAttempt) {
      // An engine's own reason (an endpoint rate limiting, timing out) says more than "failed several times".
      const failure =
        error instanceof StudyEngineError
          ? { key: error.key, message: error.message, params: error.params }
          : studyFailures.failedAfterRetries;
      await markFailed(db, fileId, kind, failure);
    }
    throw error;
  }
}

/** The state of each artefact of a file; kinds not made yet (a file still being read) are absent. */
export async function artefactStates(db: Db, fileId: string) {
  const rows = await db
    .select({
      kind: studyArtefact.kind,
      status: studyArtefact.status,
      error: studyArtefact.error,
      errorKey: studyArtefact.errorKey,
      errorParams: studyArtefact.errorParams,
    })
    .from(studyArtefact)
    .where(eq(studyArtefact.fileId, fileId));
  return rows;
}
