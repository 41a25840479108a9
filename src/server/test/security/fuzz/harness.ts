import fc from 'fast-check';
import type { LogEntry } from '../../harness';
import { internalsIn, secretsIn } from '../leaks';
import { withTimeout } from '../timeout';

/**
 * What every fuzzed answer is held to: no 5xx, nothing of the server's insides, nothing of the victim's, no error in
 * the server's log, no polluted prototype, and an answer within CALL_TIMEOUT_MS (a hang). `fuzzSettings` reads
 * FUZZ_RUNS, FUZZ_SEED and FUZZ_PATH from the environment the test files pass it (only tests and config.ts read it).
 */
export const CALL_TIMEOUT_MS = 5_000;

export interface FuzzSettings {
  /** Cases per property: FUZZ_RUNS, else the CI default. */
  runs: number;
  /** FUZZ_SEED (and FUZZ_PATH) replay a failure: the report of one names both. */
  seed: number | undefined;
  path: string | undefined;
}

type FuzzEnv = { FUZZ_RUNS?: string | undefined; FUZZ_SEED?: string | undefined; FUZZ_PATH?: string | undefined };

export function fuzzSettings(env: FuzzEnv, defaultRuns: number): FuzzSettings {
  const runs = Number(env.FUZZ_RUNS);
  const seed = Number(env.FUZZ_SEED);
  return {
    runs: Number.isInteger(runs) && runs > 0 ? runs : defaultRuns,
    seed: env.FUZZ_SEED !== undefined && Number.isInteger(seed) ? seed : undefined,
    path: env.FUZZ_PATH || undefined,
  };
}

const MAX_SHOWN = 1_500;

/**
 * fast-check's own report, kept readable: a counterexample holding a 400,000-character string is cut, and the line
 * to replay it (FUZZ_SEED, FUZZ_PATH) comes first.
 */
function report(details: fc.RunDetails<unknown>): void {
  if (!details.failed) return;
  const example = fc.stringify(details.counterexample);
  const shown = example.length > MAX_SHOWN ? `${example.slice(0, MAX_SHOWN)}… (${example.length} characters in all)` : example;
  const cause = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
  throw new Error(
    `Property failed after ${details.numRuns} case(s); replay with FUZZ_SEED=${details.seed} FUZZ_PATH=${details.counterexamplePath}\n` +
      `Counterexample: ${shown}\n${cause.slice(0, 4_000)}`,
  );
}

/**
 * fast-check's options for one property: the `examples` first (fast-check counts them in numRuns, so the runs come on
 * top), then FUZZ_RUNS random cases; the seed and path of a replay; the short report.
 */
export function assertOptions<T extends unknown[]>(settings: FuzzSettings, examples: T[] = []): fc.Parameters<T> {
  return {
    numRuns: settings.runs + examples.length,
    examples,
    reporter: report as (details: fc.RunDetails<T>) => void,
    ...(settings.seed === undefined ? {} : { seed: settings.seed }),
    ...(settings.seed !== undefined && settings.path ? { path: settings.path } : {}),
  };
}

/** Requests answered and checked in this process, for the summary each fuzz file prints. */
export const fuzzStats = { requests: 0 };

const prototypeKeys = () => Object.getOwnPropertyNames(Object.prototype).sort().join(',');
const cleanPrototype = prototypeKeys();

export interface Answer {
  status: number;
  text: string;
}

export interface CheckOptions {
  /** Everything the client sent, as text: the answer may echo it. */
  sent: string;
  /** Strings no answer may ever carry (the victim's). */
  secrets?: readonly string[];
  /** The log's entries, to look for errors logged while the call ran. */
  log?: LogEntry[];
  /** Statuses of 500 and up this call may answer on purpose (none, normally). */
  allowStatus?: (status: number, text: string) => boolean;
}

/**
 * The victim's strings the fuzzing callers have sent at some time. A caller may store one as its own data (its profile
 * name set to the victim's id, say) and get it back from a later call with an empty input: an echo of its own words,
 * not a leak. Found by `npm run fuzz` (user.updateProfile after an earlier case had set the name).
 */
const secretsSentBefore = new Set<string>();

/** Runs `call` with a time bound and lists what is wrong with its answer. */
export async function checkAnswer(label: string, call: () => Promise<Answer>, options: CheckOptions): Promise<Answer> {
  const secrets = (options.secrets ?? []).filter((secret) => !secretsSentBefore.has(secret));
  for (const secret of secrets) if (options.sent.includes(secret)) secretsSentBefore.add(secret);
  const logged = options.log?.length ?? 0;
  const answer = await withTimeout(call(), CALL_TIMEOUT_MS, label);
  fuzzStats.requests += 1;
  const problems: string[] = [];
  if (answer.status >= 500 && !options.allowStatus?.(answer.status, answer.text)) problems.push(`answered ${answer.status}`);
  problems.push(...internalsIn(answer.text, options.sent));
  problems.push(...secretsIn(answer.text, secrets, options.sent).map((found) => `the victim's ${found}`));
  // pino's levels: 50 error, 60 fatal.
  const errors = (options.log ?? []).slice(logged).filter((entry) => entry.level >= 50);
  problems.push(...errors.map((entry) => `the server logged an error: ${entry.msg} ${JSON.stringify(entry.err ?? '').slice(0, 300)}`));
  if (prototypeKeys() !== cleanPrototype || ({} as Record<string, unknown>).polluted !== undefined) problems.push('Object.prototype was polluted');
  if (problems.length > 0) {
    throw new Error(`${label}: ${problems.join('; ')}\n  sent: ${options.sent.slice(0, 300)}\n  answer ${answer.status}: ${answer.text.slice(0, 500)}`);
  }
  return answer;
}
