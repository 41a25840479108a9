import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, test } from 'vitest';
import { file, filePage, user } from '../../db/schema';
import { insertCourse, insertFile, mutationError } from '../../test/courses';
import { type Caller, callerFor, createTestServices, createUser, expectRefused, type TestUser } from '../../test/harness';

/** A file's failure fields while it has not failed. */
const noFailure = { error: null, errorKey: null, errorParams: null };
/** What a file that was not read by OCR has of it. */
const noOcr = { progress: null, unreadablePages: null, lowConfidencePages: null };

/** Every study artefact of a file whose text has not been read: none is queued yet. */
const notStarted = Object.fromEntries(
  ['chunks', 'summary', 'mindmap', 'flashcards', 'learn_path'].map((kind) => [kind, { status: null, ...noFailure }]),
);

const services = await createTestServices();
afterAll(() => services.close());

/** A user with one course holding one file (with two pages). */
async function ownerWithFile(values: Parameters<typeof insertFile>[3] = {}) {
  const owner = await createUser(services);
  const course = await insertCourse(services, owner, { name: 'Biology' });
  const stored = await insertFile(services, owner, course.id, { pages: 2, ...values });
  return { owner, course, stored };
}

async function activeIdsOf(actor: TestUser) {
  const [row] = await services.db
    .select({ activeFileId: user.activeFileId, activeDirectoryId: user.activeDirectoryId })
    .from(user)
    .where(eq(user.id, actor.user.id));
  return row;
}

async function nameOf(fileId: string) {
  const [row] = await services.db.select({ name: file.name }).from(file).where(eq(file.id, fileId));
  return row?.name;
}

describe('file.setActiveFileId, file.getActiveFile and file.setActiveFileAndRevalidate', () => {
  test('the active file and its course follow the last file set', async () => {
    const { owner, course, stored } = await ownerWithFile();
    const caller = callerFor(services, owner);
    expect(await caller.file.getActiveFile()).toBeNull();
    expect(await caller.file.setActiveFileId({ fileId: stored.id })).toEqual({
      activeFileId: stored.id,
      activeDirectoryId: course.id,
    });
    expect(await caller.file.getActiveFile()).toEqual({
      id: stored.id,
      name: 'Lecture 1.pdf',
      extension: 'pdf',
      status: 'queued',
      pageCount: null,
      createdAt: stored.createdAt,
      ...noFailure,
      ...noOcr,
      videoId: null,
      directory: { id: course.id, name: 'Biology', model: 'gpt-4o-mini', language: 'en', createdAt: course.createdAt },
    });

    const otherCourse = await insertCourse(services, owner, { name: 'Chemistry' });
    const next = await insertFile(services, owner, otherCourse.id, { name: 'Acids.docx', extension: 'docx' });
    const revalidated = await caller.file.setActiveFileAndRevalidate({ fileId: next.id });
    expect(revalidated).toMatchObject({ id: next.id, name: 'Acids.docx', directory: { id: otherCourse.id } });
    expect(await caller.file.getActiveFile()).toEqual(revalidated);
    expect(await activeIdsOf(owner)).toEqual({ activeFileId: next.id, activeDirectoryId: otherCourse.id });
  });

  test("refuse another user's, an unknown or a malformed file id with the spec's message", async () => {
    const { owner, stored } = await ownerWithFile();
    for (const procedure of ['setActiveFileId', 'setActiveFileAndRevalidate'] as const) {
      await expectRefused({
        services,
        call: (caller) => caller.file[procedure]({ fileId: stored.id }),
        actors: ['anonymous', 'stranger'],
      });
      for (const fileId of [crypto.randomUUID(), 'not-a-uuid']) {
        expect(await mutationError(services, owner, `file.${procedure}`, { fileId })).toMatchObject({
          status: 404,
          message: 'File not found. Try to refresh the page.',
          data: { code: 'NOT_FOUND', messageKey: 'fileNotFound' },
        });
      }
    }
    expect(await activeIdsOf(owner)).toEqual({ activeFileId: null, activeDirectoryId: null });
  });

  test("getActiveFile never reads another user's file through a planted id, and refuses the signed-out", async () => {
    const { stored } = await ownerWithFile();
    const stranger = await createUser(services);
    await services.db.update(user).set({ activeFileId: stored.id }).where(eq(user.id, stranger.user.id));
    expect(await callerFor(services, stranger).file.getActiveFile()).toBeNull();
    await expectRefused({ services, call: (caller) => caller.file.getActiveFile(), actors: ['anonymous'] });
  });
});

