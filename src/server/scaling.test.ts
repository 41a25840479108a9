import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, inject, test } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase } from './db/client';
import { pdfWithPages, type PdfLine } from './test/documents';
import { lectureText } from './test/lecture';
import { createPostgresDatabase } from './test/database';
import { sessionHeaders, trpcQueryPath } from './test/harness';
import { freePort, startProgram, waitForHealth, type ProgramProcess } from './test/processes';
import { startS3Server } from './test/s3-server';

/** The lecture as a PDF of one page per section, its lines wrapped as a word processor would. */
async function lecturePdf(): Promise<Uint8Array> {
  const blocks = lectureText.trim().split(/\n\n+/);
  const pages: PdfLine[][] = [];
  for (const block of blocks) {
    const heading = block.length < 60;
    if (heading || pages.length === 0) pages.push([]);
    const page = pages[pages.length - 1]!;
    if (heading) {
      page.push({ text: block, size: 16 });
      continue;
    }
    let line = '';
    for (const word of block.split(' ')) {
      if (`${line} ${word}`.trim().length > 90) {
        page.push({ text: line });
        line = word;
      } else line = `${line} ${word}`.trim();
    }
    if (line) page.push({ text: line });
    page.push({ text: '' });
  }
  return pdfWithPages(pages);
}

const target = inject('testDatabase');
const postgres = target.kind === 'postgres';

