import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, describe, expect, test } from 'vitest';
import { file } from '../db/schema';
import { newStorageKey } from '../storage/blob-storage';
import { insertCourse, insertFile } from '../test/courses';
import { createTestServices, createUser } from '../test/harness';
import { enqueueIngest, ingestFile, INGEST_QUEUE } from './ingest-job';
import { abandonedAfterMs, enqueueWaitingFiles, failAbandonedFiles } from './queued-files';
import { failureMessages, ingestErrorKeys, type FailureText } from './types';

const services = await createTestServices();
const withJobs = await createTestServices({ env: { JOBS_ENABLED: 'true' } });
afterAll(() => Promise.all([services.close(), withJobs.close()]));

/** A text file stored and waiting in `status`, as an upload leaves it. */
async function storedTextFile(target = services, values: Partial<typeof file.$inferInsert> = {}) {
  const owner = await createUser(target);
  const course = await insertCourse(target, owner);
  const storageKey = newStorageKey();
  await target.storage.put(storageKey, new TextEncoder().encode('Cells are the unit of life.'));
  return insertFile(target, owner, course.id, {
    name: 'notes.txt',
    extension: 'txt',
    mimeType: 'text/plain',
    storageKey,
    status: 'queued',
    ...values,
  });
}

const statusOf = async (fileId: string, target = services) =>
  (await target.db.select().from(file).where(eq(file.id, fileId)))[0];

describe('ingestFile', () => {
  test('claims a queued file; a second job for a file already being read, or read, ends without touching it', async () => {
    const extracting = await storedTextFile(services, { status: 'extracting' });
    await ingestFile(services, extracting.id);
    expect(await statusOf(extracting.id)).toMatchObject({ status: 'extracting', pageCount: null });
    // A retry of a failed attempt takes over the file that attempt left extracting.
    await ingestFile(services, extracting.id, { retrying: true });
    expect(await statusOf(extracting.id)).toMatchObject({ status: 'ready', pageCount: 1 });

    const failed = await storedTextFile(services, { ...failureColumnsOf(failureMessages.corrupt) });
    await ingestFile(services, failed.id, { retrying: true });
    expect(await statusOf(failed.id)).toMatchObject({ status: 'failed', errorKey: 'corrupt' });
  });

  test('fails a video link that has no pages with the "no transcript" reason', async () => {
    const owner = await createUser(services);
    const course = await insertCourse(services, owner);
    const video = await insertFile(services, owner, course.id, { extension: 'txt', videoId: 'dQw4w9WgXcQ', storageKey: null });
    await ingestFile(services, video.id);
    expect(await statusOf(video.id)).toMatchObject({
      status: 'failed',
      error: 'No transcript could be fetched for this video. Paste the transcript to study it.',
      errorKey: 'noTranscript',
    });
  });
});

function failureColumnsOf(failure: FailureText) {
  return { status: 'failed' as const, error: failure.message, errorKey: failure.key, errorParams: failure.params ?? null };
}

describe('the sweep of waiting files', () => {
  test('offers each queued file once to the queue, however often it runs', async () => {
    const waiting = await storedTextFile(withJobs);
    await withJobs.jobs?.offWork(INGEST_QUEUE);
    const offered = await enqueueWaitingFiles({ db: withJobs.db, jobs: withJobs.jobs ?? never(), log: withJobs.log });
    expect(offered).toBeGreaterThanOrEqual(1);
    await enqueueWaitingFiles({ db: withJobs.db, jobs: withJobs.jobs ?? never(), log: withJobs.log });
    await enqueueIngest(withJobs.jobs ?? never(), waiting.id);
    const jobs = await withJobs.jobs?.findJobs(INGEST_QUEUE, { key: waiting.id });
    expect(jobs?.filter((job) => job.state === 'created')).toHaveLength(1);
  });

  test('fails files left extracting far longer than any attempt takes, and only those', async () => {
    const now = new Date();
    const abandoned = await storedTextFile(services, {
      status: 'extracting',
      updatedAt: new Date(now.getTime() - abandonedAfterMs - 1000),
    });
    const running = await storedTextFile(services, { status: 'extracting', updatedAt: new Date(now.getTime() - 60_000) });
    expect(await failAbandonedFiles(services.db, now)).toBe(1);
    expect(await statusOf(abandoned.id)).toMatchObject({
      status: 'failed',
      error: 'Reading this file failed. Please retry.',
      errorKey: 'failedAfterRetries',
    });
    expect(await statusOf(running.id)).toMatchObject({ status: 'extracting' });
  });
});

