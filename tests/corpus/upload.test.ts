import { readFileSync } from 'node:fs';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { file as fileTable, filePage, user } from '../../src/server/db/schema';
import type { Services } from '../../src/server/services';
import { createTestServices, createUser, listen, type TestUser } from '../../src/server/test/harness';
import { insertCourse } from '../../src/server/test/courses';
import { corpusExists, corpusFiles, corpusFolder, expectations, printTable } from './corpus';

/**
 * Every file of the shared corpus sent as a person would: a multipart POST /api/files to a listening server, then the
 * ingest job on the real queue. Each must be refused with a clear 4xx, or end ready with text, or failed with a reason,
 * within 60 s, while the server keeps answering /api/health.
 */
const DEADLINE_MS = 60_000;
/** The longest the health check may take while a file is being read: the web process must never stall. */
const HEALTH_TIMEOUT_MS = 5_000;

interface Outcome {
  file: string;
  outcome: string;
  ms: number;
}

describe.skipIf(!corpusExists)('the shared corpus through the upload endpoint', () => {
  let services: Services;
  let server: { url: string; close: () => Promise<void> };
  let owner: TestUser;
  let courseId: string;
  const rows: Outcome[] = [];

  beforeAll(async () => {
    services = await createTestServices({ env: { JOBS_ENABLED: 'true' } });
    server = await listen(services);
    owner = await createUser(services);
    // Ultra: 500 MB files and 10 000 uploads a month, so that only the files themselves can be refused.
    await services.db.update(user).set({ plan: 'ultra' }).where(eq(user.id, owner.user.id));
    courseId = (await insertCourse(services, owner, { name: 'Corpus' })).id;
  });

  afterAll(async () => {
    printTable('Upload endpoint and ingest job over the corpus', rows);
    await server.close();
    await services.close();
  });

  async function healthy(): Promise<boolean> {
    const response = await fetch(`${server.url}/api/health`, { signal: AbortSignal.timeout(HEALTH_TIMEOUT_MS) });
    return response.ok;
  }

  async function upload(relativePath: string): Promise<Response> {
    const bytes = readFileSync(path.join(corpusFolder, relativePath));
    const form = new FormData();
    form.set('directoryId', courseId);
    form.append('files', new Blob([bytes]), path.basename(relativePath));
    return fetch(`${server.url}/api/files`, { method: 'POST', body: form, headers: owner.headers });
  }

  /** Polls the file's row until its extraction has ended, checking the server answers all the while. */
  async function settled(fileId: string, started: number) {
    for (;;) {
      const [row] = await services.db.select().from(fileTable).where(eq(fileTable.id, fileId));
      if (!row) throw new Error(`file ${fileId} disappeared`);
      if (row.status === 'ready' || row.status === 'failed') return row;
      if (performance.now() - started > DEADLINE_MS) throw new Error(`still ${row.status} after ${DEADLINE_MS} ms`);
      expect(await healthy()).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }

  it.each(corpusFiles())('%s is refused, or ends ready with text or failed with a reason', { timeout: 90_000 }, async (relativePath) => {
    const expected = expectations[relativePath] ?? {};
    const started = performance.now();
    const response = await upload(relativePath);
    const elapsed = () => Math.round(performance.now() - started);

    if (response.status !== 201) {
      // A refusal is a clear 4xx with the error shape of DESIGN §4, never a 5xx.
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
      const body = (await response.json()) as { error: { code: string; message: string; messageKey?: string } };
      expect(body.error.message).toMatch(/^[A-Z].+[.!]$/);
      expect(body.error.messageKey).toBeTruthy();
      expect(expected.pages).toBeUndefined();
      rows.push({ file: relativePath, outcome: `refused ${response.status}: ${body.error.message}`, ms: elapsed() });
      return;
    }

    const created = (await response.json()) as { files: Array<{ id: string; name: string }> };
    expect(created.files).toHaveLength(1);
    const fileId = created.files[0]!.id;
    const row = await settled(fileId, started);
    const pages = await services.db
      .select({ pageNumber: filePage.pageNumber, text: filePage.text })
      .from(filePage)
      .where(eq(filePage.fileId, fileId))
      .orderBy(asc(filePage.pageNumber));

    if (row.status === 'ready') {
      expect(expected.reason).toBeUndefined();
      expect(row.pageCount).toBeGreaterThan(0);
      const text = pages.map((page) => page.text).join('\n');
      expect(text.trim().length).toBeGreaterThan(0);
      if (expected.pages) {
        expect(row.pageCount).toBeGreaterThanOrEqual(expected.pages[0]);
        expect(row.pageCount).toBeLessThanOrEqual(expected.pages[1]);
      }
      if (expected.text) expect(text).toMatch(expected.text);
      rows.push({ file: relativePath, outcome: `${row.pageCount} pages`, ms: elapsed() });
    } else {
      expect(expected.pages).toBeUndefined();
      expect(row.error).toMatch(/^[A-Z].+\.$/);
      // A failed file keeps no half-written pages.
      expect(pages).toEqual([]);
      rows.push({ file: relativePath, outcome: `failed: ${row.error}`, ms: elapsed() });
    }
    expect(await healthy()).toBe(true);
  });
});
