import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, test } from 'vitest';
import { chunk, file, filePage, studyArtefact, user, type StudyArtefactKind } from '../../db/schema';
import { artefactAbandonedAfterMs, requeueAbandonedArtefacts } from '../../ingest/queued-files';
import { insertCourse, insertFile } from '../../test/courses';
import { createTestServices, createUser } from '../../test/harness';
import { getUsage, reserveUsage, usagePeriod } from '../../usage/usage-counters';
import { DocumentCache, generateArtefact, loadStudyDocument, markQueued, type PipelineDependencies } from './pipeline';

const services = await createTestServices();
afterAll(() => services.close());
const pipeline: PipelineDependencies = { db: services.db, engine: services.engine, log: services.log };

const lecture = [
  'Photosynthesis\n\nPlants turn light into chemical energy. Chlorophyll absorbs light in the chloroplasts.',
  'The Calvin cycle\n\nThe Calvin cycle fixes carbon dioxide into sugar. It runs in the stroma of the chloroplast.',
];

/** A ready file with its pages, as the ingest job leaves it, and its artefacts queued. */
async function readyFile(plan: 'free' | 'pro' = 'free') {
  const owner = await createUser(services);
  if (plan !== 'free') await services.db.update(user).set({ plan }).where(eq(user.id, owner.user.id));
  const course = await insertCourse(services, owner);
  const stored = await insertFile(services, owner, course.id, { status: 'ready', pageCount: lecture.length });
  await services.db
    .insert(filePage)
    .values(lecture.map((text, index) => ({ fileId: stored.id, pageNumber: index + 1, text })));
  await markQueued(services.db, stored.id);
  return { owner, stored };
}

async function stateOf(fileId: string, kind: StudyArtefactKind) {
  const [row] = await services.db
    .select()
    .from(studyArtefact)
    .where(and(eq(studyArtefact.fileId, fileId), eq(studyArtefact.kind, kind)));
  return row;
}

describe('generateArtefact', () => {
  test('makes the chunks of a queued file, marks them ready, and a second run replaces them with the same rows', async () => {
    const { stored } = await readyFile();
    expect(await stateOf(stored.id, 'chunks')).toMatchObject({ status: 'queued', attempts: 0 });
    expect(await generateArtefact(pipeline, stored.id, 'chunks')).toBe('ready');
    expect(await stateOf(stored.id, 'chunks')).toMatchObject({ status: 'ready', attempts: 1, engine: 'pipeline', error: null });
    const chunksOf = () =>
      services.db.select({ page: chunk.page, text: chunk.text }).from(chunk).where(eq(chunk.fileId, stored.id));
    const first = await chunksOf();
    expect(first.map((row) => row.page)).toEqual([1, 2]);
    // A job for an artefact already made ends without touching it.
    expect(await generateArtefact(pipeline, stored.id, 'chunks')).toBe('skipped');
    await markQueued(services.db, stored.id, ['chunks']);
    expect(await generateArtefact(pipeline, stored.id, 'chunks')).toBe('ready');
    expect(await chunksOf()).toEqual(first);
  });

  test('only a retry takes over an artefact a failed attempt left running', async () => {
    const { stored } = await readyFile();
    await services.db
      .update(studyArtefact)
      .set({ status: 'running' })
      .where(and(eq(studyArtefact.fileId, stored.id), eq(studyArtefact.kind, 'chunks')));
    expect(await generateArtefact(pipeline, stored.id, 'chunks')).toBe('skipped');
    expect(await generateArtefact(pipeline, stored.id, 'chunks', { retrying: true })).toBe('ready');
  });

  test('a job for a file deleted meanwhile ends quietly', async () => {
    const { stored } = await readyFile();
    await services.db.delete(file).where(eq(file.id, stored.id));
    for (const kind of ['chunks', 'summary', 'mindmap'] as const) {
      expect(await generateArtefact(pipeline, stored.id, kind)).toBe('skipped');
    }
  });

  test('over the monthly mind map allowance the mind map fails with a message naming the limit, and nothing is counted', async () => {
    const { owner, stored } = await readyFile();
    const key = { userId: owner.user.id, kind: 'mindMaps' as const, period: usagePeriod('month') };
    expect(await reserveUsage(services.db, { ...key, amount: 10, limit: 10 })).toMatchObject({ ok: true });
    expect(await generateArtefact(pipeline, stored.id, 'mindmap')).toBe('failed');
    expect(await stateOf(stored.id, 'mindmap')).toMatchObject({
      status: 'failed',
      error: 'Your Free plan allows 10 mind maps a month. Upgrade to make more.',
      errorKey: 'mindMapQuota',
      errorParams: { plan: 'Free', limit: 10 },
    });
    expect(await getUsage(services.db, key)).toBe(10);
  });

  test('over the monthly AI deck allowance the flashcards fail with their own message', async () => {
    const { owner, stored } = await readyFile('pro');
    const key = { userId: owner.user.id, kind: 'decksAI' as const, period: usagePeriod('month') };
    await reserveUsage(services.db, { ...key, amount: 1000, limit: 1000 });
    expect(await generateArtefact(pipeline, stored.id, 'flashcards')).toBe('failed');
    expect(await stateOf(stored.id, 'flashcards')).toMatchObject({
      status: 'failed',
      error: 'Your Pro plan allows 1000 AI flashcard decks a month. Upgrade to make more.',
      errorKey: 'deckQuota',
      errorParams: { plan: 'Pro', limit: 1000 },
    });
  });
});

