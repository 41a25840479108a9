/**
 * What the load run measures: every HTTP request's latency (start to the last byte of its body), by kind, with the
 * requests that failed. Only requests sent from `measureFrom` on are kept: seeding and warm-up requests are not.
 */
export interface Sample {
  kind: string;
  /** performance.now() when the request was sent. */
  startedAt: number;
  /** performance.now() when its body had been read to the end (or it failed). */
  endedAt: number;
  ok: boolean;
}

export interface RequestError {
  kind: string;
  /** 'HTTP 500', 'TRPC BAD_REQUEST', 'network: …', 'stream error: …' */
  reason: string;
}

/** Request kinds whose latency is reported but that are not requests of their own (the chat's first byte). */
export const DERIVED_KINDS = new Set(['chat: first byte']);
/** The kinds the "API without chat" line leaves out: the tutor streams its answer at its reading pace. */
export const STREAM_KINDS = new Set(['POST /api/chat (to end of stream)']);

export class Recorder {
  samples: Sample[] = [];
  errors: RequestError[] = [];
  /** performance.now() from which requests are measured: the start of the timed run (none until it is set). */
  measureFrom = Number.POSITIVE_INFINITY;

  record(sample: Sample, error?: string): void {
    if (sample.startedAt < this.measureFrom) return;
    this.samples.push(sample);
    if (error !== undefined) this.errors.push({ kind: sample.kind, reason: error });
  }
}

export interface LatencySummary {
  kind: string;
  requests: number;
  /** Requests per second over the timed run. */
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  errors: number;
}

/** The value below which `fraction` of the sorted values lie (nearest rank). */
export function percentile(sorted: readonly number[], fraction: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.ceil(fraction * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;

export function summarize(kind: string, samples: readonly Sample[], seconds: number): LatencySummary {
  const latencies = samples.map((sample) => sample.endedAt - sample.startedAt).sort((a, b) => a - b);
  return {
    kind,
    requests: samples.length,
    rps: round(samples.length / seconds),
    p50: round(percentile(latencies, 0.5)),
    p95: round(percentile(latencies, 0.95)),
    p99: round(percentile(latencies, 0.99)),
    max: round(latencies.at(-1) ?? 0),
    errors: samples.filter((sample) => !sample.ok).length,
  };
}
