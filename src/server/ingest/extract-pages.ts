import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import { startThread } from '../threads/start-thread';
import { declaredPdfPageCount } from './pdf-page-count';
import type { ExtractionMessage } from './extraction-worker';
import type { OcrLanguage } from './ocr';
import type { OcrProgress, PagesRead, ParseRequest } from './parse-document';
import type { ExtractionFailure, ExtractionLimits, ExtractionResult, FileKind } from './types';
import { checkWholeDocument, defaultExtractionLimits, failureMessages } from './types';

export interface ExtractPagesOptions {
  bytes: Uint8Array;
  /** From detectFileKind: extraction trusts it and does not sniff again. */
  kind: FileKind;
  limits: Pick<ExtractionLimits, 'maxPages'> & Partial<ExtractionLimits>;
  /** A PDF at least this large is split between threads; SPLIT_PDF_BYTES unless a test sets it. */
  splitAboveBytes?: number;
  /** The course's language, for OCR ('en' unless given). */
  language?: OcrLanguage;
  /** Pages read by OCR so far, of all to be read, over all threads of the file. */
  onProgress?: OcrProgress;
  /**
   * Pages whose text is final, as soon as a thread knows them (PDF; see pdfPages): in no particular order, each once.
   * The result holds them all again; a failed extraction may have announced some before it failed.
   */
  onPages?: PagesRead;
}

/** A PDF at least this large is read by several threads at once, each taking a run of its pages. */
export const SPLIT_PDF_BYTES = 1024 * 1024;

/** How many threads read one large PDF: at most two, and one on a single-core machine. */
function threadsFor(kind: FileKind, bytes: Uint8Array, splitAboveBytes: number): number {
  return kind === 'pdf' && bytes.length >= splitAboveBytes ? Math.min(2, availableParallelism()) : 1;
}

/**
 * Extracts the pages of text of a file in a worker thread with a wall-clock timeout and a heap limit, so that a
 * hostile or pathological file costs at most one terminated thread. A large PDF is split between two threads (pdf.js
 * reads page by page, so each opens the file and reads its half), which nearly halves the wait on a long book; each
 * thread has the same limits, and the first failure ends all of them. Resolves with a failure, never rejects.
 */
export async function extractPages(options: ExtractPagesOptions): Promise<ExtractionResult> {
  const { bytes, kind, limits, splitAboveBytes = SPLIT_PDF_BYTES, language = 'en', onProgress, onPages } = options;
  // A PDF declaring more pages than the plan allows is refused before a thread loads it (pdf-page-count.ts).
  const declared = kind === 'pdf' ? declaredPdfPageCount(bytes) : null;
  if (declared !== null && declared > limits.maxPages) {
    return { ok: false, reason: 'too-many-pages', ...failureMessages.tooManyPages(declared, limits.maxPages) };
  }
  const threads = threadsFor(kind, bytes, splitAboveBytes);
  const release = await reserveExtractionBytes(bytes.length * threads);
  try {
    return await extractInThreads({ ...options, bytes, kind, limits, splitAboveBytes, language }, threads, onProgress, onPages);
  } finally {
    release();
  }
}

/**
 * Bytes of the files being read at once, counted per thread: each thread gets its own copy of the file, and pdf.js
 * keeps its structures beside it — memory outside the threads' heap limits. Past the budget a file waits until the
 * others are done; a file larger than the budget is read alone. So three large files arriving at once are read one
 * after the other instead of holding six copies (issue 23).
 */
const extractionBudget = { bytes: 384 * 1024 * 1024, inFlight: 0, peak: 0 };
const waitingForBytes: Array<() => void> = [];

/** Sets the budget (a test of the waiting does it with small files); returns the one before. */
export function setExtractionBytesBudget(bytes: number): number {
  const before = extractionBudget.bytes;
  extractionBudget.bytes = bytes;
  return before;
}

/** The most bytes read at once since the last call (tests watch the budget with it). */
export function takePeakExtractionBytes(): number {
  const peak = extractionBudget.peak;
  extractionBudget.peak = extractionBudget.inFlight;
  return peak;
}

async function reserveExtractionBytes(bytes: number): Promise<() => void> {
  while (extractionBudget.inFlight > 0 && extractionBudget.inFlight + bytes > extractionBudget.bytes) {
    await new Promise<void>((resolve) => waitingForBytes.push(resolve));
  }
  extractionBudget.inFlight += bytes;
  extractionBudget.peak = Math.max(extractionBudget.peak, extractionBudget.inFlight);
  return () => {
    extractionBudget.inFlight -= bytes;
    for (const wake of waitingForBytes.splice(0)) wake();
  };
}

