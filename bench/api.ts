/**
 * API throughput benchmark: requests per second of `directory.getDirectories` for a signed-in student with
 * 20 courses of a few files each, as a ratio to a trivial tRPC procedure in the same run (`system.getPublicConfig`:
 * no database work of its own; target ≥ 0.5), and that procedure's ratio to a bare Hono JSON route (reported).
 *
 * The app runs as `npm start` runs it — the production build dist/server/main.js (built first when missing or older
 * than its sources) in a process of its own on a free loopback port in 3450-3499, with a fresh DATA_DIR — so that the
 * load generator (autocannon, in this process) never shares the server's event loop and what is measured is what
 * users run. The bare route is a second process with nothing but Hono on @hono/node-server, the adapter the app uses,
 * on the same Node. The student, their courses and files (and another student's, so every query has rows to skip)
 * are written into the database before the server starts; the session cookie comes from a real sign-up.
 *
 * Every request carries the session cookie and `Accept-Encoding: gzip, deflate` as a browser's do, so responses are
 * compressed when the app would compress them. A fourth target, getPublicConfig without the cookie, is reported to
 * split the gap between the trivial procedure and the bare route into the session lookup and the rest of the stack.
 * The targets take turns (a, b, c, d, a, b, c, d, …) after an unmeasured warm-up of each; the medians over the rounds
 * of requests/s, of p50/p99 latency and of the server's CPU time per request (from /proc, the number the machine's
 * other load changes least) are printed with the ratios. A round with an error or a non-2xx answer ends the run.
 * Asserts nothing. Results and what they mean: docs/performance.md.
 *
 *   npm run bench:api [-- --rounds 8] [-- --duration 3] [-- --connections 10] [-- --courses 20] [-- --files 3]
 *   BENCH_DATABASE_URL=postgres://localhost/bench npm run bench:api      (PostgreSQL instead of the embedded PGlite)
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { loadConfig } from '../src/server/config';
import { directory, file } from '../src/server/db/schema';
import { createLogger } from '../src/server/logger';
import { createServices } from '../src/server/services';
import { median } from './median';

const TARGET_RATIO = 0.5;
const PORTS = { first: 3450, last: 3499 };
const SECRET = 'bench-secret-0123456789abcdefghijklmnopqrstuvwxyz';

const { values: options } = parseArgs({
  options: {
    rounds: { type: 'string', default: '8' },
    duration: { type: 'string', default: '3' },
    warmup: { type: 'string', default: '3' },
    connections: { type: 'string', default: '10' },
    courses: { type: 'string', default: '20' },
    files: { type: 'string', default: '3' },
    'skip-build': { type: 'boolean', default: false },
  },
});
const rounds = Math.max(1, Number(options.rounds));
const duration = Math.max(1, Number(options.duration));
const warmup = Math.max(1, Number(options.warmup));
const connections = Math.max(1, Number(options.connections));
const courseCount = Math.max(1, Number(options.courses));
const filesPerCourse = Math.max(0, Number(options.files));
const root = path.resolve(import.meta.dirname, '..');

/** The benchmark measures the server as built from the sources in front of it (`--skip-build`: as it is). */
function buildServer() {
  if (options['skip-build']) return;
  const result = spawnSync('npm', ['run', '--silent', 'build:server'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('npm run build:server failed');
}

async function portIsFree(port: number): Promise<boolean> {
  const server = createServer();
  return new Promise((resolve) => {
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

async function freePort(taken: number[] = []): Promise<number> {
  for (let port = PORTS.first; port <= PORTS.last; port += 1) {
    if (!taken.includes(port) && (await portIsFree(port))) return port;
  }
  throw new Error(`no free port in ${PORTS.first}-${PORTS.last}`);
}

async function untilAnswering(child: ChildProcess, url: string, name: string): Promise<void> {
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${name} did not answer ${url} within 90 s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function stop(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

/**
 * A fresh database with the student (and another student with as many courses and files), written before the server
 * starts: the embedded database has one process. Returns the student's session cookie.
 */
async function seed(env: Record<string, string>, runId: string): Promise<string> {
  const config = loadConfig({ ...env, LOG_LEVEL: 'silent', JOBS_ENABLED: 'false' });
  const services = await createServices(config, createLogger(config));
  try {
    let cookie = '';
    for (const who of ['student', 'other'] as const) {
      const signUp = await services.auth.api.signUpEmail({
        // A name of its own each run, so a PostgreSQL database can be reused.
        body: {
          name: who === 'student' ? 'Lena Hoffmann' : 'Jonas Weber',
          username: `${who}_${runId}`,
          email: `${who}_${runId}@bench.studypath.test`,
          password: 'correct horse battery staple',
        },
        returnHeaders: true,
      });
      if (who === 'student') cookie = signUp.headers.getSetCookie().map((entry) => entry.split(';')[0]).join('; ');
      const ownerId = signUp.response.user.id;
      const started = Date.now() - courseCount * 60_000;
      const courses = await services.db
        .insert(directory)
        .values(
          Array.from({ length: courseCount }, (_, index) => ({
            ownerId,
            name: `Course ${index + 1}: Introduction to Topic ${index + 1}`,
            createdAt: new Date(started + index * 60_000),
          })),
        )
        .returning({ id: directory.id, createdAt: directory.createdAt });
      const files = courses.flatMap((course, courseIndex) =>
        Array.from({ length: filesPerCourse }, (_, index) => ({
          ownerId,
          directoryId: course.id,
          name: `Lecture ${index + 1} of course ${courseIndex + 1}.pdf`,
          extension: 'pdf' as const,
          mimeType: 'application/pdf',
          size: 250_000 + index * 1000,
          pageCount: 12 + index,
          status: 'ready' as const,
          createdAt: new Date(course.createdAt.getTime() + (index + 1) * 1000),
        })),
      );
      if (files.length > 0) await services.db.insert(file).values(files);
    }
    if (!cookie) throw new Error('sign-up set no cookie');
    return cookie;
  } finally {
    await services.close();
  }
}

/** The bare route: Hono alone on @hono/node-server, in a process of its own like the app. */
const BARE_SERVER = `
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
const app = new Hono();
app.get('/bare', (c) => c.json({ ok: true }));
serve({ fetch: app.fetch, port: Number(process.env.PORT), hostname: '127.0.0.1' });
`;

const CLOCK_TICKS_PER_SECOND = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;

/**
 * The CPU time (user + system, all threads) a process has used so far, in milliseconds, from /proc (Linux; null
 * elsewhere). Per request it is the number the machine's other load changes least: a busy machine lowers
 * requests/s, not the work each request takes.
 */
function cpuMs(pid: number | undefined): number | null {
  if (pid === undefined || !existsSync(`/proc/${pid}/stat`)) return null;
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The fields after the command name (which may hold spaces) in parentheses: utime and stime are the 12th and 13th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND) * 1000;
}

/** autocannon records latencies in whole milliseconds: 0 means under one. */
function milliseconds(value: number): string {
  return (value < 1 ? '<1' : value.toFixed(0)).padStart(9);
}

interface Target {
  name: string;
  url: string;
  headers: Record<string, string>;
  /** The process that answers, for its CPU time. */
  server: ChildProcess;
}

interface Round {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  /** The server's CPU time per answered request; null without /proc. */
  cpuMsPerRequest: number | null;
}

async function measure(target: Target, seconds: number): Promise<Round> {
  const cpuBefore = cpuMs(target.server.pid);
  const result = await autocannon({ url: target.url, connections, duration: seconds, headers: target.headers });
  const cpuAfter = cpuMs(target.server.pid);
  if (result.errors > 0 || result.non2xx > 0) {
    throw new Error(`${target.name}: ${result.errors} errors, ${result.non2xx} non-2xx answers of ${result.requests.total}`);
  }
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    cpuMsPerRequest: cpuBefore === null || cpuAfter === null ? null : (cpuAfter - cpuBefore) / result['2xx'],
  };
}

async function main() {
  buildServer();
  const runId = Date.now().toString(36);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'studypath-bench-api-'));
  const appPort = await freePort();
  const barePort = await freePort([appPort]);
  const appUrl = `http://127.0.0.1:${appPort}`;
  const databaseUrl = process.env.BENCH_DATABASE_URL ?? '';
  const env = {
    NODE_ENV: 'production',
    DATA_DIR: path.join(dataDir, 'data'),
    DATABASE_URL: databaseUrl,
    BETTER_AUTH_SECRET: SECRET,
    APP_URL: appUrl,
  };
  let app: ChildProcess | undefined;
  let bare: ChildProcess | undefined;
  try {
    const cookie = await seed(env, runId);
    app = spawn(process.execPath, [path.join(root, 'dist/server/main.js')], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, ...env, PORT: String(appPort), HOST: '127.0.0.1', LOG_LEVEL: process.env.BENCH_LOG ?? 'warn' },
    });
    bare = spawn(process.execPath, ['--input-type=module', '-e', BARE_SERVER], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, NODE_ENV: 'production', PORT: String(barePort) },
    });
    await untilAnswering(app, `${appUrl}/api/health`, 'the server');
    await untilAnswering(bare, `http://127.0.0.1:${barePort}/bare`, 'the bare Hono server');

    const browser = { 'accept-encoding': 'gzip, deflate', accept: '*/*' };
    const headers = { ...browser, cookie };
    const targets: Target[] = [
      { name: 'directory.getDirectories', url: `${appUrl}/api/trpc/directory.getDirectories`, headers, server: app },
      { name: 'system.getPublicConfig', url: `${appUrl}/api/trpc/system.getPublicConfig`, headers, server: app },
      { name: 'bare Hono JSON route', url: `http://127.0.0.1:${barePort}/bare`, headers, server: bare },
      // Reported to split the gap between the last two: the same procedure without a session to look up.
      { name: 'getPublicConfig signed out', url: `${appUrl}/api/trpc/system.getPublicConfig`, headers: browser, server: app },
    ];

    // What each target answers, checked once: the student's courses and files, not a refusal.
    const listed = await fetch(targets[0]!.url, { headers: targets[0]!.headers });
    const body = (await listed.json()) as { result?: { data?: { json?: Array<{ files: unknown[] }> } } };
    const courses = body.result?.data?.json ?? [];
    const fileCount = courses.reduce((sum, course) => sum + course.files.length, 0);
    if (!listed.ok || courses.length !== courseCount || fileCount !== courseCount * filesPerCourse) {
      throw new Error(`getDirectories answered ${listed.status} with ${courses.length} courses, ${fileCount} files`);
    }
    const encoding = listed.headers.get('content-encoding') ?? 'identity';
    for (const target of targets.slice(1)) {
      const response = await fetch(target.url, { headers: target.headers });
      if (!response.ok) throw new Error(`${target.name} answered ${response.status}`);
    }

    const database = databaseUrl ? 'PostgreSQL' : 'PGlite (embedded, in the server process)';
    console.log(
      `API throughput: ${courseCount} courses × ${filesPerCourse} files (getDirectories ${encoding}), ${database}, ` +
        `${connections} connections, ${rounds} rounds of ${duration} s per target after ${warmup} s warm-up each\n`,
    );
    for (const target of targets) await measure(target, warmup);
    const results = new Map<string, Round[]>(targets.map((target) => [target.name, []]));
    const roundRatios: number[] = [];
    for (let round = 1; round <= rounds; round += 1) {
      const line: string[] = [];
      const rates: number[] = [];
      for (const target of targets) {
        const result = await measure(target, duration);
        results.get(target.name)!.push(result);
        rates.push(result.requestsPerSecond);
        line.push(`${target.name} ${Math.round(result.requestsPerSecond)}/s`);
      }
      // Neighbours in time share the machine's other load: the ratio within a round is the steadier number.
      roundRatios.push(rates[0]! / rates[1]!);
      console.log(`round ${round}: ${line.join(', ')}; ratio ${roundRatios.at(-1)!.toFixed(2)}`);
    }

    console.log(
      `\n${'target'.padEnd(28)}${'requests/s'.padStart(12)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}` +
        `${'server CPU ms/request'.padStart(24)}`,
    );
    const medians = new Map<string, number>();
    const cpuMedians = new Map<string, number | null>();
    for (const target of targets) {
      const values = results.get(target.name)!;
      const rps = median(values.map((value) => value.requestsPerSecond));
      medians.set(target.name, rps);
      const cpu = values.every((value) => value.cpuMsPerRequest !== null)
        ? median(values.map((value) => value.cpuMsPerRequest!))
        : null;
      cpuMedians.set(target.name, cpu);
      console.log(
        `${target.name.padEnd(28)}${rps.toFixed(0).padStart(12)}` +
          `${milliseconds(median(values.map((value) => value.p50)))}${milliseconds(median(values.map((value) => value.p99)))}` +
          `${(cpu === null ? '–' : cpu.toFixed(3)).padStart(24)}`,
      );
    }
    const [directories, trivial, bareRoute, signedOut] = targets.map((target) => medians.get(target.name)!);
    const ratio = directories! / trivial!;
    const verdict = ratio >= TARGET_RATIO ? 'meets' : 'MISSES';
    console.log(
      `\ngetDirectories / getPublicConfig: ${ratio.toFixed(2)} (target ≥ ${TARGET_RATIO}: ${verdict} it); ` +
        `per round: median ${median(roundRatios).toFixed(2)}, ${Math.min(...roundRatios).toFixed(2)}–${Math.max(...roundRatios).toFixed(2)}`,
    );
    const [cpuDirectories, cpuTrivial] = targets.map((target) => cpuMedians.get(target.name) ?? null);
    if (cpuDirectories && cpuTrivial) {
      // What requests/s would give on an otherwise idle machine, where the server's one thread is the bottleneck.
      console.log(`  by server CPU time per request: ${(cpuTrivial / cpuDirectories).toFixed(2)}`);
    }
    console.log(`getPublicConfig / bare Hono route: ${(trivial! / bareRoute!).toFixed(3)} (reported)`);
    console.log(
      `  of which: getPublicConfig signed out / bare Hono route ${(signedOut! / bareRoute!).toFixed(3)}, ` +
        `signed in / signed out ${(trivial! / signedOut!).toFixed(2)} (the session lookup)`,
    );
  } finally {
    await stop(app);
    await stop(bare);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
