import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, test } from 'vitest';
import { filePage, studyArtefact, type StudyArtefactKind } from '../db/schema';
import { insertCourse, insertFile } from '../test/courses';
import { replyError, startFakeOpenAi } from '../test/fake-openai';
import { createTestServices, createUser } from '../test/harness';
import { generateArtefact, markQueued } from './pipeline';

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