async function extractInThreads(
  options: ExtractPagesOptions & { splitAboveBytes: number; language: OcrLanguage },
  threads: number,
  onProgress: OcrProgress | undefined,
  onPages: PagesRead | undefined,
): Promise<ExtractionResult> {
  const { bytes, kind, limits, language } = options;
  // OCR uses every core: two pages at once in a single thread, one in each of two threads.
  const ocrWorkers = Math.max(1, Math.floor(Math.min(2, availableParallelism()) / threads));
  const request: ParseRequest = { bytes, kind, limits: { ...defaultExtractionLimits, ...limits }, language, ocrWorkers };
  const progressOfPart = Array.from({ length: threads }, () => ({ done: 0, total: 0 }));
  const reportOf = (index: number): OcrProgress => (done, total) => {
    progressOfPart[index] = { done, total };
    onProgress?.(
      progressOfPart.reduce((sum, part) => sum + part.done, 0),
      progressOfPart.reduce((sum, part) => sum + part.total, 0),
    );
  };
  const listeners = (index: number): PartListeners => ({ progress: reportOf(index), pages: onPages });
  if (threads === 1) return inWorker(request, listeners(0));
  const controller = new AbortController();
  const parts = await Promise.all(
    Array.from({ length: threads }, async (_, index) => {
      const result = await inWorker({ ...request, part: { index, of: threads } }, listeners(index), controller.signal);
      if (!result.ok) controller.abort();
      return result;
    }),
  );
  // The failure that stopped the others, not the "stopped" the others then report.
  const failed = parts.find((part) => !part.ok && part.reason !== 'cancelled') ?? parts.find((part) => !part.ok);
  if (failed) return failed;
  const pages = parts.flatMap((part) => (part.ok ? part.pages : []));
  const unreadable = parts.flatMap((part) => (part.ok ? (part.unreadablePages ?? []) : []));
  return checkWholeDocument(pages, kind, request.limits, unreadable);
}

/**
 * Threads kept warm between files. A new thread pays for loading pdf.js and for code the JIT has not optimised yet —
 * about a third of the time on a long PDF — so a thread whose file parsed fine waits for the next one: at most two
 * idle, each for five minutes, and each retired after twenty files. A thread that failed, timed out or was stopped
 * is never reused. Idle threads do not keep the process alive.
 */
const MAX_IDLE_THREADS = 2;
const IDLE_MS = 5 * 60_000;
const FILES_PER_THREAD = 20;

interface PooledThread {
  worker: Worker;
  memoryMb: number;
  files: number;
  idleTimer?: NodeJS.Timeout;
}

const idleThreads: PooledThread[] = [];

/** How many extraction threads wait for work (tests watch reuse with it). */
export function idleExtractionThreads(): number {
  return idleThreads.length;
}

function acquireThread(memoryMb: number): PooledThread {
  const index = idleThreads.findIndex((thread) => thread.memoryMb === memoryMb);
  if (index >= 0) {
    const [thread] = idleThreads.splice(index, 1);
    if (thread) {
      clearTimeout(thread.idleTimer);
      thread.worker.ref();
      return thread;
    }
  }
  const worker = startThread('extraction-worker', { resourceLimits: { maxOldGenerationSizeMb: memoryMb } });
  const thread: PooledThread = { worker, memoryMb, files: 0 };
  // A thread that dies while idle leaves the pool.
  worker.once('exit', () => removeIdle(thread));
  return thread;
}

function removeIdle(thread: PooledThread) {
  const index = idleThreads.indexOf(thread);
  if (index >= 0) idleThreads.splice(index, 1);
  clearTimeout(thread.idleTimer);
}

function releaseThread(thread: PooledThread) {
  thread.files += 1;
  if (thread.files >= FILES_PER_THREAD || idleThreads.length >= MAX_IDLE_THREADS) {
    void thread.worker.terminate();
    return;
  }
  thread.worker.unref();
  thread.idleTimer = setTimeout(() => {
    removeIdle(thread);
    void thread.worker.terminate();
  }, IDLE_MS).unref();
  idleThreads.push(thread);
}

/** Where a thread's messages before its result go. */
interface PartListeners {
  progress: OcrProgress;
  pages: PagesRead | undefined;
}

/**
 * Runs one parse request in a worker thread; `signal` stops it early (another part failed). The file's time limit
 * grows by the OCR budget of each page the thread says it will read as an image.
 */
function inWorker(request: ParseRequest, listeners: PartListeners, signal?: AbortSignal): Promise<ExtractionResult> {
  return new Promise((resolve) => {
    const thread = acquireThread(request.limits.maxMemoryMb);
    const { worker } = thread;
    let settled = false;
    const finish = (result: ExtractionResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', cancel);
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
      if (result.ok) releaseThread(thread);
      else void worker.terminate();
      resolve(result);
    };
    let budgeted = 0;
    const onMessage = (message: ExtractionMessage) => {
      if (message.type === 'result') return finish(message.result);
      if (message.type === 'pages') return listeners.pages?.(message.pages, message.pageCount);
      if (message.total > budgeted) {
        clearTimeout(timer);
        const extra = (message.total - budgeted) * request.limits.ocrPageBudgetMs;
        deadline += extra;
        budgeted = message.total;
        timer = setTimeout(onTimeout, deadline - Date.now());
      }
      listeners.progress(message.done, message.total);
    };
    const onError = (error: Error) => finish(failureOfWorkerError(error));
    const onExit = (code: number) =>
      finish({ ok: false, reason: 'corrupt', ...failureMessages.corrupt, detail: `worker exited with code ${code}` });
    const cancel = () => finish({ ok: false, reason: 'cancelled', ...failureMessages.corrupt });
    signal?.addEventListener('abort', cancel);
    const started = Date.now();
    let deadline = started + request.limits.timeoutMs;
    const onTimeout = () => finish({ ok: false, reason: 'timeout', ...failureMessages.timeout(deadline - started) });
    let timer = setTimeout(onTimeout, request.limits.timeoutMs);
    worker.on('message', onMessage);
    worker.on('error', onError);
    worker.on('exit', onExit);
    worker.postMessage(request);
  });
}

function failureOfWorkerError(error: Error): ExtractionFailure {
  if ((error as NodeJS.ErrnoException).code === 'ERR_WORKER_OUT_OF_MEMORY') {
    return { ok: false, reason: 'out-of-memory', ...failureMessages.outOfMemory, detail: error.message };
  }
  return { ok: false, reason: 'corrupt', ...failureMessages.corrupt, detail: String(error) };
}

