import sharp from 'sharp';
import { beforeDeadline, MAX_INPUT_PIXELS, type PageReader } from './ocr';
import type { ExtractedPage } from './types';
import { ExtractionError, failureMessages } from './types';

/** What a parser needs to read pages as images: the reader, how many pages it reads at once, and where progress goes. */
export interface OcrContext {
  reader: PageReader;
  /** Pages read at the same time (the reader's workers). */
  concurrency: number;
  /** Called with 0 of the total before the first page and after every page read. */
  progress(done: number, total: number): void;
  /** Drawing a page's image has this long (the reader's own limit covers reading it). */
  pageTimeoutMs: number;
  /** Hears of each page as soon as it is read (not of those left unreadable). */
  onRead?: (page: ExtractedPage) => void;
}

interface PageImage {
  pageNumber: number;
  /** Draws or loads the page's image when its turn comes, so that at most `concurrency` images are held at once. */
  image(): Promise<Uint8Array> | Uint8Array;
}

/**
 * Reads pages as images, `concurrency` at a time, in page order. A page that could not be drawn, took longer than
 * its limit or read to noise is left out and listed in `unreadablePages`: the file is still read, and its status
 * names those pages.
 */
export async function readPagesAsImages(
  pages: PageImage[],
  { reader, concurrency, progress, pageTimeoutMs, onRead }: OcrContext,
): Promise<{ pages: ExtractedPage[]; unreadablePages: number[] }> {
  const read: ExtractedPage[] = [];
  const unreadablePages: number[] = [];
  let next = 0;
  let done = 0;
  progress(0, pages.length);
  const lane = async () => {
    while (next < pages.length) {
      const page = pages[next++];
      if (!page) break;
      try {
        const image = await beforeDeadline(Promise.resolve(page.image()), Date.now() + pageTimeoutMs);
        const result = image ? await reader.read(image) : { ok: false as const };
        if (result.ok) {
          const recognised: ExtractedPage = {
            pageNumber: page.pageNumber,
            text: result.text,
            ...(result.heading ? { heading: result.heading } : {}),
            ocrConfidence: result.confidence,
          };
          read.push(recognised);
          onRead?.(recognised);
        } else {
          unreadablePages.push(page.pageNumber);
        }
      } catch {
        unreadablePages.push(page.pageNumber);
      }
      done += 1;
      progress(done, pages.length);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, pages.length)) }, lane));
  return {
    pages: read.sort((a, b) => a.pageNumber - b.pageNumber),
    unreadablePages: unreadablePages.sort((a, b) => a - b),
  };
}

/**
 * A photo or screenshot (JPEG, PNG, WebP) is a file of one page. Its header is read first: an image that declares
 * more than MAX_INPUT_PIXELS pixels (an "image bomb": a few kilobytes that would decode to gigabytes) is refused
 * before any pixel is decoded, and bytes that are no image at all count as a damaged file.
 */
export async function imagePages(bytes: Uint8Array, ocr: OcrContext): Promise<{ pages: ExtractedPage[]; unreadablePages: number[] }> {
  let width = 0;
  let height = 0;
  try {
    ({ width = 0, height = 0 } = await sharp(bytes, { limitInputPixels: false }).metadata());
  } catch {
    throw new ExtractionError('corrupt', failureMessages.corrupt);
  }
  if (width * height > MAX_INPUT_PIXELS) {
    throw new ExtractionError('image-too-large', failureMessages.imageTooLarge(width, height, MAX_INPUT_PIXELS));
  }
  if (width === 0 || height === 0) throw new ExtractionError('corrupt', failureMessages.corrupt);
  const result = await readPagesAsImages([{ pageNumber: 1, image: () => bytes }], ocr);
  // The one page is kept even when unread, so the file has its page and its status names it.
  return result.pages.length > 0 ? result : { pages: [{ pageNumber: 1, text: '' }], unreadablePages: result.unreadablePages };
}
