import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { getDocumentProxy } from 'unpdf';
import { composeAccents, normalizeBullets } from './glyphs';
import type { OcrContext } from './ocr-pages';
import { readPagesAsImages } from './ocr-pages';
import { layoutLines, linesText, type LayoutLine, type PlacedText } from './pdf-layout';
import { cleanLayoutText } from './text-pages';
import type { ExtractedPage } from './types';
import { ExtractionError, failureMessages } from './types';

type PdfDocument = Awaited<ReturnType<typeof getDocumentProxy>>;
type ContentItem = Awaited<ReturnType<Awaited<ReturnType<PdfDocument['getPage']>>['getTextContent']>>['items'][number];
type TextItem = Extract<ContentItem, { str: string }>;

/**
 * Reads a PDF page by page with pdf.js; the page count is checked against the plan before any page is read. With
 * `part`, only that share of consecutive pages (share `index` of `of`), so that several threads can split a long file.
 * `onPages` hears of each page as soon as its text is final — the pages of the text layer once all of the share's
 * are read (its running lines are known then), a page read by OCR as soon as it is read — so that the study engine
 * can start on them while the rest is still being read; the result holds every page all the same.
 */
export async function pdfPages(
  bytes: Uint8Array,
  maxPages: number,
  part: { index: number; of: number } = { index: 0, of: 1 },
  ocr?: OcrContext,
  onPages: (pages: ExtractedPage[], pageCount: number) => void = () => {},
): Promise<{ pages: ExtractedPage[]; pageCount: number; unreadablePages: number[] }> {
  // pdf.js takes the bytes it is given over to its worker; scanned pages are drawn from a second copy (below).
  const document = await openPdf(ocr ? bytes.slice() : bytes);
  try {
    const pageCount = document.numPages;
    if (pageCount > maxPages) {
      throw new ExtractionError('too-many-pages', failureMessages.tooManyPages(pageCount, maxPages));
    }
    const pages: { pageNumber: number; lines: LayoutLine[] }[] = [];
    const first = Math.floor((pageCount * part.index) / part.of) + 1;
    const last = Math.floor((pageCount * (part.index + 1)) / part.of);
    for (let pageNumber = first; pageNumber <= last; pageNumber++) {
      const page = await document.getPage(pageNumber);
      const content = await page.getTextContent();
      page.cleanup();
      const monospace = (item: TextItem) => content.styles[item.fontName]?.fontFamily === 'monospace';
      pages.push({ pageNumber, lines: layoutLines(content.items.filter(isTextItem).map((item) => placed(item, monospace(item)))) });
    }
    const running = runningLines(pages.map((page) => page.lines));
    const read = pages.map(({ pageNumber, lines }) => pageOf(pageNumber, lines, running));
    // A page without a text layer (or with a few stray characters, a scanner's stamp) is a picture of a page: it is
    // drawn and read by OCR, and its recognised text replaces the stray characters when it holds more.
    const candidates = ocr ? read.filter((page) => lettersOf(page.text) < SCANNED_PAGE_LETTERS) : [];
    onPages(read.filter((page) => !candidates.includes(page)), pageCount);
    if (!ocr) return { pages: read, pageCount, unreadablePages: [] };
    const better = (page: ExtractedPage, other: ExtractedPage | undefined) => (other && lettersOf(other.text) > lettersOf(page.text) ? other : page);
    const textLayer = new Map(candidates.map((page) => [page.pageNumber, page]));
    const announced = new Set<number>();
    const announce = (page: ExtractedPage) => {
      const kept = better(textLayer.get(page.pageNumber) ?? page, page);
      announced.add(page.pageNumber);
      onPages([kept], pageCount);
    };
    const { pages: recognised, unreadablePages: unread } = candidates.length
      ? await readScannedPages(bytes, candidates.map((page) => page.pageNumber), { ...ocr, onRead: announce })
      : { pages: [], unreadablePages: [] };
    const byNumber = new Map(recognised.map((page) => [page.pageNumber, page]));
    const merged = read.map((page) => better(page, byNumber.get(page.pageNumber)));
    onPages(merged.filter((page) => textLayer.has(page.pageNumber) && !announced.has(page.pageNumber)), pageCount);
    // A page that could not be read but has a few words of its own is not reported: it is not empty.
    const unreadablePages = unread.filter((pageNumber) => lettersOf(read[pageNumber - first]?.text ?? '') === 0);
    return { pages: merged, pageCount, unreadablePages };
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

/** A page with fewer letters than this in its text layer is read as an image. */
export const SCANNED_PAGE_LETTERS = 40;

const lettersOf = (text: string) => text.match(/\p{L}/gu)?.length ?? 0;

/** The longer side, in pixels, a scanned page is drawn at for OCR: about 150 dpi on A4, the resolution of most scans. */
const RENDER_LONG_SIDE = 1700;

/**
 * Draws and reads the pages among `pageNumbers` that paint a picture. Drawing uses pdf.js's own Node build (pdfjs-dist,
 * with @napi-rs/canvas — a prebuilt binary inside its registry package), on a second copy of the document: the
 * serverless build that reads the text cannot draw a second page with text on it (its render never settles).
 */
async function readScannedPages(bytes: Uint8Array, pageNumbers: number[], ocr: OcrContext) {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const document = await pdfjs.getDocument({ data: bytes, verbosity: 0, isEvalSupported: false }).promise;
  try {
    const painters = new Set<number>([
      pdfjs.OPS.paintImageXObject,
      pdfjs.OPS.paintInlineImageXObject,
      pdfjs.OPS.paintImageXObjectRepeat,
      pdfjs.OPS.paintImageMaskXObject,
    ]);
    const pictured: number[] = [];
    for (const pageNumber of pageNumbers) {
      const page = await document.getPage(pageNumber);
      if ((await page.getOperatorList()).fnArray.some((operation) => painters.has(operation))) pictured.push(pageNumber);
      page.cleanup();
    }
    return await readPagesAsImages(
      pictured.map((pageNumber) => ({ pageNumber, image: () => renderPage(document, pageNumber) })),
      ocr,
    );
  } finally {
    await document.destroy();
  }
}

type DrawableDocument = PDFDocumentProxy;

/** Canvases of pdf.js's Node build; its document has the factory, which its types leave out. */
interface CanvasFactory {
  create(width: number, height: number): { canvas: { encode(format: 'png'): Promise<Uint8Array> }; context: unknown };
  destroy(drawing: unknown): void;
}

/** Draws one page as a PNG. */
async function renderPage(document: DrawableDocument, pageNumber: number): Promise<Uint8Array> {
  const factory = (document as unknown as { canvasFactory: CanvasFactory }).canvasFactory;
  const page = await document.getPage(pageNumber);
  const base = page.getViewport({ scale: 1 });
  const viewport = page.getViewport({ scale: Math.min(6, RENDER_LONG_SIDE / Math.max(base.width, base.height, 1)) });
  const drawing = factory.create(Math.ceil(viewport.width), Math.ceil(viewport.height));
  try {
    // pdf.js types its canvas for the browser; in Node it is @napi-rs/canvas's, which its Node build draws on.
    await page.render({ canvas: drawing.canvas, canvasContext: drawing.context, viewport } as unknown as Parameters<typeof page.render>[0])
      .promise;
    return await drawing.canvas.encode('png');
  } finally {
    factory.destroy(drawing);
    page.cleanup();
  }
}

function isTextItem(item: ContentItem): item is TextItem {
  return 'str' in item;
}

function placed(item: TextItem, monospace: boolean): PlacedText {
  // pdf.js types the matrix as any[]; its entries are numbers.
  const [a = 1, b = 0, c = 0, d = 1, e = 0, f = 0] = item.transform.map(Number);
  const angle = Math.abs(b) < 1e-6 ? 0 : Math.atan2(b, a);
  // Turned text (a landscape page, an axis label) is measured along its own baseline.
  const [x, y] = angle === 0 ? [e, f] : [e * Math.cos(angle) + f * Math.sin(angle), f * Math.cos(angle) - e * Math.sin(angle)];
  const size = Math.hypot(c, d);
  return { str: item.str, x, y, size, width: item.width, angle, font: item.fontName, monospace, rtl: item.dir === 'rtl' };
}

function pageOf(pageNumber: number, lines: LayoutLine[], running: Set<string>): ExtractedPage {
  const text = cleanLayoutText(composeAccents(normalizeBullets(linesText(lines)).join('\n')));
  const heading = headingGuess(lines, running);
  return heading ? { pageNumber, text, heading } : { pageNumber, text };
}

const lineText = (line: LayoutLine) => line.cells.map((cell) => cell.text).join(' ');
/** A line as compared across pages: page numbers and dates differ from page to page. */
const lineKey = (line: LayoutLine) => lineText(line).toLowerCase().replace(/\d+/g, '#').replace(/\s+/g, ' ').trim();

/**
 * Running headers and footers: lines among the two top-most or two bottom-most of a page that come back on at least
 * three pages and four in five. Their text stays on the page (the study engine drops repeated lines); they are only
 * never taken as a page's heading.
 */
function runningLines(pages: LayoutLine[][]): Set<string> {
  const pagesByKey = new Map<string, number>();
  for (const lines of pages) {
    const upright = lines.filter((line) => !line.rotated).sort((a, b) => b.y - a.y);
    const edges = new Set([...upright.slice(0, 2), ...upright.slice(-2)].map(lineKey));
    for (const key of edges) pagesByKey.set(key, (pagesByKey.get(key) ?? 0) + 1);
  }
  // Most pages, not half: a slide title repeated over the frames of an animation is still that slide's heading.
  const threshold = Math.max(3, pages.length * 0.8);
  return new Set([...pagesByKey].filter(([, count]) => count >= threshold).map(([key]) => key));
}

const sizeOf = (line: LayoutLine) => Math.round(line.size * 2) / 2;

/**
 * The first heading set in the largest font, when that font is larger than the body text (the size carrying the most
 * characters): 1.2 times, or 1.1 times for the page's top line (a slide title). Running headers, turned text and
 * lines of a chart (numbers) are never headings, nor is other text in a chart's font.
 */
function headingGuess(lines: LayoutLine[], running: Set<string>): string | undefined {
  const charsBySize = new Map<number, number>();
  for (const line of lines) {
    const chars = line.cells.reduce((sum, cell) => sum + cell.text.length, 0);
    charsBySize.set(sizeOf(line), (charsBySize.get(sizeOf(line)) ?? 0) + chars);
  }
  if (charsBySize.size < 2) return undefined;
  const bodySize = [...charsBySize].reduce((best, entry) => (entry[1] > best[1] ? entry : best))[0];
  // Most pages have nothing larger than their body text: done before looking at any line's words.
  if (!lines.some((line) => sizeOf(line) >= bodySize * 1.1)) return undefined;
  const words = new Map<LayoutLine, boolean>();
  const isWords = (line: LayoutLine) => words.get(line) ?? words.set(line, !numberLike(line)).get(line) === true;
  const kept = lines.filter((line) => running.size === 0 || !running.has(lineKey(line)));
  // The top line of words: a slide's title, wherever the content stream draws it.
  const opening = kept.reduce<LayoutLine | undefined>((top, line) => (!line.rotated && (!top || line.y > top.y) && isWords(line) ? line : top), undefined);
  const groups = new Map<string, LayoutLine[]>();
  // Grouped with the turned lines too: a chart's axis labels are often turned.
  for (const line of kept) {
    if (sizeOf(line) < bodySize * 1.1) continue;
    const key = `${sizeOf(line)}|${line.font}`;
    const group = groups.get(key);
    if (group) group.push(line);
    else groups.set(key, [line]);
  }
  const candidates = [...groups.values()]
    .map((group) => (group.filter((line) => !isWords(line)).length >= 2 ? [] : group.filter((line) => !line.rotated && isWords(line))))
    .filter((group) => {
      const first = group[0];
      return first !== undefined && sizeOf(first) >= bodySize * (first === opening ? 1.1 : 1.2);
    })
    .sort((a, b) => sizeOf(b[0] as LayoutLine) - sizeOf(a[0] as LayoutLine));
  const first = candidates[0]?.[0];
  if (!first) return undefined;
  // The heading is that line and the lines of its size right after it (a title set over two lines).
  const start = lines.indexOf(first);
  const run = [first];
  for (const line of lines.slice(start + 1, start + 3)) {
    if (sizeOf(line) !== sizeOf(first) || line.rotated || !isWords(line) || running.has(lineKey(line))) break;
    run.push(line);
  }
  const heading = cleanLayoutText(run.map(lineText).join('\n')).replace(/\s+/g, ' ');
  return /\p{L}.*\p{L}/u.test(heading) && heading.length <= 200 ? heading : undefined;
}

/** A tick label or legend of a chart: no word of two letters, or more digits than letters. */
function numberLike(line: LayoutLine): boolean {
  const text = lineText(line);
  const digits = text.match(/\p{N}/gu)?.length ?? 0;
  const letters = text.match(/\p{L}/gu)?.length ?? 0;
  return !/\p{L}{2}/u.test(text) || digits > letters;
}
