import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { summaryDraft } from '../../db/schema';
import type { Logger } from '../../logger';
import type { StudyEngine, StudyPage, SummaryDraft } from '../engines/engine';
import type { Tx } from './store';

/** At most one read-ahead starts per this long: a scan read by OCR announces a page every few seconds. */
const READ_AHEAD_EVERY_MS = 1_000;

export interface ReadAhead {
  /** Pages of the file whose text is final (in any order), and how many the file has. */
  add(pages: readonly StudyPage[], pageCount: number): void;
  /** No read-ahead starts after this; resolves once a draft being stored is. Called before the file's text is kept. */
  stop(): Promise<void>;
}

/**
 * Hands the study engine a file's pages while the extraction threads still read the others (StudyEngine.readAhead):
 * the engine starts on the book — its whole analysis then follows the last page sooner — and answers the summary's
 * sections complete so far, kept in summary_draft for the Summary tab. One read-ahead at a time, each with every page
 * known when it starts. A failed one costs only its draft: the artefacts are made from the whole text all the same.
 */
export function startReadAhead(
  dependencies: { db: Db; engine: StudyEngine; log: Logger },
  file: { id: string; title: string; language: string },
): ReadAhead {
  const { db, engine, log } = dependencies;
  const known = new Map<number, StudyPage>();
  let pageCount = 0;
  let pending = false;
  let running: Promise<void> | undefined;
  let storing: Promise<void> = Promise.resolve();
  let stopped = false;
  let lastStarted = 0;

  const runAll = async () => {
    while (pending && !stopped) {
      pending = false;
      const wait = lastStarted + READ_AHEAD_EVERY_MS - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      if (stopped || !engine.readAhead) break;
      lastStarted = Date.now();
      const pages = [...known.values()].sort((a, b) => a.pageNumber - b.pageNumber);
      try {
        const draft = await engine.readAhead({ title: file.title, language: file.language, pages }, pageCount);
        if (draft && !stopped) {
          storing = storeSummaryDraft(db, file.id, draft, pageCount);
          await storing;
        }
      } catch (error) {
        log.warn({ err: error, fileId: file.id }, 'reading ahead failed');
      }
    }
    running = undefined;
  };

  return {
    add(pages, count) {
      if (stopped || !engine.readAhead || pages.length === 0) return;
      for (const page of pages) known.set(page.pageNumber, page);
      pageCount = count;
      // With every page read the artefacts themselves are next: a draft of them all would only hold them up.
      if (known.size >= pageCount) return;
      pending = true;
      running ??= runAll();
    },
    async stop() {
      stopped = true;
      await storing.catch(() => undefined);
    },
  };
}

/** Keeps the newest draft of a file's summary (a file deleted meanwhile keeps none: its row is gone). */
export async function storeSummaryDraft(db: Db, fileId: string, draft: SummaryDraft, pageCount: number): Promise<void> {
  const values = { title: draft.title, sections: draft.sections, pagesRead: draft.pagesRead, pageCount, updatedAt: new Date() };
  await db
    .insert(summaryDraft)
    .values({ fileId, ...values })
    .onConflictDoUpdate({ target: summaryDraft.fileId, set: values })
    .catch((error: unknown) => {
      // The file's row went while its draft was made (a foreign key violation): nothing to keep.
      const failure = error as { code?: string; cause?: { code?: string } };
      if ((failure.code ?? failure.cause?.code) !== '23503') throw error;
    });
}

/** Removes a file's draft: its summary is stored, or its text is read again. */
export async function dropSummaryDraft(db: Db | Tx, fileId: string): Promise<void> {
  await db.delete(summaryDraft).where(eq(summaryDraft.fileId, fileId));
}
