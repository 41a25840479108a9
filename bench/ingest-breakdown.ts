/**
 * `bench:ingest --breakdown`: where the time from the upload to the last artefact goes, from what the server logs
 * (the ingest job's 'file text ready', each artefact job's 'study artefact ready') and what the benchmark sees (the
 * endpoint's answer). Every figure is milliseconds since the upload started; medians over the runs.
 */
import { Writable } from 'node:stream';
import pino from 'pino';
import type { Logger } from '../src/server/logger';
import { median } from './median';

interface Record {
  time: number;
  msg: string;
  fileId?: string;
  kind?: string;
  ms?: number;
  engineMs?: number;
  storageMs?: number;
  announcedMs?: number[];
  extractedMs?: number;
  keptMs?: number;
  ocrPages?: number;
}

/** A logger at info level whose records stay in memory, for `breakdownOf`. */
export function recordingLogger(): { log: Logger; records: Record[] } {
  const records: Record[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) records.push(JSON.parse(line) as Record);
      done();
    },
  });
  return { log: pino({ level: 'info' }, sink), records };
}

/** One run's steps, in milliseconds since the upload started (`startedAt`, a performance.now() time). */
export function breakdownOf(records: readonly Record[], run: { fileId: string; startedAt: number; uploadedMs: number }): Map<string, number> {
  const since = (epochMs: number) => epochMs - (performance.timeOrigin + run.startedAt);
  const steps = new Map<string, number>([['endpoint answered (stored, job sent)', run.uploadedMs]]);
  const text = records.find((record) => record.fileId === run.fileId && record.msg === 'file text ready');
  if (!text || text.keptMs === undefined) return steps;
  const claimed = since(text.time) - text.keptMs;
  steps.set('ingest job claimed the file', claimed);
  steps.set('file read from storage', claimed + (text.storageMs ?? 0));
  const announced = text.announcedMs ?? [];
  if (announced.length > 0) {
    steps.set('first pages announced by a thread', claimed + Math.min(...announced));
    steps.set('last pages announced', claimed + Math.max(...announced));
  }
  steps.set(`extraction done (${text.ocrPages ?? 0} pages by OCR)`, claimed + (text.extractedMs ?? 0));
  steps.set('pages stored, artefacts queued', since(text.time));
  const artefacts = records.filter((record) => record.fileId === run.fileId && record.msg === 'study artefact ready');
  for (const artefact of artefacts) {
    const end = since(artefact.time);
    steps.set(`${artefact.kind}: started`, end - (artefact.ms ?? 0));
    steps.set(`${artefact.kind}: engine took`, artefact.engineMs ?? 0);
    steps.set(`${artefact.kind}: ready`, end);
  }
  return steps;
}

/** Prints the median of each step over the runs, in the order of the first run. */
export function printBreakdown(runs: readonly Map<string, number>[]): void {
  const names = [...new Set(runs.flatMap((steps) => [...steps.keys()]))];
  console.log(`breakdown (median ms since the upload started, ${runs.length} runs):`);
  for (const name of names) {
    const values = runs.map((steps) => steps.get(name)).filter((value): value is number => value !== undefined);
    console.log(`  ${name.padEnd(46)} ${median(values).toFixed(0).padStart(6)}`);
  }
}
