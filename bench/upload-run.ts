/**
 * What the upload benchmarks share (bench:ingest, bench:ocr): a listening server on an in-memory database with a
 * signed-up Ultra user and a course, an upload through POST /api/files, and waiting for the file and its study
 * artefacts to be ready.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createAdaptorServer } from '@hono/node-server';
import { eq } from 'drizzle-orm';
import { loadConfig } from '../src/server/config';
import { directory, file, studyArtefact, user } from '../src/server/db/schema';
import { createApp } from '../src/server/http/app';
import { createLogger, type Logger } from '../src/server/logger';
import { createServices, type Services } from '../src/server/services';

export interface BenchTarget {
  services: Services;
  url: string;
  cookie: string;
  courseId: string;
  close(): Promise<void>;
}

/**
 * A production-configured server on a fresh in-memory database, listening on a free port, with one Ultra user's course.
 * `log` replaces its logger (bench:ingest --breakdown reads the timings the server logs).
 */
export async function startBenchServer(course: { language?: 'en' | 'de' } = {}, log?: Logger): Promise<BenchTarget> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'studypath-bench-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: process.env.BENCH_LOG ?? 'silent',
    DATA_DIR: dataDir,
    DATABASE_URL: 'memory://',
    BETTER_AUTH_SECRET: 'bench-secret-0123456789abcdefghijklmnopqrstuvwxyz',
  });
  const services = await createServices(config, log ?? createLogger(config));
  const server = createAdaptorServer({ fetch: createApp(services).fetch }) as Server;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const signUp = await services.auth.api.signUpEmail({
    body: { name: 'Bench', username: 'bench_user', email: 'bench@example.test', password: 'correct horse battery staple' },
    returnHeaders: true,
  });
  const cookie = signUp.headers.getSetCookie().map((entry) => entry.split(';')[0]).join('; ');
  const userId = signUp.response.user.id;
  await services.db.update(user).set({ plan: 'ultra' }).where(eq(user.id, userId));
  const [row] = await services.db.insert(directory).values({ ownerId: userId, name: 'Bench', ...course }).returning();
  return {
    services,
    url,
    cookie,
    courseId: row!.id,
    async close() {
      server.closeAllConnections();
      server.close();
      await services.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const ARTEFACT_KINDS = 5;

/** Waits until every study artefact of the file is ready (a failed one ends the benchmark); the time since `started`. */
async function untilArtefactsReady(services: Services, fileId: string, started: number): Promise<number> {
  for (;;) {
    const rows = await services.db
      .select({ kind: studyArtefact.kind, status: studyArtefact.status, error: studyArtefact.error })
      .from(studyArtefact)
      .where(eq(studyArtefact.fileId, fileId));
    const failed = rows.find((row) => row.status === 'failed');
    if (failed) throw new Error(`${failed.kind} failed: ${failed.error ?? ''}`);
    if (rows.length === ARTEFACT_KINDS && rows.every((row) => row.status === 'ready')) return performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * One upload through the endpoint, timed until the endpoint answers, until the file is ready (or failed, which ends
 * the benchmark), then until every study artefact is ready.
 */
export async function throughUpload(
  target: BenchTarget,
  bytes: Uint8Array<ArrayBuffer>,
  name: string,
): Promise<{ fileId: string; pages: number; uploadedMs: number; ms: number; artefactsMs: number }> {
  const { services } = target;
  const started = performance.now();
  const form = new FormData();
  form.set('directoryId', target.courseId);
  form.append('files', new Blob([bytes]), name);
  const response = await fetch(`${target.url}/api/files`, { method: 'POST', body: form, headers: { cookie: target.cookie } });
  if (response.status !== 201) throw new Error(`upload refused: ${response.status} ${await response.text()}`);
  const { files } = (await response.json()) as { files: Array<{ id: string }> };
  const fileId = files[0]!.id;
  const uploadedMs = performance.now() - started;
  for (;;) {
    const [row] = await services.db
      .select({ status: file.status, pageCount: file.pageCount, error: file.error })
      .from(file)
      .where(eq(file.id, fileId));
    if (row?.status === 'ready') {
      const ms = performance.now() - started;
      return { fileId, pages: row.pageCount ?? 0, uploadedMs, ms, artefactsMs: await untilArtefactsReady(services, fileId, started) };
    }
    if (!row || row.status === 'failed') throw new Error(`extraction failed: ${row?.error ?? 'file missing'}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
