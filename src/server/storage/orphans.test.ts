import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, inject, test } from 'vitest';
import { orphanedAfterMs, startIngestSweep } from '../ingest/queued-files';
import { insertCourse, insertFile } from '../test/courses';
import { createTestServices, createUser, requestApp } from '../test/harness';
import { newStorageKey } from './blob-storage';
import { removeOrphanedBlobs } from './orphans';

// What a process killed with kill -9 leaves in the files folder and the upload folders, and how it is cleared away
// (bench/faults runs the kill itself against the built server).
const services = await createTestServices({ env: { JOBS_ENABLED: 'true' } });
afterAll(() => services.close());

const hour = 60 * 60 * 1000;
const pathOf = (key: string) => path.join(services.config.filesDir, ...key.split('/'));

/** Stores bytes under `key` as if written at `at`. */
async function storedAt(key: string, at: number): Promise<string> {
  await services.storage.put(key, new TextEncoder().encode('bytes'));
  utimesSync(pathOf(key), new Date(at), new Date(at));
  return key;
}

/** A write's temporary file, as a process killed in the middle of copying an upload leaves it. */
function halfWrittenAt(at: number): string {
  const key = `${newStorageKey()}.${randomUUID()}.tmp`;
  mkdirSync(path.dirname(pathOf(key)), { recursive: true });
  writeFileSync(pathOf(key), 'half of the by');
  utimesSync(pathOf(key), new Date(at), new Date(at));
  return key;
}

async function fileNaming(key: string) {
  const owner = await createUser(services);
  const course = await insertCourse(services, owner);
  return insertFile(services, owner, course.id, { storageKey: key, status: 'ready' });
}

describe('removeOrphanedBlobs', () => {
  test('removes stored files older than the cut-off that no file names, half-written ones too; keeps the rest', async () => {
    const now = Date.now();
    const named = await storedAt(newStorageKey(), now - 2 * hour);
    await fileNaming(named);
    const orphan = await storedAt(newStorageKey(), now - 2 * hour);
    const halfWritten = halfWrittenAt(now - 2 * hour);
    // Young: an upload may be storing it right now, its row not inserted yet.
    const young = await storedAt(newStorageKey(), now);

    const removed = await removeOrphanedBlobs(services, { before: new Date(now - hour) });

    expect(removed).toBeGreaterThanOrEqual(2);
    expect(existsSync(pathOf(orphan))).toBe(false);
    expect(existsSync(pathOf(halfWritten))).toBe(false);
    expect(existsSync(pathOf(named))).toBe(true);
    expect(existsSync(pathOf(young))).toBe(true);
  });
});

describe('the sweep', () => {
  test('as the one process of its database, removes at its first sweep what was stored before it started', async () => {
    const started = performance.timeOrigin;
    const leftByDeadProcess = await storedAt(newStorageKey(), started - 60_000);
    const halfWritten = halfWrittenAt(started - 60_000);
    const storedSinceStart = await storedAt(newStorageKey(), Date.now());
    const sweep = startIngestSweep({ ...services, jobs: services.jobs! }, { intervalMs: 60_000, soleProcess: true });
    await sweep.stop();
    expect(existsSync(pathOf(leftByDeadProcess))).toBe(false);
    expect(existsSync(pathOf(halfWritten))).toBe(false);
    expect(existsSync(pathOf(storedSinceStart))).toBe(true);
  });

  test('where other processes may be storing uploads, removes only what is older than a day', async () => {
    const dayOld = await storedAt(newStorageKey(), Date.now() - orphanedAfterMs - hour);
    const hourOld = await storedAt(newStorageKey(), Date.now() - hour);
    const sweep = startIngestSweep({ ...services, jobs: services.jobs! }, { intervalMs: 60_000 });
    await sweep.stop();
    expect(existsSync(pathOf(dayOld))).toBe(false);
    expect(existsSync(pathOf(hourOld))).toBe(true);
  });
});

describe('upload folders of requests a killed process was receiving', () => {
  test('are removed when the app starts: those from before it started on the embedded database, else a day old', async () => {
    const root = path.join(services.config.dataDir, 'tmp', 'uploads');
    const folder = (name: string, at: number) => {
      const dir = path.join(root, name);
      mkdirSync(dir, { recursive: true });
      writeFileSync(path.join(dir, '0'), 'part of an upload');
      utimesSync(dir, new Date(at), new Date(at));
      return dir;
    };
    const beforeStart = folder('upload-beforestart', performance.timeOrigin - 60_000);
    const dayOld = folder('upload-dayold', Date.now() - 25 * hour);
    // The app is made on the first request; it clears the folders as it is made.
    await requestApp(services, '/api/health');
    await expect.poll(() => existsSync(dayOld)).toBe(false);
    // Several web processes may share DATA_DIR on PostgreSQL: a young folder may be another one's upload in progress.
    if (inject('testDatabase').kind === 'pglite') {
      await expect.poll(() => existsSync(beforeStart)).toBe(false);
    } else {
      // Given the time to be removed, had it been taken for left behind.
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(existsSync(beforeStart)).toBe(true);
    }
  });
});
