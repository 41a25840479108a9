import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, describe, expect, test } from 'vitest';
import { chatMessage } from '../db/schema';
import { reply, replyError, slowReply, startFakeOpenAi } from '../test/fake-openai';
import { createTestServices, createUser, listen } from '../test/harness';
import { getUsage, usagePeriod } from '../usage/usage-counters';
import { ask, citationsOf, readStream, readyChatFile, textOf } from '../test/chat';

/** The tutor on the LLM engine: POST /api/chat against a fake OpenAI-compatible endpoint streaming its answers. */
const fake = await startFakeOpenAi();
const services = await createTestServices({ env: { AI_BASE_URL: fake.url, AI_API_KEY: 'test-key', AI_MODEL: 'tutor-model' } });
afterAll(async () => {
  await services.close();
  await fake.close();
});
afterEach(() => {
  fake.requests.length = 0;
  fake.respondWith(undefined);
});

const answerOf = async (fileId: string, userId: string) =>
  (
    await services.db
      .select()
      .from(chatMessage)
      .where(and(eq(chatMessage.fileId, fileId), eq(chatMessage.userId, userId), eq(chatMessage.role, 'assistant')))
  )[0];

/** The passages as the prompt numbered them: number → the passage's text. */
function numberedPassages(prompt: string): Map<number, string> {
  const found = new Map<number, string>();
  for (const match of prompt.matchAll(/^\[(\d+)\] Cell Biology\.txt, page \d+:\n([^\n]+)/gm)) found.set(Number(match[1]), match[2] ?? '');
  return found;
}

describe('the tutor on the LLM engine', () => {
  test('streams the model’s answer with its passage markers turned into citations in order of use', async () => {
    expect(services.engine.name).toBe('llm');
    const owner = await createUser(services);
    const { file } = await readyChatFile(services, owner, { summary: false });
    fake.enqueue(reply('They make most of the cell’s energy [1].'));
    await readStream(await ask(services, owner, { fileId: file.id, message: 'What do mitochondria do?' }));
    fake.requests.length = 0;
    // Split into pieces of three characters, so markers arrive broken across deltas.
    fake.enqueue(reply('Light becomes chemical energy [2]. It happens in chloroplasts [1, 2]. See also [9].', 3));
    const chunks = await readStream(await ask(services, owner, { fileId: file.id, message: 'How do plants make energy from light?' }));

    const request = fake.requests[0];
    expect(request?.model).toBe('tutor-model');
    expect(request?.stream).toBe(true);
    expect(request?.messages[0]?.content).toContain('Answer only from the numbered passages');
    // The conversation so far goes along, then the passages and the question.
    expect(request?.messages.map((message) => message.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(request?.messages[1]?.content).toBe('What do mitochondria do?');
    expect(request?.messages[2]?.content).toBe('They make most of the cell’s energy [1].');
    const last = request?.messages.at(-1)?.content ?? '';
    expect(last).toContain('Question: How do plants make energy from light?');
    const passages = numberedPassages(last);
    expect(passages.size).toBeGreaterThanOrEqual(2);

    expect(textOf(chunks)).toBe('Light becomes chemical energy [1]. It happens in chloroplasts [2][1]. See also .');
    expect(chunks.filter((chunk) => chunk.type === 'text-delta').length).toBeGreaterThan(10);
    const citations = citationsOf(chunks);
    expect(citations).toHaveLength(2);
    expect(passages.get(2)?.startsWith(citations[0]?.quote.replace(/…$/, '').slice(0, 60) ?? '-')).toBe(true);
    expect(passages.get(1)?.startsWith(citations[1]?.quote.replace(/…$/, '').slice(0, 60) ?? '-')).toBe(true);
  });

  test('asks the model nothing when no passage matches, and says the documents do not cover it', async () => {
    const owner = await createUser(services);
    const { file } = await readyChatFile(services, owner, { summary: false });
    const chunks = await readStream(await ask(services, owner, { fileId: file.id, message: 'Quantum chromodynamics?' }));
    expect(textOf(chunks)).toContain("Your documents don't cover this");
    expect(fake.requests).toHaveLength(0);
  });

  test('an endpoint failure fails the answer with its reason and gives the message back', async () => {
    const owner = await createUser(services);
    const { file } = await readyChatFile(services, owner, { summary: false });
    fake.respondWith(() => replyError(503, 'overloaded'));
    const chunks = await readStream(await ask(services, owner, { fileId: file.id, message: 'What is photosynthesis?' }));
    expect(chunks.find((chunk) => chunk.type === 'error')).toMatchObject({ errorText: 'failure.aiUnavailable' });
    expect(await answerOf(file.id, owner.user.id)).toMatchObject({ status: 'failed', errorKey: 'failure.aiUnavailable' });
    expect(await getUsage(services.db, { userId: owner.user.id, kind: 'chatMessages', period: usagePeriod('day') })).toBe(0);
  });

  test('stopping mid-answer stops the request to the model and keeps what it had written', async () => {
    const owner = await createUser(services);
    const { file } = await readyChatFile(services, owner, { summary: false });
    fake.enqueue(slowReply('Photosynthesis turns light energy into chemical energy in the chloroplasts of plants [1].', 4, 40));
    const server = await listen(services);
    try {
      const controller = new AbortController();
      const headers = new Headers(owner.headers);
      headers.set('content-type', 'application/json');
      headers.set('origin', services.config.appUrl);
      const response = await fetch(`${server.url}/api/chat`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ fileId: file.id, message: 'What is photosynthesis?' }),
        signal: controller.signal,
      });
      let deltas = 0;
      await readStream(response, (chunk) => {
        if (chunk.type === 'text-delta') deltas++;
        return deltas < 3;
      }).catch(() => undefined);
      controller.abort();
      await expect.poll(async () => (await answerOf(file.id, owner.user.id))?.status, { timeout: 5000 }).toBe('stopped');
      const stopped = await answerOf(file.id, owner.user.id);
      expect(stopped?.content.length).toBeGreaterThan(0);
      expect(stopped?.content.length).toBeLessThan(60);
    } finally {
      await server.close();
    }
  });
});
