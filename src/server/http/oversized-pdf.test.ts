import { inArray } from 'drizzle-orm';
import { afterAll, expect, test } from 'vitest';
import { file } from '../db/schema';
import { insertCourse } from '../test/courses';
import { createTestServices, createUser, requestApp } from '../test/harness';

/**
 * Issue 23: an outside probe uploaded a 155 MB PDF with 2 million objects declaring 200,000 pages on the Free plan;
 * the server reached a 2.09 GB peak before failing it on the page limit. Here three such files (made in the test,
 * 40 MB and 2 million objects each) arrive at once through the real upload route and ingest queue: each ends failed
 * with the page limit's message, the server's memory stays bounded, and /api/health answers 200 throughout.
 */
const services = await createTestServices({ env: { JOBS_ENABLED: 'true' } });
afterAll(() => services.close());

const OBJECTS = 2_000_000;
const DECLARED_PAGES = 200_000;
/** Far above what reading three such files one at a time by their declared count needs, far below loading them. */
const MEMORY_BOUND_MB = 600;

/** A PDF-shaped file: a catalog, a page tree declaring `pages` pages, and `objects` small objects. */
function hostilePdf(objects: number, pages: number): Uint8Array<ArrayBuffer> {
  const head = `%PDF-1.7\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count ${pages} >>\nendobj\n`;
  const object = (index: number) => `${index} 0 obj\n<<>>\nendobj\n`;
  const parts: string[] = [head];
  for (let index = 3; index < objects + 3; index += 1) parts.push(object(index));
  parts.push('%%EOF\n');
  return new TextEncoder().encode(parts.join(''));
}

test('three oversized PDFs at once: each refused by its page count, memory bounded, health 200 throughout', async () => {
  const owner = await createUser(services);
  const course = await insertCourse(services, owner);
  const bytes = hostilePdf(OBJECTS, DECLARED_PAGES);
  expect(bytes.length).toBeGreaterThan(30 * 1024 * 1024);

  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  const health: number[] = [];
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 25);
  let watching = true;
  const watchHealth = (async () => {
    while (watching) {
      health.push((await requestApp(services, '/api/health')).status);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  })();

  try {
    const uploads = await Promise.all(
      [1, 2, 3].map(async (index) => {
        const form = new FormData();
        form.set('directoryId', course.id);
        form.append('files', new Blob([bytes]), `Huge ${index}.pdf`);
        const response = await requestApp(services, '/api/files', { method: 'POST', headers: owner.headers, body: form });
        expect(response.status).toBe(201);
        const { files } = (await response.json()) as { files: Array<{ id: string }> };
        return files[0]?.id ?? '';
      }),
    );
    await expect
      .poll(
        async () => {
          const rows = await services.db.select({ status: file.status, errorKey: file.errorKey }).from(file).where(inArray(file.id, uploads));
          return rows.map((row) => `${row.status}:${row.errorKey}`).sort();
        },
        { timeout: 90_000, interval: 250 },
      )
      .toEqual(['failed:tooManyPages', 'failed:tooManyPages', 'failed:tooManyPages']);
    const [row] = await services.db.select({ error: file.error }).from(file).where(inArray(file.id, uploads.slice(0, 1)));
    expect(row?.error).toBe(`This file has ${DECLARED_PAGES} pages; your plan allows up to 1000 pages per file.`);
  } finally {
    watching = false;
    clearInterval(sampler);
    await watchHealth;
  }
  expect(health.length).toBeGreaterThan(0);
  expect(health.every((status) => status === 200)).toBe(true);
  expect((peak - baseline) / (1024 * 1024)).toBeLessThan(MEMORY_BOUND_MB);
}, 180_000);
