import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { extractPages } from './extract-pages';
import { detectFileKind } from './file-kind';
import { pageClock, pageReader } from './ocr';
import type { ExtractionResult } from './types';

/**
 * OCR through the real extraction threads, on real scans: pages of an openly licensed handout rendered with pdftoppm
 * and made to look scanned (noise, skew, one page upside down, one sideways), a German page, a slide screenshot, and
 * real phone photos of a book page (tests/fixtures/ocr/SOURCES.md has where each comes from and what OCR reads).
 */
const fixtures = path.resolve('tests/fixtures/ocr');
const fixture = (name: string) => new Uint8Array(readFileSync(path.join(fixtures, name)));
const flat = (text: string) => text.toLowerCase().replace(/\s+/g, ' ');

function textOf(result: ExtractionResult): string {
  if (!result.ok) throw new Error(`extraction failed: ${result.message}`);
  return flat(result.pages.map((page) => page.text).join('\n'));
}

/** A PDF whose pages are the given JPEG scans, each filling an A4 page, and no text layer; `text` adds a typed page. */
async function scannedPdf(pages: ({ jpeg: Uint8Array } | { text: string })[]): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  for (const page of pages) {
    const sheet = document.addPage([595, 842]);
    if ('text' in page) {
      sheet.drawText(page.text, { x: 50, y: 780, size: 12, font });
      continue;
    }
    const image = await document.embedJpg(page.jpeg);
    const scale = Math.min(595 / image.width, 842 / image.height);
    sheet.drawImage(image, { x: 0, y: 842 - image.height * scale, width: image.width * scale, height: image.height * scale });
  }
  return document.save();
}

const image = (bytes: Uint8Array, options: { language?: 'en' | 'de' } = {}) =>
  extractPages({ bytes, kind: 'image', limits: { maxPages: 10 }, ...options });

describe('OCR of photos and screenshots (one page per image)', { timeout: 120_000 }, () => {
  it('reads a scanned handout page with its confidence and the heading set larger than the text', async () => {
    const result = await image(fixture('handout-p1.jpg'));
    expect(result.ok && result.pageCount).toBe(1);
    expect(textOf(result)).toContain('a fundamental problem in astronomy');
    expect(textOf(result)).toContain('the gaia satellite has provided a large sample of stars');
    const [page] = result.ok ? result.pages : [];
    expect(page?.ocrConfidence).toBeGreaterThanOrEqual(70);
    expect(result.ok && result.unreadablePages).toBeUndefined();
  });

  it('turns an upside-down scan and a sideways scan upright before reading', async () => {
    expect(textOf(await image(fixture('handout-p2.jpg')))).toContain('rr lyrae variable stars');
    expect(textOf(await image(fixture('handout-p3.jpg')))).toContain('this comparison led hubble to the hubble law');
  });

  it("honours a phone photo's EXIF orientation and reads a real photo of a book page", async () => {
    expect(textOf(await image(fixture('photo-exif-rotated.jpg')))).toContain('the distance ladder begins with the measurement of');
    const photo = await image(fixture('photo-notes-2.jpg'));
    expect(textOf(photo)).toContain('dress, clean, and cut up two young chickens');
  });

  it('reads PNG and WebP screenshots of a slide', async () => {
    expect(textOf(await image(fixture('slide.png')))).toContain('we prefer tuples over lists');
    expect(textOf(await image(fixture('slide.webp')))).toContain('tuples are more efficient');
  });

  it("reads a German page with the German course's trained data, umlauts and ß included", async () => {
    const text = textOf(await image(fixture('german-notes.jpg'), { language: 'de' }));
    expect(text).toContain('kann zu einem wohlfahrtsverlust führen');
    expect(text).toContain('weiterhin ein gleichgewicht herrschen, das heißt');
  });

  it('reads a 40-megapixel photo, scaled down first', async () => {
    const huge = await sharp(fixture('handout-p1.jpg')).resize(5500, 7300, { fit: 'fill' }).jpeg({ quality: 70 }).toBuffer();
    expect((await sharp(huge).metadata()).width).toBe(5500);
    expect(textOf(await image(new Uint8Array(huge)))).toContain('a fundamental problem in astronomy');
  });

  it('refuses an image bomb from its header, before decoding a pixel', async () => {
    // A valid PNG header declaring 100,000 × 100,000 pixels in a file of a few bytes.
    const bomb = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#ffffff' } }).png().toBuffer();
    const view = new DataView(bomb.buffer, bomb.byteOffset, bomb.byteLength);
    view.setUint32(16, 100_000);
    view.setUint32(20, 100_000);
    const result = await image(new Uint8Array(bomb));
    expect(result).toMatchObject({
      ok: false,
      reason: 'image-too-large',
      key: 'imageTooLarge',
      message: 'This image is 100000 × 100000 pixels (10000 megapixels); at most 100 megapixels can be read.',
    });
  });

  it('fails a picture without text with its own reason, and a damaged image as damaged', async () => {
    const blank = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#ffffff' } }).jpeg().toBuffer();
    expect(await image(new Uint8Array(blank))).toMatchObject({ ok: false, key: 'noTextInImage', message: 'No readable text found in this image.' });
    const cut = fixture('slide.png').subarray(0, 2000);
    expect(await image(cut)).toMatchObject({ ok: false });
  });
});

