import { createRequire } from 'node:module';
import path from 'node:path';
import sharp from 'sharp';
import type Tesseract from 'tesseract.js';
import { createWorker, OEM, PSM } from 'tesseract.js';
import { cleanLayoutText } from './text-pages';

/**
 * Optical character recognition of page images, offline: tesseract.js (its WebAssembly core) with the trained data
 * of the registry packages @tesseract.js-data/eng and /deu, read from node_modules — never fetched. Runs inside an
 * extraction thread (extract-pages.ts), which bounds the whole file's time; each page has its own limit here, and a
 * page that exceeds it or cannot be decoded is reported unreadable while the other pages go on.
 */

export type OcrLanguage = 'en' | 'de';

/** What a page image read to: text with tesseract's mean word confidence (0–100), or why it could not be read. */
export type OcrRead =
  | { ok: true; text: string; heading?: string; confidence: number }
  | { ok: false; reason: 'timeout' | 'unreadable' };

/** A page whose words tesseract trusts less than this on average is marked low-confidence (the viewer and study items say so). */
export const LOW_CONFIDENCE = 70;
/** Below this the recognised text is mostly noise: the page counts as unreadable rather than feeding junk to the study items. */
export const UNREADABLE_CONFIDENCE = 30;
/** A page image is scaled so that its longer side is at most this: text stays legible, and time and memory stay bounded. */
export const OCR_MAX_SIDE = 3000;
/** A small image (a screenshot) is enlarged to this: tesseract reads glyphs of about 30 px best. */
const OCR_MIN_SIDE = 1600;
/** A page read turned as orientation detection said, but this poorly, is read upright too. */
const TRY_TURNING_BELOW = 60;

const require = createRequire(import.meta.url);
/** The folder of a language's gzipped trained data: LSTM-only "best_int" models, the most accurate of the packages. */
function languageFolder(packageName: string, folder: string): string {
  return path.dirname(require.resolve(`${packageName}/${folder}/${path.basename(packageName)}.traineddata.gz`));
}

const tesseractLanguage: Record<OcrLanguage, { code: string; packageName: string }> = {
  en: { code: 'eng', packageName: '@tesseract.js-data/eng' },
  de: { code: 'deu', packageName: '@tesseract.js-data/deu' },
};

/** The promise's value, or undefined once `deadline` (a Date.now() time) has passed; the work itself is left running. */
export async function beforeDeadline<T>(promise: Promise<T>, deadline: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), Math.max(0, deadline - Date.now()));
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Tesseract's own messages ("Estimating resolution as …") go nowhere: the result says what matters. Its search for
 * light-on-dark text is off — it nearly doubles the time of every page; forRecognition inverts dark pages instead.
 */
const sharedParameters = { debug_file: '/dev/null', tessedit_do_invert: '0' };

async function recognitionWorker(language: OcrLanguage): Promise<Tesseract.Worker> {
  const { code, packageName } = tesseractLanguage[language];
  const worker = await createWorker(code, OEM.LSTM_ONLY, {
    langPath: languageFolder(packageName, '4.0.0_best_int'),
    cacheMethod: 'none',
    gzip: true,
  });
  // AUTO: tesseract finds the columns and paragraphs of a page itself (a handout in two columns, a slide's boxes).
  await worker.setParameters({ tessedit_pageseg_mode: PSM.AUTO, ...sharedParameters });
  return worker;
}

/** Orientation and script detection needs tesseract's legacy engine and its 'osd' data; made only when a page needs it. */
async function orientationWorker(): Promise<Tesseract.Worker> {
  const worker = await createWorker('osd', OEM.TESSERACT_ONLY, {
    langPath: languageFolder('@tesseract.js-data/osd', '4.0.0'),
    cacheMethod: 'none',
    gzip: true,
    legacyCore: true,
    legacyLang: true,
  });
  await worker.setParameters(sharedParameters);
  return worker;
}

/**
 * A page's time limit counts the page's own work: the time of each step (orientation detection, reading, reading
 * upright again) is taken from one budget while the step runs, so the seconds spent making a worker (loading its
 * trained data) or waiting for a free one on a busy server are not the page's.
 */
export interface PageClock {
  /** The step's value, or undefined when the page's budget ran out first. */
  within<T>(step: Promise<T>): Promise<T | undefined>;
}

export function pageClock(limitMs: number): PageClock {
  let left = limitMs;
  return {
    async within(step) {
      const started = Date.now();
      try {
        return await beforeDeadline(step, started + left);
      } finally {
        left = Math.max(0, left - (Date.now() - started));
      }
    },
  };
}

export interface PageReader {
  /** Reads one encoded page image (PNG, JPEG, WebP, PNM); never rejects. */
  read(image: Uint8Array): Promise<OcrRead>;
  close(): Promise<void>;
}

