import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { summary, summaryDraft } from '../db/schema';
import { studyFileAccess, type SharedStudy } from '../sharing/study-access';

/**
 * The Summary tab: the file's stored summary — its structured content (sections and key terms, each with its source
 * page) and the markdown the Copy button hands out. Null while the summary has not been made yet (the tab shows the
 * artefact's progress from file.getProcessingStatus meanwhile). A file the caller may not study is NOT_FOUND.
 */
export async function getSummary(db: Db, userId: string, fileId: string, shared: SharedStudy | undefined) {
  const access = await studyFileAccess(db, userId, fileId, shared);
  const [row] = await db
    .select({ markdown: summary.markdown, content: summary.content, createdAt: summary.createdAt })
    .from(summary)
    .where(eq(summary.fileId, access.fileId))
    .limit(1);
  if (!row) return null;
  const { title, overview, sections, keyTerms } = row.content;
  return { fileId: access.fileId, fileName: access.fileName, title, overview, sections, keyTerms, markdown: row.markdown, createdAt: row.createdAt };
}

/**
 * While a long file is still being read, or its summary made: the summary's sections made so far (summary_draft,
 * written as the pages come in) with how far reading has come — every page up to `pagesRead` of `pageCount`. Null
 * when there is none (a short file, a stored summary, an engine that does not read ahead). The same access as
 * getSummary: a file the caller may not study is NOT_FOUND.
 */
export async function getSummaryDraft(db: Db, userId: string, fileId: string, shared: SharedStudy | undefined) {
  const access = await studyFileAccess(db, userId, fileId, shared);
  const [row] = await db
    .select({ title: summaryDraft.title, sections: summaryDraft.sections, pagesRead: summaryDraft.pagesRead, pageCount: summaryDraft.pageCount })
    .from(summaryDraft)
    .where(eq(summaryDraft.fileId, access.fileId))
    .limit(1);
  return row ? { fileId: access.fileId, ...row } : null;
}
