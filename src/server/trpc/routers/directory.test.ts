import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, test } from 'vitest';
import { directory, file, filePage, studyArtefact, user } from '../../db/schema';
import { insertCourse, insertFile, mutationError } from '../../test/courses';
import { callerFor, createTestServices, createUser, expectRefused } from '../../test/harness';

/** A file's failure fields while it has not failed. */
const noFailure = { error: null, errorKey: null, errorParams: null };
/** What a file that was not read by OCR has of it. */
const noOcr = { progress: null, unreadablePages: null, lowConfidencePages: null, tooLittleText: false, isVideo: false };

const services = await createTestServices();
afterAll(() => services.close());

async function activeIdsOf(userId: string) {
  const [row] = await services.db
    .select({ activeFileId: user.activeFileId, activeDirectoryId: user.activeDirectoryId })
    .from(user)
    .where(eq(user.id, userId));
  return row;
}

describe('directory.createDirectory', () => {
  test('creates a course with the trimmed name and the default model and language', async () => {
    const owner = await createUser(services);
    const created = await callerFor(services, owner).directory.createDirectory({ name: '  Biology 101 ' });
    expect(created).toEqual({ id: expect.any(String), name: 'Biology 101' });
    const [row] = await services.db.select().from(directory).where(eq(directory.id, created.id));
    expect(row).toMatchObject({ ownerId: owner.user.id, model: 'gpt-4o-mini', language: 'en' });
  });

  test("stores the spec's model name as the provider's and the chosen language", async () => {
    const owner = await createUser(services);
    const created = await callerFor(services, owner).directory.createDirectory({
      name: 'Chemie',
      model: 'gpt4o-mini',
      language: 'de',
    });
    const [row] = await services.db.select().from(directory).where(eq(directory.id, created.id));
    expect(row).toMatchObject({ model: 'gpt-4o-mini', language: 'de' });
  });

  test('refuses a blank or too long name, or an unknown language, with a readable message', async () => {
    const owner = await createUser(services);
    expect(await mutationError(services, owner, 'directory.createDirectory', { name: '   ' })).toMatchObject({
      status: 400,
      message: 'name: Course name must not be empty',
      data: { code: 'BAD_REQUEST' },
    });
    expect(await mutationError(services, owner, 'directory.createDirectory', { name: 'x'.repeat(101) })).toMatchObject({
      status: 400,
      message: 'name: Course name must be at most 100 characters',
    });
    const language = await mutationError(services, owner, 'directory.createDirectory', { name: 'A', language: 'fr' });
    expect(language).toMatchObject({ status: 400, message: expect.stringMatching(/^language: /) });
    expect(await services.db.select().from(directory).where(eq(directory.ownerId, owner.user.id))).toEqual([]);
  });

  test('refuses the signed-out', async () => {
    await expectRefused({
      services,
      call: (caller) => caller.directory.createDirectory({ name: 'Biology' }),
      actors: ['anonymous'],
    });
  });
});

