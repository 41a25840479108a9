import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, test } from 'vitest';
import { CHAT_MESSAGE_MAX_LENGTH } from '../../shared/chat';
import { PLANS } from '../../shared/plans';
import { ask, citationsOf, readStream, readyChatFile, textOf } from '../test/chat';
import { chatMessage, studyArtefact, user } from '../db/schema';
import { insertCourse, insertFile } from '../test/courses';
import { callerFor, createTestServices, createUser, listen, type TestUser } from '../test/harness';
import { getUsage, reserveUsage, usagePeriod } from '../usage/usage-counters';

const services = await createTestServices();
afterAll(() => services.close());

const messagesOf = (fileId: string | null, userId: string) =>
  services.db
    .select()
    .from(chatMessage)
    .where(and(eq(chatMessage.userId, userId), fileId === null ? undefined : eq(chatMessage.fileId, fileId)))
    .orderBy(chatMessage.createdAt);

async function errorOf(response: Response) {
  return { status: response.status, ...((await response.json()) as { error: { code: string; messageKey: string; message: string; messageParams?: object } }).error };
}

const usedToday = (owner: TestUser) => getUsage(services.db, { userId: owner.user.id, kind: 'chatMessages', period: usagePeriod('day') });

describe('POST /api/chat', () => {
  test('streams a cited answer from the file in several pieces, stores both messages and counts one message', async () => {
    const owner = await createUser(services);
    const { file } = await readyChatFile(services, owner);
    const response = await ask(services, owner, { fileId: file.id, message: '  What is photosynthesis?  ' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const chunks = await readStream(response);
    const deltas = chunks.filter((chunk) => chunk.type === 'text-delta');
    expect(deltas.length).toBeGreaterThan(5);
    const text = textOf(chunks);
    expect(text).toContain('Photosynthesis is the process by which plants turn light energy into chemical energy.');
    expect(text).toMatch(/\[1\]/);
    const citations = citationsOf(chunks);
    expect(citations[0]).toMatchObject({ fileId: file.id, fileName: 'Cell Biology.txt' });
    // The definition comes first: the sentence that is about the term, not one that only mentions it.
    expect(citations[0]?.quote).toMatch(/^Photosynthesis is the process/);
    expect(text.indexOf('Photosynthesis is the process')).toBeLessThan(text.indexOf('[1]'));
    expect(chunks.at(-1)).toMatchObject({ type: 'finish', messageMetadata: { status: 'complete' } });

    const stored = await messagesOf(file.id, owner.user.id);
    expect(stored.map((row) => [row.role, row.status])).toEqual([
      ['user', 'complete'],
      ['assistant', 'complete'],
    ]);
    expect(stored[0]?.content).toBe('What is photosynthesis?');
    expect(stored[1]?.content).toBe(text);
    expect(stored[1]?.citations).toEqual(citations);
    expect(stored[1]?.id).toBe(chunks.find((chunk) => chunk.type === 'start')?.messageId);
    expect(await usedToday(owner)).toBe(1);
  });

  test('says plainly that the documents do not cover a question instead of inventing, in the course language', async () => {
    const owner = await createUser(services);
    const { file } = await readyChatFile(services, owner);
    const chunks = await readStream(await ask(services, owner, { fileId: file.id, message: 'What is the capital of Australia?' }));
    expect(textOf(chunks)).toContain("Your documents don't cover this");
    expect(citationsOf(chunks)).toEqual([]);

    const german = await readyChatFile(services, owner, { language: 'de' });
    const answer = textOf(await readStream(await ask(services, owner, { fileId: german.file.id, message: 'Wer hat das Telefon erfunden?' })));
    expect(answer).toContain('Dazu finde ich nichts in deinen Dokumenten.');
  });

  test('a question in another language than the document gets an answer framed in its own language', async () => {
    const owner = await createUser(services);
    const { file } = await readyChatFile(services, owner);
    const text = textOf(await readStream(await ask(services, owner, { fileId: file.id, message: 'Was ist die Photosynthese?' })));
    expect(text).toContain('Das steht in deinen Dokumenten dazu:');
    expect(text).toContain('Photosynthesis is the process');
  });

  test('a course-wide question searches every file of the course and cites the file it quotes', async () => {
    const owner = await createUser(services);
    const { courseId } = await readyChatFile(services, owner);
    const second = await readyChatFile(services, owner, {
      courseId,
      name: 'Genetics.txt',
      pages: ['Genetics\n\nA gene is a stretch of DNA that codes for one protein. Alleles are different versions of the same gene.'],
    });
    const chunks = await readStream(await ask(services, owner, { directoryId: courseId, message: 'What is an allele?' }));
    expect(textOf(chunks)).toContain('Alleles are different versions of the same gene.');
    expect(citationsOf(chunks)[0]).toMatchObject({ fileId: second.file.id, fileName: 'Genetics.txt', page: 1 });
    const courseWide = await services.db.select().from(chatMessage).where(eq(chatMessage.directoryId, courseId));
    expect(courseWide.map((row) => row.fileId)).toEqual([null, null]);
  });

  test('document text with markdown and HTML is quoted as text, never as markup', async () => {
    const owner = await createUser(services);
    const { file } = await readyChatFile(services, owner, {
      pages: [
        'Injection\n\nThe <script>alert("x")</script> tag and **bold** text and [a link](javascript:alert(1)) show how a sanitizer treats markup in a sentence.',
      ],
      summary: false,
    });
    const text = textOf(await readStream(await ask(services, owner, { fileId: file.id, message: 'How does a sanitizer treat markup?' })));
    // The document's Markdown is written out as the words it shows (no escaped stars for the student to
    // see), and what could become markup stays text.
    expect(text).toContain('\\<script>');
    expect(text).toContain('and bold text and a link show how a sanitizer treats markup');
    expect(text).not.toMatch(/(?<!\\)<script>|\*\*|\\\*|javascript/);
  });

  test('refuses an empty, a too long, and a malformed message with a clear message, storing and counting nothing', async () => {
    const owner = await createUser(services);
    const { file } = await readyChatFile(services, owner);
    expect(await errorOf(await ask(services, owner, { fileId: file.id, message: '   ' }))).toMatchObject({
      status: 400,
      messageKey: 'chatMessageEmpty',
      message: 'Type a question first.',
    });
    const long = await errorOf(await ask(services, owner, { fileId: file.id, message: 'a'.repeat(20_000) }));
    expect(long).toMatchObject({ status: 400, messageKey: 'chatMessageTooLong', messageParams: { max: CHAT_MESSAGE_MAX_LENGTH } });
    expect(long.message).toContain('at most 4,000 characters');
    expect(await errorOf(await ask(services, owner, { fileId: file.id, message: 'é'.repeat(CHAT_MESSAGE_MAX_LENGTH + 1) }))).toMatchObject({
      status: 400,
      messageKey: 'chatMessageTooLong',
    });
    // A body far beyond any message is refused before it is read.
    expect(await errorOf(await ask(services, owner, { fileId: file.id, message: '\u0001'.repeat(200_000) }))).toMatchObject({
      status: 400,
      messageKey: 'chatMessageTooLong',
    });
    expect(await errorOf(await ask(services, owner, { message: 'Which file?' }))).toMatchObject({ status: 400, messageKey: 'chatInvalidRequest' });
    expect(await errorOf(await ask(services, owner, { fileId: file.id, directoryId: 'x', message: 'Both?' }))).toMatchObject({
      status: 400,
      messageKey: 'chatInvalidRequest',
    });
    expect(await messagesOf(file.id, owner.user.id)).toEqual([]);
    expect(await usedToday(owner)).toBe(0);

    const exact = await ask(services, owner, { fileId: file.id, message: `What is photosynthesis? ${'x'.repeat(CHAT_MESSAGE_MAX_LENGTH - 24)}` });
    expect(exact.status).toBe(200);
    await readStream(exact);
  });

  test('refuses visitors, other sites, strangers and files not ready yet', async () => {
    const owner = await createUser(services);
    const { file, courseId } = await readyChatFile(services, owner);
    expect(await errorOf(await ask(services, null, { fileId: file.id, message: 'Hi?' }))).toMatchObject({ status: 401, messageKey: 'signedOut' });
    expect(
      await errorOf(await ask(services, owner, { fileId: file.id, message: 'Hi?' }, { headers: { origin: 'https://evil.example' } })),
    ).toMatchObject({ status: 403, messageKey: 'foreignOrigin' });
    const stranger = await createUser(services);
    expect(await errorOf(await ask(services, stranger, { fileId: file.id, message: 'Hi?' }))).toMatchObject({ status: 404, messageKey: 'fileNotFound' });
    expect(await errorOf(await ask(services, stranger, { directoryId: courseId, message: 'Hi?' }))).toMatchObject({ status: 404, messageKey: 'courseNotFound' });
    expect(await errorOf(await ask(services, owner, { fileId: 'no-such-file', message: 'Hi?' }))).toMatchObject({ status: 404 });

    const waiting = await insertFile(services, owner, courseId, { status: 'ready', pageCount: 1 });
    await services.db.insert(studyArtefact).values({ fileId: waiting.id, kind: 'chunks', status: 'running' });
    expect(await errorOf(await ask(services, owner, { fileId: waiting.id, message: 'Hi?' }))).toMatchObject({ status: 409, messageKey: 'chatFileNotReady' });
    expect(await usedToday(stranger)).toBe(0);
    expect(await usedToday(owner)).toBe(0);
  });

  test("enforces the plan's messages per day with a message naming the limit, and a bigger plan gets more", async () => {
    const owner = await createUser(services);
    const { file } = await readyChatFile(services, owner);
    const limit = PLANS.free.chatMessagesPerDay;
    const key = { userId: owner.user.id, kind: 'chatMessages' as const, period: usagePeriod('day') };
    await reserveUsage(services.db, { ...key, amount: limit - 1, limit });
    expect(await callerFor(services, owner).chat.usage()).toEqual({ used: limit - 1, limit, remaining: 1, plan: 'free' });

    const last = await ask(services, owner, { fileId: file.id, message: 'What is a cell?' });
    expect(last.status).toBe(200);
    await readStream(last);
    const refused = await errorOf(await ask(services, owner, { fileId: file.id, message: 'What is a nucleus?' }));
    expect(refused).toMatchObject({
      status: 429,
      code: 'TOO_MANY_REQUESTS',
      messageKey: 'chatDailyLimitReached',
      messageParams: { plan: 'Free', limit },
      message: `You have used all ${limit} chat messages of your Free plan today. Upgrade for more, or ask again tomorrow.`,
    });
    expect(await callerFor(services, owner).chat.usage()).toMatchObject({ used: limit, remaining: 0 });
    expect((await messagesOf(file.id, owner.user.id)).filter((row) => row.role === 'user')).toHaveLength(1);

    await services.db.update(user).set({ plan: 'pro' }).where(eq(user.id, owner.user.id));
    expect(await callerFor(services, owner).chat.usage()).toEqual({ used: limit, limit: PLANS.pro.chatMessagesPerDay, remaining: PLANS.pro.chatMessagesPerDay - limit, plan: 'pro' });
    const upgraded = await ask(services, owner, { fileId: file.id, message: 'What is a nucleus?' });
    expect(upgraded.status).toBe(200);
    await readStream(upgraded);
  });

  test('two questions at once for the last message of the day: one is answered, the other refused', async () => {
    const owner = await createUser(services);
    const { file } = await readyChatFile(services, owner);
    const limit = PLANS.free.chatMessagesPerDay;
    await reserveUsage(services.db, { userId: owner.user.id, kind: 'chatMessages', period: usagePeriod('day'), amount: limit - 1, limit });
    const responses = await Promise.all([
      ask(services, owner, { fileId: file.id, message: 'What is a cell?' }),
      ask(services, owner, { fileId: file.id, message: 'What is a gene?' }),
    ]);
    expect(responses.map((response) => response.status).sort()).toEqual([200, 429]);
    await Promise.all(responses.map((response) => (response.status === 200 ? readStream(response) : response.text())));
    expect(await usedToday(owner)).toBe(limit);
  });

  test('closing the request stops the answer: what was written is kept as stopped, and the message stays counted', async () => {
    const owner = await createUser(services);
    const { file } = await readyChatFile(services, owner);
    const server = await listen(services);
    try {
      const controller = new AbortController();
      const headers = new Headers(owner.headers);
      headers.set('content-type', 'application/json');
      headers.set('origin', services.config.appUrl);
      const response = await fetch(`${server.url}/api/chat`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ fileId: file.id, message: 'How does the cell membrane control what enters the cell?' }),
        signal: controller.signal,
      });
      expect(response.status).toBe(200);
      let deltas = 0;
      await readStream(response, (chunk) => {
        if (chunk.type === 'text-delta') deltas++;
        return deltas < 3;
      }).catch(() => undefined);
      controller.abort();
      let answer: typeof chatMessage.$inferSelect | undefined;
      await expect
        .poll(async () => {
          answer = (await messagesOf(file.id, owner.user.id)).find((row) => row.role === 'assistant');
          return answer?.status;
        }, { timeout: 5000 })
        .toBe('stopped');
      expect(answer?.content.length).toBeGreaterThan(0);
      expect(answer?.content).not.toContain('[1]\n');
      const history = await callerFor(services, owner).chat.history({ fileId: file.id });
      expect(history.at(-1)).toMatchObject({ role: 'assistant', metadata: { status: 'stopped' } });
      expect(await usedToday(owner)).toBe(1);
    } finally {
      await server.close();
    }
  });

  test('a course-wide chat of a course with no file ready answers that the documents do not cover it', async () => {
    const owner = await createUser(services);
    const course = await insertCourse(services, owner);
    const chunks = await readStream(await ask(services, owner, { directoryId: course.id, message: 'What is photosynthesis?' }));
    expect(textOf(chunks)).toContain("Your documents don't cover this");
  });
});
