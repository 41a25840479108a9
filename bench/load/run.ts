/**
 * Load benchmark: N simulated students for a fixed time against the production build on loopback, on
 * PGlite or PostgreSQL. Prints requests per second, p50/p95/p99 latency overall and per kind of request, the errors,
 * and the attempts (and flashcard reviews) recorded in the database against the number the students sent. Asserts
 * nothing; see bench/load/README.md.
 *
 *   npm run bench:load [-- --db pglite|postgres] [--database-url postgres://…] [--students 20] [--seconds 30]
 *                      [--warmup] [--warmup-seconds 10] [--think-ms 0] [--file some.pdf] [--json out.json]
 *                      [--skip-build] [--log-level info] [--keep]
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { countFromPglite, countFromPostgres, startScratchPostgres, type Recorded, type ScratchPostgres } from './database';
import { DERIVED_KINDS, Recorder, STREAM_KINDS, summarize, type LatencySummary } from './metrics';
import { adminEmail, seed } from './seed';
import { build, cpuSecondsOf, freePortInRange, RAISED_RATE_LIMITS, startServer, type RunningServer } from './server';
import { emptySent, Student, type Sent } from './student';

const { values: options } = parseArgs({
  options: {
    db: { type: 'string', default: 'pglite' },
    'database-url': { type: 'string' },
    students: { type: 'string', default: '20' },
    seconds: { type: 'string', default: '30' },
    warmup: { type: 'boolean', default: false },
    'warmup-seconds': { type: 'string', default: '10' },
    'think-ms': { type: 'string', default: '0' },
    file: { type: 'string', default: path.resolve(import.meta.dirname, '../../../shared/testdata/pdfs/tracemonkey.pdf') },
    json: { type: 'string' },
    'skip-build': { type: 'boolean', default: false },
    'log-level': { type: 'string', default: 'info' },
    keep: { type: 'boolean', default: false },
  },
});

function positive(name: string, value: string, allowZero = false): number {
  const number = Number(value);
  if (!Number.isFinite(number) || number < 0 || (!allowZero && number === 0)) throw new Error(`--${name} must be a positive number`);
  return number;
}

const dbKind = options.db;
if (dbKind !== 'pglite' && dbKind !== 'postgres') throw new Error('--db must be pglite or postgres');
if (options['database-url'] && dbKind !== 'postgres') throw new Error('--database-url needs --db postgres');
const studentCount = Math.round(positive('students', options.students));
const seconds = positive('seconds', options.seconds);
const warmupSeconds = options.warmup ? positive('warmup-seconds', options['warmup-seconds']) : 0;
const thinkMs = positive('think-ms', options['think-ms'], true);

const log = (line: string) => process.stdout.write(`${line}\n`);
const fixed = (value: number, digits = 1) => value.toFixed(digits);

/** The table's rows in the order of a visit (a kind not listed comes last). */
const VISIT_ORDER = [
  'POST /api/auth/sign-in',
  'GET /api/auth/get-session',
  'dashboard:',
  'learn.getPath',
  'learn.getLesson',
  'learn.submitAnswer',
  'learn.finishLesson',
  'decks.list',
  'decks.getSession',
  'decks.review',
  'chat: first byte',
  'POST /api/chat',
];

/** Students arrive spread over this long at the start, so that their visits do not march in step. */
const RAMP_UP_MS = 3_000;

/**
 * One continuous run: the students arrive over RAMP_UP_MS, warm up (unmeasured) for `warmupMs`, then run measured for
 * `measuredMs`; at its end no new request is sent and those in flight are awaited. Samples and sent counts go to the
 * phase their request was sent in.
 */
async function runStudents(options: {
  students: Student[];
  recorder: Recorder;
  warmupMs: number;
  measuredMs: number;
  onMeasureStart: () => void;
}): Promise<{ warmupSent: Sent; sent: Sent; measureFrom: number; deadline: number; drainedAt: number }> {
  const startedAt = performance.now();
  const measureFrom = startedAt + options.warmupMs;
  const deadline = measureFrom + options.measuredMs;
  options.recorder.measureFrom = measureFrom;
  const warmupSent = emptySent();
  const sent = emptySent();
  const current = () => (performance.now() >= measureFrom ? sent : warmupSent);
  const timer = setTimeout(options.onMeasureStart, options.warmupMs);
  const isOver = () => performance.now() >= deadline;
  await Promise.all(options.students.map((student) => student.run(isOver, current, Math.random() * RAMP_UP_MS)));
  clearTimeout(timer);
  return { warmupSent, sent, measureFrom, deadline, drainedAt: performance.now() };
}

