import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { loadConfig } from './config';
import { HEALTH_TIMEOUT_MS } from './http/app';
import { createLogger } from './logger';
import { createServices, type Services } from './services';
import { createPostgresDatabase } from './test/database';
import { createUser, requestApp, trpcQueryPath, type TestUser } from './test/harness';
import { startTcpProxy, type TcpProxy } from './test/tcp-proxy';

const target = inject('testDatabase');
const postgres = target.kind === 'postgres';

/** The answer, or 'no answer' when it takes longer than `ms`: a request must never hang on the database. */
async function within(ms: number, pending: Promise<Response>): Promise<Response | 'no answer'> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'no answer'>((resolve) => (timer = setTimeout(() => resolve('no answer'), ms)));
  try {
    return await Promise.race([pending, late]);
  } finally {
    clearTimeout(timer);
  }
}

async function answer(pending: Promise<Response>, ms = 15_000) {
  const started = performance.now();
  const response = await within(ms, pending);
  if (response === 'no answer') return { status: 0, text: 'no answer', ms: performance.now() - started };
  return { status: response.status, text: await response.text(), ms: performance.now() - started };
}

// The database unreachable under a running server, made in the network between them (a TCP proxy in front of the test
// server): refused, then silent. bench/faults/outage.ts does the same to the built server with the PostgreSQL server
// itself stopped and paused. The embedded database (PGlite) lives in the process and cannot be cut off, so on PGlite
// this file has nothing to run, as in worker-crash.test.ts; the CI's PostgreSQL stage (TEST_DATABASE_URL) runs it.
describe.runIf(postgres)('the database unreachable (PostgreSQL)', () => {
  let services: Services;
  let proxy: TcpProxy;
  let owner: TestUser;
  const cleanups: Array<() => Promise<void> | void> = [];

  beforeAll(async () => {
    if (target.kind !== 'postgres') throw new Error('expected a PostgreSQL test database');
    const database = await createPostgresDatabase(target);
    cleanups.push(async () => {
      await database.drop();
    });
    const url = new URL(database.url);
    proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
    cleanups.push(() => proxy.close());
    url.host = `127.0.0.1:${proxy.port}`;
    const dataDir = mkdtempSync(path.join(tmpdir(), 'studypath-outage-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      DATABASE_URL: url.toString(),
      JOBS_ENABLED: 'false',
      BETTER_AUTH_SECRET: 'outage-secret-0123456789abcdefghijklmnopqrstuvwxyz',
      APP_URL: 'http://localhost:3000',
    });
    services = await createServices(config, createLogger(config));
    cleanups.push(() => services.close());
    owner = await createUser(services);
  }, 120_000);

  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  const health = () => answer(requestApp(services, '/api/health'));
  const query = () => answer(requestApp(services, trpcQueryPath('directory.getDirectories'), { headers: owner.headers }));
  const signIn = () =>
    answer(requestApp(services, '/api/auth/sign-in/email', { method: 'POST', json: { email: owner.user.email, password: owner.password } }));

  async function recovers() {
    await expect.poll(async () => (await health()).status, { timeout: 30_000, interval: 200 }).toBe(200);
    expect((await query()).status).toBe(200);
    expect((await signIn()).status).toBe(200);
  }

  test('refused: requests fail at once with a 5xx and a JSON message, and the server serves again by itself', async () => {
    expect((await query()).status).toBe(200);
    await proxy.cut();
    try {
      const during = { health: await health(), query: await query(), signIn: await signIn() };
      expect(during.health.status).toBe(503);
      expect(JSON.parse(during.health.text)).toEqual({ status: 'unavailable' });
      for (const refused of [during.query, during.signIn]) {
        expect(refused.status).toBeGreaterThanOrEqual(500);
        expect(refused.text).toContain('Something went wrong. Please try again.');
        expect(refused.text).not.toMatch(/\n\s+at |"stack"/);
      }
      for (const { ms } of Object.values(during)) expect(ms).toBeLessThan(HEALTH_TIMEOUT_MS);
    } finally {
      await proxy.restore();
    }
    await recovers();
  }, 60_000);

  test('silent: the health check answers 503 when the database has not answered within its time', async () => {
    expect((await health()).status).toBe(200);
    proxy.freeze();
    try {
      const during = await health();
      expect(during.status).toBe(503);
      expect(during.ms).toBeGreaterThanOrEqual(HEALTH_TIMEOUT_MS - 100);
      expect(during.ms).toBeLessThan(HEALTH_TIMEOUT_MS + 3_000);
    } finally {
      await proxy.restore();
    }
    await recovers();
  }, 60_000);
});
