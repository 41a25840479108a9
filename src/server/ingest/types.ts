/**
 * The document formats the ingest pipeline reads; `doc` is legacy binary Word (OLE compound file), `image` a photo or
 * screenshot (JPEG, PNG, WebP) read by OCR as a file of one page.
 */
export type FileKind = 'pdf' | 'docx' | 'pptx' | 'doc' | 'txt' | 'md' | 'image';

/** One page of text. DOCX, TXT and legacy DOC have no pages of their own; their "pages" are sections (see splitIntoPages). */
export interface ExtractedPage {
  pageNumber: number;
  text: string;
  heading?: string;
  /** Set on a page read by OCR: tesseract's mean word confidence, 0–100 (below LOW_CONFIDENCE the page is marked). */
  ocrConfidence?: number;
}

export type ExtractionFailureReason =
  | 'encrypted'
  | 'corrupt'
  | 'no-text'
  | 'too-many-pages'
  | 'too-large-expanded'
  | 'timeout'
  | 'out-of-memory'
  | 'unsupported'
  | 'image-too-large'
  // One thread of a split extraction stopped because another failed; never the result of a whole extraction.
  | 'cancelled';

/**
 * A failure as the user reads it: `message` in English (stored as the file's error), and a stable `key` with `params`
 * that the client translates (namespace 'ingest', src/client/locales/<lang>/ingest.json).
 */
export interface FailureText {
  key: IngestErrorKey;
  params?: Record<string, string | number>;
  message: string;
}

export type ExtractionResult =
  /** `unreadablePages`: pages OCR could not read (named in the file's status; the file is read without them). */
  | { ok: true; pages: ExtractedPage[]; pageCount: number; unreadablePages?: number[] }
  | ({ ok: false; reason: ExtractionFailureReason; detail?: string } & FailureText);

export type ExtractionFailure = Extract<ExtractionResult, { ok: false }>;

export interface ExtractionLimits {
  /** The plan's pagesPerFile. */
  maxPages: number;
  /** Sum of the declared uncompressed sizes of a zip's entries (DOCX, PPTX), checked before anything is inflated. */
  maxExpandedBytes: number;
  maxZipEntries: number;
  timeoutMs: number;
  /** V8 old-generation heap of the worker thread that parses the file. */
  maxMemoryMb: number;
  /**
   * Reading one page by OCR, counting only the page's own work (ocr.ts); a page over it is named unreadable and the
   * others go on. A guard against a page that never ends, not a bar of speed: a page takes about 5 s on an idle core,
   * and several times that on a small server busy with other files and study material, which must not cost it its text.
   */
  ocrPageTimeoutMs: number;
  /**
   * What each page to be read by OCR adds to the file's limit (timeoutMs), for the pages the thread announces before it
   * starts: what a page may take on average on a busy server, not the most.
   */
  ocrPageBudgetMs: number;
}

export const defaultExtractionLimits: Omit<ExtractionLimits, 'maxPages'> = {
  maxExpandedBytes: 256 * 1024 * 1024,
  maxZipEntries: 10_000,
  timeoutMs: 60_000,
  maxMemoryMb: 512,
  ocrPageTimeoutMs: 120_000,
  ocrPageBudgetMs: 20_000,
};

/** Thrown by the parsers inside the worker for failures the user can act on; anything else counts as a damaged file. */
export class ExtractionError extends Error {
  override name = 'ExtractionError';
  readonly reason: ExtractionFailureReason;
  readonly text: FailureText;

  constructor(reason: ExtractionFailureReason, text: FailureText) {
    super(text.message);
    this.reason = reason;
    this.text = text;
  }
}

/**
 * Every reason a file can end failed, as keys of the client's 'ingest' namespace. Stored with the file (error_key):
 * renaming one needs a migration of the stored rows, so keys are only ever added.
 */
export const ingestErrorKeys = [
  'encrypted',
  'corrupt',
  'noText',
  'noTextInDocument',
  'outOfMemory',
  'unsupported',
  'tooManyPages',
  'tooManyPagesAtLeast',
  'tooLargeExpanded',
  'tooManyEntries',
  'timeout',
  'missingBlob',
  'failedAfterRetries',
  'notQueued',
  'noTranscript',
  'noTextAfterOcr',
  'noTextInImage',
  'imageTooLarge',
] as const;
export type IngestErrorKey = (typeof ingestErrorKeys)[number];

const pagesWord = (count: number) => (count === 1 ? 'page' : 'pages');

