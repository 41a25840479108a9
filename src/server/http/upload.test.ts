import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, test } from 'vitest';
import { file, filePage, user } from '../db/schema';
import { INGEST_QUEUE, ingestFile } from '../ingest/ingest-job';
import { encrypt, pdfWithPages } from '../test/documents';
import { germanLawNote } from '../test/markdown-notes';
import { generateArtefact, loadStudyDocument } from '../study/pipeline/pipeline';
import type { Services } from '../services';
import { insertCourse, insertFile } from '../test/courses';
import { callerFor, createTestServices, createUser, expectRefused, requestApp, type TestUser } from '../test/harness';
import { getUsage, usagePeriod } from '../usage/usage-counters';

// Refusals and storage on a server without a job queue (nothing runs in the background); the pipeline with one.
const services = await createTestServices();
const withJobs = await createTestServices({ env: { JOBS_ENABLED: 'true' } });
afterAll(() => Promise.all([services.close(), withJobs.close()]));

interface UploadAnswer {
  files?: Array<{ id: string; name: string; extension: string; status: string }>;
  error?: { code: string; message: string; messageKey: string; messageParams?: Record<string, unknown> };
}

async function upload(
  target: Services,
  actor: TestUser | null,
  directoryId: string,
  files: Array<{ name: string; bytes: Uint8Array | string }>,
) {
  const form = new FormData();
  form.set('directoryId', directoryId);
  for (const { name, bytes } of files) form.append('files', new Blob([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)]), name);
  const response = await requestApp(target, '/api/files', { method: 'POST', headers: actor?.headers, body: form });
  return { status: response.status, body: (await response.json()) as UploadAnswer };
}

async function ownerWithCourse(target: Services = services, plan: 'free' | 'pro' = 'free') {
  const owner = await createUser(target);
  if (plan !== 'free') await target.db.update(user).set({ plan }).where(eq(user.id, owner.user.id));
  const course = await insertCourse(target, owner);
  return { owner, course };
}

async function rowOf(target: Services, fileId: string) {
  const [row] = await target.db.select().from(file).where(eq(file.id, fileId));
  if (!row) throw new Error(`no file ${fileId}`);
  return row;
}

const twoPagePdf = () => pdfWithPages([[{ text: 'Cells are the unit of life.' }], [{ text: 'Mitochondria make ATP.' }]]);
function storedBlobs(target: Services): number {
  const folder = path.join(target.config.filesDir, 'uploads');
  return existsSync(folder) ? readdirSync(folder).length : 0;
}

/** What is left in the uploads' temporary folder: each request's folder must be gone once it is answered. */
function temporaryUploads(target: Services): string[] {
  const folder = path.join(target.config.dataDir, 'tmp', 'uploads');
  return existsSync(folder) ? readdirSync(folder) : [];
}

const uploadsUsed = (target: Services, owner: TestUser) =>
  getUsage(target.db, { userId: owner.user.id, kind: 'uploads', period: usagePeriod('month') });

async function filesOf(target: Services, owner: TestUser) {
  return target.db.select().from(file).where(eq(file.ownerId, owner.user.id));
}

async function postRaw(target: Services, owner: TestUser, contentType: string, body: string) {
  const headers = new Headers(owner.headers);
  headers.set('content-type', contentType);
  const response = await requestApp(target, '/api/files', { method: 'POST', headers, body });
  return { status: response.status, body: (await response.json()) as UploadAnswer };
}

