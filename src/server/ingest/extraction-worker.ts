import { parentPort, workerData } from 'node:worker_threads';
import type { ExtractionWorkerData } from './extract-pages';
import { parseDocument } from './parse-document';

// Entry point of the worker thread extractPages starts: parse the one file it was given and report; the caller
// terminates the thread.
parentPort?.postMessage(await parseDocument((workerData as ExtractionWorkerData).request));
