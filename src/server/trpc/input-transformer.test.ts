import { afterAll, describe, expect, test } from 'vitest';
import { createTestServices, createUser, requestApp } from '../test/harness';

/** A superjson input the client never sends: `meta` nested far deeper than any input (issue 23, an outside probe). */
const services = await createTestServices();
afterAll(() => services.close());

/** Written as text: JSON.stringify itself would overflow the stack on a value this deep. */
function deeplyNested(depth: number): string {
  const open = '{"id":'.repeat(depth);
  const close = '}'.repeat(depth);
  return `{"json":${open}null${close},"meta":{"values":${open}["undefined"]${close}}}`;
}

interface ErrorAnswer {
  error: { json: { message: string; data: { code: string; httpStatus: number; messageKey?: string } } };
}

describe('a superjson input that cannot be read', () => {
  test('a query with a deeply nested meta answers 400 "The request could not be read."', async () => {
    const learner = await createUser(services);
    const input = encodeURIComponent(deeplyNested(20_000));
    const response = await requestApp(services, `/api/trpc/user.getUser?input=${input}`, { headers: learner.headers });
    expect(response.status).toBe(400);
    const body = (await response.json()) as ErrorAnswer;
    expect(body.error.json.message).toBe('The request could not be read.');
    expect(body.error.json.data).toMatchObject({ code: 'BAD_REQUEST', messageKey: 'requestUnreadable' });
    expect(JSON.stringify(body)).not.toContain('call stack');
  });

  test('a mutation (batched, as the client sends them) answers the same', async () => {
    const learner = await createUser(services);
    const response = await requestApp(services, '/api/trpc/user.setLocale?batch=1', {
      method: 'POST',
      headers: { ...Object.fromEntries(learner.headers), 'content-type': 'application/json' },
      body: `{"0":${deeplyNested(20_000)}}`,
    });
    expect(response.status).toBe(400);
    const [answer] = (await response.json()) as ErrorAnswer[];
    expect(answer?.error.json.message).toBe('The request could not be read.');
  });

  test('an ordinary superjson input is still read', async () => {
    const learner = await createUser(services);
    const input = encodeURIComponent(JSON.stringify({ json: { id: learner.user.id } }));
    const response = await requestApp(services, `/api/trpc/user.getUser?input=${input}`, { headers: learner.headers });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { result: { data: { json: { id: string } } } }).result.data.json.id).toBe(learner.user.id);
  });
});