describe('file.getFilesByIds', () => {
  test("returns the user's own files and silently leaves out others' and unknown ids", async () => {
    const { owner, course, stored } = await ownerWithFile();
    const second = await insertFile(services, owner, course.id, { name: 'Notes.txt', extension: 'txt' });
    const { stored: theirs } = await ownerWithFile();
    const files = await callerFor(services, owner).file.getFilesByIds({
      fileIds: [stored.id, theirs.id, second.id, 'not-a-uuid', crypto.randomUUID()],
    });
    expect(files.map((row) => row.id).sort()).toEqual([stored.id, second.id].sort());
    expect(files.find((row) => row.id === second.id)).toEqual({
      id: second.id,
      name: 'Notes.txt',
      extension: 'txt',
      status: 'queued',
      pageCount: null,
      createdAt: second.createdAt,
      ...noFailure,
      ...noOcr,
      directoryId: course.id,
    });
  });

  test('a stranger asking for them gets none; an empty list answers empty', async () => {
    const { stored } = await ownerWithFile();
    const stranger = callerFor(services, await createUser(services));
    expect(await stranger.file.getFilesByIds({ fileIds: [stored.id] })).toEqual([]);
    expect(await stranger.file.getFilesByIds({ fileIds: [] })).toEqual([]);
  });

  test('refuses more than 100 ids and the signed-out', async () => {
    const owner = await createUser(services);
    const fileIds = Array.from({ length: 101 }, () => crypto.randomUUID());
    await expect(callerFor(services, owner).file.getFilesByIds({ fileIds })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    await expectRefused({ services, call: (caller) => caller.file.getFilesByIds({ fileIds: [] }), actors: ['anonymous'] });
  });
});

describe('file.deleteFile', () => {
  test('deletes the file with its pages and nothing else', async () => {
    const { owner, course, stored } = await ownerWithFile();
    const kept = await insertFile(services, owner, course.id, { pages: 1 });
    expect(await callerFor(services, owner).file.deleteFile({ fileId: stored.id })).toEqual({ id: stored.id });
    expect(await services.db.select().from(file).where(eq(file.id, stored.id))).toEqual([]);
    expect(await services.db.select().from(filePage).where(eq(filePage.fileId, stored.id))).toEqual([]);
    expect(await services.db.select().from(filePage).where(eq(filePage.fileId, kept.id))).toHaveLength(1);
  });

  test('deleting the active file clears both active ids; deleting another file keeps them', async () => {
    const { owner, course, stored } = await ownerWithFile();
    const other = await insertFile(services, owner, course.id);
    const caller = callerFor(services, owner);
    await caller.file.setActiveFileId({ fileId: stored.id });
    await caller.file.deleteFile({ fileId: other.id });
    expect(await activeIdsOf(owner)).toEqual({ activeFileId: stored.id, activeDirectoryId: course.id });
    await caller.file.deleteFile({ fileId: stored.id });
    expect(await activeIdsOf(owner)).toEqual({ activeFileId: null, activeDirectoryId: null });
    expect(await caller.file.getActiveFile()).toBeNull();
  });

  test("answers NOT_FOUND with the spec's message when already deleted or not the user's", async () => {
    const { owner, stored } = await ownerWithFile();
    await expectRefused({
      services,
      call: (caller) => caller.file.deleteFile({ fileId: stored.id }),
      actors: ['anonymous', 'stranger'],
    });
    expect(await services.db.select().from(file).where(eq(file.id, stored.id))).toHaveLength(1);
    await callerFor(services, owner).file.deleteFile({ fileId: stored.id });
    expect(await mutationError(services, owner, 'file.deleteFile', { fileId: stored.id })).toMatchObject({
      status: 404,
      message: 'File has already been deleted. Try to refresh the page.',
      data: { code: 'NOT_FOUND', messageKey: 'fileAlreadyDeleted' },
    });
  });
});

describe('file.renameFile', () => {
  test('renames to the trimmed name, appending the extension when the new name lacks it', async () => {
    const { owner, stored } = await ownerWithFile();
    const caller = callerFor(services, owner);
    expect(await caller.file.renameFile({ fileId: stored.id, newName: '  Week 1 ' })).toEqual({
      id: stored.id,
      name: 'Week 1.pdf',
    });
    expect(await nameOf(stored.id)).toBe('Week 1.pdf');
    expect(await caller.file.renameFile({ fileId: stored.id, newName: 'Week 2.PDF' })).toMatchObject({
      name: 'Week 2.PDF',
    });
    expect(await caller.file.renameFile({ fileId: stored.id, newName: 'Week 2.PDF' })).toMatchObject({
      name: 'Week 2.PDF',
    });
  });

  test('a video link keeps the name as typed', async () => {
    const { owner, stored } = await ownerWithFile({ name: 'A talk', extension: 'txt', videoId: 'dQw4w9WgXcQ' });
    await callerFor(services, owner).file.renameFile({ fileId: stored.id, newName: 'The talk' });
    expect(await nameOf(stored.id)).toBe('The talk');
  });

  test('refuses blank, too long, path and control characters with a readable message', async () => {
    const { owner, stored } = await ownerWithFile();
    const rename = (newName: string) => mutationError(services, owner, 'file.renameFile', { fileId: stored.id, newName });
    expect(await rename('  ')).toMatchObject({ status: 400, message: 'newName: File name must not be empty' });
    expect(await rename('z'.repeat(256))).toMatchObject({
      status: 400,
      message: 'newName: File name must be at most 255 characters',
    });
    expect(await rename('../etc/passwd')).toMatchObject({
      status: 400,
      message: 'newName: File name must not contain / or \\',
    });
    expect(await rename('a\\b')).toMatchObject({ status: 400 });
    expect(await rename('line\nbreak')).toMatchObject({
      status: 400,
      message: 'newName: File name must not contain control characters',
    });
    // 252 characters are allowed as typed, but not once ".pdf" is appended.
    expect(await rename('w'.repeat(252))).toMatchObject({
      status: 400,
      message: 'File name must be at most 255 characters',
      data: { code: 'BAD_REQUEST', messageKey: 'fileNameTooLong' },
    });
    expect(await nameOf(stored.id)).toBe('Lecture 1.pdf');
  });

  test("answers NOT_FOUND with the spec's message for another user's, an unknown or a malformed id", async () => {
    const { owner, stored } = await ownerWithFile();
    await expectRefused({
      services,
      call: (caller) => caller.file.renameFile({ fileId: stored.id, newName: 'Mine now' }),
      actors: ['anonymous', 'stranger'],
    });
    for (const fileId of [crypto.randomUUID(), 'not-a-uuid']) {
      expect(await mutationError(services, owner, 'file.renameFile', { fileId, newName: 'X' })).toMatchObject({
        status: 404,
        message: 'File not found. Try to refresh the page.',
        data: { code: 'NOT_FOUND', messageKey: 'fileNotFound' },
      });
    }
    expect(await nameOf(stored.id)).toBe('Lecture 1.pdf');
  });
});

describe('file.getFileExtension and file.getProcessingStatus', () => {
  test('answer for the owner', async () => {
    const { owner, stored } = await ownerWithFile({ extension: 'pptx', status: 'failed', error: 'No text found' });
    const caller = callerFor(services, owner);
    expect(await caller.file.getFileExtension({ fileId: stored.id })).toEqual({ extension: 'pptx' });
    expect(await caller.file.getProcessingStatus({ fileId: stored.id })).toEqual({
      status: 'failed',
      error: 'No text found',
      errorKey: null,
      errorParams: null,
      pageCount: null,
      ...noOcr,
      artefacts: notStarted,
    });
    await services.db.update(file).set({ status: 'ready', error: null, pageCount: 12 }).where(eq(file.id, stored.id));
    expect(await caller.file.getProcessingStatus({ fileId: stored.id })).toEqual({
      status: 'ready',
      ...noFailure,
      pageCount: 12,
      ...noOcr,
      artefacts: notStarted,
    });
  });

  test("refuse the signed-out and answer NOT_FOUND for another user's or an unknown file", async () => {
    const { owner, stored } = await ownerWithFile();
    for (const call of [
      (caller: Caller) => caller.file.getFileExtension({ fileId: stored.id }),
      (caller: Caller) => caller.file.getProcessingStatus({ fileId: stored.id }),
    ]) {
      await expectRefused({ services, call, actors: ['anonymous', 'stranger'] });
    }
    const caller = callerFor(services, owner);
    await expect(caller.file.getFileExtension({ fileId: 'not-a-uuid' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'File not found. Try to refresh the page.',
    });
    await expect(caller.file.getProcessingStatus({ fileId: crypto.randomUUID() })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });
});
