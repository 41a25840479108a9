import { parentPort } from 'node:worker_threads';
import type { ParseRequest } from './parse-document';
import { parseDocument } from './parse-document';
import type { ExtractionResult } from './types';

/** What an extraction thread posts: progress of its pages read by OCR, then once the result of its file. */
export type ExtractionMessage = { type: 'progress'; done: number; total: number } | { type: 'result'; result: ExtractionResult };

// Entry point of the extraction threads (extract-pages.ts): each message is one file to parse, answered with its
// result. A thread whose parse succeeded may be given the next file; any other ends with the thread terminated.
parentPort?.on('message', (request: ParseRequest) => {
  const post = (message: ExtractionMessage) => parentPort?.postMessage(message);
  void parseDocument(request, (done, total) => post({ type: 'progress', done, total })).then((result) => post({ type: 'result', result }));
});
