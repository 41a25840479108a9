import { asc, eq } from 'drizzle-orm';
import { afterAll, describe, expect, test } from 'vitest';
import { file, filePage, user } from '../db/schema';
import { ingestFile } from '../ingest/ingest-job';
import { insertCourse } from '../test/courses';
import { callerFor, createTestServices, createUser, requestApp, type TestUser } from '../test/harness';
import { getUsage, usagePeriod } from '../usage/usage-counters';

// POST /api/files with JSON { directoryId, videoUrl, transcript?, name? }: a video link instead of files.
const services = await createTestServices();
afterAll(() => services.close());

interface Answer {
  files?: Array<{ id: string; name: string; extension: string; status: string }>;
  error?: { code: string; message: string; messageKey: string; messageParams?: Record<string, unknown> };
}

async function addVideo(owner: TestUser, body: unknown, headers: Headers = owner.headers) {
  const response = await requestApp(services, '/api/files', { method: 'POST', headers, json: body });
  return { status: response.status, body: (await response.json()) as Answer };
}

async function ownerWithCourse(plan: 'free' | 'pro' = 'free') {
  const owner = await createUser(services);
  if (plan !== 'free') await services.db.update(user).set({ plan }).where(eq(user.id, owner.user.id));
  const course = await insertCourse(services, owner);
  return { owner, course };
}

const uploadsUsed = (owner: TestUser) =>
  getUsage(services.db, { userId: owner.user.id, kind: 'uploads', period: usagePeriod('month') });

const rowsOf = (owner: TestUser) => services.db.select().from(file).where(eq(file.ownerId, owner.user.id));

