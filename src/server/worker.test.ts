import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, test } from 'vitest';
import { file, filePage } from './db/schema';
import { newStorageKey } from './storage/blob-storage';
import { insertCourse, insertFile } from './test/courses';
import { createTestServices, createUser } from './test/harness';
import { startWorker } from './worker';

// The worker process: jobs without HTTP. PGlite cannot be shared by two processes, so the worker is tested on the
// services of this test (what `npm run worker` builds from the environment), and as a process only where it refuses.
const services = await createTestServices({ env: { JOBS_ENABLED: 'true' } });
afterAll(() => services.close());

describe('startWorker', () => {
  test('hands a file left queued by a web process without jobs to the ingest job, which reads it', async () => {
    const owner = await createUser(services);
    const course = await insertCourse(services, owner);
    const storageKey = newStorageKey();
    await services.storage.put(storageKey, new TextEncoder().encode('Mitochondria make ATP.'));
    // As an upload to a web process with JOBS_ENABLED=false leaves it: stored and queued, but no job sent.
    const waiting = await insertFile(services, owner, course.id, {
      name: 'notes.txt',
      extension: 'txt',
      mimeType: 'text/plain',
      storageKey,
      status: 'queued',
    });
    const worker = startWorker(services, { sweepIntervalMs: 100 });
    try {
      await expect
        .poll(async () => (await services.db.select().from(file).where(eq(file.id, waiting.id)))[0]?.status, {
          timeout: 20_000,
          interval: 200,
        })
        .toBe('ready');
    } finally {
      await worker.stop();
    }
    const pages = await services.db.select().from(filePage).where(eq(filePage.fileId, waiting.id));
    expect(pages.map((page) => page.text)).toEqual(['Mitochondria make ATP.']);
  });

  test('needs services with a job queue', async () => {
    const withoutJobs = await createTestServices();
    try {
      expect(() => startWorker(withoutJobs)).toThrow(/job queue/);
    } finally {
      await withoutJobs.close();
    }
  });
});

describe('the worker process', () => {
  test('refuses the embedded database with one line saying what to set', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'studypath-worker-'));
    try {
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/worker.ts'], {
        env: { PATH: process.env.PATH, DATA_DIR: dataDir, DATABASE_URL: 'memory://' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
      expect(code).toBe(1);
      const lines = stderr.trimEnd().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/^studypath worker: DATABASE_URL must point at a PostgreSQL server/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
