import { OCR_LOW_CONFIDENCE } from '../../shared/course-rules';

/**
 * What the client makes of OCR: a scanned page or a photo is read as an image, page by page, while the file
 * is 'extracting' (`progress`); pages it could not read are listed (`unreadablePages`, the file is ready without
 * them), pages read with low confidence too (`lowConfidencePages`), and each page carries its `ocrConfidence`.
 */

export interface ReadingProgress {
  done: number;
  total: number;
}

/** The page being read now, 1-based: the one after those done, the last once all are. */
export function readingPage(progress: ReadingProgress): number {
  return Math.max(1, Math.min(progress.done + 1, progress.total));
}

/** The OCR progress worth showing: only while the file is extracting, and only once there are pages to count. */
export function ocrProgressOf(file: { status: string; progress?: ReadingProgress | null }): ReadingProgress | null {
  const progress = file.progress;
  return file.status === 'extracting' && progress && progress.total > 0 ? progress : null;
}

/** A page read with a confidence below OCR_LOW_CONFIDENCE; a page with its own text layer (null) never is. */
export function isLowConfidence(confidence: number | null | undefined): confidence is number {
  return typeof confidence === 'number' && confidence < OCR_LOW_CONFIDENCE;
}

/** Whether an item's source `page` is one of the file's pages read with low confidence. */
export function isFromLowConfidencePage(lowConfidencePages: readonly number[] | null | undefined, page: number | null | undefined): boolean {
  return typeof page === 'number' && (lowConfidencePages ?? []).includes(page);
}

/** The app's English is British ("recognised"): lists read "4, 7 and 9", without the American serial comma. */
function listLocale(language: string): string {
  return language === 'en' ? 'en-GB' : language;
}

/** How many page numbers a list names before it sums up the rest ("… 9 and 31 more"). */
export const LISTED_PAGES = 10;

/**
 * Page numbers as a list in the reader's language ("4, 7 and 9", "4, 7 und 9"); a long list names the first pages
 * and `more(count)` for the rest, so a line about a big scan stays one line.
 */
export function formatPageList(pages: readonly number[], language: string, more: (count: number) => string): string {
  const sorted = [...new Set(pages)].sort((a, b) => a - b);
  const shown = sorted.length > LISTED_PAGES ? sorted.slice(0, LISTED_PAGES - 1) : sorted;
  const items = shown.map((page) => page.toLocaleString(language));
  if (shown.length < sorted.length) items.push(more(sorted.length - shown.length));
  return new Intl.ListFormat(listLocale(language), { type: 'conjunction', style: 'long' }).format(items);
}
