import { afterAll, describe, expect, test } from 'vitest';
import { getFilePages } from '../../courses/file-pages';
import { filePage } from '../../db/schema';
import { insertCourse, insertFile } from '../../test/courses';
import { callerFor, createTestServices, createUser, expectRefused, trpcQueryPath, requestApp } from '../../test/harness';

const services = await createTestServices();
afterAll(() => services.close());

async function ownerWithCourse() {
  const owner = await createUser(services);
  const course = await insertCourse(services, owner, { name: 'Biology' });
  return { owner, course };
}

describe('file.getFilePages', () => {
  test("answers the owner's file with its pages in page order, headings included", async () => {
    const { owner, course } = await ownerWithCourse();
    const stored = await insertFile(services, owner, course.id, {
      name: 'Cells.pptx',
      extension: 'pptx',
      status: 'ready',
      pageCount: 3,
      storageKey: 'files/cells.pptx',
    });
    // Inserted out of order: the answer must not depend on insertion order.
    await services.db.insert(filePage).values([
      { fileId: stored.id, pageNumber: 3, text: 'Mitochondria make ATP.', heading: 'Energy' },
      { fileId: stored.id, pageNumber: 1, text: 'A cell is the unit of life.', heading: 'Cells' },
      { fileId: stored.id, pageNumber: 2, text: 'Membranes enclose cells.', heading: null },
    ]);

    const answer = await callerFor(services, owner).file.getFilePages({ fileId: stored.id });
    expect(answer).toMatchObject({
      file: {
        id: stored.id,
        name: 'Cells.pptx',
        extension: 'pptx',
        status: 'ready',
        pageCount: 3,
        createdAt: stored.createdAt,
        error: null,
        videoId: null,
        stored: true,
      },
      pages: [
        { pageNumber: 1, heading: 'Cells', text: 'A cell is the unit of life.', ocrConfidence: null },
        { pageNumber: 2, heading: null, text: 'Membranes enclose cells.', ocrConfidence: null },
        { pageNumber: 3, heading: 'Energy', text: 'Mitochondria make ATP.', ocrConfidence: null },
      ],
      totalPages: 3,
      truncated: false,
    });
    // Exactly the pages' four fields, and nothing of storage in the file.
    expect(answer.pages.every((page) => Object.keys(page).sort().join() === 'heading,ocrConfidence,pageNumber,text')).toBe(true);
    expect(JSON.stringify(answer.file)).not.toContain('files/cells.pptx');
  });

  test('gives a video link its id, a failed file its reason, and a file not yet extracted no pages', async () => {
    const { owner, course } = await ownerWithCourse();
    const caller = callerFor(services, owner);
    const video = await insertFile(services, owner, course.id, {
      name: 'Photosynthesis explained',
      extension: 'txt',
      mimeType: 'text/plain',
      videoId: 'dQw4w9WgXcQ',
      status: 'failed',
      error: 'No transcript found for this video.',
    });
    const queued = await insertFile(services, owner, course.id, { name: 'Notes.docx', extension: 'docx' });

    expect(await caller.file.getFilePages({ fileId: video.id })).toMatchObject({
      file: { videoId: 'dQw4w9WgXcQ', status: 'failed', error: 'No transcript found for this video.', stored: false },
      pages: [],
      totalPages: 0,
      truncated: false,
    });
    expect(await caller.file.getFilePages({ fileId: queued.id })).toMatchObject({
      file: { name: 'Notes.docx', status: 'queued', error: null, videoId: null },
      pages: [],
    });
  });

  test('leaves the text out when asked for the file alone', async () => {
    const { owner, course } = await ownerWithCourse();
    const stored = await insertFile(services, owner, course.id, { pages: 4, pageCount: 4, status: 'ready' });
    expect(await callerFor(services, owner).file.getFilePages({ fileId: stored.id, withText: false })).toMatchObject({
      file: { id: stored.id, extension: 'pdf', pageCount: 4 },
      pages: [],
      totalPages: 4,
      truncated: false,
    });
  });

  test('refuses the signed-out, a stranger, and unknown or malformed ids alike (NOT_FOUND)', async () => {
    const { owner, course } = await ownerWithCourse();
    const stored = await insertFile(services, owner, course.id, { pages: 2 });
    await expectRefused({
      services,
      call: (caller) => caller.file.getFilePages({ fileId: stored.id }),
      actors: ['anonymous', 'stranger'],
    });
    for (const fileId of [crypto.randomUUID(), 'not-a-uuid']) {
      await expectRefused({
        services,
        call: (caller) => caller.file.getFilePages({ fileId }),
        actors: [{ name: 'owner', code: 'NOT_FOUND', headers: owner.headers }],
      });
    }
  });

  test("a refusal over HTTP carries the spec's message and never the file", async () => {
    const { owner, course } = await ownerWithCourse();
    const stored = await insertFile(services, owner, course.id, { pages: 1 });
    const stranger = await createUser(services);
    const response = await requestApp(services, trpcQueryPath('file.getFilePages', { fileId: stored.id }), {
      headers: stranger.headers,
    });
    expect(response.status).toBe(404);
    const body = await response.text();
    expect(body).toContain('File not found. Try to refresh the page.');
    expect(body).not.toContain('Lecture 1.pdf');
  });
});

describe('getFilePages size cap', () => {
  test('takes whole pages up to the cap, cuts the page that crosses it and says the answer is truncated', async () => {
    const { owner, course } = await ownerWithCourse();
    const stored = await insertFile(services, owner, course.id, { extension: 'docx', name: 'Long.docx' });
    await services.db.insert(filePage).values(
      ['a'.repeat(40), 'b'.repeat(40), 'c'.repeat(40), 'd'.repeat(40)].map((text, index) => ({
        fileId: stored.id,
        pageNumber: index + 1,
        text,
      })),
    );
    const read = (maxCharacters: number) =>
      getFilePages({ db: services.db, userId: owner.user.id, fileId: stored.id, maxCharacters });

    const cut = await read(100);
    expect(cut.pages.map((page) => page.text)).toEqual(['a'.repeat(40), 'b'.repeat(40), 'c'.repeat(20)]);
    expect(cut).toMatchObject({ totalPages: 4, truncated: true });

    const exact = await read(80);
    expect(exact.pages.map((page) => page.pageNumber)).toEqual([1, 2]);
    expect(exact.truncated).toBe(true);

    const all = await read(160);
    expect(all.pages).toHaveLength(4);
    expect(all.truncated).toBe(false);
  });

  test('counts characters, not bytes, so text in any script is cut on a character', async () => {
    const { owner, course } = await ownerWithCourse();
    const stored = await insertFile(services, owner, course.id, { extension: 'txt', name: 'Notes.txt' });
    await services.db.insert(filePage).values({ fileId: stored.id, pageNumber: 1, text: 'Zellmembran äöü 細胞膜' });
    const { pages, truncated } = await getFilePages({
      db: services.db,
      userId: owner.user.id,
      fileId: stored.id,
      maxCharacters: 17,
    });
    expect(pages).toEqual([{ pageNumber: 1, heading: null, text: 'Zellmembran äöü 細', ocrConfidence: null }]);
    expect(truncated).toBe(true);
  });
});