describe('files read at the same time', () => {
  test('a short file uploaded while a long scan is being read is read beside it, not after it', { timeout: 180_000 }, async () => {
    const busy = await createTestServices({ env: { JOBS_ENABLED: 'true' } });
    try {
      // Six pages of scans to read by OCR: tens of seconds, on any machine.
      const scan = await PDFDocument.create();
      for (const name of ['handout-p1.jpg', 'handout-p2.jpg', 'handout-p3.jpg', 'handout-p1.jpg', 'handout-p2.jpg', 'handout-p3.jpg']) {
        const image = await scan.embedJpg(readFileSync(path.resolve('tests/fixtures/ocr', name)));
        scan.addPage([595, 842]).drawImage(image, { x: 0, y: 0, width: 595, height: 842 });
      }
      const scanKey = newStorageKey();
      await busy.storage.put(scanKey, await scan.save());
      const owner = await createUser(busy);
      const course = await insertCourse(busy, owner);
      const long = await insertFile(busy, owner, course.id, { name: 'Scan.pdf', storageKey: scanKey, status: 'queued' });
      const short = await storedTextFile(busy);
      const jobs = busy.jobs ?? never();
      await enqueueIngest(jobs, long.id);
      await expect.poll(async () => (await statusOf(long.id, busy))?.status, { timeout: 30_000 }).toBe('extracting');
      await enqueueIngest(jobs, short.id);
      await expect.poll(async () => (await statusOf(short.id, busy))?.status, { timeout: 60_000, interval: 200 }).toBe('ready');
      // The scan is still being read when the short file is ready.
      expect((await statusOf(long.id, busy))?.status).toBe('extracting');
      await expect.poll(async () => (await statusOf(long.id, busy))?.status, { timeout: 150_000, interval: 1000 }).toBe('ready');
    } finally {
      await busy.close();
    }
  });
});

function never(): never {
  throw new Error('expected a job queue');
}

describe('failure keys', () => {
  const localesDir = path.resolve('src/client/locales');
  const load = (language: string) =>
    JSON.parse(readFileSync(path.join(localesDir, language, 'ingest.json'), 'utf8')) as Record<string, string>;

  test.each(['en', 'de'])('every key the ingest stores has a %s text, with plural forms where it counts', (language) => {
    const texts = load(language);
    for (const key of ingestErrorKeys) {
      const forms = [key, `${key}_one`, `${key}_other`].filter((name) => name in texts);
      expect({ key, forms: forms.length > 0 }).toEqual({ key, forms: true });
    }
    expect(Object.keys(texts).map((name) => name.replace(/_(one|other)$/, '')).filter((name) => !ingestErrorKeys.includes(name as never))).toEqual([]);
  });

  test('the English texts are the messages the server stores, with their params filled in', () => {
    const texts = load('en');
    const fill = (template: string | undefined, params: Record<string, string | number> = {}) =>
      (template ?? '').replace(/\{\{(\w+)\}\}/g, (_match, name: string) => String(params[name]));
    const failures: FailureText[] = [
      failureMessages.encrypted,
      failureMessages.corrupt,
      failureMessages.noText,
      failureMessages.outOfMemory,
      failureMessages.unsupported,
      failureMessages.tooManyPages(3, 2),
      failureMessages.tooManyPages(2, 1),
      failureMessages.tooManyPages(5, 1, true),
      failureMessages.tooLargeExpanded(256 * 1024 * 1024),
      failureMessages.tooManyEntries(22, 10),
      failureMessages.timeout(60_000),
      failureMessages.missingBlob,
      failureMessages.failedAfterRetries,
      failureMessages.notQueued,
      failureMessages.noTranscript,
    ];
    for (const failure of failures) {
      const count = failure.params?.count;
      const key = count === undefined ? failure.key : `${failure.key}_${count === 1 ? 'one' : 'other'}`;
      expect(fill(texts[key], failure.params)).toBe(failure.message);
    }
  });
});