/** A transcript as copied from a video page: a timestamp line before each caption line. */
function transcriptOf(lines: number, secondsApart: number) {
  return Array.from({ length: lines }, (_, index) => {
    const seconds = index * secondsApart;
    const stamp = `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
    return `${stamp}\nSentence number ${index + 1} of the lecture about cells.`;
  }).join('\n');
}

describe('POST /api/files with a video link', () => {
  test('a link with a pasted transcript becomes a ready file of pages, named after the video, and counts as an upload', async () => {
    const { owner, course } = await ownerWithCourse();
    const { status, body } = await addVideo(owner, {
      directoryId: course.id,
      videoUrl: 'https://www.youtube.com/watch?v=abc123xyz_1&t=42',
      transcript: transcriptOf(200, 6),
    });
    expect(status).toBe(201);
    expect(body.files).toEqual([{ id: expect.any(String), name: 'Video abc123xyz_1', extension: 'txt', status: 'ready' }]);
    const [row] = await rowsOf(owner);
    expect(row).toMatchObject({ videoId: 'abc123xyz_1', storageKey: null, extension: 'txt', status: 'ready', error: null });
    const pages = await services.db
      .select()
      .from(filePage)
      .where(eq(filePage.fileId, row?.id ?? ''))
      .orderBy(asc(filePage.pageNumber));
    expect(row?.pageCount).toBe(pages.length);
    expect(pages.length).toBeGreaterThan(1);
    for (const page of pages) {
      expect(page.text.length).toBeLessThanOrEqual(3000);
      expect(page.text).not.toMatch(/\d:\d\d/);
      // Cut at sentence ends.
      expect(page.text).toMatch(/\.$/);
    }
    expect(pages.map((page) => page.text).join(' ')).toContain('Sentence number 200 of the lecture about cells.');
    expect(await uploadsUsed(owner)).toBe(1);
    // Its text is studied like an extracted file's: every artefact is queued with it.
    const { artefacts } = await callerFor(services, owner).file.getProcessingStatus({ fileId: row?.id ?? '' });
    expect(Object.values(artefacts).map((state) => state?.status)).toEqual(['queued', 'queued', 'queued', 'queued', 'queued']);
    // Running the ingest job on it changes nothing.
    await ingestFile(services, row?.id ?? '');
    expect((await rowsOf(owner))[0]?.status).toBe('ready');
  });

  test('keeps a name the client sends, made safe', async () => {
    const { owner, course } = await ownerWithCourse();
    const { body } = await addVideo(owner, {
      directoryId: course.id,
      videoUrl: 'youtu.be/dQw4w9WgXcQ',
      transcript: 'Hello.',
      name: ' ../Lecture\u0007 3 ',
    });
    expect(body.files?.[0]?.name).toBe('Lecture 3');
    const long = await addVideo(owner, { directoryId: course.id, videoUrl: 'youtu.be/dQw4w9WgXcQ', name: 'n'.repeat(10_000) });
    expect(long.body.files?.[0]?.name).toBe('n'.repeat(255));
  });

  test('without a transcript the file is stored failed with a reason to paste one, and cannot be retried', async () => {
    const { owner, course } = await ownerWithCourse();
    const { status, body } = await addVideo(owner, { directoryId: course.id, videoUrl: 'https://m.youtube.com/shorts/dQw4w9WgXcQ' });
    expect(status).toBe(201);
    expect(body.files?.[0]).toMatchObject({ status: 'failed', name: 'Video dQw4w9WgXcQ' });
    const fileId = body.files?.[0]?.id ?? '';
    const caller = callerFor(services, owner);
    expect(await caller.file.getProcessingStatus({ fileId })).toMatchObject({
      status: 'failed',
      error: 'No transcript could be fetched for this video. Paste the transcript to study it.',
      errorKey: 'noTranscript',
      errorParams: null,
      pageCount: null,
    });
    await expect(caller.file.retryProcessing({ fileId })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'This video has no transcript to read. Delete it and add the link again with its transcript pasted.',
    });
    expect(await uploadsUsed(owner)).toBe(1);
  });

  test('refuses a link that is not a recognised video link, with a clear message, storing nothing', async () => {
    const { owner, course } = await ownerWithCourse();
    for (const videoUrl of ['https://vimeo.com/123456', 'https://www.youtube.com/watch?v=short', 'youtube', 42]) {
      const { status, body } = await addVideo(owner, { directoryId: course.id, videoUrl, transcript: 'Hello.' });
      expect({ videoUrl, status, key: body.error?.messageKey }).toEqual({ videoUrl, status: 400, key: 'uploadVideoLinkInvalid' });
    }
    expect(await rowsOf(owner)).toEqual([]);
    expect(await uploadsUsed(owner)).toBe(0);
  });

  test('holds the video to the plan’s maximum length, read from the transcript’s last timestamp', async () => {
    const free = await ownerWithCourse();
    const over = `0:00\nWelcome.\n15:00\nMiddle.\n30:01\nThe end.`;
    const refused = await addVideo(free.owner, { directoryId: free.course.id, videoUrl: 'youtu.be/dQw4w9WgXcQ', transcript: over });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toEqual({
      code: 'FORBIDDEN',
      message: 'This video is about 31 minutes long; your Free plan allows videos of up to 30 minutes. Upgrade for more.',
      messageKey: 'uploadVideoTooLong',
      messageParams: { plan: 'Free', limit: 30, minutes: 31 },
    });
    expect(await rowsOf(free.owner)).toEqual([]);
    expect(await uploadsUsed(free.owner)).toBe(0);
    const atLimit = await addVideo(free.owner, {
      directoryId: free.course.id,
      videoUrl: 'youtu.be/dQw4w9WgXcQ',
      transcript: '0:00 Welcome.\n29:59 The end.',
    });
    expect(atLimit.status).toBe(201);
    const pro = await ownerWithCourse('pro');
    const hours = await addVideo(pro.owner, {
      directoryId: pro.course.id,
      videoUrl: 'youtu.be/dQw4w9WgXcQ',
      transcript: '0:00 Welcome.\n1:59:00 The end.',
    });
    expect(hours.status).toBe(201);
    const tooLong = await addVideo(pro.owner, {
      directoryId: pro.course.id,
      videoUrl: 'youtu.be/dQw4w9WgXcQ',
      transcript: '0:00 Welcome.\n2:00:01 The end.',
    });
    expect(tooLong.body.error?.messageParams).toEqual({ plan: 'Pro', limit: 120, minutes: 121 });
  });

  test('counts against the month’s uploads like files', async () => {
    const { owner, course } = await ownerWithCourse();
    for (let index = 0; index < 3; index += 1) {
      expect((await addVideo(owner, { directoryId: course.id, videoUrl: 'youtu.be/dQw4w9WgXcQ', transcript: 'Hi.' })).status).toBe(201);
    }
    const fourth = await addVideo(owner, { directoryId: course.id, videoUrl: 'youtu.be/dQw4w9WgXcQ', transcript: 'Hi.' });
    expect(fourth.status).toBe(403);
    expect(fourth.body.error?.messageKey).toBe('uploadMonthlyLimitReached');
    expect(await rowsOf(owner)).toHaveLength(3);
  });

  test('refuses bad input with a clear 4xx: too long, only timestamps, malformed JSON, no course, another’s course', async () => {
    const { owner, course } = await ownerWithCourse();
    const link = 'https://www.youtube.com/embed/dQw4w9WgXcQ';
    const tooLong = await addVideo(owner, { directoryId: course.id, videoUrl: link, transcript: 'a'.repeat(500_001) });
    expect(tooLong.status).toBe(413);
    expect(tooLong.body.error?.message).toBe('The transcript is longer than 500,000 characters, the most one video may have.');
    const huge = await addVideo(owner, { directoryId: course.id, videoUrl: link, transcript: '\u0001'.repeat(1_000_000) });
    expect(huge.status).toBe(413);
    const stamps = await addVideo(owner, { directoryId: course.id, videoUrl: link, transcript: '0:00\n0:05\n\n[1:03]\n' });
    expect([stamps.status, stamps.body.error?.messageKey]).toEqual([400, 'uploadTranscriptEmpty']);
    const notText = await addVideo(owner, { directoryId: course.id, videoUrl: link, transcript: ['a'] });
    expect([notText.status, notText.body.error?.messageKey]).toEqual([400, 'uploadUnreadable']);
    const headers = new Headers(owner.headers);
    headers.set('content-type', 'application/json');
    const malformed = await requestApp(services, '/api/files', { method: 'POST', headers, body: '{"videoUrl": ' });
    expect(malformed.status).toBe(400);
    const noCourse = await addVideo(owner, { videoUrl: link });
    expect([noCourse.status, noCourse.body.error?.messageKey]).toEqual([400, 'uploadNoCourse']);
    const stranger = await createUser(services);
    const foreign = await addVideo(stranger, { directoryId: course.id, videoUrl: link, transcript: 'Hi.' });
    expect([foreign.status, foreign.body.error?.messageKey]).toEqual([404, 'courseNotFound']);
    const anonymous = await addVideo(owner, { directoryId: course.id, videoUrl: link }, new Headers());
    expect(anonymous.status).toBe(401);
    expect(await rowsOf(owner)).toEqual([]);
    expect(await rowsOf(stranger)).toEqual([]);
    expect(await uploadsUsed(owner)).toBe(0);
  });
});
