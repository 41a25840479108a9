/**
 * Ingest benchmark (issue 3, DESIGN §9): pages per second of text extraction on freeculture.pdf (about 350 pages)
 * through the whole upload path — multipart POST /api/files to a listening server, storage, the job queue, the
 * extraction worker thread, the pages written to the database — against pdf.js alone on the same file in the same run.
 * Then (issue 4) the time from the upload until every study artefact (chunks, summary, mind map, flashcards, learn
 * path) is ready, as a multiple of pdf.js alone (the target is at most 1.5). Prints medians and ratios; asserts nothing.
 *
 *   npm run bench:ingest [-- --runs 5] [-- --file path/to/file.pdf]
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createAdaptorServer } from '@hono/node-server';
import { eq } from 'drizzle-orm';
import { getDocumentProxy } from 'unpdf';
import { loadConfig } from '../src/server/config';
import { directory, file, studyArtefact, user } from '../src/server/db/schema';
import { createApp } from '../src/server/http/app';
import { createLogger } from '../src/server/logger';
import { createServices, type Services } from '../src/server/services';
import { median } from './median';

const { values: options } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    file: { type: 'string', default: path.resolve(import.meta.dirname, '../../shared/testdata/pdfs/freeculture.pdf') },
  },
});
const runs = Math.max(1, Number(options.runs));
const pdfPath = options.file;

/** pdf.js alone, in this thread: open the document and read every page's text content. */
async function pdfjsAlone(bytes: Uint8Array): Promise<{ pages: number; ms: number }> {
  const started = performance.now();
  const document = await getDocumentProxy(bytes.slice(), { verbosity: 0, isEvalSupported: false });
  for (let number = 1; number <= document.numPages; number += 1) {
    const page = await document.getPage(number);
    await page.getTextContent();
    page.cleanup();
  }
  const pages = document.numPages;
  await document.destroy();
  return { pages, ms: performance.now() - started };
}

async function startServer(services: Services): Promise<{ url: string; server: Server }> {
  const server = createAdaptorServer({ fetch: createApp(services).fetch }) as Server;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
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
 * One upload through the endpoint, timed until the file is ready (or failed, which ends the benchmark), then until
 * every study artefact is ready.
 */
async function throughUpload(
  services: Services,
  target: { url: string; cookie: string; courseId: string },
  bytes: Uint8Array<ArrayBuffer>,
  run: number,
): Promise<{ pages: number; ms: number; artefactsMs: number }> {
  const started = performance.now();
  const form = new FormData();
  form.set('directoryId', target.courseId);
  // A name of its own per run: the document's title is part of it, so no run reuses an earlier run's analysis.
  const name = `${path.basename(pdfPath, '.pdf')} (run ${run}).pdf`;
  form.append('files', new Blob([bytes]), name);
  const response = await fetch(`${target.url}/api/files`, { method: 'POST', body: form, headers: { cookie: target.cookie } });
  if (response.status !== 201) throw new Error(`upload refused: ${response.status} ${await response.text()}`);
  const { files } = (await response.json()) as { files: Array<{ id: string }> };
  const fileId = files[0]!.id;
  for (;;) {
    const [row] = await services.db
      .select({ status: file.status, pageCount: file.pageCount, error: file.error })
      .from(file)
      .where(eq(file.id, fileId));
    if (row?.status === 'ready') {
      const ms = performance.now() - started;
      return { pages: row.pageCount ?? 0, ms, artefactsMs: await untilArtefactsReady(services, fileId, started) };
    }
    if (!row || row.status === 'failed') throw new Error(`extraction failed: ${row?.error ?? 'file missing'}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function main() {
  const bytes = new Uint8Array(readFileSync(pdfPath)) as Uint8Array<ArrayBuffer>;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'studypath-bench-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: process.env.BENCH_LOG ?? 'silent',
    DATA_DIR: dataDir,
    DATABASE_URL: 'memory://',
    BETTER_AUTH_SECRET: 'bench-secret-0123456789abcdefghijklmnopqrstuvwxyz',
  });
  const services = await createServices(config, createLogger(config));
  const { url, server } = await startServer(services);
  try {
    const signUp = await services.auth.api.signUpEmail({
      body: { name: 'Bench', username: 'bench_user', email: 'bench@example.test', password: 'correct horse battery staple' },
      returnHeaders: true,
    });
    const cookie = signUp.headers.getSetCookie().map((entry) => entry.split(';')[0]).join('; ');
    const userId = signUp.response.user.id;
    await services.db.update(user).set({ plan: 'ultra' }).where(eq(user.id, userId));
    const [course] = await services.db.insert(directory).values({ ownerId: userId, name: 'Bench' }).returning();
    const target = { url, cookie, courseId: course!.id };

    // One unmeasured round of each, so module loading and JIT warm-up count for neither.
    await pdfjsAlone(bytes);
    await throughUpload(services, target, bytes, 0);

    const alone: number[] = [];
    const upload: number[] = [];
    const artefactRatios: number[] = [];
    const artefactMs: number[] = [];
    let pages = 0;
    for (let run = 1; run <= runs; run += 1) {
      const direct = await pdfjsAlone(bytes);
      const whole = await throughUpload(services, target, bytes, run);
      pages = direct.pages;
      alone.push(direct.pages / (direct.ms / 1000));
      upload.push(whole.pages / (whole.ms / 1000));
      artefactRatios.push(whole.artefactsMs / direct.ms);
      artefactMs.push(whole.artefactsMs);
      console.log(
        `run ${run}: pdf.js alone ${direct.ms.toFixed(0)} ms (${direct.pages} pages), ` +
          `upload endpoint to ready ${whole.ms.toFixed(0)} ms (${whole.pages} pages), ` +
          `to all artefacts ready ${whole.artefactsMs.toFixed(0)} ms`,
      );
    }
    const medianAlone = median(alone);
    const medianUpload = median(upload);
    console.log(`file: ${path.basename(pdfPath)}, ${pages} pages, ${(bytes.length / 1024 / 1024).toFixed(1)} MB, ${runs} runs`);
    console.log(`pdf.js alone:              median ${medianAlone.toFixed(1)} pages/s`);
    console.log(`upload endpoint to ready:  median ${medianUpload.toFixed(1)} pages/s`);
    console.log(`ratio upload / pdf.js:     ${(medianUpload / medianAlone).toFixed(2)}`);
    console.log(`upload to all artefacts ready: median ${median(artefactMs).toFixed(0)} ms`);
    console.log(`artefacts ready / pdf.js alone (time): median ${median(artefactRatios).toFixed(2)} (target ≤ 1.5)`);
  } finally {
    server.closeAllConnections();
    server.close();
    await services.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