// Several web processes and workers share a PostgreSQL server: on PGlite (one process owns the embedded database)
// there is nothing to run here, as in worker-crash.test.ts; the CI's PostgreSQL stage (TEST_DATABASE_URL) runs it.
describe.runIf(postgres)('two web processes and one worker on one PostgreSQL database and one S3 bucket', () => {
  test('processes starting together on a new database apply the migrations once, none failing', async () => {
    if (target.kind !== 'postgres') throw new Error('expected a PostgreSQL test database');
    const database = await createPostgresDatabase(target);
    try {
      // Each opens its own pool, as each process of a deploy does.
      const opened = await Promise.all([0, 1, 2, 3].map(() => openDatabase({ database: { kind: 'postgres', url: database.url } })));
      const applied = (await opened[0]!.db.execute(sql`select count(*)::int as count from drizzle.__drizzle_migrations`)) as {
        rows: Array<{ count: number }>;
      };
      for (const each of opened) await each.close();
      const journal = JSON.parse(readFileSync('drizzle/meta/_journal.json', 'utf8')) as { entries: unknown[] };
      expect(applied.rows).toEqual([{ count: journal.entries.length }]);
    } finally {
      await database.drop();
    }
  }, 60_000);

  test('a PDF uploaded through one web process is read by the worker and studied through the other', async () => {
    if (target.kind !== 'postgres') throw new Error('expected a PostgreSQL test database');
    const database = await createPostgresDatabase(target);
    const s3 = await startS3Server('studypath-scaling');
    // Nothing but the database and the bucket is shared: each process has a DATA_DIR of its own.
    const dataDirs = [0, 1, 2].map(() => mkdtempSync(path.join(tmpdir(), 'studypath-scaling-')));
    const [port1, port2] = [await freePort(), await freePort()];
    const web1Url = `http://127.0.0.1:${port1}`;
    const web2Url = `http://127.0.0.1:${port2}`;
    // What a load balancer's processes share: the database, the bucket, the auth secret and the public URL.
    const shared = {
      DATABASE_URL: database.url,
      BETTER_AUTH_SECRET: 'scaling-secret-0123456789abcdefghijklmnopqrstuvwxyz',
      APP_URL: web1Url,
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ...s3.env,
      // The AWS SDK's notice about Node versions would be the only thing on stderr.
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    };
    const processes: ProgramProcess[] = [];
    let codes: Array<number | null> = [];
    try {
      // All three at once on a fresh database: each applies the migrations and creates the queues as it starts.
      const web1 = startProgram('main', { ...shared, PORT: String(port1), DATA_DIR: dataDirs[0]!, JOBS_ENABLED: 'false' });
      const web2 = startProgram('main', { ...shared, PORT: String(port2), DATA_DIR: dataDirs[1]!, JOBS_ENABLED: 'false' });
      const worker = startProgram('worker', { ...shared, DATA_DIR: dataDirs[2]!, LOG_LEVEL: 'info' });
      processes.push(web1, web2, worker);
      const started = (process: ProgramProcess) => `${process.output.stderr}${process.output.stdout.slice(-2000)}`;
      await waitForHealth(web1Url, web1.exited, 120_000).catch((error: Error) => {
        throw new Error(`${error.message}\n${started(web1)}`);
      });
      await waitForHealth(web2Url, web2.exited, 120_000).catch((error: Error) => {
        throw new Error(`${error.message}\n${started(web2)}`);
      });

      // Signed up through web process 1; the session lives in the database, so web process 2 knows it too.
      const signUp = await fetch(`${web1Url}/api/auth/sign-up/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: web1Url },
        body: JSON.stringify({ name: 'Scale', username: 'scale_out', email: 'scale@example.test', password: 'correct horse battery staple' }),
      });
      expect(signUp.status).toBe(200);
      const cookie = sessionHeaders(signUp.headers).get('cookie') ?? '';
      const created = await fetch(`${web1Url}/api/trpc/directory.createDirectory`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: web1Url, cookie },
        body: JSON.stringify({ json: { name: 'Biology' } }),
      });
      expect(created.status).toBe(200);
      const courseId = ((await created.json()) as { result: { data: { json: { id: string } } } }).result.data.json.id;

      const pdf = await lecturePdf();
      const form = new FormData();
      form.set('directoryId', courseId);
      form.append('files', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'Cell Biology.pdf');
      const uploaded = await fetch(`${web1Url}/api/files`, { method: 'POST', body: form, headers: { origin: web1Url, cookie } });
      expect(uploaded.status).toBe(201);
      const fileId = ((await uploaded.json()) as { files: Array<{ id: string; status: string }> }).files[0]!.id;

      // Through web process 2 only from here on.
      const query = async <T>(procedure: string, input: unknown): Promise<T> => {
        const response = await fetch(`${web2Url}${trpcQueryPath(procedure, input)}`, { headers: { cookie } });
        expect(response.status).toBe(200);
        return ((await response.json()) as { result: { data: { json: T } } }).result.data.json;
      };
      type Status = { status: string; pageCount: number | null; artefacts: Record<string, { status: string | null }> };
      await expect
        .poll(async () => {
          const { status, artefacts } = await query<Status>('file.getProcessingStatus', { fileId });
          return { status, summary: artefacts.summary?.status };
        }, { timeout: 120_000, interval: 500 })
        .toEqual({ status: 'ready', summary: 'ready' });
      const { pageCount } = await query<Status>('file.getProcessingStatus', { fileId });
      expect(pageCount).toBe(6);
      const summary = await query<{ title: string; sections: unknown[]; markdown: string } | null>('summary.get', { fileId });
      expect(summary?.sections.length).toBeGreaterThan(0);
      expect(summary?.markdown).toContain('Photosynthesis is the process by which plants turn light energy into chemical energy.');

      // The stored bytes, from the bucket through web process 2 (whose own files folder is empty).
      const download = await fetch(`${web2Url}/api/file/${fileId}`, { headers: { cookie } });
      expect(download.status).toBe(200);
      expect(Buffer.from(await download.arrayBuffer()).equals(Buffer.from(pdf))).toBe(true);

      // The worker did the work: the web processes run no jobs (JOBS_ENABLED=false).
      expect(worker.output.stdout).toContain('"msg":"study artefact ready"');
      for (const process of processes) expect(process.output.stderr).toBe('');
    } finally {
      for (const process of processes) process.child.kill('SIGTERM');
      codes = await Promise.all(processes.map((process) => process.exited));
      await database.drop();
      await s3.close();
      for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
    }
    // Each stops gracefully on SIGTERM, the worker after finishing its jobs.
    expect(codes).toEqual([0, 0, 0]);
  }, 240_000);
});