describe('engine failures', () => {
  test("a document the engine cannot study fails each artefact with the engine's reason, and counts nothing", async () => {
    const owner = await createUser(services);
    const course = await insertCourse(services, owner);
    const stored = await insertFile(services, owner, course.id, { status: 'ready', pageCount: 1 });
    await services.db.insert(filePage).values({ fileId: stored.id, pageNumber: 1, text: '42' });
    await markQueued(services.db, stored.id);
    for (const kind of ['summary', 'mindmap', 'flashcards', 'learn_path'] as const) {
      expect(await generateArtefact(pipeline, stored.id, kind)).toBe('failed');
      expect(await stateOf(stored.id, kind)).toMatchObject({ status: 'failed', errorKey: 'tooLittleText', attempts: 1 });
    }
    expect(await getUsage(services.db, { userId: owner.user.id, kind: 'mindMaps', period: usagePeriod('month') })).toBe(0);
  });
});

describe('loadStudyDocument', () => {
  test("reads the pages in order with the file's title and course language; jobs of one file share one document", async () => {
    const { stored } = await readyFile();
    const documents = new DocumentCache();
    const first = await loadStudyDocument(services.db, stored.id, documents);
    expect(first?.document).toEqual({
      title: 'Lecture 1',
      language: 'en',
      pages: lecture.map((text, index) => ({ pageNumber: index + 1, text, heading: null })),
    });
    const second = await loadStudyDocument(services.db, stored.id, documents);
    expect(second?.document).toBe(first?.document);
    // Read again (a retried extraction): a new document.
    await services.db.update(file).set({ updatedAt: new Date(Date.now() + 1000) }).where(eq(file.id, stored.id));
    const third = await loadStudyDocument(services.db, stored.id, documents);
    expect(third?.document).not.toBe(first?.document);
    expect(third?.document).toEqual(first?.document);
  });
});

describe('unexpected errors', () => {
  test('are thrown for the queue to retry, leaving the artefact for the retry; the last attempt fails it with a reason', async () => {
    const { stored } = await readyFile();
    const cancelled = AbortSignal.abort();
    await expect(generateArtefact(pipeline, stored.id, 'chunks', { signal: cancelled })).rejects.toThrow();
    expect(await stateOf(stored.id, 'chunks')).toMatchObject({ status: 'running', attempts: 1 });
    await expect(
      generateArtefact(pipeline, stored.id, 'chunks', { signal: cancelled, retrying: true, lastAttempt: true }),
    ).rejects.toThrow();
    expect(await stateOf(stored.id, 'chunks')).toMatchObject({
      status: 'failed',
      attempts: 2,
      error: 'Making this failed several times. Please try again.',
      errorKey: 'failedAfterRetries',
    });
    expect(await services.db.select().from(chunk).where(eq(chunk.fileId, stored.id))).toEqual([]);
  });
});

describe('the sweep of abandoned artefacts', () => {
  test('queues again artefacts left running longer than the limit, and every running one when told to', async () => {
    const { stored: old } = await readyFile();
    const { stored: recent } = await readyFile();
    const now = new Date();
    const setRunning = (fileId: string, updatedAt: Date) =>
      services.db
        .update(studyArtefact)
        .set({ status: 'running', updatedAt })
        .where(and(eq(studyArtefact.fileId, fileId), eq(studyArtefact.kind, 'summary')));
    await setRunning(old.id, new Date(now.getTime() - artefactAbandonedAfterMs - 1000));
    await setRunning(recent.id, new Date(now.getTime() - 1000));
    expect(await requeueAbandonedArtefacts(services.db, { now })).toBeGreaterThanOrEqual(1);
    expect(await stateOf(old.id, 'summary')).toMatchObject({ status: 'queued' });
    expect(await stateOf(recent.id, 'summary')).toMatchObject({ status: 'running' });
    expect(await requeueAbandonedArtefacts(services.db, { now, olderThanMs: 0 })).toBeGreaterThanOrEqual(1);
    expect(await stateOf(recent.id, 'summary')).toMatchObject({ status: 'queued' });
  });
});
