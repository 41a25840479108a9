import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { createServer } from 'node:net';
import type { Readable } from 'node:stream';

/**
 * The two programs as their own processes, configured only by the environment: `main` (the web server, `npm start`)
 * and `worker` (`npm run worker`). From the TypeScript sources through tsx (tests), or from the build in dist/server
 * (`built: true`, what production runs; bench/faults). No vitest here, so the benchmarks can use it too. Used by
 * main.test.ts, worker-crash.test.ts, scaling.test.ts and bench/faults.
 */
export type Program = 'main' | 'worker';

export interface ProgramProcess {
  child: ChildProcessByStdio<null, Readable, Readable>;
  /** Everything the process has written so far. */
  output: { stdout: string; stderr: string };
  /** Its exit code (null when killed by a signal), once its pipes are read to the end. */
  exited: Promise<number | null>;
}

export function startProgram(program: Program, env: Record<string, string>, options: { built?: boolean } = {}): ProgramProcess {
  const args = options.built ? [`dist/server/${program}.js`] : ['--import', 'tsx', `src/server/${program}.ts`];
  const child = spawn(process.execPath, args, {
    env: { PATH: process.env.PATH, NODE_ENV: 'production', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = { stdout: '', stderr: '' };
  child.stdout.on('data', (chunk: Buffer) => (output.stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output.stderr += chunk.toString()));
  // 'close', not 'exit': only then has everything the process wrote to its pipes been read.
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  return { child, output, exited };
}

/** Resolves once `process` has written a JSON log line whose `msg` is `message` (false: it exited or `timeoutMs` passed). */
export function logged(process: ProgramProcess, message: string, timeoutMs: number): Promise<boolean> {
  const needle = `"msg":${JSON.stringify(message)}`;
  return new Promise<boolean>((resolve) => {
    if (process.output.stdout.includes(needle)) {
      resolve(true);
      return;
    }
    const timer = setTimeout(() => done(false), timeoutMs);
    const onData = () => {
      if (process.output.stdout.includes(needle)) done(true);
    };
    const done = (found: boolean) => {
      clearTimeout(timer);
      process.child.stdout.off('data', onData);
      resolve(found);
    };
    // Registered after startProgram's own listener, so the output already holds the chunk when this runs.
    process.child.stdout.on('data', onData);
    void process.exited.then(() => done(process.output.stdout.includes(needle)));
  });
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** Waits until GET /api/health answers 200; throws when the process exits first or `timeoutMs` passes. */
export async function waitForHealth(url: string, exited: Promise<unknown>, timeoutMs = 60_000): Promise<void> {
  let stopped = false;
  void exited.then(() => (stopped = true));
  const deadline = Date.now() + timeoutMs;
  while (!stopped && Date.now() < deadline) {
    const healthy = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(5_000) }).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the server at ${url} never became healthy`);
}
