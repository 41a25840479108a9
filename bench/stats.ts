/**
 * Statistics benchmark: the median time of each statistics procedure (stats.getLessonStats,
 * stats.getUnitStats, stats.getOverallStats with and without a file) for a user with 100,000 attempts over a learn path
 * of 50 units, called through the tRPC router as a signed-in user (input validation, session, access check, SQL) on
 * PGlite in memory, or on the PostgreSQL database BENCH_DATABASE_URL names (migrated by the run; it adds a user of its
 * own each time). Prints medians; asserts nothing.
 *
 *   npm run bench:stats [-- --runs 15] [-- --attempts 100000] [-- --units 50]
 *   BENCH_DATABASE_URL=postgres://localhost/bench npm run bench:stats
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../src/server/config';
import { directory, file } from '../src/server/db/schema';
import { createLogger } from '../src/server/logger';
import { createServices } from '../src/server/services';
import { insertAttempts, insertLearnPath, type AttemptRow } from '../src/server/test/stats-paths';
import { createContext } from '../src/server/trpc/context';
import { appRouter } from '../src/server/trpc/router';
import { median } from './median';

const { values: options } = parseArgs({
  options: {
    runs: { type: 'string', default: '9' },
    attempts: { type: 'string', default: '100000' },
    units: { type: 'string', default: '50' },
  },
});
const runs = Math.max(1, Number(options.runs));
const attemptCount = Math.max(1, Number(options.attempts));
const unitCount = Math.max(1, Number(options.units));
const LESSONS_PER_UNIT = 4;
const CHALLENGES_PER_LESSON = 5;
const DAY = 24 * 60 * 60 * 1000;

/** A fixed pseudo-random sequence, so every run measures the same history. */
function sequence(seed: number) {
  let state = seed;
  return (limit: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return Math.floor((state / 2_147_483_648) * limit);
  };
}

async function main() {
  const runId = Date.now().toString(36);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'studypath-bench-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: process.env.BENCH_LOG ?? 'silent',
    DATA_DIR: dataDir,
    DATABASE_URL: process.env.BENCH_DATABASE_URL || 'memory://',
    BETTER_AUTH_SECRET: 'bench-secret-0123456789abcdefghijklmnopqrstuvwxyz',
  });
  const services = await createServices(config, createLogger(config));
  try {
    const signUp = await services.auth.api.signUpEmail({
      // A user of its own each run, so a PostgreSQL database can be reused.
      body: { name: 'Bench', username: `bench_${runId}`, email: `bench_${runId}@example.test`, password: 'correct horse battery staple' },
      returnHeaders: true,
    });
    const headers = new Headers({ cookie: signUp.headers.getSetCookie().map((entry) => entry.split(';')[0]).join('; ') });
    const userId = signUp.response.user.id;
    const [course] = await services.db.insert(directory).values({ ownerId: userId, name: 'Bench' }).returning();
    const [stored] = await services.db
      .insert(file)
      .values({ ownerId: userId, directoryId: course!.id, name: 'Bench.pdf', extension: 'pdf', mimeType: 'application/pdf', size: 1024, status: 'ready' })
      .returning();
    const fileId = stored!.id;

    let started = performance.now();
    const shape = Array.from({ length: unitCount }, () => Array.from({ length: LESSONS_PER_UNIT }, () => CHALLENGES_PER_LESSON));
    const learnPath = await insertLearnPath(services.db, fileId, shape);
    const challenges = learnPath.units.flatMap((unitEntry) =>
      unitEntry.lessons.flatMap((lessonEntry) => lessonEntry.challengeIds.map((challengeId) => ({ challengeId, lessonId: lessonEntry.id, unitId: unitEntry.id }))),
    );
    const next = sequence(7);
    const statuses = ['correct', 'correct', 'incorrect', 'skipped'] as const;
    const now = Date.now();
    const attempts: AttemptRow[] = Array.from({ length: attemptCount }, () => ({
      ...challenges[next(challenges.length)]!,
      userId,
      status: statuses[next(statuses.length)]!,
      timeToCompleteMs: next(120_000),
      createdAt: new Date(now - next(365 * DAY)),
      // Runs of about ten answers: a challenge is asked in several of them over the year.
      runId: `run-${next(Math.max(1, Math.round(attemptCount / 10)))}`,
    }));
    await insertAttempts(services.db, attempts);
    // The planner's statistics, as autovacuum would have them after a bulk of new rows.
    await services.db.execute(sql`analyze`);
    console.log(
      `setup: ${unitCount} units, ${challenges.length} challenges, ${attemptCount} attempts inserted in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );

    const caller = appRouter.createCaller(() => createContext(services, headers));
    const unitEntry = learnPath.units[Math.floor(unitCount / 2)]!;
    const lessonId = unitEntry.lessons[0]!.id;
    const procedures: Array<[string, () => Promise<unknown>]> = [
      ['stats.getLessonStats', () => caller.stats.getLessonStats({ lessonId })],
      ['stats.getUnitStats', () => caller.stats.getUnitStats({ unitId: unitEntry.id })],
      ['stats.getOverallStats (fileId)', () => caller.stats.getOverallStats({ fileId })],
      ['stats.getOverallStats (all files)', () => caller.stats.getOverallStats({})],
    ];
    // One unmeasured call of each, so module loading, JIT and the first plans count for none.
    for (const [, call] of procedures) await call();
    const times = new Map<string, number[]>(procedures.map(([name]) => [name, []]));
    for (let run = 0; run < runs; run += 1) {
      for (const [name, call] of procedures) {
        started = performance.now();
        await call();
        times.get(name)!.push(performance.now() - started);
      }
    }
    const database = config.database.kind === 'postgres' ? 'PostgreSQL' : 'PGlite in memory';
    console.log(`${runs} runs, user with ${attemptCount} attempts over ${unitCount} units (${database})`);
    for (const [name, values] of times) {
      console.log(`${name.padEnd(36)} median ${median(values).toFixed(1)} ms  (min ${Math.min(...values).toFixed(1)}, max ${Math.max(...values).toFixed(1)})`);
    }
  } finally {
    await services.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
