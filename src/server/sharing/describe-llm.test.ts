import { eq } from 'drizzle-orm';
import { TRPCError } from '@trpc/server';
import { afterAll, expect, test } from 'vitest';
import { space } from '../db/schema';
import type { AppError } from '../errors';
import { reply, replyError, startFakeOpenAi } from '../test/fake-openai';
import { callerFor, captureLog, createTestServices } from '../test/harness';
import { sharedCourse } from '../test/sharing';

/**
 * spaces.generateDescriptionAndTags with the llm engine against a fake OpenAI-compatible endpoint (the network edge):
 * what the model streams is stored and answered in its chunks; a failing endpoint is the spec's 'Failed to generate
 * content', logged, with nothing stored.
 */
const fake = await startFakeOpenAi();
const { log, entries } = captureLog();
const services = await createTestServices({ env: { AI_BASE_URL: fake.url, AI_API_KEY: 'test-key' }, log });
afterAll(async () => {
  await services.close();
  await fake.close();
});

test("the model's streamed description and tags are answered in chunks and stored", async () => {
  const course = await sharedCourse(services, { visibility: 'public' });
  fake.enqueue(reply('Cells are the units of life. This course covers their parts.', 10), reply({ tags: ['Biology', 'Medicine'] }));
  const generated = await callerFor(services, course.owner).spaces.generateDescriptionAndTags({
    spaceId: course.spaceId,
    userId: course.owner.user.id,
    onlyDescription: false,
  });
  expect(generated.chunks.length).toBeGreaterThan(1);
  expect(generated.chunks.join('')).toBe('Cells are the units of life. This course covers their parts.');
  expect(generated.tags).toEqual(['Biology', 'Medicine']);
  const [stored] = await services.db.select().from(space).where(eq(space.id, course.spaceId));
  expect(stored).toMatchObject({ description: 'Cells are the units of life. This course covers their parts.', tags: ['Biology', 'Medicine'], hasGeneratedDescription: true });
  // The model read the course's visible file, not the hidden one.
  expect(fake.requests.at(-2)?.prompt).toContain('Cells');
  expect(fake.requests.at(-2)?.prompt).not.toContain('Draft');
});

test("a failing endpoint answers 'Failed to generate content', is logged, and stores nothing", async () => {
  const course = await sharedCourse(services, { visibility: 'public' });
  fake.enqueue(replyError(400, 'bad request'));
  const call = callerFor(services, course.owner).spaces.generateDescriptionAndTags({
    spaceId: course.spaceId,
    userId: course.owner.user.id,
    onlyDescription: false,
  });
  const error = await call.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(TRPCError);
  expect((error as TRPCError).message).toBe('Failed to generate content');
  expect(((error as TRPCError).cause as AppError).messageKey).toBe('generateFailed');
  expect(entries.some((entry) => entry.msg === 'course description failed')).toBe(true);
  const [stored] = await services.db.select().from(space).where(eq(space.id, course.spaceId));
  expect(stored).toMatchObject({ description: 'Cells and tissues.', tags: ['Biology'], hasGeneratedDescription: false });
});