describe('directory.getDirectories', () => {
  test("lists only the user's courses, newest first, each with its files in upload order", async () => {
    const owner = await createUser(services);
    const other = await createUser(services);
    const older = await insertCourse(services, owner, { name: 'Older', createdAt: new Date('2026-01-01') });
    const newer = await insertCourse(services, owner, { name: 'Newer', createdAt: new Date('2026-02-01') });
    await insertCourse(services, other, { name: 'Not mine' });
    const first = await insertFile(services, owner, older.id, { name: 'a.pdf', createdAt: new Date('2026-01-02') });
    const second = await insertFile(services, owner, older.id, {
      name: 'b.txt',
      extension: 'txt',
      status: 'ready',
      pageCount: 3,
      createdAt: new Date('2026-01-03'),
    });

    const courses = await callerFor(services, owner).directory.getDirectories();
    expect(courses.map((course) => course.name)).toEqual(['Newer', 'Older']);
    expect(courses[0]).toMatchObject({ id: newer.id, files: [] });
    expect(courses[1]?.files).toEqual([
      { id: first.id, name: 'a.pdf', extension: 'pdf', status: 'queued', pageCount: null, createdAt: first.createdAt, ...noFailure, ...noOcr },
      { id: second.id, name: 'b.txt', extension: 'txt', status: 'ready', pageCount: 3, createdAt: second.createdAt, ...noFailure, ...noOcr },
    ]);
  });

  test("a failed file keeps its reason and parameters, and every file's time comes back as a Date", async () => {
    const owner = await createUser(services);
    const course = await insertCourse(services, owner);
    // The database's own clock (microseconds), not a time given by the test.
    const [failed] = await services.db
      .insert(file)
      .values({
        ownerId: owner.user.id,
        directoryId: course.id,
        name: 'Scan.pdf',
        extension: 'pdf',
        mimeType: 'application/pdf',
        size: 1024,
        status: 'failed',
        error: 'The file is larger than 50 MB.',
        errorKey: 'tooLarge',
        errorParams: { maxMb: 50, name: 'Scan "final".pdf' },
      })
      .returning();

    const [listed] = await callerFor(services, owner).directory.getDirectories();
    expect(listed?.files).toEqual([
      {
        id: failed!.id,
        name: 'Scan.pdf',
        extension: 'pdf',
        status: 'failed',
        pageCount: null,
        createdAt: failed!.createdAt,
        error: 'The file is larger than 50 MB.',
        errorKey: 'tooLarge',
        errorParams: { maxMb: 50, name: 'Scan "final".pdf' },
        ...noOcr,
      },
    ]);
    expect(listed?.files[0]?.createdAt).toBeInstanceOf(Date);
    expect(listed?.createdAt).toEqual(course.createdAt);
  });

  test('a ready file whose study material failed for too little text is marked; other failures are not', async () => {
    const owner = await createUser(services);
    const course = await insertCourse(services, owner);
    const short = await insertFile(services, owner, course.id, { status: 'ready', name: 'Slides.pptx' });
    const long = await insertFile(services, owner, course.id, { status: 'ready', name: 'Script.pdf' });
    const scan = await insertFile(services, owner, course.id, { status: 'ready', name: 'Scan.pdf' });
    await services.db.insert(studyArtefact).values([
      { fileId: short.id, kind: 'summary', status: 'failed', errorKey: 'tooLittleText', error: 'The document has too little running text to summarise.' },
      { fileId: short.id, kind: 'mindmap', status: 'ready' },
      { fileId: long.id, kind: 'summary', status: 'failed', errorKey: 'aiUnavailable', error: 'The AI service cannot be reached.' },
      { fileId: scan.id, kind: 'chunks', status: 'failed', errorKey: 'documentHasNoText', error: 'The document has no text to study from.' },
    ]);
    const [listed] = await callerFor(services, owner).directory.getDirectories();
    expect(Object.fromEntries((listed?.files ?? []).map((entry) => [entry.name, entry.tooLittleText]))).toEqual({
      'Slides.pptx': true,
      'Script.pdf': false,
      'Scan.pdf': true,
    });
  });

  test('a new user has no courses; the signed-out are refused', async () => {
    expect(await callerFor(services, await createUser(services)).directory.getDirectories()).toEqual([]);
    await expectRefused({ services, call: (caller) => caller.directory.getDirectories(), actors: ['anonymous'] });
  });
});

