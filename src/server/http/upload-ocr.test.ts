import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, describe, expect, test } from 'vitest';
import { file, filePage } from '../db/schema';
import { ingestFile } from '../ingest/ingest-job';
import type { Services } from '../services';
import { insertCourse } from '../test/courses';
import { callerFor, createTestServices, createUser, requestApp, type TestUser } from '../test/harness';

/**
 * Scans and photos through the real upload endpoint, job queue and extraction threads: a photo becomes a
 * file of one page read by OCR, a PDF mixing typed and scanned pages keeps both, progress is kept in the file's row
 * while pages are read, and a page that cannot be read is named while the file gets ready.
 */
const withJobs = await createTestServices({ env: { JOBS_ENABLED: 'true' } });
const services = await createTestServices();
afterAll(() => Promise.all([withJobs.close(), services.close()]));

const fixture = (name: string) => new Uint8Array(readFileSync(path.resolve('tests/fixtures/ocr', name)));

async function upload(target: Services, actor: TestUser, directoryId: string, name: string, bytes: Uint8Array) {
  const form = new FormData();
  form.set('directoryId', directoryId);
  form.append('files', new Blob([new Uint8Array(bytes)]), name);
  const response = await requestApp(target, '/api/files', { method: 'POST', headers: actor.headers, body: form });
  const body = (await response.json()) as { files?: { id: string; extension: string; status: string }[]; error?: { message: string } };
  return { status: response.status, body };
}

async function readyOrFailed(actor: TestUser, fileId: string) {
  const caller = callerFor(withJobs, actor);
  await expect
    .poll(async () => (await caller.file.getProcessingStatus({ fileId })).status, { timeout: 120_000, interval: 250 })
    .toMatch(/ready|failed/);
  return caller.file.getProcessingStatus({ fileId });
}

describe('uploading scans and photos', { timeout: 180_000 }, () => {
  test('a photo of notes becomes an image file of one page, read by OCR, that View File can show', async () => {
    const owner = await createUser(withJobs);
    const course = await insertCourse(withJobs, owner);
    const { status, body } = await upload(withJobs, owner, course.id, 'Lecture photo.jpg', fixture('photo-exif-rotated.jpg'));
    expect(status).toBe(201);
    const [created] = body.files ?? [];
    expect(created).toMatchObject({ extension: 'jpg', status: 'queued' });
    const fileId = created?.id ?? '';
    expect(await readyOrFailed(owner, fileId)).toMatchObject({ status: 'ready', pageCount: 1, unreadablePages: null, progress: null });
    const { pages } = await callerFor(withJobs, owner).file.getFilePages({ fileId });
    expect(pages).toHaveLength(1);
    expect(pages[0]?.text.toLowerCase()).toContain('the distance ladder begins with the measurement of');
    expect(pages[0]?.ocrConfidence).toBeGreaterThan(50);
    const [row] = await withJobs.db.select({ mimeType: file.mimeType }).from(file).where(eq(file.id, fileId));
    expect(row?.mimeType).toBe('image/jpeg');
    // The picture goes out inline as itself, for the viewer to show beside its text.
    const content = await requestApp(withJobs, `/api/file/${fileId}`, { headers: owner.headers });
    expect(content.status).toBe(200);
    expect(content.headers.get('content-type')).toBe('image/jpeg');
    expect(content.headers.get('content-disposition')).toMatch(/^inline/);
  });

  test('a PDF mixing typed and scanned pages keeps both, with progress kept while the scans are read', async () => {
    const owner = await createUser(withJobs);
    const course = await insertCourse(withJobs, owner, { language: 'en' });
    const { body } = await upload(withJobs, owner, course.id, 'Mixed.pdf', await mixedPdf());
    const fileId = body.files?.[0]?.id ?? '';
    const progress: unknown[] = [];
    const caller = callerFor(withJobs, owner);
    await expect
      .poll(
        async () => {
          const now = await caller.file.getProcessingStatus({ fileId });
          if (now.progress) progress.push(now.progress);
          return now.status;
        },
        { timeout: 120_000, interval: 100 },
      )
      .toBe('ready');
    expect(await caller.file.getProcessingStatus({ fileId })).toMatchObject({ pageCount: 2, unreadablePages: null, progress: null });
    // Progress was kept in the row while the scanned page was read.
    expect(progress).toContainEqual(expect.objectContaining({ total: 1 }));
    const pages = await withJobs.db.select().from(filePage).where(eq(filePage.fileId, fileId)).orderBy(filePage.pageNumber);
    expect(pages[0]).toMatchObject({ text: 'Typed introduction to the distance ladder of astronomy.', ocrConfidence: null });
    expect(pages[1]?.text.toLowerCase()).toContain('a fundamental problem in astronomy');
    expect(pages[1]?.ocrConfidence).toBeGreaterThan(70);
  });

  test('a page OCR cannot read in time is named in the status, and the file is ready with the others', async () => {
    const owner = await createUser(services);
    const course = await insertCourse(services, owner);
    const { body } = await upload(services, owner, course.id, 'Mixed.pdf', await mixedPdf());
    const fileId = body.files?.[0]?.id ?? '';
    await ingestFile(services, fileId, { limits: { ocrPageTimeoutMs: 1 } });
    expect(await callerFor(services, owner).file.getProcessingStatus({ fileId })).toMatchObject({
      status: 'ready',
      pageCount: 2,
      unreadablePages: [2],
      progress: null,
    });
  });

  test('an image bomb and a file that only claims to be an image end with a translated reason', async () => {
    const owner = await createUser(withJobs);
    const course = await insertCourse(withJobs, owner);
    const refused = await upload(withJobs, owner, course.id, 'photo.png', new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'));
    expect(refused.status).toBe(415);
    expect(refused.body.error?.message).toContain("This file's content does not match its .png extension.");
    const bomb = fixture('slide.png').slice();
    const view = new DataView(bomb.buffer);
    view.setUint32(16, 60_000);
    view.setUint32(20, 60_000);
    const { body } = await upload(withJobs, owner, course.id, 'bomb.png', bomb);
    const status = await readyOrFailed(owner, body.files?.[0]?.id ?? '');
    expect(status).toMatchObject({ status: 'failed', errorKey: 'imageTooLarge', errorParams: { width: 60000, height: 60000, limit: 100 } });
  });
});

/** A typed page, then a scanned one (a handout page as a JPEG filling an A4 page, no text layer). */
async function mixedPdf(): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  document.addPage([595, 842]).drawText('Typed introduction to the distance ladder of astronomy.', { x: 50, y: 780, size: 12, font });
  const scan = await document.embedJpg(fixture('handout-p1.jpg'));
  document.addPage([595, 842]).drawImage(scan, { x: 0, y: 0, width: 595, height: 842 });
  return document.save();
}
