import type { Summary } from '../../../../shared/artefacts';
import { StudyEngineError, type StudyDocument, type StudyPage, type SummaryDraft } from '../engine';
import { analyse } from './analysis';
import { buildSummary } from './summary';

/**
 * The summary's sections so far of a document whose pages are still being read (StudyEngine.readAhead). The pages read
 * so far are analysed as they are — which leaves the sentence work of the whole document's analysis done
 * (analysis-memo.ts) — and of the summary made from them, a section is kept when its pages are all read without a gap
 * from the first page and the section after it starts on such a page too (the last one may go on past them). Null
 * while no section is complete.
 */
export function summaryDraft(document: StudyDocument, pageCount: number): SummaryDraft | null {
  const pagesRead = pagesReadFromFirst(document.pages);
  const analysis = analyse(document);
  if (pagesRead === 0 || analysis.sentences.length === 0) return null;
  let summary: Summary;
  try {
    summary = buildSummary(analysis);
  } catch (error) {
    if (error instanceof StudyEngineError) return null;
    throw error;
  }
  const all = pagesRead >= pageCount;
  const sections = summary.sections.filter((section, index) => {
    const next = summary.sections[index + 1];
    return section.page <= pagesRead && (next ? next.page <= pagesRead : all);
  });
  return sections.length > 0 ? { title: summary.title, sections, pagesRead } : null;
}

/** The last page of the run of pages read from the first one on (0 when the first is not read yet). */
function pagesReadFromFirst(pages: readonly StudyPage[]): number {
  const numbers = new Set(pages.map((page) => page.pageNumber));
  let last = 0;
  while (numbers.has(last + 1)) last += 1;
  return last;
}
