import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, test } from 'vitest';
import { chunk, deck, mindmap, studyArtefact, summary, unit } from '../../db/schema';
import { ingestFile } from '../../ingest/ingest-job';
import { enqueueWaitingArtefacts } from '../../ingest/queued-files';
import type { Services } from '../../services';
import { newStorageKey } from '../../storage/blob-storage';
import { insertCourse, insertFile } from '../../test/courses';
import { callerFor, createTestServices, createUser, requestApp, type TestUser } from '../../test/harness';
import { getUsage, usagePeriod } from '../../usage/usage-counters';
import { STUDY_QUEUE } from './jobs';
import { markQueued, pipelineErrorKeys, studyFailures, type StudyFailure } from './pipeline';
import { lectureText } from '../../test/lecture';

// Without a queue: what the ingest job records. With one: the whole pipeline, from upload to every artefact made.
const services = await createTestServices();
const withJobs = await createTestServices({ env: { JOBS_ENABLED: 'true' } });
afterAll(() => Promise.all([services.close(), withJobs.close()]));

async function uploadLecture(target: Services) {
  const owner = await createUser(target);
  const course = await insertCourse(target, owner);
  const form = new FormData();
  form.set('directoryId', course.id);
  form.append('files', new Blob([lectureText]), 'Cell Biology.txt');
  const response = await requestApp(target, '/api/files', { method: 'POST', headers: owner.headers, body: form });
  expect(response.status).toBe(201);
  const { files } = (await response.json()) as { files: Array<{ id: string }> };
  return { owner, fileId: files[0]!.id };
}

const statusOf = (target: Services, owner: TestUser, fileId: string) =>
  callerFor(target, owner).file.getProcessingStatus({ fileId });

const allReady = async (target: Services, owner: TestUser, fileId: string) => {
  const { status, artefacts } = await statusOf(target, owner, fileId);
  return { file: status, ...Object.fromEntries(Object.entries(artefacts).map(([kind, state]) => [kind, state.status])) };
};
const everyArtefactReady = { file: 'ready', chunks: 'ready', summary: 'ready', mindmap: 'ready', flashcards: 'ready', learn_path: 'ready' };

const count = async (target: Services, table: typeof summary | typeof mindmap | typeof deck | typeof unit | typeof chunk, fileId: string) =>
  (await target.db.select().from(table).where(eq(table.fileId, fileId))).length;

describe('when a file becomes ready', () => {
  test('the ingest job queues each artefact with the pages it stores', async () => {
    const owner = await createUser(services);
    const course = await insertCourse(services, owner);
    const storageKey = newStorageKey();
    await services.storage.put(storageKey, new TextEncoder().encode(lectureText));
    const stored = await insertFile(services, owner, course.id, { name: 'Cells.txt', extension: 'txt', mimeType: 'text/plain', storageKey });
    expect((await statusOf(services, owner, stored.id)).artefacts.summary.status).toBeNull();
    await ingestFile(services, stored.id);
    const rows = await services.db.select({ kind: studyArtefact.kind, status: studyArtefact.status }).from(studyArtefact).where(eq(studyArtefact.fileId, stored.id));
    expect(rows.sort((a, b) => a.kind.localeCompare(b.kind))).toEqual([
      { kind: 'chunks', status: 'queued' },
      { kind: 'flashcards', status: 'queued' },
      { kind: 'learn_path', status: 'queued' },
      { kind: 'mindmap', status: 'queued' },
      { kind: 'summary', status: 'queued' },
    ]);
  });

  test('an upload ends with every artefact made and stored once, the mind map and deck counted', async () => {
    const { owner, fileId } = await uploadLecture(withJobs);
    await expect.poll(() => allReady(withJobs, owner, fileId), { timeout: 25_000, interval: 100 }).toEqual(everyArtefactReady);
    for (const table of [summary, mindmap, deck]) expect(await count(withJobs, table, fileId)).toBe(1);
    expect(await count(withJobs, unit, fileId)).toBeGreaterThan(0);
    expect(await count(withJobs, chunk, fileId)).toBeGreaterThan(0);
    const period = usagePeriod('month');
    expect(await getUsage(withJobs.db, { userId: owner.user.id, kind: 'mindMaps', period })).toBe(1);
    expect(await getUsage(withJobs.db, { userId: owner.user.id, kind: 'decksAI', period })).toBe(1);

    // Made again on request: replaced, not added, and counted again.
    const units = await count(withJobs, unit, fileId);
    await callerFor(withJobs, owner).file.regenerateArtefact({ fileId, artefact: 'mindmap' });
    await callerFor(withJobs, owner).file.regenerateArtefact({ fileId, artefact: 'learn_path' });
    await expect.poll(() => allReady(withJobs, owner, fileId), { timeout: 25_000, interval: 100 }).toEqual(everyArtefactReady);
    expect(await count(withJobs, mindmap, fileId)).toBe(1);
    expect(await count(withJobs, unit, fileId)).toBe(units);
    expect(await getUsage(withJobs.db, { userId: owner.user.id, kind: 'mindMaps', period })).toBe(2);
  });
});

describe('the sweep of waiting artefacts', () => {
  test('offers each queued artefact to the queue, and one job waits per artefact however often it runs', async () => {
    const queueOnly = await createTestServices({ env: { JOBS_ENABLED: 'true' } });
    try {
      const jobs = queueOnly.jobs!;
      expect(await jobs.getQueue(STUDY_QUEUE)).toMatchObject({ policy: 'short', retryLimit: 3, retryBackoff: true });
      await jobs.offWork(STUDY_QUEUE);
      const owner = await createUser(queueOnly);
      const course = await insertCourse(queueOnly, owner);
      const stored = await insertFile(queueOnly, owner, course.id, { status: 'ready', pages: 1 });
      await markQueued(queueOnly.db, stored.id);
      const sweep = { db: queueOnly.db, jobs, log: queueOnly.log };
      expect(await enqueueWaitingArtefacts(sweep)).toBe(5);
      await enqueueWaitingArtefacts(sweep);
      await queueOnly.studyQueue!.send(stored.id);
      const waiting = await jobs.findJobs<{ fileId: string; kind: string }>(STUDY_QUEUE, { data: { fileId: stored.id } });
      expect(waiting.filter((job) => job.state === 'created').map((job) => job.data.kind).sort()).toEqual([
        'chunks',
        'flashcards',
        'learn_path',
        'mindmap',
        'summary',
      ]);
    } finally {
      await queueOnly.close();
    }
  });
});

describe('failure keys', () => {
  const load = (language: string) =>
    JSON.parse(readFileSync(path.resolve('src/client/locales', language, 'study.json'), 'utf8')) as Record<string, string>;

  test.each(['en', 'de'])('every key the pipeline stores has a %s text', (language) => {
    const texts = load(language);
    for (const key of pipelineErrorKeys) expect({ key, text: typeof texts[key] }).toEqual({ key, text: 'string' });
  });

  test('the English texts are the messages the server stores, with their params filled in', () => {
    const texts = load('en');
    const fill = (template: string | undefined, params: Record<string, string | number> = {}) =>
      (template ?? '').replace(/\{\{(\w+)\}\}/g, (_match, name: string) => String(params[name]));
    const failures: StudyFailure[] = [studyFailures.mindMapQuota('Free', 10), studyFailures.deckQuota('Pro', 1000), studyFailures.failedAfterRetries];
    for (const failure of failures) expect(fill(texts[failure.key], failure.params)).toBe(failure.message);
  });
});