describe('POST /api/files', () => {
  test('stores a PDF, queues it, and the job extracts its pages until the file is ready', async () => {
    const { owner, course } = await ownerWithCourse(withJobs);
    const { status, body } = await upload(withJobs, owner, course.id, [{ name: 'Cells.pdf', bytes: await twoPagePdf() }]);
    expect(status).toBe(201);
    const [created] = body.files ?? [];
    expect(created).toMatchObject({ name: 'Cells.pdf', extension: 'pdf', status: 'queued' });
    const fileId = created?.id ?? '';
    const caller = callerFor(withJobs, owner);
    await expect
      .poll(async () => (await caller.file.getProcessingStatus({ fileId })).status, { timeout: 20_000, interval: 250 })
      .toBe('ready');
    const pages = await withJobs.db.select().from(filePage).where(eq(filePage.fileId, fileId));
    expect(pages.map((page) => page.text).join(' ')).toContain('Mitochondria make ATP.');
    const stored = await rowOf(withJobs, fileId);
    expect(stored).toMatchObject({ pageCount: 2, mimeType: 'application/pdf', error: null });
    expect(await withJobs.storage.exists(stored.storageKey ?? '')).toBe(true);

    // Running the job again on a ready file changes nothing.
    await ingestFile(withJobs, fileId);
    expect((await rowOf(withJobs, fileId)).updatedAt).toEqual(stored.updatedAt);
  });

  test('reads a Markdown note (.md, .markdown) into a page per top-level section and studies it by its headings', async () => {
    const { owner, course } = await ownerWithCourse(withJobs, 'pro');
    const { status, body } = await upload(withJobs, owner, course.id, [
      { name: 'Verwaltungsrecht.md', bytes: germanLawNote },
      { name: 'Kopie.markdown', bytes: germanLawNote },
    ]);
    expect(status).toBe(201);
    expect(body.files?.map((created) => [created.name, created.extension])).toEqual([
      ['Verwaltungsrecht.md', 'md'],
      ['Kopie.markdown', 'markdown'],
    ]);
    const caller = callerFor(withJobs, owner);
    for (const created of body.files ?? []) {
      await expect
        .poll(async () => (await caller.file.getProcessingStatus({ fileId: created.id })).status, { timeout: 20_000, interval: 250 })
        .toBe('ready');
      const pages = await withJobs.db.select().from(filePage).where(eq(filePage.fileId, created.id)).orderBy(filePage.pageNumber);
      expect(pages.map((page) => page.heading)).toEqual(['Allgemeines Verwaltungsrecht', 'Der Verwaltungsakt', 'Rücknahme']);
      expect(pages.map((page) => page.text).join('\n')).not.toMatch(/\*\*|\[\[|<script|alert/);
      expect(await rowOf(withJobs, created.id)).toMatchObject({ pageCount: 3, mimeType: 'text/markdown; charset=utf-8', error: null });
    }
    const fileId = body.files?.[0]?.id ?? '';
    // The engines are told it is a note, so its # lines count as the writer's headings.
    expect((await loadStudyDocument(withJobs.db, fileId))?.document.format).toBe('markdown');
    const pipeline = { db: withJobs.db, engine: withJobs.engine, log: withJobs.log };
    expect(['ready', 'skipped']).toContain(await generateArtefact(pipeline, fileId, 'summary'));
    await expect.poll(async () => (await caller.summary.get({ fileId }))?.sections.map((section) => section.heading), { timeout: 20_000 }).toEqual(['Der Verwaltungsakt', 'Rücknahme']);
    // Its bytes go out as the note it is, for the viewer to render (sandboxed like every stored text).
    const served = await requestApp(withJobs, `/api/file/${fileId}`, { headers: owner.headers });
    expect(served.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(await served.text()).toBe(germanLawNote);
  });

  test('a file that cannot be read ends failed with the reason, at once, and can be retried by its owner', async () => {
    const { owner, course } = await ownerWithCourse(withJobs);
    const locked = await pdfWithPages([[{ text: 'secret' }]], encrypt);
    const { body } = await upload(withJobs, owner, course.id, [{ name: 'Locked.pdf', bytes: locked }]);
    const fileId = body.files?.[0]?.id ?? '';
    const caller = callerFor(withJobs, owner);
    const failed = {
      status: 'failed',
      error: 'This PDF is password-protected.',
      errorKey: 'encrypted',
      errorParams: null,
      pageCount: null,
    };
    await expect.poll(() => caller.file.getProcessingStatus({ fileId }), { timeout: 20_000, interval: 250 }).toMatchObject(failed);

    await expect(callerFor(withJobs, await createUser(withJobs)).file.retryProcessing({ fileId })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    expect(await caller.file.retryProcessing({ fileId })).toEqual({ id: fileId, status: 'queued' });
    await expect.poll(() => caller.file.getProcessingStatus({ fileId }), { timeout: 20_000, interval: 250 }).toMatchObject(failed);
  });

  test('refuses anyone signed out, and a course that is not theirs with the spec message', async () => {
    const { owner, course } = await ownerWithCourse();
    const anonymous = await upload(services, null, course.id, [{ name: 'a.txt', bytes: 'hello' }]);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error?.code).toBe('UNAUTHORIZED');
    const stranger = await createUser(services);
    const foreign = await upload(services, stranger, course.id, [{ name: 'a.txt', bytes: 'hello' }]);
    expect(foreign).toEqual({
      status: 404,
      body: { error: { code: 'NOT_FOUND', message: 'Course not found. Try to refresh the page.', messageKey: 'courseNotFound' } },
    });
    expect(await callerFor(services, owner).directory.getAzureDirectoryFiles({ directoryId: course.id })).toEqual([]);
  });

  test('holds a Free user to one file per upload and three uploads a month, naming the limit and the upgrade', async () => {
    const { owner, course } = await ownerWithCourse();
    const blobsBefore = storedBlobs(services);
    const two = await upload(services, owner, course.id, [
      { name: 'a.txt', bytes: 'one' },
      { name: 'b.txt', bytes: 'two' },
    ]);
    expect(two.status).toBe(403);
    expect(two.body.error?.message).toBe('Your Free plan allows 1 file per upload. Upgrade for more.');

    // The month's uploads are counted in the usage counter, not from file rows: rows alone use up nothing.
    await insertFile(services, owner, course.id);
    await insertFile(services, owner, course.id);
    for (const name of ['first.txt', 'second.txt', 'third.txt']) {
      expect((await upload(services, owner, course.id, [{ name, bytes: 'text' }])).status).toBe(201);
    }
    expect(await uploadsUsed(services, owner)).toBe(3);
    const fourth = await upload(services, owner, course.id, [{ name: 'fourth.txt', bytes: 'four' }]);
    expect(fourth.status).toBe(403);
    expect(fourth.body.error).toMatchObject({
      message: 'You have used all 3 uploads of your Free plan this month. Upgrade for more.',
      messageKey: 'uploadMonthlyLimitReached',
      messageParams: { plan: 'Free', limit: 3 },
    });
    expect(storedBlobs(services)).toBe(blobsBefore + 3);

    // Deleting an uploaded file does not give the upload back.
    const [uploaded] = (await filesOf(services, owner)).filter((row) => row.storageKey !== null);
    await callerFor(services, owner).file.deleteFile({ fileId: uploaded?.id ?? '' });
    expect(await uploadsUsed(services, owner)).toBe(3);
    expect((await upload(services, owner, course.id, [{ name: 'again.txt', bytes: 'text' }])).status).toBe(403);
    expect(temporaryUploads(services)).toEqual([]);
  });

  test('lets exactly the allowed number of simultaneous uploads through at the monthly limit', async () => {
    const { owner, course } = await ownerWithCourse();
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, index) => upload(services, owner, course.id, [{ name: `${index}.txt`, bytes: 'x' }])),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([201, 201, 201, 403, 403, 403]);
    expect(await uploadsUsed(services, owner)).toBe(3);
    expect(await filesOf(services, owner)).toHaveLength(3);
    expect(temporaryUploads(services)).toEqual([]);
  });

  test('gives the upload back, and leaves no blob or row, when storing fails after it was counted', async () => {
    const broken = await createTestServices();
    try {
      const { owner, course } = await ownerWithCourse(broken);
      // A file where the uploads folder should be: every write into storage fails.
      mkdirSync(broken.config.filesDir, { recursive: true });
      writeFileSync(path.join(broken.config.filesDir, 'uploads'), 'in the way');
      const { status } = await upload(broken, owner, course.id, [{ name: 'a.txt', bytes: 'text' }]);
      expect(status).toBe(500);
      expect(await uploadsUsed(broken, owner)).toBe(0);
      expect(await filesOf(broken, owner)).toEqual([]);
      expect(temporaryUploads(broken)).toEqual([]);
    } finally {
      await broken.close();
    }
  });

  test('refuses by content: a renamed executable, an empty file, a request that is not multipart', async () => {
    const { owner, course } = await ownerWithCourse(services, 'pro');
    const elf = new Uint8Array([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, ...new Array<number>(56).fill(0)]);
    const renamed = await upload(services, owner, course.id, [{ name: 'notes.pdf', bytes: elf }]);
    expect(renamed.status).toBe(415);
    expect(renamed.body.error?.message).toMatch(/^notes\.pdf: /);
    const empty = await upload(services, owner, course.id, [{ name: 'empty.txt', bytes: '' }]);
    expect(empty.status).toBe(400);
    expect(empty.body.error?.message).toBe('empty.txt: This file is empty.');
    const json = await requestApp(services, '/api/files', { method: 'POST', headers: owner.headers, json: { directoryId: course.id } });
    expect(json.status).toBe(415);
    const text = await postRaw(services, owner, 'text/plain', 'directoryId=x');
    expect(text.status).toBe(415);
    expect(text.body.error?.messageKey).toBe('uploadNotMultipart');
    const [row] = await services.db.select({ id: file.id }).from(file).where(eq(file.ownerId, owner.user.id));
    expect(row).toBeUndefined();
    expect(await uploadsUsed(services, owner)).toBe(0);
    expect(temporaryUploads(services)).toEqual([]);
  });

  test('answers malformed multipart with 400 and keeps nothing', async () => {
    const { owner, course } = await ownerWithCourse(services, 'pro');
    const part = (name: string, body: string) =>
      `--x\r\nContent-Disposition: form-data; name="files"; filename="${name}"\r\n\r\n${body}\r\n`;
    const cases = [
      ['no boundary', 'multipart/form-data', part('a.txt', 'text')],
      ['a broken part header', 'multipart/form-data; boundary=x', '--x\r\nContent-Disposition form-data\r\n\r\nhi\r\n--x--'],
      ['a body that ends mid-file', 'multipart/form-data; boundary=x', part('a.txt', 'text').slice(0, -4)],
      ['no closing boundary', 'multipart/form-data; boundary=x', part('a.txt', 'text')],
      ['garbage', 'multipart/form-data; boundary=x', 'not multipart at all'],
    ] as const;
    for (const [label, contentType, body] of cases) {
      const answer = await postRaw(services, owner, contentType, body);
      expect({ label, status: answer.status, key: answer.body.error?.messageKey }).toEqual({
        label,
        status: 400,
        key: 'uploadUnreadable',
      });
    }
    // The course field after the files, and a file under another field name, are fine.
    const late = await postRaw(
      services,
      owner,
      'multipart/form-data; boundary=x',
      `${part('a.txt', 'text')}--x\r\nContent-Disposition: form-data; name="other"; filename="b.txt"\r\n\r\nno\r\n` +
        `--x\r\nContent-Disposition: form-data; name="directoryId"\r\n\r\n${course.id}\r\n--x--\r\n`,
    );
    expect(late.status).toBe(201);
    expect(late.body.files?.map((created) => created.name)).toEqual(['a.txt']);
    expect(await filesOf(services, owner)).toHaveLength(1);
    expect(temporaryUploads(services)).toEqual([]);
  });

  test('refuses a file over the plan size, and a file too many, while streaming, keeping nothing', async () => {
    const { owner, course } = await ownerWithCourse(services, 'pro');
    await services.db.update(user).set({ plan: 'pro' }).where(eq(user.id, owner.user.id));
    const blobsBefore = storedBlobs(services);
    const big = new Uint8Array(100 * 1024 * 1024 + 1).fill(0x61);
    const oversize = await upload(services, owner, course.id, [{ name: 'big.txt', bytes: big }]);
    expect(oversize.status).toBe(413);
    expect(oversize.body.error).toMatchObject({
      message: 'big.txt is larger than the 100 MB your plan allows. Upgrade for more.',
      messageKey: 'uploadFileTooLarge',
      messageParams: { plan: 'Pro', limit: 100, name: 'big.txt' },
    });
    const exactly = await upload(services, owner, course.id, [{ name: 'limit.txt', bytes: big.subarray(1) }]);
    expect(exactly.status).toBe(201);
    const four = await upload(
      services,
      owner,
      course.id,
      ['a', 'b', 'c', 'd'].map((name) => ({ name: `${name}.txt`, bytes: name })),
    );
    expect(four.status).toBe(403);
    expect(four.body.error?.messageParams).toEqual({ plan: 'Pro', limit: 3, count: 4 });
    expect(storedBlobs(services)).toBe(blobsBefore + 1);
    expect(await uploadsUsed(services, owner)).toBe(1);
    expect(temporaryUploads(services)).toEqual([]);
  });

  test('refuses a request larger than any plan allows before reading it', async () => {
    const { owner } = await ownerWithCourse();
    const headers = new Headers(owner.headers);
    headers.set('content-type', 'multipart/form-data; boundary=x');
    headers.set('content-length', String(600 * 1024 * 1024));
    const response = await requestApp(services, '/api/files', { method: 'POST', headers, body: '--x--' });
    expect(response.status).toBe(413);
  });

  test('keeps only a safe name: no path, no control characters, at most 255 characters with the extension', async () => {
    const { owner, course } = await ownerWithCourse(services, 'pro');
    const { status, body } = await upload(services, owner, course.id, [
      { name: '..\\..\\etc\\pass\u0007wd.txt', bytes: 'text' },
      { name: `${'a'.repeat(10_000)}.txt`, bytes: 'text' },
      { name: '  .txt', bytes: 'text' },
    ]);
    expect(status).toBe(201);
    const names = body.files?.map((created) => created.name) ?? [];
    expect(names[0]).toBe('passwd.txt');
    expect(names[1]).toBe(`${'a'.repeat(251)}.txt`);
    expect(names[2]).toBe('Untitled.txt');
    expect(temporaryUploads(services)).toEqual([]);
  });
});

describe('file.retryProcessing', () => {
  test('is only for failed files: a file over the page limit fails with the reason, and a queued one is refused', async () => {
    const { owner, course } = await ownerWithCourse();
    const { body } = await upload(services, owner, course.id, [{ name: 'Long.pdf', bytes: await twoPagePdf() }]);
    const fileId = body.files?.[0]?.id ?? '';
    const caller = callerFor(services, owner);
    await expect(caller.file.retryProcessing({ fileId })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await ingestFile(services, fileId, { maxPages: 1 });
    expect(await caller.file.getProcessingStatus({ fileId })).toMatchObject({
      status: 'failed',
      error: 'This file has 2 pages; your plan allows up to 1 page per file.',
      errorKey: 'tooManyPages',
      errorParams: { pages: 2, limit: 1, count: 1 },
      pageCount: null,
    });
    await expectRefused({
      services,
      call: (other) => other.file.retryProcessing({ fileId }),
      actors: ['anonymous', 'stranger'],
    });
    expect(await caller.file.getProcessingStatus({ fileId })).toMatchObject({ status: 'failed' });
    expect(await caller.file.retryProcessing({ fileId })).toEqual({ id: fileId, status: 'queued' });
    expect(await caller.file.getProcessingStatus({ fileId })).toMatchObject({
      status: 'queued',
      error: null,
      errorKey: null,
      errorParams: null,
    });
  });
});

describe('the ingest job', () => {
  test('ends quietly for a deleted file, and fails a file whose stored bytes are gone', async () => {
    await expect(ingestFile(services, 'no-such-file')).resolves.toBeUndefined();
    const { owner, course } = await ownerWithCourse();
    const { body } = await upload(services, owner, course.id, [{ name: 'a.txt', bytes: 'one' }]);
    const stored = await rowOf(services, body.files?.[0]?.id ?? '');
    await services.storage.delete(stored.storageKey ?? '');
    await ingestFile(services, stored.id);
    expect(await rowOf(services, stored.id)).toMatchObject({
      status: 'failed',
      error: 'The uploaded file is missing. Please delete it and upload it again.',
      errorKey: 'missingBlob',
    });
  });

  test('a scanned PDF without a text layer ends failed with "no text found"', async () => {
    const { owner, course } = await ownerWithCourse();
    const { body } = await upload(services, owner, course.id, [{ name: 'Scan.pdf', bytes: await pdfWithPages([[], []]) }]);
    const fileId = body.files?.[0]?.id ?? '';
    await ingestFile(services, fileId);
    expect(await callerFor(services, owner).file.getProcessingStatus({ fileId })).toMatchObject({
      status: 'failed',
      error: 'No readable text found in this file, not even by reading its pages as images.',
      errorKey: 'noTextAfterOcr',
      errorParams: null,
      pageCount: null,
    });
  });

  test('a file whose job cannot be queued is stored failed with the "not queued" reason', async () => {
    const noQueue = await createTestServices({ env: { JOBS_ENABLED: 'true' } });
    try {
      // pg-boss treats deleteQueue as done while its queue cache is still loading after start (it swallows the
      // lookup's error), and the queue survives: delete until the database no longer has the queue.
      await expect
        .poll(async () => {
          await noQueue.jobs?.deleteQueue(INGEST_QUEUE);
          return noQueue.jobs?.getQueue(INGEST_QUEUE);
        })
        .toBeNull();
      const { owner, course } = await ownerWithCourse(noQueue);
      const { status, body } = await upload(noQueue, owner, course.id, [{ name: 'a.txt', bytes: 'text' }]);
      expect(status).toBe(201);
      expect(body.files?.[0]?.status).toBe('failed');
      const fileId = body.files?.[0]?.id ?? '';
      expect(await callerFor(noQueue, owner).file.getProcessingStatus({ fileId })).toMatchObject({
        status: 'failed',
        error: 'Reading this file could not be started. Please retry.',
        errorKey: 'notQueued',
      });
    } finally {
      await noQueue.close();
    }
  });
});

describe('deleting', () => {
  test('a file deletes its stored bytes, and a course the bytes of all its files', async () => {
    const { owner, course } = await ownerWithCourse(services, 'pro');
    const { body } = await upload(services, owner, course.id, [
      { name: 'a.txt', bytes: 'one' },
      { name: 'b.txt', bytes: 'two' },
    ]);
    const [first, second] = await Promise.all((body.files ?? []).map((created) => rowOf(services, created.id)));
    const caller = callerFor(services, owner);
    await caller.file.deleteFile({ fileId: first?.id ?? '' });
    expect(await services.storage.exists(first?.storageKey ?? '')).toBe(false);
    expect(await services.storage.exists(second?.storageKey ?? '')).toBe(true);
    await caller.directory.deleteDirectory({ id: course.id });
    expect(await services.storage.exists(second?.storageKey ?? '')).toBe(false);
  });
});
