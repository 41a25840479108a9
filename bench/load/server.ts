import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';

/**
 * The production server under load: `npm run build`, then `node dist/server/main.js` as `npm start` runs it, on a
 * free loopback port of the bench's range with an empty DATA_DIR, its log written to a file there.
 */
export const PORT_RANGE = { first: 3400, last: 3449 };

/** Rate limits count per client IP or user; every simulated student comes from 127.0.0.1, so the bench lifts them. */
export const RAISED_RATE_LIMITS = {
  AUTH_RATE_LIMIT_MAX: '1000000',
  UPLOAD_RATE_LIMIT_MAX: '1000000',
  CHAT_RATE_LIMIT_MAX: '1000000',
  GENERATION_RATE_LIMIT_MAX: '1000000',
} as const;

/** CPU seconds (user + system) the process has used so far, from /proc; null where there is no /proc. */
export function cpuSecondsOf(pid: number): number | null {
  try {
    // Fields after the command name (which may hold spaces, hence the last ')'): utime is the 12th, stime the 13th.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(')').at(-1)!.trim().split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

/** `npm run build`; its output is shown only when it fails. */
export function build(): void {
  const result = spawnSync('npm', ['run', '--silent', 'build'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0) {
    process.stderr.write(`${result.stdout}${result.stderr}`);
    throw new Error(`npm run build failed (exit ${result.status ?? result.signal})`);
  }
}

function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/** The first free port of the range not in `taken` (the scratch PostgreSQL and the server each take one). */
export async function freePortInRange(taken: readonly number[] = []): Promise<number> {
  for (let port = PORT_RANGE.first; port <= PORT_RANGE.last; port += 1) {
    if (!taken.includes(port) && (await portFree(port))) return port;
  }
  throw new Error(`no free port in ${PORT_RANGE.first}-${PORT_RANGE.last}`);
}

export interface RunningServer {
  url: string;
  port: number;
  pid: number;
  logFile: string;
  /** SIGTERM, then waits for the process to finish its requests and close the database (SIGKILL after 30 s). */
  stop(): Promise<void>;
}

export async function startServer(options: {
  dataDir: string;
  port: number;
  databaseUrl: string | undefined;
  logLevel: string;
  extraEnv: Record<string, string>;
}): Promise<RunningServer> {
  const mainJs = path.resolve('dist/server/main.js');
  if (!existsSync(mainJs) || !existsSync(path.resolve('dist/client/index.html'))) {
    throw new Error('no production build in dist/: run without --skip-build');
  }
  const logFile = path.join(options.dataDir, 'server.log');
  const log = openSync(logFile, 'a');
  // A clean environment: nothing of the caller's (DATABASE_URL, AI_*, S3_*…) leaks in; the local study engine runs.
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: process.env.HOME ?? '/tmp',
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(options.port),
    DATA_DIR: options.dataDir,
    LOG_LEVEL: options.logLevel,
    ...RAISED_RATE_LIMITS,
    ...options.extraEnv,
  };
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  const child: ChildProcess = spawn(process.execPath, [mainJs], { env, stdio: ['ignore', log, log] });
  closeSync(log);
  let exited: number | string | null = null;
  const exit = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      exited = code ?? signal ?? 'unknown';
      resolve();
    }),
  );
  const url = `http://127.0.0.1:${options.port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (exited !== null) throw new Error(`the server exited (${exited}) while starting:\n${readFileSync(logFile, 'utf8').slice(-2000)}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not answer /api/health within 120 s; log: ${logFile}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    port: options.port,
    pid: child.pid ?? 0,
    logFile,
    async stop() {
      if (exited !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
      await exit;
      clearTimeout(timer);
    },
  };
}
