import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { PgBoss } from 'pg-boss';
import { describe, expect, inject, test } from 'vitest';
import { loadConfig } from './config';
import { directory, file, studyArtefact } from './db/schema';
import { INGEST_QUEUE } from './ingest/ingest-job';
import { artefactAbandonedAfterMs } from './ingest/queued-files';
import { createLogger } from './logger';
import { createServices } from './services';
import { newStorageKey } from './storage/blob-storage';
import { STUDY_QUEUE } from './study/pipeline/jobs';
import { lectureText } from './test/lecture';
import { createPostgresDatabase } from './test/database';
import { startProgram } from './test/processes';

// `npm run worker` as its own process, configured only by the environment.
const startWorker = (env: Record<string, string>) => startProgram('worker', env);

const target = inject('testDatabase');
const postgres = target.kind === 'postgres';

// Workers run only on PostgreSQL: the embedded database (PGlite) belongs to the one web process, which re-queues every
// artefact left 'running' when it starts again (main.test.ts, 'kill -9 while study artefacts are being made…'). So on
// PGlite this file has nothing to run; the CI's PostgreSQL stage (TEST_DATABASE_URL) runs it.
describe.runIf(postgres)('a worker killed with SIGKILL on PostgreSQL', () => {
  test('another worker takes over its study jobs within seconds, long before the sweep would', async () => {
    if (target.kind !== 'postgres') throw new Error('expected a PostgreSQL test database');
    const database = await createPostgresDatabase(target);
    // One data directory for the files, shared by the web process (here, the set-up) and the workers.
    const dataDir = mkdtempSync(path.join(tmpdir(), 'studypath-worker-crash-'));
    const env = { DATABASE_URL: database.url, DATA_DIR: dataDir, BETTER_AUTH_SECRET: 'worker-crash-secret-0123456789abcdefghijklmnopqrstuvwxyz' };
    // The upload as a web process started with JOBS_ENABLED=false leaves it: stored and 'queued', with no job.
    const config = loadConfig({ ...env, NODE_ENV: 'test', JOBS_ENABLED: 'false', LOG_LEVEL: 'silent' });
    const web = await createServices(config, createLogger(config));
    const workers: Array<ReturnType<typeof startWorker>> = [];
    try {
      // Queues as a version without heartbeats made them: the workers must bring them up to date (updateQueue).
      const older = new PgBoss({ connectionString: database.url, schema: 'pgboss', supervise: false });
      await older.start();
      await older.createQueue(STUDY_QUEUE, { policy: 'short', retryLimit: 3, expireInSeconds: 15 * 60 });
      await older.createQueue(INGEST_QUEUE, { policy: 'exclusive', retryLimit: 3 });
      await older.stop({ graceful: false });
      const { user } = await web.auth.api.signUpEmail({
        body: { email: 'worker-crash@example.test', password: 'correct horse battery staple', name: 'Crash', username: 'worker_crash' },
      });
      const [course] = await web.db.insert(directory).values({ ownerId: user.id, name: 'Biology' }).returning();
      // A document long enough that making its artefacts takes a few seconds.
      const text = Array.from({ length: 200 }, (_, index) => lectureText.replace('Cell Biology', `Cell Biology ${index + 1}`)).join('\n\n');
      const bytes = new TextEncoder().encode(text);
      const storageKey = newStorageKey();
      await web.storage.put(storageKey, bytes);
      const [uploaded] = await web.db
        .insert(file)
        .values({ directoryId: course!.id, ownerId: user.id, name: 'Cell Biology.txt', extension: 'txt', mimeType: 'text/plain', size: bytes.length, storageKey })
        .returning();
      const fileId = uploaded!.id;
      const artefacts = async () =>
        Object.fromEntries(
          (await web.db.select({ kind: studyArtefact.kind, status: studyArtefact.status }).from(studyArtefact).where(eq(studyArtefact.fileId, fileId))).map(
            (row) => [row.kind, row.status],
          ),
        );

      // The first worker sweeps the file up, reads it and starts on its artefacts; it is killed the moment the first
      // artefact is stored, while the others are still being made.
      const first = startWorker({ ...env, LOG_LEVEL: 'info' });
      workers.push(first);
      const killed = await new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => resolve(false), 60_000);
        first.child.stdout.on('data', () => {
          if (first.output.stdout.includes('"msg":"study artefact ready"')) {
            first.child.kill('SIGKILL');
            clearTimeout(timer);
            resolve(true);
          }
        });
        void first.exited.then(() => resolve(false));
      });
      expect(killed, `the first worker never made an artefact:\n${first.output.stdout}\n${first.output.stderr}`).toBe(true);
      await first.exited;

      // What the kill left: some artefacts made, at least one 'running' with nobody running it.
      const left = Object.values(await artefacts());
      expect(left).toHaveLength(5);
      expect(left).toContain('ready');
      expect(left).toContain('running');

      // A new worker: the heartbeats of the dead worker's jobs go stale, and their retries take the artefacts over.
      const killedAt = Date.now();
      const second = startWorker({ ...env, LOG_LEVEL: 'warn' });
      workers.push(second);
      await expect
        .poll(artefacts, { timeout: 90_000, interval: 500 })
        .toEqual({ chunks: 'ready', summary: 'ready', mindmap: 'ready', flashcards: 'ready', learn_path: 'ready' });
      // Taken over by the heartbeat, not by the sweep that re-queues artefacts left running for 20 minutes.
      expect(Date.now() - killedAt).toBeLessThan(artefactAbandonedAfterMs / 10);
      expect(second.output.stderr).toBe('');
    } finally {
      for (const worker of workers) worker.child.kill('SIGKILL');
      await Promise.all(workers.map((worker) => worker.exited));
      await web.close();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});
