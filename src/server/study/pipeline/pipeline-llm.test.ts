import { and, asc, eq } from 'drizzle-orm';
import { afterAll, describe, expect, test } from 'vitest';
import { deck, filePage, flashcard, mindmap, studyArtefact, summary, type StudyArtefactKind } from '../../db/schema';
import { insertCourse, insertFile } from '../../test/courses';
import { reply, replyError, startFakeOpenAi } from '../../test/fake-openai';
import { createTestServices, createUser } from '../../test/harness';
import { deckSchema } from '../../../shared/artefacts';
import { checkDeck, checkMindmap, checkSummary, PageIndex } from '../engines/content-checks';
import { answersBySchema, photosynthesisPages, summaryAnswer } from '../../test/llm-answers';
import { generateArtefact, loadStudyDocument, markQueued } from './pipeline';

// The pipeline with the llm engine, chosen by configuration, against an OpenAI-compatible server faked on loopback.
const fake = await startFakeOpenAi();
const services = await createTestServices({ env: { AI_BASE_URL: fake.url, AI_API_KEY: 'test-key' } });
afterAll(async () => {
  await services.close();
  await fake.close();
});
const pipeline = { db: services.db, engine: services.engine, log: services.log };

async function queuedFile() {
  const owner = await createUser(services);
  const course = await insertCourse(services, owner);
  const stored = await insertFile(services, owner, course.id, { status: 'ready', pageCount: 1 });
  await services.db.insert(filePage).values({ fileId: stored.id, pageNumber: 1, text: 'Ribosomes build proteins in every cell.' });
  await markQueued(services.db, stored.id);
  return stored;
}

/** A ready file of the photosynthesis pages the fake model's good answers are grounded in. */
async function photosynthesisFile() {
  const owner = await createUser(services);
  const course = await insertCourse(services, owner);
  const stored = await insertFile(services, owner, course.id, { status: 'ready', pageCount: photosynthesisPages.length });
  await services.db
    .insert(filePage)
    .values(photosynthesisPages.map((text, index) => ({ fileId: stored.id, pageNumber: index + 1, text })));
  await markQueued(services.db, stored.id);
  const loaded = await loadStudyDocument(services.db, stored.id);
  return { stored, index: new PageIndex(loaded?.document.pages ?? []) };
}

async function stateOf(fileId: string, kind: StudyArtefactKind) {
  const [row] = await services.db
    .select()
    .from(studyArtefact)
    .where(and(eq(studyArtefact.fileId, fileId), eq(studyArtefact.kind, kind)));
  return row;
}

describe('engine errors from an AI endpoint', () => {
  test('one that retrying cannot help (a refused key) fails the artefact at once with its reason', async () => {
    expect(services.engine.name).toBe('llm');
    const stored = await queuedFile();
    fake.respondWith(() => replyError(401, 'bad key'));
    expect(await generateArtefact(pipeline, stored.id, 'summary')).toBe('failed');
    expect(await stateOf(stored.id, 'summary')).toMatchObject({ status: 'failed', errorKey: 'aiNotAuthorized', errorParams: { status: 401 } });
  });

  test('one that retrying may help (rate limited) is left to the queue to retry; the last attempt fails with that reason', async () => {
    const stored = await queuedFile();
    fake.respondWith(() => replyError(429, 'slow down', { 'retry-after': '0' }));
    await expect(generateArtefact(pipeline, stored.id, 'summary')).rejects.toMatchObject({ key: 'aiRateLimited' });
    expect(await stateOf(stored.id, 'summary')).toMatchObject({ status: 'running', error: null });
    await expect(generateArtefact(pipeline, stored.id, 'summary', { retrying: true, lastAttempt: true })).rejects.toMatchObject({
      key: 'aiRateLimited',
    });
    expect(await stateOf(stored.id, 'summary')).toMatchObject({ status: 'failed', errorKey: 'aiRateLimited', attempts: 2 });
  });
});

describe('artefacts from an AI endpoint', () => {
  test('each artefact the model answers is stored, and what is stored passes the content checks', async () => {
    const { stored, index } = await photosynthesisFile();
    fake.respondWith(answersBySchema);
    for (const kind of ['summary', 'mindmap', 'flashcards', 'learn_path'] as const) {
      expect({ kind, outcome: await generateArtefact(pipeline, stored.id, kind) }).toEqual({ kind, outcome: 'ready' });
      expect(await stateOf(stored.id, kind)).toMatchObject({ status: 'ready', engine: 'llm' });
    }

    const [storedSummary] = await services.db.select().from(summary).where(eq(summary.fileId, stored.id));
    expect(storedSummary && checkSummary(storedSummary.content, index)).toEqual([]);
    const [storedMindmap] = await services.db.select().from(mindmap).where(eq(mindmap.fileId, stored.id));
    expect(storedMindmap && checkMindmap({ root: storedMindmap.tree }, index)).toEqual([]);
    const cards = await services.db
      .select({ kind: flashcard.kind, front: flashcard.front, back: flashcard.back, page: flashcard.page })
      .from(flashcard)
      .innerJoin(deck, eq(deck.id, flashcard.deckId))
      .where(eq(deck.fileId, stored.id))
      .orderBy(asc(flashcard.position));
    expect(cards.length).toBeGreaterThan(0);
    expect(checkDeck(deckSchema.parse({ title: 'stored', cards }), index)).toEqual([]);
  });

  test('an answer its cited pages do not hold, given twice, fails the artefact with a translatable reason', async () => {
    const { stored } = await photosynthesisFile();
    // Everything cited at page 3, the Calvin cycle's, though chlorophyll and the light reactions are on page 2.
    const miscited: object = JSON.parse(JSON.stringify(summaryAnswer), (key, value: unknown) => (key === 'page' ? 3 : value));
    fake.respondWith(() => reply(miscited));
    expect(await generateArtefact(pipeline, stored.id, 'summary')).toBe('failed');
    expect(await stateOf(stored.id, 'summary')).toMatchObject({
      status: 'failed',
      errorKey: 'aiInvalidOutput',
      error: expect.stringContaining('The AI model gave no usable summary in 2 attempts'),
    });
  });
});
