import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, test } from 'vitest';
import { lecturePages, readStream, citationsOf, type StreamChunk } from '../../test/chat';
import { deck, file, filePage, flashcard, user } from '../../db/schema';
import { pdfWithPages } from '../../test/documents';
import { insertLearnPath } from '../../test/stats-paths';
import { insertCourse, insertFile, mutationError } from '../../test/courses';
import { callerFor, createTestServices, requestApp, type TestUser } from '../../test/harness';
import { sharedCourse, type SharedCourse } from '../../test/sharing';
import { getUsage, reserveUsage, usagePeriod } from '../../usage/usage-counters';
import { generateArtefact, markQueued } from './pipeline';

/**
 * Studying a shared course beyond who may (src/server/sharing/study-matrix.test.ts has that table): members study
 * with their own hearts, attempts, statistics and "My cards"; editors upload and rename; the generated deck and the
 * artefacts stay the owner's; a member's course-wide chat leaves the hidden files out.
 */
const services = await createTestServices();
afterAll(() => services.close());

/** A shared course whose visible and hidden files have a learn path and a generated deck of two cards. */
async function studyCourse(visibility: 'public' | 'private' = 'public') {
  const course = await sharedCourse(services, { visibility });
  const path = await insertLearnPath(services.db, course.visibleFile.id, [[2]]);
  const hiddenPath = await insertLearnPath(services.db, course.hiddenFile.id, [[1]]);
  const [generated] = await services.db
    .insert(deck)
    .values({ fileId: course.visibleFile.id, title: 'Cells', generated: true })
    .returning({ id: deck.id });
  const cards = await services.db
    .insert(flashcard)
    .values([0, 1].map((position) => ({ deckId: generated?.id ?? '', kind: 'definition', front: `Q${position}`, back: `A${position}`, position })))
    .returning({ id: flashcard.id });
  const lesson = path.units[0]?.lessons[0];
  if (!generated || !cards[0] || !lesson) throw new Error('fixture incomplete');
  return { course, path, hiddenPath, deckId: generated.id, cardId: cards[0].id, lesson };
}

const as = (actor: TestUser | null) => callerFor(services, actor);
const ctx = (course: SharedCourse) => ({ uuid: course.uuid, id: course.visibleFile.id });

async function heartsOf(actor: TestUser | null) {
  const [row] = await services.db.select({ hearts: user.hearts }).from(user).where(eq(user.id, actor?.user.id ?? ''));
  return row?.hearts;
}

