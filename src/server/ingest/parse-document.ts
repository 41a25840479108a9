import WordExtractor from 'word-extractor';
import { docxPages } from './docx-pages';
import { markdownPages } from './markdown-pages';
import { pageReader, type OcrLanguage } from './ocr';
import { imagePages, type OcrContext } from './ocr-pages';
import { pdfPages } from './pdf-pages';
import { pptxPages } from './pptx-pages';
import { splitIntoPages, targetPageChars } from './text-pages';
import type { ExtractedPage, ExtractionLimits, ExtractionResult, FileKind } from './types';
import { checkWholeDocument, ExtractionError, failureMessages } from './types';
import { checkInflatedSize, checkZipBounds, listZipEntries } from './zip-entries';

export interface ParseRequest {
  bytes: Uint8Array;
  kind: FileKind;
  limits: ExtractionLimits;
  /**
   * PDF only: read just this share of the pages (share `index` of `of` consecutive runs), for extractPages to read a
   * long PDF in several threads at once. The result then holds those pages and the document's page count, and the
   * checks that need every page (any text at all?) are left to the caller (checkWholeDocument).
   */
  part?: { index: number; of: number };
  /** The course's language: the trained data OCR reads scanned pages and images with. */
  language: OcrLanguage;
  /** How many pages OCR reads at once in this thread (one per free core). */
  ocrWorkers: number;
}

/** Progress of the pages read by OCR, `done` of `total`: posted by the extraction thread as each page is read. */
export type OcrProgress = (done: number, total: number) => void;

/** Pages whose text is final, announced before the whole file is read (PDF only; see pdfPages), and the file's page count. */
export type PagesRead = (pages: ExtractedPage[], pageCount: number) => void;

/**
 * Turns a file into pages of text, in the calling thread: run it through extractPages, which puts it in a worker
 * with a time and memory limit. Never throws: every failure comes back as a result with a reason and a message.
 */
export async function parseDocument(request: ParseRequest, progress: OcrProgress = () => {}, onPages?: PagesRead): Promise<ExtractionResult> {
  const { bytes, kind, limits, part } = request;
  const reader = kind === 'pdf' || kind === 'image'
    ? pageReader({ language: request.language, workers: request.ocrWorkers, pageTimeoutMs: limits.ocrPageTimeoutMs })
    : undefined;
  const ocr: OcrContext | undefined = reader && { reader, concurrency: request.ocrWorkers, progress, pageTimeoutMs: limits.ocrPageTimeoutMs };
  try {
    if (part && kind === 'pdf') {
      const { pages, pageCount, unreadablePages } = await pdfPages(bytes, limits.maxPages, part, ocr, onPages);
      return { ok: true, pages, pageCount, unreadablePages };
    }
    const { pages, unreadablePages } = await pagesOf(bytes, kind, limits, ocr, onPages);
    return checkWholeDocument(pages, kind, limits, unreadablePages);
  } catch (error) {
    if (error instanceof ExtractionError) return { ok: false, reason: error.reason, ...error.text };
    return { ok: false, reason: 'corrupt', ...failureMessages.corrupt, detail: String(error) };
  } finally {
    await reader?.close();
  }
}

async function pagesOf(
  bytes: Uint8Array,
  kind: FileKind,
  limits: ExtractionLimits,
  ocr: OcrContext | undefined,
  onPages: PagesRead | undefined,
): Promise<{ pages: ExtractedPage[]; unreadablePages?: number[] }> {
  switch (kind) {
    case 'pdf':
      return pdfPages(bytes, limits.maxPages, undefined, ocr, onPages);
    case 'image':
      if (!ocr) throw new ExtractionError('unsupported', failureMessages.unsupported);
      return imagePages(bytes, ocr);
    default:
      return { pages: await textPagesOf(bytes, kind, limits) };
  }
}

async function textPagesOf(bytes: Uint8Array, kind: FileKind, limits: ExtractionLimits): Promise<ExtractedPage[]> {
  switch (kind) {
    case 'docx':
      checkZipBounds(listZipEntries(bytes), limits);
      checkInflatedSize(bytes, limits.maxExpandedBytes);
      return docxPages(bytes);
    case 'pptx':
      checkZipBounds(listZipEntries(bytes), limits);
      return pptxPages(bytes);
    case 'doc':
      return numbered(splitIntoPages((await new WordExtractor().extract(Buffer.from(bytes))).getBody()));
    case 'txt':
      refuseTextLongerThanPlan(bytes.length, limits.maxPages);
      return numbered(splitIntoPages(textOf(bytes)));
    case 'md':
      refuseTextLongerThanPlan(bytes.length, limits.maxPages);
      return markdownPages(textOf(bytes));
    default:
      throw new ExtractionError('unsupported', failureMessages.unsupported);
  }
}

/**
 * A page holds at most about targetPageChars characters of at most 4 bytes each, so the byte size alone proves a
 * lower bound of the page count. Refusing before decoding keeps a huge text out of the worker's heap, where a single
 * allocation past the limit can abort the whole process instead of just the thread.
 */
function refuseTextLongerThanPlan(byteLength: number, maxPages: number): void {
  const fewestPages = Math.ceil(byteLength / (4 * targetPageChars));
  if (fewestPages > maxPages) {
    throw new ExtractionError('too-many-pages', failureMessages.tooManyPages(fewestPages, maxPages, true));
  }
}

function textOf(bytes: Uint8Array): string {
  return new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/\r\n?/g, '\n');
}

function numbered(texts: string[]): ExtractedPage[] {
  return texts.map((text, index) => ({ pageNumber: index + 1, text }));
}