describe('directory.renameDirectory', () => {
  test('renames to the trimmed name; an identical name changes nothing', async () => {
    const owner = await createUser(services);
    const course = await insertCourse(services, owner, { name: 'Biology' });
    const caller = callerFor(services, owner);
    expect(await caller.directory.renameDirectory({ directoryId: course.id, newName: ' Botany ' })).toEqual({
      id: course.id,
      name: 'Botany',
    });
    const [renamed] = await services.db.select().from(directory).where(eq(directory.id, course.id));
    expect(renamed?.name).toBe('Botany');
    expect(await caller.directory.renameDirectory({ directoryId: course.id, newName: 'Botany' })).toEqual({
      id: course.id,
      name: 'Botany',
    });
    const [unchanged] = await services.db.select().from(directory).where(eq(directory.id, course.id));
    expect(unchanged?.updatedAt).toEqual(renamed?.updatedAt);
  });

  test('refuses a blank or too long name with a readable message', async () => {
    const owner = await createUser(services);
    const course = await insertCourse(services, owner);
    const rename = (newName: string) =>
      mutationError(services, owner, 'directory.renameDirectory', { directoryId: course.id, newName });
    expect(await rename(' ')).toMatchObject({ status: 400, message: 'newName: Course name must not be empty' });
    expect(await rename('y'.repeat(101))).toMatchObject({
      status: 400,
      message: 'newName: Course name must be at most 100 characters',
    });
  });

  test("answers NOT_FOUND with the spec's message for another user's, an unknown or a malformed id", async () => {
    const owner = await createUser(services);
    const course = await insertCourse(services, owner, { name: 'Biology' });
    await expectRefused({
      services,
      call: (caller) => caller.directory.renameDirectory({ directoryId: course.id, newName: 'Mine now' }),
      actors: ['anonymous', 'stranger'],
    });
    for (const directoryId of [crypto.randomUUID(), 'not-a-uuid']) {
      expect(await mutationError(services, owner, 'directory.renameDirectory', { directoryId, newName: 'X' })).toMatchObject({
        status: 404,
        message: 'Course not found. Try to refresh the page.',
        data: { code: 'NOT_FOUND', messageKey: 'courseNotFound' },
      });
    }
    const [row] = await services.db.select().from(directory).where(eq(directory.id, course.id));
    expect(row?.name).toBe('Biology');
  });
});

