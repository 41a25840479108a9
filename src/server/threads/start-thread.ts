import type { WorkerOptions } from 'node:worker_threads';
import { Worker } from 'node:worker_threads';

/**
 * The server's worker-thread entries. The production bundle holds each as dist/server/<name>.js beside main.js and
 * worker.js (scripts/build-server.mjs); from sources each is the TypeScript file at `source`, relative to src/server.
 */
export const threadEntries = {
  'extraction-worker': 'ingest/extraction-worker.ts',
  'study-thread': 'study/engines/local/study-thread.ts',
} as const;

export type ThreadEntry = keyof typeof threadEntries;

/** What a thread started from sources receives: where tsx is and which entry to load once it is registered. */
interface SourceThreadData {
  tsxApiUrl: string;
  tsEntryUrl: string;
}

// A worker thread cannot load TypeScript by itself, and `--import tsx` in a worker's execArgv is ignored on Node 20,
// so from sources (vitest, tsx in development) a small script registers tsx in the thread and then loads the entry.
const tsBootstrap = `
const { workerData } = require('node:worker_threads');
import(workerData.tsxApiUrl).then((tsx) => { tsx.register(); return import(workerData.tsEntryUrl); });
`;

/** Starts a thread running `entry`; work reaches it as messages (a thread's messages wait until it listens). */
export function startThread(entry: ThreadEntry, options: Omit<WorkerOptions, 'workerData' | 'eval'> = {}): Worker {
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL(`./${entry}.js`, import.meta.url), options);
  const workerData: SourceThreadData = {
    tsxApiUrl: import.meta.resolve('tsx/esm/api'),
    tsEntryUrl: new URL(`../${threadEntries[entry]}`, import.meta.url).href,
  };
  return new Worker(tsBootstrap, { ...options, eval: true, workerData });
}
