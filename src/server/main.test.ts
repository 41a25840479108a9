import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, inject, test } from 'vitest';
import { loadConfig } from './config';
import { eq } from 'drizzle-orm';
import { directory, file, studyArtefact } from './db/schema';
import { createLogger } from './logger';
import { createServices } from './services';
import { newStorageKey } from './storage/blob-storage';
import { sessionHeaders, trpcQueryPath } from './test/harness';
import { createPostgresDatabase } from './test/database';
import { freePort, startProgram, waitForHealth } from './test/processes';
import { lectureText } from './test/lecture';

// The server as `npm start` runs it: its own process, configured only by the environment.
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function newDataDir(): string {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'studypath-main-'));
  dirs.push(dataDir);
  return dataDir;
}

function startServer(env: Record<string, string>, dataDir = newDataDir()) {
  return startProgram('main', { DATA_DIR: dataDir, ...env });
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
  // A process of its own: starting tsx and migrating take seconds, many more on a busy machine.
}, 90_000);

test('a file a crash left queued without a job is read once the server is back', async () => {
  const dataDir = newDataDir();
  const secret = 'main-test-secret-0123456789abcdefghijklmnopqrstuvwxyz';
  const port = await freePort();
  const appUrl = `http://127.0.0.1:${port}`;
  const env = { PORT: String(port), HOST: '127.0.0.1', BETTER_AUTH_SECRET: secret, APP_URL: appUrl, LOG_LEVEL: 'warn' };
  // The state a crash between storing an upload and queueing its job leaves in the embedded database.
  const config = loadConfig({ ...env, NODE_ENV: 'test', DATA_DIR: dataDir, JOBS_ENABLED: 'false', LOG_LEVEL: 'silent' });
  const before = await createServices(config, createLogger(config));
  const credentials = { email: 'crash@example.test', password: 'correct horse battery staple' };
  const { user } = await before.auth.api.signUpEmail({ body: { ...credentials, name: 'Crash', username: 'crash_test' } });
  const [course] = await before.db.insert(directory).values({ ownerId: user.id, name: 'Biology' }).returning();
  const storageKey = newStorageKey();
  await before.storage.put(storageKey, new TextEncoder().encode('Ribosomes build proteins.'));
  const [waiting] = await before.db
    .insert(file)
    .values({ directoryId: course!.id, ownerId: user.id, name: 'notes.txt', extension: 'txt', mimeType: 'text/plain', size: 25, storageKey })
    .returning();
  await before.close();

  const server = startServer(env, dataDir);
  try {
    await waitForHealth(appUrl, server.exited);
    const signIn = await fetch(`${appUrl}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: appUrl },
      body: JSON.stringify(credentials),
    });
    expect(signIn.status).toBe(200);
    const headers = sessionHeaders(signIn.headers);
    const status = async () => {
      const response = await fetch(`${appUrl}${trpcQueryPath('file.getProcessingStatus', { fileId: waiting!.id })}`, { headers });
      return ((await response.json()) as { result: { data: { json: { status: string } } } }).result.data.json.status;
    };
    await expect.poll(status, { timeout: 20_000, interval: 250 }).toBe('ready');
  } finally {
    server.child.kill('SIGTERM');
    await server.exited;
  }
}, 90_000);

test('kill -9 while study artefacts are being made: after a restart on the same data every artefact ends ready', async () => {
  const dataDir = newDataDir();
  const secret = 'main-test-secret-0123456789abcdefghijklmnopqrstuvwxyz';
  const port = await freePort();
  const appUrl = `http://127.0.0.1:${port}`;
  const env = { PORT: String(port), HOST: '127.0.0.1', BETTER_AUTH_SECRET: secret, APP_URL: appUrl, LOG_LEVEL: 'info' };
  const config = loadConfig({ ...env, NODE_ENV: 'test', DATA_DIR: dataDir, JOBS_ENABLED: 'false', LOG_LEVEL: 'silent' });
  const setup = await createServices(config, createLogger(config));
  const credentials = { email: 'kill@example.test', password: 'correct horse battery staple' };
  const { user } = await setup.auth.api.signUpEmail({ body: { ...credentials, name: 'Kill', username: 'kill_test' } });
  const [course] = await setup.db.insert(directory).values({ ownerId: user.id, name: 'Biology' }).returning();
  await setup.close();

  const signIn = async () => {
    const response = await fetch(`${appUrl}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: appUrl },
      body: JSON.stringify(credentials),
    });
    expect(response.status).toBe(200);
    return sessionHeaders(response.headers);
  };

  // A document long enough that making its artefacts takes a few seconds.
  const document = Array.from({ length: 200 }, (_, index) => lectureText.replace('Cell Biology', `Cell Biology ${index + 1}`)).join('\n\n');
  const first = startServer(env, dataDir);
  // Killed the moment the first artefact is stored: the others are still being made.
  const firstStored = new Promise<void>((resolve) => {
    first.child.stdout.on('data', () => {
      if (first.output.stdout.includes('"msg":"study artefact ready"')) {
        first.child.kill('SIGKILL');
        resolve();
      }
    });
  });
  let fileId = '';
  try {
    await waitForHealth(appUrl, first.exited);
    const headers = await signIn();
    const form = new FormData();
    form.set('directoryId', course!.id);
    form.append('files', new Blob([document]), 'Cell Biology.txt');
    const upload = await fetch(`${appUrl}/api/files`, { method: 'POST', body: form, headers: { cookie: headers.get('cookie') ?? '', origin: appUrl } });
    expect(upload.status).toBe(201);
    fileId = ((await upload.json()) as { files: Array<{ id: string }> }).files[0]!.id;
    await Promise.race([firstStored, new Promise((resolve) => setTimeout(resolve, 30_000))]);
  } finally {
    first.child.kill('SIGKILL');
    await first.exited;
  }

  // What the kill left: the text ready, some artefacts made, the others waiting or 'running' with nobody running them.
  const between = await createServices(config, createLogger(config));
  const left = await between.db.select({ kind: studyArtefact.kind, status: studyArtefact.status }).from(studyArtefact).where(eq(studyArtefact.fileId, fileId));
  await between.close();
  expect(left).toHaveLength(5);
  expect(left.filter((row) => row.status === 'ready').length).toBeGreaterThanOrEqual(1);
  expect(left.filter((row) => row.status === 'running').length).toBeGreaterThanOrEqual(1);

  const second = startServer({ ...env, LOG_LEVEL: 'warn' }, dataDir);
  try {
    await waitForHealth(appUrl, second.exited);
    const headers = await signIn();
    const artefacts = async () => {
      const response = await fetch(`${appUrl}${trpcQueryPath('file.getProcessingStatus', { fileId })}`, { headers });
      const { artefacts: states } = (
        (await response.json()) as { result: { data: { json: { artefacts: Record<string, { status: string | null }> } } } }
      ).result.data.json;
      return Object.fromEntries(Object.entries(states).map(([kind, state]) => [kind, state.status]));
    };
    await expect
      .poll(artefacts, { timeout: 60_000, interval: 250 })
      .toEqual({ chunks: 'ready', summary: 'ready', mindmap: 'ready', flashcards: 'ready', learn_path: 'ready' });
  } finally {
    second.child.kill('SIGTERM');
    await second.exited;
  }
}, 150_000);
