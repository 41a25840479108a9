import { afterAll, describe, expect, test } from 'vitest';
import { PLANS } from '../../../shared/plans';
import { ask, readStream, readyChatFile } from '../../test/chat';
import { chatMessage, space } from '../../db/schema';
import { insertCourse, insertFile } from '../../test/courses';
import { callerFor, createTestServices, createUser, expectRefused } from '../../test/harness';

const services = await createTestServices();
afterAll(() => services.close());

describe('chat procedures', () => {
  test('chat.history returns the conversation of a file in order, in useChat shape, apart from the course-wide one', async () => {
    const owner = await createUser(services);
    const { file, courseId } = await readyChatFile(services, owner);
    const caller = callerFor(services, owner);
    expect(await caller.chat.history({ fileId: file.id })).toEqual([]);

    await readStream(await ask(services, owner, { fileId: file.id, message: 'What is photosynthesis?' }));
    await readStream(await ask(services, owner, { fileId: file.id, message: 'And chlorophyll?' }));
    await readStream(await ask(services, owner, { directoryId: courseId, message: 'What is a cell?' }));

    // The same conversation through the owner's shared course.
    const [shared] = await services.db.insert(space).values({ directoryId: courseId, ownerId: owner.user.id, name: 'Biology' }).returning();
    const history = await caller.chat.history({ fileId: file.id, uuid: shared!.uuid, id: file.id });
    expect(history.map((message) => message.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(history[0]).toMatchObject({ parts: [{ type: 'text', text: 'What is photosynthesis?' }], metadata: { status: 'complete', citations: [] } });
    expect(history[1]?.metadata?.citations?.[0]).toMatchObject({ fileId: file.id, fileName: 'Cell Biology.txt' });
    expect(history[1]?.parts[0]).toMatchObject({ type: 'text', text: expect.stringContaining('Photosynthesis is the process') });
    // The follow-up is answered from the conversation: chlorophyll, in the photosynthesis part.
    expect(history[3]?.parts[0]).toMatchObject({ text: expect.stringContaining('Chlorophyll is the green pigment') });

    const courseWide = await caller.chat.history({ directoryId: courseId });
    expect(courseWide.map((message) => message.parts[0])).toMatchObject([{ text: 'What is a cell?' }, { type: 'text' }]);
  });

  test('chat.history shows an answer left streaming by a process that died as stopped', async () => {
    const owner = await createUser(services);
    const { file, courseId } = await readyChatFile(services, owner);
    const long = new Date(Date.now() - 60 * 60 * 1000);
    await services.db.insert(chatMessage).values([
      { userId: owner.user.id, directoryId: courseId, fileId: file.id, role: 'user', content: 'Q?', createdAt: long },
      { userId: owner.user.id, directoryId: courseId, fileId: file.id, role: 'assistant', content: 'Half an ans', status: 'streaming', createdAt: new Date(long.getTime() + 1) },
    ]);
    const history = await callerFor(services, owner).chat.history({ fileId: file.id });
    expect(history[1]).toMatchObject({ parts: [{ text: 'Half an ans' }], metadata: { status: 'stopped' } });
  });

  test('chat.clear deletes only that conversation', async () => {
    const owner = await createUser(services);
    const { file, courseId } = await readyChatFile(services, owner);
    await readStream(await ask(services, owner, { fileId: file.id, message: 'What is a cell?' }));
    await readStream(await ask(services, owner, { directoryId: courseId, message: 'What is a cell?' }));
    const caller = callerFor(services, owner);
    expect(await caller.chat.clear({ fileId: file.id })).toEqual({ deleted: 2 });
    expect(await caller.chat.history({ fileId: file.id })).toEqual([]);
    expect(await caller.chat.history({ directoryId: courseId })).toHaveLength(2);
    expect(await caller.chat.clear({ directoryId: courseId })).toEqual({ deleted: 2 });
  });

  test("chat.usage counts today's questions against the plan", async () => {
    const owner = await createUser(services);
    const { file } = await readyChatFile(services, owner);
    const caller = callerFor(services, owner);
    const limit = PLANS.free.chatMessagesPerDay;
    expect(await caller.chat.usage()).toEqual({ used: 0, limit, remaining: limit, plan: 'free' });
    await readStream(await ask(services, owner, { fileId: file.id, message: 'What is a cell?' }));
    expect(await caller.chat.usage()).toEqual({ used: 1, limit, remaining: limit - 1, plan: 'free' });
  });

  test('chat.suggestions offers three or four questions from the key terms, which the tutor can answer', async () => {
    const owner = await createUser(services);
    const { file } = await readyChatFile(services, owner);
    const suggestions = await callerFor(services, owner).chat.suggestions({ fileId: file.id });
    expect(suggestions.length).toBeGreaterThanOrEqual(3);
    expect(suggestions.length).toBeLessThanOrEqual(4);
    expect(suggestions[0]).toMatch(/^What is meant by “.+”\?$/);
    for (const question of suggestions) {
      const text = (await readStream(await ask(services, owner, { fileId: file.id, message: question })))
        .filter((chunk) => chunk.type === 'text-delta')
        .map((chunk) => chunk.delta)
        .join('');
      expect(text, question).toContain('Here is what your documents say about this:');
    }

    const german = await readyChatFile(services, owner, { language: 'de' });
    expect((await callerFor(services, owner).chat.suggestions({ fileId: german.file.id }))[0]).toMatch(/^Was bedeutet „.+“\?$/);

    // No summary yet: no suggestions, rather than questions about nothing.
    const course = await insertCourse(services, owner);
    const bare = await insertFile(services, owner, course.id, { status: 'ready' });
    expect(await callerFor(services, owner).chat.suggestions({ fileId: bare.id })).toEqual([]);
  });

  test('every procedure refuses visitors and strangers', async () => {
    const owner = await createUser(services);
    const { file, courseId } = await readyChatFile(services, owner);
    for (const call of [
      (caller: ReturnType<typeof callerFor>) => caller.chat.history({ fileId: file.id }),
      (caller: ReturnType<typeof callerFor>) => caller.chat.history({ directoryId: courseId }),
      (caller: ReturnType<typeof callerFor>) => caller.chat.clear({ fileId: file.id }),
      (caller: ReturnType<typeof callerFor>) => caller.chat.clear({ directoryId: courseId }),
      (caller: ReturnType<typeof callerFor>) => caller.chat.suggestions({ fileId: file.id }),
    ]) {
      await expectRefused({ services, call, actors: ['anonymous', 'stranger'] });
    }
    await expectRefused({ services, call: (caller) => caller.chat.usage(), actors: ['anonymous'] });
    await expectRefused({
      services,
      call: (caller) => caller.chat.history({ fileId: '' }),
      actors: [{ name: 'owner', code: 'BAD_REQUEST', headers: owner.headers }],
    });
    // A stranger's clear took nothing away.
    await readStream(await ask(services, owner, { fileId: file.id, message: 'What is a cell?' }));
    await expectRefused({ services, call: (caller) => caller.chat.clear({ fileId: file.id }), actors: ['stranger'] });
    expect(await callerFor(services, owner).chat.history({ fileId: file.id })).toHaveLength(2);
  });
});
