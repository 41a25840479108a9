import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, test } from 'vitest';
import { studyArtefact, user, type StudyArtefactKind, type StudyArtefactStatus } from '../../db/schema';
import { insertCourse, insertFile, mutationError } from '../../test/courses';
import { callerFor, createTestServices, createUser, expectRefused } from '../../test/harness';
import { reserveUsage, usagePeriod } from '../../usage/usage-counters';
import { markQueued } from './pipeline';

// JOBS_ENABLED=false: what regenerating records is read straight from the database, no job runs it away.
const services = await createTestServices();
afterAll(() => services.close());

async function ownerWithReadyFile(status: 'ready' | 'extracting' = 'ready') {
  const owner = await createUser(services);
  const course = await insertCourse(services, owner);
  const stored = await insertFile(services, owner, course.id, { status, pages: 2 });
  if (status === 'ready') await markQueued(services.db, stored.id);
  return { owner, stored };
}

async function setState(fileId: string, kind: StudyArtefactKind, status: StudyArtefactStatus, error: string | null = null) {
  await services.db
    .update(studyArtefact)
    .set({ status, error, errorKey: error ? 'someKey' : null })
    .where(and(eq(studyArtefact.fileId, fileId), eq(studyArtefact.kind, kind)));
}

describe('file.getProcessingStatus', () => {
  test("answers each artefact's state with its failure reason", async () => {
    const { owner, stored } = await ownerWithReadyFile();
    await setState(stored.id, 'summary', 'ready');
    await setState(stored.id, 'mindmap', 'failed', 'Too short');
    await setState(stored.id, 'flashcards', 'running');
    const status = await callerFor(services, owner).file.getProcessingStatus({ fileId: stored.id });
    expect(status.artefacts).toEqual({
      chunks: { status: 'queued', error: null, errorKey: null, errorParams: null },
      summary: { status: 'ready', error: null, errorKey: null, errorParams: null },
      mindmap: { status: 'failed', error: 'Too short', errorKey: 'someKey', errorParams: null },
      flashcards: { status: 'running', error: null, errorKey: null, errorParams: null },
      learn_path: { status: 'queued', error: null, errorKey: null, errorParams: null },
    });
  });
});

describe('file.regenerateArtefact', () => {
  test('queues a ready or failed artefact again, clearing its failure', async () => {
    const { owner, stored } = await ownerWithReadyFile();
    await setState(stored.id, 'summary', 'failed', 'Too short');
    await setState(stored.id, 'mindmap', 'ready');
    const caller = callerFor(services, owner);
    expect(await caller.file.regenerateArtefact({ fileId: stored.id, artefact: 'summary' })).toEqual({
      fileId: stored.id,
      artefact: 'summary',
      status: 'queued',
    });
    expect(await caller.file.regenerateArtefact({ fileId: stored.id, artefact: 'mindmap' })).toMatchObject({ status: 'queued' });
    const { artefacts } = await caller.file.getProcessingStatus({ fileId: stored.id });
    expect(artefacts.summary).toEqual({ status: 'queued', error: null, errorKey: null, errorParams: null });
    expect(artefacts.mindmap.status).toBe('queued');
  });

  test('is refused while that artefact is queued or being made, with a clear reason', async () => {
    const { owner, stored } = await ownerWithReadyFile();
    await setState(stored.id, 'flashcards', 'running');
    for (const artefact of ['learn_path', 'flashcards'] as const) {
      expect(await mutationError(services, owner, 'file.regenerateArtefact', { fileId: stored.id, artefact })).toMatchObject({
        status: 400,
        message: 'This is already being made. Wait until it is done.',
        data: { code: 'BAD_REQUEST', messageKey: 'artefactBusy' },
      });
    }
  });

  test('is refused for a file whose text is not ready', async () => {
    const { owner, stored } = await ownerWithReadyFile('extracting');
    expect(
      await mutationError(services, owner, 'file.regenerateArtefact', { fileId: stored.id, artefact: 'summary' }),
    ).toMatchObject({ status: 400, data: { code: 'BAD_REQUEST', messageKey: 'fileNotReadyForStudy' } });
  });

  test("refuses the signed-out, and answers NOT_FOUND for another user's file", async () => {
    const { stored } = await ownerWithReadyFile();
    await setState(stored.id, 'summary', 'ready');
    await expectRefused({
      services,
      call: (caller) => caller.file.regenerateArtefact({ fileId: stored.id, artefact: 'summary' }),
      actors: ['anonymous', 'stranger'],
    });
    const [row] = await services.db
      .select({ status: studyArtefact.status })
      .from(studyArtefact)
      .where(and(eq(studyArtefact.fileId, stored.id), eq(studyArtefact.kind, 'summary')));
    expect(row?.status).toBe('ready');
  });

  test('over the monthly allowance a mind map or deck is refused up front with FORBIDDEN and the limit', async () => {
    const { owner, stored } = await ownerWithReadyFile();
    await services.db.update(user).set({ plan: 'free' }).where(eq(user.id, owner.user.id));
    await setState(stored.id, 'mindmap', 'ready');
    await setState(stored.id, 'flashcards', 'ready');
    const period = usagePeriod('month');
    await reserveUsage(services.db, { userId: owner.user.id, kind: 'mindMaps', period, amount: 10, limit: 10 });
    await reserveUsage(services.db, { userId: owner.user.id, kind: 'decksAI', period, amount: 10, limit: 10 });
    expect(await mutationError(services, owner, 'file.regenerateArtefact', { fileId: stored.id, artefact: 'mindmap' })).toMatchObject({
      status: 403,
      message: 'Your Free plan allows 10 mind maps a month. Upgrade to make more.',
      data: { code: 'FORBIDDEN', messageKey: 'mindMapQuota' },
    });
    expect(await mutationError(services, owner, 'file.regenerateArtefact', { fileId: stored.id, artefact: 'flashcards' })).toMatchObject({
      status: 403,
      message: 'Your Free plan allows 10 AI flashcard decks a month. Upgrade to make more.',
      data: { code: 'FORBIDDEN', messageKey: 'deckQuota' },
    });
    // What counts nothing is still made again.
    await setState(stored.id, 'summary', 'ready');
    await expect(
      callerFor(services, owner).file.regenerateArtefact({ fileId: stored.id, artefact: 'summary' }),
    ).resolves.toMatchObject({ status: 'queued' });
  });
});