describe('members study with their own progress', () => {
  test("a viewer's wrong answer costs the viewer's heart, not the owner's; each sees only their own attempts", async () => {
    const { course, lesson } = await studyCourse();
    const { owner, viewer } = course.actors;
    const challengeId = lesson.challengeIds[0] ?? '';

    const ownerRun = await as(owner).learn.getLesson({ lessonId: lesson.id });
    await as(owner).learn.submitAnswer({ challengeId, runId: ownerRun.runId, answer: 'true', timeToCompleteMs: 1000 });
    const viewerRun = await as(viewer).learn.getLesson({ lessonId: lesson.id, ...ctx(course) });
    const answer = await as(viewer).learn.submitAnswer({ challengeId, runId: viewerRun.runId, answer: 'false', timeToCompleteMs: 1000, ...ctx(course) });
    expect(answer).toMatchObject({ correct: false });

    expect(await heartsOf(viewer)).toBe(4);
    expect(await heartsOf(owner)).toBe(5);
    const flags = { fileId: course.visibleFile.id, isShared: true, sharedSpaceId: course.spaceId };
    // The viewer's one wrong answer: their study time, no challenge answered right yet (the owner's right one is not theirs).
    expect(await as(viewer).stats.getOverallStats(flags)).toMatchObject({ completedChallenges: 0, correctChallenges: 0, totalStudyTimeMs: 1000, activeDays: 1 });
    expect(await as(owner).stats.getOverallStats({ fileId: course.visibleFile.id })).toMatchObject({ completedChallenges: 1, correctChallenges: 1 });
    // The viewer's path is their own too: the owner's answer opened nothing for them.
    const viewerPath = await as(viewer).learn.getPath({ fileId: course.visibleFile.id, ...ctx(course) });
    expect(viewerPath.units[0]?.lessons[0]?.state).toBe('current');
  });

  test("a member's overall statistics of the course cover its visible files only", async () => {
    const { course } = await studyCourse();
    const stats = await as(course.actors.viewer).stats.getOverallStats({ isShared: true, sharedSpaceId: course.spaceId });
    // Two units: the visible file's one; the hidden file's unit is left out. The owner sees both.
    expect(stats.totalUnits).toBe(1);
    expect(stats.totalLessons).toBe(1);
    // The client's URL carries the space's link id: it serves as sharedSpaceId just as the space's own id does.
    expect(await as(course.actors.viewer).stats.getOverallStats({ isShared: true, sharedSpaceId: course.uuid })).toEqual(stats);
    const owners = await as(course.owner).stats.getOverallStats({ isShared: true, sharedSpaceId: course.spaceId });
    expect(owners.totalUnits).toBe(2);
    await expect(as(course.actors.stranger).stats.getOverallStats({ isShared: true, sharedSpaceId: course.spaceId })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });

  test('a member cannot take back a report in the shared course (spec §5)', async () => {
    const { course, lesson } = await studyCourse();
    const challengeId = lesson.challengeIds[0] ?? '';
    const flags = { challengeId, isShared: true, sharedSpaceId: course.spaceId };
    await as(course.actors.viewer).learn.reportChallenge(flags);
    const error = await mutationError(services, course.actors.viewer as TestUser, 'learn.unreportChallenge', flags);
    expect(error).toMatchObject({ status: 403, data: { code: 'FORBIDDEN', messageKey: 'unreportSharedSpace' } });
  });
});

describe('decks per user', () => {
  test('"My cards" is per user: each caller lists the generated deck and their own, and never sees another\'s', async () => {
    const { course, deckId } = await studyCourse();
    const { owner, viewer, editor } = course.actors;
    const viewerCard = await as(viewer).decks.createCard({ fileId: course.visibleFile.id, front: 'Mine?', back: 'Yes', ...ctx(course) });
    const ownerCard = await as(owner).decks.createCard({ fileId: course.visibleFile.id, front: 'Owner?', back: 'Yes' });
    expect(viewerCard.deckId).not.toBe(ownerCard.deckId);
    const [viewerDeck] = await services.db.select({ ownerId: deck.ownerId }).from(deck).where(eq(deck.id, viewerCard.deckId));
    expect(viewerDeck?.ownerId).toBe(viewer?.user.id);
    // A second card goes to the same deck.
    const again = await as(viewer).decks.createCard({ fileId: course.visibleFile.id, front: 'Again?', back: 'Yes', ...ctx(course) });
    expect(again.deckId).toBe(viewerCard.deckId);

    const idsOf = async (actor: TestUser | null, shared: boolean) =>
      (await as(actor).decks.list({ fileId: course.visibleFile.id, ...(shared ? ctx(course) : {}) })).map((entry) => entry.id);
    expect(await idsOf(viewer, true)).toEqual([deckId, viewerCard.deckId]);
    expect(await idsOf(owner, false)).toEqual([deckId, ownerCard.deckId]);
    expect(await idsOf(editor, true)).toEqual([deckId]);

    // Another user's deck and its cards are not found, for the owner of the course too.
    for (const actor of [owner, editor]) {
      await expect(as(actor).decks.getCards({ deckId: viewerCard.deckId, ...ctx(course) })).rejects.toMatchObject({ code: 'NOT_FOUND' });
      await expect(as(actor).decks.review({ cardId: viewerCard.id, rating: 3, ...ctx(course) })).rejects.toMatchObject({ code: 'NOT_FOUND' });
      await expect(as(actor).decks.deleteCard({ cardId: viewerCard.id, ...ctx(course) })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    }
    expect(await as(viewer).decks.getCards({ deckId: viewerCard.deckId, ...ctx(course) })).toMatchObject({ cards: [{ front: 'Mine?' }, { front: 'Again?' }] });
  });

  test('the generated deck is studied by members but changed by its owner only', async () => {
    const { course, deckId, cardId } = await studyCourse();
    const { owner, viewer, editor } = course.actors;
    for (const actor of [viewer, editor]) {
      const refusals = [
        mutationError(services, actor as TestUser, 'decks.updateCard', { cardId, front: 'X', back: 'Y', ...ctx(course) }),
        mutationError(services, actor as TestUser, 'decks.deleteCard', { cardId, ...ctx(course) }),
        mutationError(services, actor as TestUser, 'decks.createCard', { deckId, front: 'X', back: 'Y', ...ctx(course) }),
      ];
      for (const error of await Promise.all(refusals)) {
        expect(error).toMatchObject({ status: 403, data: { code: 'FORBIDDEN', messageKey: 'deckGeneratedReadOnly' } });
      }
      // Rating it is studying: the member's own schedule.
      expect(await as(actor).decks.review({ cardId, rating: 3, ...ctx(course) })).toMatchObject({ deckId });
    }
    const [card] = await services.db.select().from(flashcard).where(eq(flashcard.id, cardId));
    expect(card).toMatchObject({ front: 'Q0', back: 'A0' });
    expect(await as(owner).decks.updateCard({ cardId, front: 'Q0 new', back: 'A0', ...ctx(course) })).toMatchObject({ front: 'Q0 new' });
    // Making the deck again is the owner's (on the owner's plan): a member is refused.
    const generate = await mutationError(services, editor as TestUser, 'decks.generate', { fileId: course.visibleFile.id, ...ctx(course) });
    expect(generate).toMatchObject({ status: 403, data: { code: 'FORBIDDEN', messageKey: 'sharedOwnerOnly' } });
  });
});

describe('editors change the course, viewers only study it', () => {
  test('an editor renames a file of the course; a viewer is FORBIDDEN, a stranger and a hidden file NOT_FOUND', async () => {
    const { course } = await studyCourse('private');
    const { editor, viewer, stranger } = course.actors;
    const renamed = await as(editor).file.renameFile({ fileId: course.visibleFile.id, newName: 'Cells and tissues', ...ctx(course) });
    expect(renamed).toEqual({ id: course.visibleFile.id, name: 'Cells and tissues.pdf' });

    const refused = await mutationError(services, viewer as TestUser, 'file.renameFile', { fileId: course.visibleFile.id, newName: 'X', ...ctx(course) });
    expect(refused).toMatchObject({ status: 403, data: { code: 'FORBIDDEN', messageKey: 'sharedReadOnly' } });
    for (const [actor, fileId, withContext] of [
      [stranger, course.visibleFile.id, true],
      [editor, course.hiddenFile.id, true],
      [editor, course.visibleFile.id, false],
    ] as const) {
      const input = { fileId, newName: 'X', ...(withContext ? ctx(course) : {}) };
      expect(await mutationError(services, actor as TestUser, 'file.renameFile', input)).toMatchObject({ status: 404 });
    }
    const [row] = await services.db.select({ name: file.name }).from(file).where(eq(file.id, course.visibleFile.id));
    expect(row?.name).toBe('Cells and tissues.pdf');
  });

  test('the artefacts are made again by the owner only', async () => {
    const { course } = await studyCourse();
    for (const actor of [course.actors.editor, course.actors.viewer]) {
      const input = { fileId: course.visibleFile.id, artefact: 'summary', ...ctx(course) };
      expect(await mutationError(services, actor as TestUser, 'file.regenerateArtefact', input)).toMatchObject({
        status: 403,
        data: { code: 'FORBIDDEN', messageKey: 'sharedOwnerOnly' },
      });
      const withoutContext = { fileId: course.visibleFile.id, artefact: 'summary' };
      expect(await mutationError(services, actor as TestUser, 'file.regenerateArtefact', withoutContext)).toMatchObject({ status: 404 });
    }
  });

  async function uploadAs(actor: TestUser | null, uuid: string, directoryId: string) {
    const form = new FormData();
    form.set('directoryId', directoryId);
    form.append('files', new Blob([new Uint8Array(await pdfWithPages([[{ text: 'Tissues are groups of cells.' }]]))]), 'Tissues.pdf');
    const response = await requestApp(services, `/api/files?uuid=${encodeURIComponent(uuid)}`, { method: 'POST', headers: actor?.headers, body: form });
    return { status: response.status, body: (await response.json()) as { files?: Array<{ id: string }>; error?: { messageKey: string } } };
  }

  test("an editor uploads into the course: the file is the course owner's and counts against the owner's plan", async () => {
    const { course } = await studyCourse('private');
    const uploaded = await uploadAs(course.actors.editor, course.uuid, course.courseId);
    expect(uploaded.status).toBe(201);
    const [row] = await services.db.select().from(file).where(eq(file.id, uploaded.body.files?.[0]?.id ?? ''));
    expect(row).toMatchObject({ ownerId: course.owner.user.id, directoryId: course.courseId, name: 'Tissues.pdf' });
    const uploads = (actor: TestUser | null) => getUsage(services.db, { userId: actor?.user.id ?? '', kind: 'uploads', period: usagePeriod('month') });
    expect(await uploads(course.owner)).toBe(1);
    expect(await uploads(course.actors.editor)).toBe(0);
  });

  test('uploading through a shared course: viewers FORBIDDEN; strangers, other courses and guessed uuids NOT_FOUND', async () => {
    const { course } = await studyCourse('public');
    const other = await insertCourse(services, course.owner, { name: 'Chemistry' });
    expect(await uploadAs(course.actors.viewer, course.uuid, course.courseId)).toMatchObject({ status: 403, body: { error: { messageKey: 'sharedReadOnly' } } });
    expect(await uploadAs(course.actors.publicMember, course.uuid, course.courseId)).toMatchObject({ status: 403 });
    expect(await uploadAs(course.actors.stranger, course.uuid, course.courseId)).toMatchObject({ status: 404 });
    expect(await uploadAs(course.actors.revokedMember, course.uuid, course.courseId)).toMatchObject({ status: 404 });
    expect(await uploadAs(course.actors.editor, course.uuid, other.id)).toMatchObject({ status: 404 });
    expect(await uploadAs(course.actors.editor, crypto.randomUUID(), course.courseId)).toMatchObject({ status: 404 });
    expect(await uploadAs(null, course.uuid, course.courseId)).toMatchObject({ status: 401 });
    const files = await services.db.select({ id: file.id }).from(file).where(eq(file.ownerId, course.owner.user.id));
    expect(files).toHaveLength(2);
  });

  test("an editor naming their own course through ?uuid= gets 'Course not found', whether or not the owner's uploads are used up", async () => {
    const { course } = await studyCourse('private');
    const editor = course.actors.editor;
    if (!editor) throw new Error('no editor');
    const editorsOwn = await insertCourse(services, editor, { name: 'My own notes' });
    const notFound = { status: 404, body: { error: { messageKey: 'courseNotFound' } } };
    expect(await uploadAs(editor, course.uuid, editorsOwn.id)).toMatchObject(notFound);
    // The owner's Free plan allowance (3 uploads a month) used up: the target is still checked first.
    const usedUp = await reserveUsage(services.db, { userId: course.owner.user.id, kind: 'uploads', period: usagePeriod('month'), amount: 3, limit: 3 });
    expect(usedUp.ok).toBe(true);
    expect(await uploadAs(editor, course.uuid, editorsOwn.id)).toMatchObject(notFound);
    // Into the shared course itself the owner's allowance does apply.
    expect(await uploadAs(editor, course.uuid, course.courseId)).toMatchObject({
      status: 403,
      body: { error: { messageKey: 'uploadMonthlyLimitReached' } },
    });
  });
});

describe("a member's course-wide chat", () => {
  async function withChunks(fileId: string, pages: string[]) {
    await services.db.delete(filePage).where(eq(filePage.fileId, fileId));
    await services.db.insert(filePage).values(pages.map((text, index) => ({ fileId, pageNumber: index + 1, text })));
    await services.db.update(file).set({ status: 'ready', pageCount: pages.length }).where(eq(file.id, fileId));
    await markQueued(services.db, fileId, ['chunks']);
    const outcome = await generateArtefact({ db: services.db, engine: services.engine, log: services.log }, fileId, 'chunks');
    if (outcome !== 'ready') throw new Error(`chunks came out ${outcome}`);
  }

  const tissues = [
    'Tissues are groups of similar cells that work together. Epithelial tissue covers surfaces of the body and lines its cavities.',
    'Connective tissue supports and binds other tissues. Bone, blood and cartilage are connective tissues with an extracellular matrix.',
  ];

  test("answers from the visible files only, in the member's own conversation", async () => {
    const { course } = await studyCourse();
    // Only the hidden file speaks of photosynthesis.
    await withChunks(course.visibleFile.id, tissues);
    await withChunks(course.hiddenFile.id, lecturePages);
    const askCourse = async (actor: TestUser | null, body: Record<string, unknown>) => {
      const response = await requestApp(services, '/api/chat', { method: 'POST', headers: actor?.headers, json: body });
      return { status: response.status, chunks: response.ok ? await readStream(response) : ([] as StreamChunk[]) };
    };
    const question = { directoryId: course.courseId, message: 'What is photosynthesis?', uuid: course.uuid };
    const citedFiles = (chunks: StreamChunk[]) => new Set(citationsOf(chunks).map((citation) => citation.fileId));
    // The owner is answered from every file of the course, the hidden one too; a member never from a hidden one.
    const owners = await askCourse(course.owner, question);
    expect(citedFiles(owners.chunks).has(course.hiddenFile.id)).toBe(true);
    const member = await askCourse(course.actors.viewer, question);
    expect(member.status).toBe(200);
    expect(citedFiles(member.chunks).has(course.hiddenFile.id)).toBe(false);

    const history = await as(course.actors.viewer).chat.history({ directoryId: course.courseId, uuid: course.uuid });
    expect(history.map((message) => message.role)).toEqual(['user', 'assistant']);
    // The owner's course-wide conversation is their own: the member's question is not in it.
    expect(await as(course.owner).chat.history({ directoryId: course.courseId })).toHaveLength(2);

    const other = await insertCourse(services, course.owner, { name: 'Chemistry' });
    await insertFile(services, course.owner, other.id);
    expect((await askCourse(course.actors.viewer, { ...question, directoryId: other.id })).status).toBe(404);
    expect((await askCourse(course.actors.stranger, question)).status).toBe(404);
    await expect(as(course.actors.viewer).chat.history({ directoryId: course.courseId })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});

test('the caller’s own deck of a file is found by file and owner, made once even for two first cards at once', async () => {
  const { course } = await studyCourse();
  const viewer = course.actors.viewer;
  await Promise.all(
    ['One', 'Two'].map((front) => as(viewer).decks.createCard({ fileId: course.visibleFile.id, front, back: 'x', ...ctx(course) })),
  );
  const decks = await services.db
    .select({ id: deck.id })
    .from(deck)
    .where(and(eq(deck.fileId, course.visibleFile.id), eq(deck.ownerId, viewer?.user.id ?? '')));
  expect(decks).toHaveLength(1);
});
