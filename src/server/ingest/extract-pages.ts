import type { WorkerOptions } from 'node:worker_threads';
import { Worker } from 'node:worker_threads';
import type { ParseRequest } from './parse-document';
import type { ExtractionFailure, ExtractionLimits, ExtractionResult, FileKind } from './types';
import { defaultExtractionLimits, failureMessages } from './types';

export interface ExtractPagesOptions {
  bytes: Uint8Array;
  /** From detectFileKind: extraction trusts it and does not sniff again. */
  kind: FileKind;
  limits: Pick<ExtractionLimits, 'maxPages'> & Partial<ExtractionLimits>;
}

/** What the worker entry receives; the tsx fields are set only when running from TypeScript sources. */
export interface ExtractionWorkerData {
  request: ParseRequest;
  tsxApiUrl?: string;
  tsEntryUrl?: string;
}

/**
 * Extracts the pages of text of a file in a worker thread with a wall-clock timeout and a heap limit, so that a
 * hostile or pathological file costs at most one terminated thread. Resolves with a failure, never rejects.
 */
export function extractPages({ bytes, kind, limits }: ExtractPagesOptions): Promise<ExtractionResult> {
  const request: ParseRequest = { bytes, kind, limits: { ...defaultExtractionLimits, ...limits } };
  return new Promise((resolve) => {
    const worker = startWorker(request);
    let settled = false;
    const finish = (result: ExtractionResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      resolve(result);
    };
    const timer = setTimeout(
      () => finish({ ok: false, reason: 'timeout', ...failureMessages.timeout(request.limits.timeoutMs) }),
      request.limits.timeoutMs,
    );
    worker.once('message', (result: ExtractionResult) => finish(result));
    worker.once('error', (error) => finish(failureOfWorkerError(error)));
    worker.once('exit', (code) =>
      finish({ ok: false, reason: 'corrupt', ...failureMessages.corrupt, detail: `worker exited with code ${code}` }),
    );
  });
}

function failureOfWorkerError(error: Error): ExtractionFailure {
  if ((error as NodeJS.ErrnoException).code === 'ERR_WORKER_OUT_OF_MEMORY') {
    return { ok: false, reason: 'out-of-memory', ...failureMessages.outOfMemory, detail: error.message };
  }
  return { ok: false, reason: 'corrupt', ...failureMessages.corrupt, detail: String(error) };
}

// A worker thread cannot load TypeScript by itself, and `--import tsx` in a worker's execArgv is ignored on Node 20,
// so from sources (vitest, tsx in development) a small script registers tsx in the thread and then loads the entry.
const tsBootstrap = `
const { workerData } = require('node:worker_threads');
import(workerData.tsxApiUrl).then((tsx) => { tsx.register(); return import(workerData.tsEntryUrl); });
`;

/** The production bundle holds the worker as dist/server/extraction-worker.js beside main.js (scripts/build-server.mjs). */
function startWorker(request: ParseRequest): Worker {
  const options: WorkerOptions = { resourceLimits: { maxOldGenerationSizeMb: request.limits.maxMemoryMb } };
  if (!import.meta.url.endsWith('.ts')) {
    const workerData: ExtractionWorkerData = { request };
    return new Worker(new URL('./extraction-worker.js', import.meta.url), { ...options, workerData });
  }
  const workerData: ExtractionWorkerData = {
    request,
    tsxApiUrl: import.meta.resolve('tsx/esm/api'),
    tsEntryUrl: new URL('./extraction-worker.ts', import.meta.url).href,
  };
  return new Worker(tsBootstrap, { ...options, eval: true, workerData });
}