/** The English text of each failure with its key and params; `count` is there for the translation's plural forms. */
export const failureMessages = {
  encrypted: { key: 'encrypted', message: 'This PDF is password-protected.' },
  corrupt: { key: 'corrupt', message: 'This file is damaged and cannot be read.' },
  // A PDF without text is nearly always a scan; a Word file or deck without text holds only images or empty tables.
  noText: { key: 'noText', message: 'No text found in this file. Scanned documents need a text layer (OCR) first.' },
  noTextInDocument: { key: 'noTextInDocument', message: 'No text found in this file. It may hold only images or empty tables.' },
  noTextAfterOcr: { key: 'noTextAfterOcr', message: 'No readable text found in this file, not even by reading its pages as images.' },
  noTextInImage: { key: 'noTextInImage', message: 'No readable text found in this image.' },
  imageTooLarge: (width: number, height: number, limitPixels: number): FailureText => {
    const megapixels = Math.round((width * height) / 1_000_000);
    const limit = Math.round(limitPixels / 1_000_000);
    return {
      key: 'imageTooLarge',
      params: { width, height, megapixels, limit },
      message: `This image is ${width} × ${height} pixels (${megapixels} megapixels); at most ${limit} megapixels can be read.`,
    };
  },
  outOfMemory: { key: 'outOfMemory', message: 'This file needs too much memory to read.' },
  unsupported: { key: 'unsupported', message: 'This file type is not supported.' },
  tooManyPages: (pages: number, limit: number, atLeast = false): FailureText => ({
    key: atLeast ? 'tooManyPagesAtLeast' : 'tooManyPages',
    params: { pages, limit, count: limit },
    message: `This file has ${atLeast ? 'at least ' : ''}${pages} pages; your plan allows up to ${limit} ${pagesWord(limit)} per file.`,
  }),
  tooLargeExpanded: (limitBytes: number): FailureText => {
    const limit = Math.round(limitBytes / (1024 * 1024));
    return {
      key: 'tooLargeExpanded',
      params: { limit },
      message: `This file unpacks to more than ${limit} MB, which is over the limit.`,
    };
  },
  tooManyEntries: (entries: number, limit: number): FailureText => ({
    key: 'tooManyEntries',
    params: { entries, limit },
    message: `This file holds ${entries} packed parts; at most ${limit} are allowed.`,
  }),
  timeout: (timeoutMs: number): FailureText => {
    const seconds = Math.max(1, Math.round(timeoutMs / 1000));
    return {
      key: 'timeout',
      params: { seconds, count: seconds },
      message: `Reading this file took longer than ${timeoutMs < 1000 ? `${timeoutMs} ms` : `${seconds} seconds`} and was stopped.`,
    };
  },
  // Failures of the ingest job around extraction.
  missingBlob: { key: 'missingBlob', message: 'The uploaded file is missing. Please delete it and upload it again.' },
  failedAfterRetries: { key: 'failedAfterRetries', message: 'Reading this file failed. Please retry.' },
  notQueued: { key: 'notQueued', message: 'Reading this file could not be started. Please retry.' },
  noTranscript: {
    key: 'noTranscript',
    message: 'No transcript could be fetched for this video. Paste the transcript to study it.',
  },
} as const satisfies Record<string, FailureText | ((...args: never[]) => FailureText)>;

/** Why a file has no text, by kind: a PDF's pages and an image were read by OCR too. */
const noTextFailure: Record<FileKind, FailureText> = {
  pdf: failureMessages.noTextAfterOcr,
  image: failureMessages.noTextInImage,
  docx: failureMessages.noTextInDocument,
  pptx: failureMessages.noTextInDocument,
  doc: failureMessages.noTextInDocument,
  txt: failureMessages.noTextInDocument,
  md: failureMessages.noTextInDocument,
};

/** The checks made on all of a document's pages: within the plan's page limit, and some text somewhere. */
export function checkWholeDocument(
  pages: ExtractedPage[],
  kind: FileKind,
  limits: Pick<ExtractionLimits, 'maxPages'>,
  unreadablePages: number[] = [],
): ExtractionResult {
  if (pages.length > limits.maxPages) {
    return { ok: false, reason: 'too-many-pages', ...failureMessages.tooManyPages(pages.length, limits.maxPages) };
  }
  if (!pages.some((page) => page.text.length > 0)) {
    return { ok: false, reason: 'no-text', ...noTextFailure[kind] };
  }
  return { ok: true, pages, pageCount: pages.length, ...(unreadablePages.length > 0 ? { unreadablePages } : {}) };
}