/**
 * A pool of `workers` tesseract workers (each its own thread) reading pages in parallel, made when first needed.
 * A page that takes longer than `pageTimeoutMs` is given up: its worker is terminated and replaced.
 */
export function pageReader({ language, workers, pageTimeoutMs }: { language: OcrLanguage; workers: number; pageTimeoutMs: number }): PageReader {
  const idle: Tesseract.Worker[] = [];
  let started = 0;
  const waiting: ((worker: Tesseract.Worker | undefined) => void)[] = [];
  let orientation: Promise<Tesseract.Worker> | undefined;
  let closed = false;

  async function acquire(): Promise<Tesseract.Worker | undefined> {
    const free = idle.pop();
    if (free) return free;
    if (started < workers) {
      started += 1;
      try {
        return await recognitionWorker(language);
      } catch {
        started -= 1;
        return undefined;
      }
    }
    // Handed a worker when one is released; handed none when one was terminated, and then makes its replacement.
    const handed = await new Promise<Tesseract.Worker | undefined>((resolve) => waiting.push(resolve));
    return handed ?? (closed ? undefined : acquire());
  }

  function release(worker: Tesseract.Worker | undefined) {
    const next = waiting.shift();
    if (closed && worker) void worker.terminate();
    else if (next) next(worker);
    else if (worker) idle.push(worker);
  }

  /** Recognises within the page's time limit; a worker that overran is terminated and its slot freed for a new one. */
  async function recognise(image: Uint8Array, clock: PageClock): Promise<Tesseract.Page | 'timeout' | 'unreadable'> {
    const worker = await acquire();
    if (!worker) return 'unreadable';
    try {
      const result = await clock.within(worker.recognize(Buffer.from(image), {}, { text: false, blocks: true }));
      if (!result) {
        started -= 1;
        void worker.terminate();
        release(undefined);
        return 'timeout';
      }
      release(worker);
      return result.data;
    } catch {
      release(worker);
      return 'unreadable';
    }
  }

  /**
   * One detection at a time on the one orientation worker, taken in turn here rather than queued inside the worker,
   * so that a page's clock runs only while its own detection does.
   */
  let orientationTurn: Promise<void> = Promise.resolve();
  async function inTurn<T>(run: () => Promise<T>): Promise<T> {
    const before = orientationTurn;
    let done = () => {};
    orientationTurn = new Promise<void>((resolve) => (done = resolve));
    await before;
    try {
      return await run();
    } finally {
      done();
    }
  }

  /** How far to turn the page, by orientation detection within the page's time; a detection that overruns is stopped. */
  async function turnDegrees(image: Uint8Array, clock: PageClock): Promise<number> {
    try {
      return await inTurn(async () => {
        orientation ??= orientationWorker();
        const worker = await orientation;
        const result = await clock.within(worker.detect(Buffer.from(image)));
        if (!result) {
          orientation = undefined;
          void worker.terminate();
          return 0;
        }
        // tesseract's angle is how far the text is turned; turning the page on by that much sets it upright.
        return (result.data.orientation_confidence ?? 0) >= 2 ? (result.data.orientation_degrees ?? 0) : 0;
      });
    } catch {
      return 0;
    }
  }

  return {
    async read(image) {
      const clock = pageClock(pageTimeoutMs);
      let prepared: Uint8Array;
      try {
        prepared = await forRecognition(image, 0);
      } catch {
        return { ok: false, reason: 'unreadable' };
      }
      // A scan fed in sideways or upside down: tesseract's orientation detection says how far to turn it. Should the
      // turned page read worse than an upright reading would, the upright one is read too and the better kept.
      const degrees = await turnDegrees(prepared, clock);
      let page = await recognise(degrees ? await forRecognition(image, degrees) : prepared, clock);
      if (degrees && (typeof page === 'string' || page.confidence < TRY_TURNING_BELOW)) {
        const upright = await recognise(prepared, clock);
        if (typeof upright !== 'string' && (typeof page === 'string' || upright.confidence > page.confidence)) page = upright;
      }
      if (typeof page === 'string') return { ok: false, reason: page };
      const { text, heading, trustedWords } = textOfPage(page);
      // A blank page (the back of a sheet) reads to nothing and is no failure; words tesseract barely believes are.
      if (text === '') return { ok: true, text: '', confidence: 0 };
      if (page.confidence < UNREADABLE_CONFIDENCE || trustedWords === 0) return { ok: false, reason: 'unreadable' };
      return { ok: true, text, ...(heading ? { heading } : {}), confidence: Math.round(page.confidence) };
    },
    async close() {
      closed = true;
      const all = [...idle.splice(0)];
      for (const resolve of waiting.splice(0)) resolve(undefined);
      const osd = orientation;
      await Promise.allSettled([...all.map((worker) => worker.terminate()), osd?.then((worker) => worker.terminate())]);
    },
  };
}

