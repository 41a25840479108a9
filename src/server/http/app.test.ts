import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, test } from 'vitest';
import { createApp } from './app';
import { captureLog, createTestServices, createUser, requestApp, trpcQueryPath } from '../test/harness';

const logged = captureLog();
const services = await createTestServices({ log: logged.log });
afterAll(() => services.close());

const ERROR = 50;

/** A response body must never carry a stack trace, however it is nested. */
function expectNoStack(body: unknown) {
  const text = JSON.stringify(body);
  expect(text).not.toMatch(/"stack"/);
  expect(text).not.toMatch(/\n\s+at |\\n\s+at /);
}

describe('GET /api/health', () => {
  test('answers 200 while the database answers', async () => {
    const response = await requestApp(services, '/api/health');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  test('answers 503 once the database is gone', async () => {
    const closed = await createTestServices();
    await closed.close();
    const response = await requestApp(closed, '/api/health');
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ status: 'unavailable' });
  });
});

test.each(['GET', 'POST', 'DELETE'])('%s of an unknown /api route answers 404 as JSON', async (method) => {
  const response = await requestApp(services, '/api/no-such-route', { method });
  expect(response.status).toBe(404);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  expect(await response.json()).toEqual({ error: 'Not found' });
});

describe('tRPC over HTTP', () => {
  test('malformed input answers 400 with a readable line per field and no stack', async () => {
    const learner = await createUser(services);
    const response = await requestApp(services, trpcQueryPath('user.getUser', { id: 42 }), { headers: learner.headers });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { json: { message: string; data: Record<string, unknown> } } };
    expect(body.error.json.message).toBe('id: Invalid input: expected string, received number');
    expect(body.error.json.data).toMatchObject({ code: 'BAD_REQUEST', httpStatus: 400, appCode: 'BAD_REQUEST' });
    expectNoStack(body);
  });

  test('an unknown procedure answers 404', async () => {
    const response = await requestApp(services, trpcQueryPath('user.noSuchProcedure'));
    expect(response.status).toBe(404);
    expectNoStack(await response.json());
  });

  test('an unexpected failure answers 500 with the generic message and no stack, and is logged as an error', async () => {
    const learner = await createUser(services);
    // A plan this code does not know: the kind of row a half-applied migration or a manual edit leaves behind.
    await services.db.execute(sql`update "user" set plan = 'legacy-gold' where id = ${learner.user.id}`);
    const response = await requestApp(services, trpcQueryPath('gamification.getProgress'), { headers: learner.headers });
    expect(response.status).toBe(500);
    const body = (await response.json()) as { error: { json: { message: string; data: Record<string, unknown> } } };
    expect(body.error.json.message).toBe('Something went wrong. Please try again.');
    expect(body.error.json.data).toMatchObject({ code: 'INTERNAL_SERVER_ERROR', messageKey: 'internal' });
    expectNoStack(body);
    const failure = logged.entries.find((entry) => entry.msg === 'procedure failed');
    expect(failure).toMatchObject({ level: ERROR, path: 'gamification.getProgress', err: { type: 'TypeError' } });
  });

  test('a refusal is logged at info, not as an error', async () => {
    const before = logged.entries.length;
    const response = await requestApp(services, trpcQueryPath('gamification.getProgress'));
    expect(response.status).toBe(401);
    const entries = logged.entries.slice(before);
    expect(entries.find((entry) => entry.msg === 'request refused')).toMatchObject({ level: 30, code: 'UNAUTHORIZED' });
    expect(entries.filter((entry) => entry.level >= ERROR)).toEqual([]);
  });
});

describe('the single-page app', () => {
  function appServing(clientDir: string) {
    return createApp({ ...services, config: { ...services.config, clientDir } });
  }

  test('before the front end is built, pages answer 503 with what to run, and nothing is logged as an error', async () => {
    const response = await appServing(mkdtempSync(path.join(tmpdir(), 'no-client-'))).request('/dashboard');
    expect(response.status).toBe(503);
    expect(await response.text()).toContain('npm run build');
  });

  test('once built, every page path answers the app and assets are served with long caching', async () => {
    // Inside the project, as dist/client is: static files are served from below the working directory only.
    mkdirSync('.tmp', { recursive: true });
    const clientDir = path.resolve(mkdtempSync(path.join('.tmp', 'client-')));
    writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><div id="root"></div>');
    mkdirSync(path.join(clientDir, 'assets'));
    writeFileSync(path.join(clientDir, 'assets', 'app-1a2b.js'), 'console.log(1)');
    const app = appServing(clientDir);
    const page = await app.request('/settings?mode=plans');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('id="root"');
    const asset = await app.request('/assets/app-1a2b.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toContain('immutable');
  });

  test('the service worker is never taken from a cache, and the manifest is served as one', async () => {
    mkdirSync('.tmp', { recursive: true });
    const clientDir = path.resolve(mkdtempSync(path.join('.tmp', 'client-')));
    writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(path.join(clientDir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    writeFileSync(path.join(clientDir, 'manifest.webmanifest'), '{"name":"StudyPath"}');
    const app = appServing(clientDir);
    const worker = await app.request('/sw.js');
    expect(worker.status).toBe(200);
    expect(worker.headers.get('cache-control')).toBe('no-cache');
    expect(worker.headers.get('content-type')).toContain('javascript');
    const manifest = await app.request('/manifest.webmanifest');
    expect(manifest.headers.get('content-type')).toContain('application/manifest+json');
  });
});
