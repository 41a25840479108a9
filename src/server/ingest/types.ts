/** The document formats the ingest pipeline reads; `doc` is legacy binary Word (OLE compound file). */
export type FileKind = 'pdf' | 'docx' | 'pptx' | 'doc' | 'txt';

export const fileKinds: readonly FileKind[] = ['pdf', 'docx', 'pptx', 'doc', 'txt'];

/** One page of text. DOCX, TXT and legacy DOC have no pages of their own; their "pages" are sections (see splitIntoPages). */
export interface ExtractedPage {
  pageNumber: number;
  text: string;
  heading?: string;
}

export type ExtractionFailureReason =
  | 'encrypted'
  | 'corrupt'
  | 'no-text'
  | 'too-many-pages'
  | 'too-large-expanded'
  | 'timeout'
  | 'out-of-memory'
  | 'unsupported';

export type ExtractionResult =
  | { ok: true; pages: ExtractedPage[]; pageCount: number }
  | { ok: false; reason: ExtractionFailureReason; message: string; detail?: string };

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
}

export const defaultExtractionLimits: Omit<ExtractionLimits, 'maxPages'> = {
  maxExpandedBytes: 256 * 1024 * 1024,
  maxZipEntries: 10_000,
  timeoutMs: 60_000,
  maxMemoryMb: 512,
};

/** Thrown by the parsers inside the worker for failures the user can act on; anything else counts as a damaged file. */
export class ExtractionError extends Error {
  override name = 'ExtractionError';
  readonly reason: ExtractionFailureReason;

  constructor(reason: ExtractionFailureReason, message: string) {
    super(message);
    this.reason = reason;
  }
}

export const failureMessages = {
  encrypted: 'This PDF is password-protected.',
  corrupt: 'This file is damaged and cannot be read.',
  noText: 'No text found in this file. Scanned documents need a text layer (OCR) first.',
  outOfMemory: 'This file needs too much memory to read.',
  unsupported: 'This file type is not supported.',
  tooManyPages: (pages: number, limit: number, atLeast = false) =>
    `This file has ${atLeast ? 'at least ' : ''}${pages} pages; your plan allows up to ${limit} ${limit === 1 ? 'page' : 'pages'} per file.`,
  tooLargeExpanded: (limitBytes: number) =>
    `This file unpacks to more than ${Math.round(limitBytes / (1024 * 1024))} MB, which is over the limit.`,
  tooManyEntries: (entries: number, limit: number) =>
    `This file holds ${entries} packed parts; at most ${limit} are allowed.`,
  timeout: (timeoutMs: number) =>
    `Reading this file took longer than ${timeoutMs < 1000 ? `${timeoutMs} ms` : `${Math.round(timeoutMs / 1000)} seconds`} and was stopped.`,
} as const;
