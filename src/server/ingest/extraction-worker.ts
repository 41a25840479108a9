import { parentPort } from 'node:worker_threads';
import type { ParseRequest } from './parse-document';
import { parseDocument } from './parse-document';

// Entry point of the extraction threads (extract-pages.ts): each message is one file to parse, answered with its
// result. A thread whose parse succeeded may be given the next file; any other ends with the thread terminated.
parentPort?.on('message', (request: ParseRequest) => {
  void parseDocument(request).then((result) => parentPort?.postMessage(result));
});