describe('directory.deleteDirectory', () => {
  test('deletes the course with its files and their pages', async () => {
    const owner = await createUser(services);
    const course = await insertCourse(services, owner);
    const kept = await insertCourse(services, owner, { name: 'Kept' });
    const doomed = await insertFile(services, owner, course.id, { pages: 3 });
    const survivor = await insertFile(services, owner, kept.id, { pages: 2 });

    expect(await callerFor(services, owner).directory.deleteDirectory({ id: course.id })).toEqual({ id: course.id });
    expect(await services.db.select().from(directory).where(eq(directory.id, course.id))).toEqual([]);
    expect(await services.db.select().from(file).where(eq(file.id, doomed.id))).toEqual([]);
    expect(await services.db.select().from(filePage).where(eq(filePage.fileId, doomed.id))).toEqual([]);
    expect(await services.db.select().from(filePage).where(eq(filePage.fileId, survivor.id))).toHaveLength(2);
  });

  test('clears the active ids when the active file is in the deleted course, and only then', async () => {
    const owner = await createUser(services);
    const caller = callerFor(services, owner);
    const active = await insertCourse(services, owner);
    const other = await insertCourse(services, owner);
    const activeFile = await insertFile(services, owner, active.id);
    await caller.file.setActiveFileId({ fileId: activeFile.id });

    await caller.directory.deleteDirectory({ id: other.id });
    expect(await activeIdsOf(owner.user.id)).toEqual({ activeFileId: activeFile.id, activeDirectoryId: active.id });
    await caller.directory.deleteDirectory({ id: active.id });
    expect(await activeIdsOf(owner.user.id)).toEqual({ activeFileId: null, activeDirectoryId: null });
  });

  test('clears an active file of the deleted course even when another course is recorded as active', async () => {
    const owner = await createUser(services);
    const course = await insertCourse(services, owner);
    const activeFile = await insertFile(services, owner, course.id);
    const other = await insertCourse(services, owner);
    await services.db
      .update(user)
      .set({ activeFileId: activeFile.id, activeDirectoryId: other.id })
      .where(eq(user.id, owner.user.id));
    await callerFor(services, owner).directory.deleteDirectory({ id: course.id });
    expect(await activeIdsOf(owner.user.id)).toEqual({ activeFileId: null, activeDirectoryId: null });
  });

  test("answers NOT_FOUND with the spec's message when already deleted or not the user's", async () => {
    const owner = await createUser(services);
    const course = await insertCourse(services, owner);
    await insertFile(services, owner, course.id);
    await expectRefused({
      services,
      call: (caller) => caller.directory.deleteDirectory({ id: course.id }),
      actors: ['anonymous', 'stranger'],
    });
    expect(await services.db.select().from(file).where(eq(file.directoryId, course.id))).toHaveLength(1);
    await callerFor(services, owner).directory.deleteDirectory({ id: course.id });
    expect(await mutationError(services, owner, 'directory.deleteDirectory', { id: course.id })).toMatchObject({
      status: 404,
      message: 'Course has already been deleted. Try to refresh the page.',
      data: { code: 'NOT_FOUND', messageKey: 'courseAlreadyDeleted' },
    });
  });

  test("a stranger's refused delete leaves the owner's active ids alone", async () => {
    const owner = await createUser(services);
    const stranger = await createUser(services);
    const course = await insertCourse(services, owner);
    const active = await insertFile(services, owner, course.id);
    await callerFor(services, owner).file.setActiveFileId({ fileId: active.id });
    await services.db.update(user).set({ activeDirectoryId: course.id }).where(eq(user.id, stranger.user.id));
    await expect(callerFor(services, stranger).directory.deleteDirectory({ id: course.id })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    expect(await activeIdsOf(owner.user.id)).toEqual({ activeFileId: active.id, activeDirectoryId: course.id });
    expect((await activeIdsOf(stranger.user.id))?.activeDirectoryId).toBe(course.id);
  });
});

describe('directory.getAzureDirectoryFiles', () => {
  test('lists the files of one course in upload order', async () => {
    const owner = await createUser(services);
    const course = await insertCourse(services, owner);
    const other = await insertCourse(services, owner);
    const first = await insertFile(services, owner, course.id, { name: 'a.pdf', createdAt: new Date('2026-01-01') });
    const second = await insertFile(services, owner, course.id, { name: 'b.pdf', createdAt: new Date('2026-01-02') });
    await insertFile(services, owner, other.id);
    const files = await callerFor(services, owner).directory.getAzureDirectoryFiles({ directoryId: course.id });
    expect(files.map((row) => row.id)).toEqual([first.id, second.id]);
    expect(Object.keys(files[0] ?? {}).sort()).toEqual([
      'createdAt',
      'error',
      'errorKey',
      'errorParams',
      'extension',
      'id',
      'lowConfidencePages',
      'name',
      'pageCount',
      'progress',
      'status',
      'unreadablePages',
    ]);
  });

  test("refuses the signed-out and answers NOT_FOUND for another user's course", async () => {
    const owner = await createUser(services);
    const course = await insertCourse(services, owner);
    await insertFile(services, owner, course.id);
    await expectRefused({
      services,
      call: (caller) => caller.directory.getAzureDirectoryFiles({ directoryId: course.id }),
      actors: ['anonymous', 'stranger'],
    });
  });
});

describe('directory.getActiveDirectoryId and getActiveDirectoryFromActiveFile', () => {
  test('are null without an active file, then follow the active file', async () => {
    const owner = await createUser(services);
    const caller = callerFor(services, owner);
    expect(await caller.directory.getActiveDirectoryId()).toBeNull();
    expect(await caller.directory.getActiveDirectoryFromActiveFile()).toBeNull();
    const course = await insertCourse(services, owner, { name: 'Biology' });
    const active = await insertFile(services, owner, course.id);
    await caller.file.setActiveFileId({ fileId: active.id });
    expect(await caller.directory.getActiveDirectoryId()).toBe(course.id);
    expect(await caller.directory.getActiveDirectoryFromActiveFile()).toEqual({
      id: course.id,
      name: 'Biology',
      model: 'gpt-4o-mini',
      language: 'en',
      createdAt: course.createdAt,
    });
  });

  test("never read another user's course through a planted id", async () => {
    const owner = await createUser(services);
    const stranger = await createUser(services);
    const course = await insertCourse(services, owner);
    const theirs = await insertFile(services, owner, course.id);
    await services.db
      .update(user)
      .set({ activeFileId: theirs.id, activeDirectoryId: course.id })
      .where(eq(user.id, stranger.user.id));
    const caller = callerFor(services, stranger);
    expect(await caller.directory.getActiveDirectoryId()).toBeNull();
    expect(await caller.directory.getActiveDirectoryFromActiveFile()).toBeNull();
  });

  test('refuse the signed-out', async () => {
    await expectRefused({ services, call: (caller) => caller.directory.getActiveDirectoryId(), actors: ['anonymous'] });
    await expectRefused({
      services,
      call: (caller) => caller.directory.getActiveDirectoryFromActiveFile(),
      actors: ['anonymous'],
    });
  });
});