function table(rows: LatencySummary[]): string {
  const header = ['request', 'count', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms', 'errors'];
  const cells = rows.map((row) => [row.kind, String(row.requests), fixed(row.rps), fixed(row.p50), fixed(row.p95), fixed(row.p99), fixed(row.max), String(row.errors)]);
  const widths = header.map((title, column) => Math.max(title.length, ...cells.map((cell) => cell[column]!.length)));
  const line = (cell: string[]) => cell.map((value, column) => (column === 0 ? value.padEnd(widths[column]!) : value.padStart(widths[column]!))).join('  ');
  return [line(header), widths.map((width) => '-'.repeat(width)).join('  '), ...cells.map(line)].join('\n');
}

async function main() {
  const runId = Date.now().toString(36);
  const pdf = { name: path.basename(options.file), bytes: new Uint8Array(readFileSync(options.file)) as Uint8Array<ArrayBuffer> };

  if (!options['skip-build']) {
    log('building: npm run build');
    build();
  }

  const dataDir = mkdtempSync(path.join(tmpdir(), 'studypath-load-'));
  let scratch: ScratchPostgres | null = null;
  let server: RunningServer | null = null;
  try {
    let databaseUrl: string | undefined;
    const taken: number[] = [];
    if (dbKind === 'postgres') {
      databaseUrl = options['database-url'];
      if (!databaseUrl) {
        const port = await freePortInRange();
        taken.push(port);
        scratch = startScratchPostgres(port);
        databaseUrl = scratch.url;
        log(`scratch PostgreSQL 15 on 127.0.0.1:${port}`);
      }
    }
    const port = await freePortInRange(taken);
    server = await startServer({
      dataDir,
      port,
      databaseUrl,
      logLevel: options['log-level'],
      extraEnv: { ADMIN_EMAILS: adminEmail(runId) },
    });
    log(`server: node dist/server/main.js on ${server.url}, ${dbKind === 'pglite' ? `PGlite in ${dataDir}/db` : 'PostgreSQL'}, local study engine`);
    log(`rate limits raised for the bench (every student is 127.0.0.1): ${Object.entries(RAISED_RATE_LIMITS).map(([name, value]) => `${name}=${value}`).join(' ')}`);

    const recorder = new Recorder();
    const seedStarted = performance.now();
    const accounts = await seed({
      baseUrl: server.url,
      recorder,
      runId,
      students: studentCount,
      pdf,
      // On a terminal the count goes up in place; in a log only the line after it appears.
      onProgress: (done) => {
        if (process.stdout.isTTY) process.stdout.write(`\rseeding: ${done}/${studentCount} students ready`);
      },
    });
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    log(`${process.stdout.isTTY ? '\r' : ''}seeding: ${studentCount} students, each signed up, set to Ultra by an admin, with a course of its own and ${pdf.name} uploaded through POST /api/files; every study artefact ready after ${fixed(seedSeconds)} s`);

    const students = accounts.map((account) => new Student(server!.url, recorder, account, thinkMs));
    log(
      `run: ${studentCount} students arriving over ${RAMP_UP_MS / 1000} s` +
        `${warmupSeconds > 0 ? `, ${warmupSeconds} s warm-up (not measured), then` : ','} ${seconds} s measured` +
        `${thinkMs > 0 ? `, ${thinkMs} ms think time` : ', no think time'}`,
    );
    // Other work on the machine skews every number; its load when the measured run starts is reported with them.
    const atStart = { load: 0, serverCpu: null as number | null, databaseCpu: null as number | null, clientCpu: process.cpuUsage() };
    const markStart = () => {
      atStart.load = loadavg()[0]!;
      atStart.serverCpu = cpuSecondsOf(server!.pid);
      atStart.databaseCpu = scratch?.cpuSeconds() ?? null;
      atStart.clientCpu = process.cpuUsage();
    };
    if (warmupSeconds === 0) markStart();
    const run = await runStudents({
      students,
      recorder,
      warmupMs: warmupSeconds * 1000,
      measuredMs: seconds * 1000,
      onMeasureStart: warmupSeconds > 0 ? markStart : () => undefined,
    });
    const { sent, warmupSent } = run;
    const serverCpuAfter = cpuSecondsOf(server.pid);
    const databaseCpuAfter = scratch?.cpuSeconds() ?? null;
    const clientCpu = process.cpuUsage(atStart.clientCpu);
    const wallSeconds = (run.drainedAt - run.measureFrom) / 1000;
    const loadBefore = atStart.load;
    const serverCpuBefore = atStart.serverCpu;

    await server.stop();
    const userIds = accounts.map((account) => account.userId);
    const recorded: Recorded =
      dbKind === 'pglite' ? await countFromPglite(path.join(dataDir, 'db'), userIds) : await countFromPostgres(databaseUrl!, userIds);

    const samples = recorder.samples;
    const requests = samples.filter((sample) => !DERIVED_KINDS.has(sample.kind));
    const kinds = [...new Set(samples.map((sample) => sample.kind))];
    const order = (kind: string) => {
      const index = VISIT_ORDER.findIndex((known) => kind.startsWith(known));
      return index === -1 ? VISIT_ORDER.length : index;
    };
    kinds.sort((a, b) => order(a) - order(b) || a.localeCompare(b));
    const perKind = kinds.map((kind) => summarize(kind, samples.filter((sample) => sample.kind === kind), seconds));
    const overall = summarize('all requests', requests, seconds);
    const api = summarize('all but the chat stream', requests.filter((sample) => !STREAM_KINDS.has(sample.kind)), seconds);
    const errorCounts = new Map<string, number>();
    for (const error of recorder.errors) errorCounts.set(`${error.kind}: ${error.reason}`, (errorCounts.get(`${error.kind}: ${error.reason}`) ?? 0) + 1);
    const answersSent = sent.answers + warmupSent.answers;
    const reviewsSent = sent.reviews + warmupSent.reviews;
    const serverCores = serverCpuBefore !== null && serverCpuAfter !== null ? (serverCpuAfter - serverCpuBefore) / wallSeconds : null;
    const clientCores = (clientCpu.user + clientCpu.system) / 1e6 / wallSeconds;
    const databaseCores =
      atStart.databaseCpu !== null && databaseCpuAfter !== null ? (databaseCpuAfter - atStart.databaseCpu) / wallSeconds : null;

    log('');
    log(`StudyPath load — ${dbKind}, ${studentCount} students, ${seconds} s${warmupSeconds ? ` after ${warmupSeconds} s warm-up` : ''}, production build on loopback`);
    log(table([...perKind.map((row) => ({ ...row, kind: DERIVED_KINDS.has(row.kind) ? `  (${row.kind}, not a request)` : row.kind })), api, overall]));
    log('');
    log(`throughput: ${fixed(overall.rps)} requests/s, ${fixed(sent.visits / seconds, 2)} complete visits/s (${sent.visits} visits), ${overall.errors} errors`);
    log(`window: ${seconds} s; requests in flight at its end were awaited (${fixed(wallSeconds)} s in all) and are counted`);
    if (errorCounts.size > 0) for (const [reason, count] of errorCounts) log(`  error ×${count}: ${reason}`);
    log(
      `answers sent ${answersSent} (${sent.answers} in the timed run${warmupSeconds ? `, ${warmupSent.answers} in warm-up` : ''}), ` +
        `attempts recorded in the database ${recorded.attempts}: ${recorded.attempts === answersSent ? 'equal' : 'NOT EQUAL'}`,
    );
    log(`flashcard reviews sent ${reviewsSent}, review_log rows ${recorded.reviews}: ${recorded.reviews === reviewsSent ? 'equal' : 'NOT EQUAL'}`);
    log(
      `CPU during the measured run: web process ${serverCores === null ? 'n/a' : fixed(serverCores, 2)} cores` +
        `${dbKind === 'pglite' ? ' (PGlite inside it)' : databaseCores === null ? ', PostgreSQL not measured (a server of its own)' : `, PostgreSQL ${fixed(databaseCores, 2)} cores`}` +
        `, load generator ${fixed(clientCores, 2)} cores ` +
        `(machine: ${cpus().length} cores, load average ${fixed(loadBefore, 2)} when the run began; shared with other work, so the numbers are indicative)`,
    );

    const result = {
      bench: 'load',
      date: new Date().toISOString(),
      db: dbKind,
      students: studentCount,
      seconds,
      warmupSeconds,
      thinkMs,
      file: pdf.name,
      seeding: { mode: 'one course and upload per student', seconds: Math.round(seedSeconds * 10) / 10 },
      rateLimitsRaised: RAISED_RATE_LIMITS,
      requests: overall.requests,
      rps: overall.rps,
      visits: sent.visits,
      visitsPerSecond: Math.round((sent.visits / seconds) * 100) / 100,
      errors: overall.errors,
      latencyMs: { p50: overall.p50, p95: overall.p95, p99: overall.p99, max: overall.max },
      latencyMsWithoutChat: { p50: api.p50, p95: api.p95, p99: api.p99, max: api.max },
      kinds: perKind,
      errorReasons: Object.fromEntries(errorCounts),
      answersSent,
      answersAccepted: sent.answersAccepted + warmupSent.answersAccepted,
      attemptsRecorded: recorded.attempts,
      attemptsMatch: recorded.attempts === answersSent,
      reviewsSent,
      reviewsRecorded: recorded.reviews,
      reviewsMatch: recorded.reviews === reviewsSent,
      cpuCores: {
        server: serverCores === null ? null : Math.round(serverCores * 100) / 100,
        postgres: databaseCores === null ? null : Math.round(databaseCores * 100) / 100,
        loadGenerator: Math.round(clientCores * 100) / 100,
        machine: cpus().length,
        loadAverageAtStart: Math.round(loadBefore * 100) / 100,
      },
      node: process.version,
    };
    const json = JSON.stringify(result);
    log(`JSON ${json}`);
    if (options.json) writeFileSync(options.json, `${json}\n`);
    if (!result.attemptsMatch || !result.reviewsMatch) process.exitCode = 1;
  } finally {
    await server?.stop();
    scratch?.destroy();
    if (options.keep) log(`kept: ${dataDir}`);
    else rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`bench:load: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
