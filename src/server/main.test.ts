import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, inject, test } from 'vitest';
import { createPostgresDatabase } from './test/database';

// The server as `npm start` runs it: its own process, configured only by the environment.
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function startServer(env: Record<string, string>) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'studypath-main-'));
  dirs.push(dataDir);
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { PATH: process.env.PATH, DATA_DIR: dataDir, NODE_ENV: 'production', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = { stdout: '', stderr: '' };
  child.stdout.on('data', (chunk: Buffer) => (output.stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output.stderr += chunk.toString()));
  // 'close', not 'exit': only then has everything the process wrote to its pipes been read.
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  return { child, output, exited };
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

async function waitForHealth(url: string, exited: Promise<unknown>): Promise<void> {
  let stopped = false;
  void exited.then(() => (stopped = true));
  for (let attempt = 0; attempt < 300 && !stopped; attempt += 1) {
    const healthy = await fetch(`${url}/api/health`).then((response) => response.ok, () => false);
    if (healthy) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the server at ${url} never became healthy`);
}

// One case per way main() can fail at start; config.test.ts covers each malformed variable in-process.
describe('start-up with a broken configuration', () => {
  test.each([
    ['an unreachable DATABASE_URL', { DATABASE_URL: 'postgres://studypath@127.0.0.1:1/nope' }, 'DATABASE_URL'],
    ['a malformed PORT', { PORT: 'eighty' }, 'PORT'],
  ])('%s: exits 1 with one clear line naming the variable', async (_case, env, variable) => {
    const server = startServer(env);
    expect(await server.exited).toBe(1);
    const lines = server.output.stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^studypath: .*${variable}`));
    expect(server.output.stderr).not.toMatch(/\n\s+at /);
  });
});

test('SIGTERM stops the server gracefully: exit code 0 and a "stopped" log line', async () => {
  const target = inject('testDatabase');
  const database = target.kind === 'postgres' ? await createPostgresDatabase(target) : undefined;
  try {
    const port = await freePort();
    const server = startServer({ PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: database?.url ?? 'memory://' });
    await waitForHealth(`http://127.0.0.1:${port}`, server.exited);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    const messages = server.output.stdout
      .trim()
      .split('\n')
      .map((line) => (JSON.parse(line) as { msg: string }).msg);
    // Both lines, in this order: the log is flushed before the process exits.
    const shuttingDown = messages.indexOf('shutting down: finishing requests');
    expect(shuttingDown).toBeGreaterThan(-1);
    expect(messages.indexOf('stopped')).toBeGreaterThan(shuttingDown);
    expect(server.output.stderr).toBe('');
  } finally {
    await database?.drop();
  }
});