/**
 * The image tesseract reads: upright as its EXIF orientation says (a phone photo), turned by `degrees`, in grey,
 * scaled so its longer side is between OCR_MIN_SIDE and OCR_MAX_SIDE, as a binary PGM — which tesseract's image
 * library reads without decompressing anything.
 */
export async function forRecognition(image: Uint8Array, degrees: number): Promise<Uint8Array> {
  const options = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'none' } as const;
  const { width = 0, height = 0, orientation = 1 } = await sharp(image, options).metadata();
  // EXIF orientations 5–8 and a quarter turn swap the sides.
  const swapped = (orientation >= 5) !== (degrees % 180 !== 0);
  const longer = Math.max(width, height);
  const scale = longer > OCR_MAX_SIDE ? OCR_MAX_SIDE / longer : longer < OCR_MIN_SIDE ? Math.min(2, OCR_MIN_SIDE / longer) : 1;
  const [outWidth, outHeight] = swapped ? [height, width] : [width, height];
  let pipeline = sharp(image, options).autoOrient();
  if (degrees) pipeline = sharp(await pipeline.toBuffer(), options).rotate(degrees);
  const { data, info } = await pipeline
    .greyscale()
    .resize(scale === 1 ? undefined : { width: Math.round(outWidth * scale), height: Math.round(outHeight * scale) })
    .raw()
    .toBuffer({ resolveWithObject: true });
  // Light text on a dark slide: tesseract looks for dark text only (its own search for inverted text, which doubles
  // the time of every page, is off), so a mostly dark page is inverted.
  if (meanOf(data) < DARK_PAGE_MEAN) for (let index = 0; index < data.length; index += 1) data[index] = 255 - (data[index] ?? 0);
  return Buffer.concat([Buffer.from(`P5\n${info.width} ${info.height}\n255\n`), data]);
}

/** A page whose grey pixels average below this is a dark background with light text. */
const DARK_PAGE_MEAN = 100;

/** The mean of every 7th byte: enough to tell a dark page from a light one. */
function meanOf(pixels: Uint8Array): number {
  let sum = 0;
  let count = 0;
  for (let index = 0; index < pixels.length; index += 7) {
    sum += pixels[index] ?? 0;
    count += 1;
  }
  return count === 0 ? 255 : sum / count;
}

/** Larger images are refused before any pixel is decoded (an "image bomb" declares huge dimensions in a tiny file). */
export const MAX_INPUT_PIXELS = 100_000_000;

/**
 * The page's text as paragraphs separated by blank lines, a hyphenated word joined across lines; words tesseract
 * barely believes (confidence under 15, most often specks of dirt read as letters) are left out. The heading is the
 * first paragraph when it is one short line, read with confidence, set clearly taller than the page's median line. `trustedWords` counts
 * the words of three letters or more read with a confidence of 60 or more.
 */
function textOfPage(page: Tesseract.Page): { text: string; heading?: string; trustedWords: number } {
  const paragraphs = (page.blocks ?? []).flatMap((block) => block.paragraphs);
  const lineHeights = paragraphs.flatMap((paragraph) => paragraph.lines.map((line) => line.bbox.y1 - line.bbox.y0)).sort((a, b) => a - b);
  const median = lineHeights[Math.floor(lineHeights.length / 2)] ?? 0;
  const texts = paragraphs
    .map((paragraph) =>
      paragraph.lines
        .map((line) => line.words.filter((word) => word.confidence >= 15).map((word) => word.text).join(' '))
        .filter((line) => line.trim() !== '')
        .join('\n'),
    )
    .filter((paragraph) => paragraph.trim() !== '');
  const text = cleanLayoutText(texts.join('\n\n'));
  // Specks read as "ee" or "i": a page with no word of three letters that tesseract believes holds no text.
  const trustedWords = paragraphs
    .flatMap((paragraph) => paragraph.lines.flatMap((line) => line.words))
    .filter((word) => word.confidence >= 60 && /\p{L}{3}/u.test(word.text)).length;
  const first = paragraphs.find((paragraph) => paragraph.text.trim() !== '');
  const firstLine = first?.lines[0];
  const heading =
    first && firstLine && first.lines.length === 1 && firstLine.confidence >= 85 && firstLine.bbox.y1 - firstLine.bbox.y0 >= median * 1.25
      ? cleanLayoutText(firstLine.text).replace(/\s+/g, ' ')
      : undefined;
  return heading && heading.length <= 120 && /\p{L}{3}/u.test(heading) ? { text, heading, trustedWords } : { text, trustedWords };
}