describe('the page reader', { timeout: 180_000 }, () => {
  it("gives each page its time limit for its own reading, not for making a worker or waiting for a free one", async () => {
    const slide = fixture('slide.png');
    // How long one page takes to read on this machine now, its worker already made (the longer of two readings).
    const warm = pageReader({ language: 'en', workers: 1, pageTimeoutMs: 120_000 });
    await warm.read(slide);
    let onePage = 0;
    for (const _ of [1, 2]) {
      const started = Date.now();
      expect(await warm.read(slide)).toMatchObject({ ok: true });
      onePage = Math.max(onePage, Date.now() - started);
    }
    await warm.close();
    // Twenty pages at once on one worker, each with a limit of ten readings: from the eleventh on, a page waits longer
    // than that for the worker (and for its start) before its own reading begins; every page is read all the same.
    const reader = pageReader({ language: 'en', workers: 1, pageTimeoutMs: 10 * onePage });
    try {
      const reads = await Promise.all(Array.from({ length: 20 }, () => reader.read(slide)));
      expect(reads.map((read) => read.ok)).toEqual(Array.from({ length: 20 }, () => true));
    } finally {
      await reader.close();
    }
  });
});

describe("a page's clock", () => {
  afterEach(() => vi.useRealTimers());

  it("counts only the time its steps run: the waits between them are not the page's", async () => {
    vi.useFakeTimers();
    const clock = pageClock(1_000);
    const step = (ms: number, value: string) => new Promise<string>((resolve) => setTimeout(() => resolve(value), ms));
    const first = clock.within(step(600, 'detected'));
    await vi.advanceTimersByTimeAsync(600);
    expect(await first).toBe('detected');
    // Ten seconds waiting for a worker: not counted.
    await vi.advanceTimersByTimeAsync(10_000);
    const second = clock.within(step(300, 'read'));
    await vi.advanceTimersByTimeAsync(300);
    expect(await second).toBe('read');
    // 100 ms of the budget are left: a step of 500 ms is given up after them.
    const third = clock.within(step(500, 'read upright'));
    await vi.advanceTimersByTimeAsync(100);
    expect(await third).toBeUndefined();
    const late = clock.within(step(1, 'late'));
    await vi.advanceTimersByTimeAsync(1);
    expect(await late).toBeUndefined();
  });
});

