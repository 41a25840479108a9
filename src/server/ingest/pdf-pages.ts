import { getDocumentProxy } from 'unpdf';
import { cleanLayoutText } from './text-pages';
import type { ExtractedPage } from './types';
import { ExtractionError, failureMessages } from './types';

type PdfDocument = Awaited<ReturnType<typeof getDocumentProxy>>;
type ContentItem = Awaited<ReturnType<Awaited<ReturnType<PdfDocument['getPage']>>['getTextContent']>>['items'][number];
type TextItem = Extract<ContentItem, { str: string }>;

interface PositionedText {
  str: string;
  fontSize: number;
  hasEOL: boolean;
}

/**
 * Reads a PDF page by page with pdf.js; the page count is checked against the plan before any page is read. With
 * `part`, only that share of consecutive pages (share `index` of `of`), so that several threads can split a long file.
 */
export async function pdfPages(
  bytes: Uint8Array,
  maxPages: number,
  part: { index: number; of: number } = { index: 0, of: 1 },
): Promise<{ pages: ExtractedPage[]; pageCount: number }> {
  const document = await openPdf(bytes);
  try {
    const pageCount = document.numPages;
    if (pageCount > maxPages) {
      throw new ExtractionError('too-many-pages', failureMessages.tooManyPages(pageCount, maxPages));
    }
    const pages: ExtractedPage[] = [];
    const first = Math.floor((pageCount * part.index) / part.of) + 1;
    const last = Math.floor((pageCount * (part.index + 1)) / part.of);
    for (let pageNumber = first; pageNumber <= last; pageNumber++) {
      const page = await document.getPage(pageNumber);
      const content = await page.getTextContent();
      page.cleanup();
      pages.push(pageOf(pageNumber, content.items.filter(isTextItem).map(positioned)));
    }
    return { pages, pageCount };
  } finally {
    await document.destroy();
  }
}

async function openPdf(bytes: Uint8Array) {
  try {
    // verbosity 0: pdf.js reports damaged-but-readable files as warnings on the console; the result says enough.
    return await getDocumentProxy(bytes, { verbosity: 0, isEvalSupported: false });
  } catch (error) {
    if (error instanceof Error && error.name === 'PasswordException') {
      throw new ExtractionError('encrypted', failureMessages.encrypted);
    }
    throw error;
  }
}

function isTextItem(item: ContentItem): item is TextItem {
  return 'str' in item;
}

function positioned(item: TextItem): PositionedText {
  // pdf.js types the matrix as any[]; its entries are numbers.
  const [, , c, d] = item.transform.map(Number);
  return { str: item.str, fontSize: Math.hypot(c ?? 0, d ?? 0), hasEOL: item.hasEOL };
}

function pageOf(pageNumber: number, items: PositionedText[]): ExtractedPage {
  const text = cleanLayoutText(items.map((item) => item.str + (item.hasEOL ? '\n' : '')).join(''));
  const heading = headingGuess(items);
  return heading ? { pageNumber, text, heading } : { pageNumber, text };
}

/**
 * The text set in the largest font, when that font is clearly larger than the body text (the size carrying the most
 * characters). A cheap guess: good on slides and papers, absent on pages set in one size.
 */
function headingGuess(items: PositionedText[]): string | undefined {
  const visible = items.filter((item) => item.str.trim().length > 0 && item.fontSize > 0);
  const charsBySize = new Map<number, number>();
  for (const item of visible) {
    const size = Math.round(item.fontSize * 2) / 2;
    charsBySize.set(size, (charsBySize.get(size) ?? 0) + item.str.length);
  }
  const sizes = [...charsBySize.entries()];
  if (sizes.length < 2) return undefined;
  const bodySize = sizes.reduce((best, entry) => (entry[1] > best[1] ? entry : best))[0];
  const largest = Math.max(...sizes.map(([size]) => size));
  if (largest < bodySize * 1.2) return undefined;
  const heading = visible
    .filter((item) => Math.round(item.fontSize * 2) / 2 === largest)
    .map((item) => item.str)
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
  return /\p{L}.*\p{L}/u.test(heading) && heading.length <= 200 ? heading : undefined;
}
