import { parentPort } from 'node:worker_threads';
import type { ParseRequest } from './parse-document';
import { parseDocument } from './parse-document';
import type { ExtractedPage, ExtractionResult } from './types';

/**
 * What an extraction thread posts: progress of its pages read by OCR, pages whose text is final as soon as they are
 * (PDF), then once the result of its file.
 */
export type ExtractionMessage =
  | { type: 'progress'; done: number; total: number }
  | { type: 'pages'; pages: ExtractedPage[]; pageCount: number }
  | { type: 'result'; result: ExtractionResult };

// Entry point of the extraction threads (extract-pages.ts): each message is one file to parse, answered with its
// result. A thread whose parse succeeded may be given the next file; any other ends with the thread terminated.
parentPort?.on('message', (request: ParseRequest) => {
  const post = (message: ExtractionMessage) => parentPort?.postMessage(message);
  const progress = (done: number, total: number) => post({ type: 'progress', done, total });
  const pages = (read: ExtractedPage[], pageCount: number) => {
    if (read.length > 0) post({ type: 'pages', pages: read, pageCount });
  };
  void parseDocument(request, progress, pages).then((result) => post({ type: 'result', result }));
});