describe('OCR of scanned PDFs', { timeout: 180_000 }, () => {
  it('reads the scanned pages of a PDF that mixes them with typed ones, reporting progress per page', async () => {
    const bytes = await scannedPdf([
      { text: 'Typed cover page of the handout about the distance ladder.' },
      { jpeg: fixture('handout-p1.jpg') },
      { jpeg: fixture('handout-p2.jpg') },
    ]);
    const progress: [number, number][] = [];
    const result = await extractPages({ bytes, kind: 'pdf', limits: { maxPages: 10 }, onProgress: (done, total) => progress.push([done, total]) });
    if (!result.ok) throw new Error(result.message);
    expect(result.pageCount).toBe(3);
    expect(result.pages.map((page) => page.pageNumber)).toEqual([1, 2, 3]);
    expect(result.pages[0]).toMatchObject({ text: 'Typed cover page of the handout about the distance ladder.' });
    expect(result.pages[0]?.ocrConfidence).toBeUndefined();
    expect(flat(result.pages[1]?.text ?? '')).toContain('a fundamental problem in astronomy');
    expect(flat(result.pages[2]?.text ?? '')).toContain('cepheid variable stars');
    expect(result.pages[1]?.ocrConfidence).toBeGreaterThan(70);
    // Two pages to read by OCR: announced before the first, then counted up.
    expect(progress[0]).toEqual([0, 2]);
    expect(progress.at(-1)).toEqual([2, 2]);
  });

  it('names a page it could not read within its limit, and keeps the rest of the file', async () => {
    const bytes = await scannedPdf([{ text: 'A typed page that needs no OCR at all.' }, { jpeg: fixture('handout-p1.jpg') }]);
    const result = await extractPages({ bytes, kind: 'pdf', limits: { maxPages: 10, ocrPageTimeoutMs: 1 } });
    expect(result).toMatchObject({ ok: true, pageCount: 2, unreadablePages: [2] });
  });

  it('counts scanned pages against the plan like typed ones', async () => {
    const bytes = await scannedPdf([{ jpeg: fixture('handout-p1.jpg') }, { jpeg: fixture('handout-p2.jpg') }]);
    expect(await extractPages({ bytes, kind: 'pdf', limits: { maxPages: 1 } })).toMatchObject({ ok: false, key: 'tooManyPages' });
  });

  it('stops a 300-page scan at its time limit with a translated reason, while this thread stays responsive', async () => {
    const page = await sharp(fixture('handout-p1.jpg')).resize(600).jpeg({ quality: 50 }).toBuffer();
    const bytes = await scannedPdf(Array.from({ length: 300 }, () => ({ jpeg: new Uint8Array(page) })));
    let worstLag = 0;
    let last = Date.now();
    const ticker = setInterval(() => {
      worstLag = Math.max(worstLag, Date.now() - last - 20);
      last = Date.now();
    }, 20);
    const started = Date.now();
    const result = await extractPages({ bytes, kind: 'pdf', limits: { maxPages: 500, timeoutMs: 40_000, ocrPageBudgetMs: 20 } });
    clearInterval(ticker);
    // 40 s (time enough to parse the file and announce its pages on a busy machine), and 20 ms for each page a thread
    // announces for OCR (the large file is split between the cores' threads, 150 pages each on two): 43 s, and the
    // threads are stopped then.
    const threads = Math.min(2, availableParallelism());
    expect(result).toMatchObject({ ok: false, reason: 'timeout', key: 'timeout', params: { seconds: 40 + (300 / threads) * 0.02 } });
    expect(Date.now() - started).toBeLessThan(90_000);
    expect(worstLag).toBeLessThan(500);
  });
});

describe('images at upload', () => {
  it('takes JPEG, PNG and WebP by their content, and refuses a text file or another format under an image name', async () => {
    expect(await detectFileKind({ bytes: fixture('photo-notes.jpg'), fileName: 'notes.JPEG' })).toEqual({ ok: true, kind: 'image', extension: 'jpeg' });
    expect(await detectFileKind({ bytes: fixture('slide.png'), fileName: 'slide.png' })).toEqual({ ok: true, kind: 'image', extension: 'png' });
    expect(await detectFileKind({ bytes: fixture('slide.webp'), fileName: 'slide.webp' })).toEqual({ ok: true, kind: 'image', extension: 'webp' });
    expect(await detectFileKind({ bytes: new TextEncoder().encode('not a picture'), fileName: 'photo.png' })).toMatchObject({
      ok: false,
      reason: 'extension-mismatch',
    });
    expect(await detectFileKind({ bytes: fixture('slide.png'), fileName: 'slide.jpg' })).toMatchObject({ ok: false, reason: 'extension-mismatch' });
  });
});
