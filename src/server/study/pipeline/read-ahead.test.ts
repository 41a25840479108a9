import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, test } from 'vitest';
import { file, summaryDraft } from '../../db/schema';
import { ingestFile } from '../../ingest/ingest-job';
import { newStorageKey } from '../../storage/blob-storage';
import { insertCourse, insertFile } from '../../test/courses';
import { lectureWithScans } from '../../test/documents';
import { callerFor, createTestServices, createUser, expectRefused } from '../../test/harness';
import { lectureText } from '../../test/lecture';
import { generateArtefact } from './pipeline';
import { storeSummaryDraft } from './read-ahead';

const services = await createTestServices();
afterAll(() => services.close());

async function ownerWithStoredPdf(bytes: Uint8Array) {
  const owner = await createUser(services);
  const course = await insertCourse(services, owner);
  const storageKey = newStorageKey();
  await services.storage.put(storageKey, bytes);
  const stored = await insertFile(services, owner, course.id, { name: 'Lecture 1.pdf', extension: 'pdf', mimeType: 'application/pdf', storageKey, status: 'queued' });
  return { owner, stored };
}

describe('the summary while a file is read', () => {
  test('summary.getDraft answers the sections of the pages read while a later page is still being read; the summary replaces them', async () => {
    // The engine's thread started beforehand, so that what is compared is the order of the work, not start-up.
    await services.engine.summary({ title: 'Warm-up', language: 'en', pages: [{ pageNumber: 1, text: lectureText, heading: null }] });
    const { owner, stored } = await ownerWithStoredPdf(await lectureWithScans());
    const caller = callerFor(services, owner);
    let finished = false;
    const reading = ingestFile(services, stored.id).finally(() => (finished = true));
    let seen: { draft: Awaited<ReturnType<typeof caller.summary.getDraft>>; status: string | undefined } | undefined;
    while (!finished && !seen) {
      const draft = await caller.summary.getDraft({ fileId: stored.id });
      if (draft) seen = { draft, status: (await services.db.select({ status: file.status }).from(file).where(eq(file.id, stored.id)))[0]?.status };
      else await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await reading;
    // The typed pages were summarised while OCR still read the scanned fourth page.
    expect(seen?.status).toBe('extracting');
    expect(seen?.draft).toMatchObject({ fileId: stored.id, title: expect.stringContaining('Cell Biology'), pagesRead: 3, pageCount: 4 });
    const sections = seen?.draft?.sections ?? [];
    expect(sections.length).toBeGreaterThan(0);
    // Only sections whose pages are all read: the last typed section may go on over the scanned page.
    for (const section of sections) {
      expect(section.page).toBeLessThan(3);
      for (const point of section.points) expect(point.page).toBeLessThanOrEqual(3);
    }
    expect(sections.map((section) => section.heading)).not.toContain('Cell Division');

    expect((await services.db.select().from(file).where(eq(file.id, stored.id)))[0]).toMatchObject({ status: 'ready', pageCount: 4 });
    expect(await generateArtefact({ db: services.db, engine: services.engine, log: services.log }, stored.id, 'summary')).toBe('ready');
    expect(await caller.summary.getDraft({ fileId: stored.id })).toBeNull();
    expect(await caller.summary.get({ fileId: stored.id })).toMatchObject({ fileId: stored.id });
  }, 120_000);

  test('summary.getDraft: the owner reads the draft; a stranger, a visitor, a guessed space and a malformed id are refused', async () => {
    const { owner, stored } = await ownerWithStoredPdf(new Uint8Array([1]));
    const caller = callerFor(services, owner);
    expect(await caller.summary.getDraft({ fileId: stored.id })).toBeNull();
    const sections = [{ heading: 'The Cell', page: 1, points: [{ text: 'A cell is the smallest unit of life.', page: 1 }] }];
    await storeSummaryDraft(services.db, stored.id, { title: 'Cell Biology', sections, pagesRead: 2 }, 9);
    expect(await caller.summary.getDraft({ fileId: stored.id })).toEqual({ fileId: stored.id, title: 'Cell Biology', sections, pagesRead: 2, pageCount: 9 });
    // A newer draft replaces the older one.
    await storeSummaryDraft(services.db, stored.id, { title: 'Cell Biology', sections, pagesRead: 5 }, 9);
    expect(await caller.summary.getDraft({ fileId: stored.id })).toMatchObject({ pagesRead: 5 });
    await expectRefused({ services, call: (other) => other.summary.getDraft({ fileId: stored.id }), actors: ['anonymous', 'stranger'] });
    await expect(caller.summary.getDraft({ fileId: stored.id, uuid: 'a-space', id: stored.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expectRefused({
      services,
      call: (other) => other.summary.getDraft({ fileId: 'not-a-uuid' }),
      actors: [{ name: 'owner', headers: owner.headers, code: 'NOT_FOUND' }],
    });
    // A file deleted meanwhile keeps no draft, and storing one for it is no error.
    await services.db.delete(file).where(eq(file.id, stored.id));
    await storeSummaryDraft(services.db, stored.id, { title: 'Cell Biology', sections, pagesRead: 6 }, 9);
    expect(await services.db.select().from(summaryDraft).where(eq(summaryDraft.fileId, stored.id))).toEqual([]);
  });
});
