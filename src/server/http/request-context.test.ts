import { Hono } from 'hono';
import { afterAll, expect, test } from 'vitest';
import { createTestServices, createUser } from '../test/harness';
import { callerContext, type CallerEnv } from './request-context';

const services = await createTestServices();
afterAll(() => services.close());

/** A route that answers what the middleware resolved, and then reads the body itself as the real routes do. */
function probe(source: 'query' | 'json-body') {
  return new Hono<CallerEnv>().post('/probe', callerContext(services, source), async (c) => {
    const body = await c.req.text();
    return c.json({ userId: c.get('session')?.user.id ?? null, shared: c.get('shared') ?? null, bodyLength: body.length });
  });
}

test('a route gets the session and the shared context of its query, and can still read its body', async () => {
  const student = await createUser(services);
  const app = probe('query');
  const ask = async (query: string, body = 'x') =>
    (await app.request(`/probe${query}`, { method: 'POST', headers: student.headers, body })).json();

  expect(await ask('?uuid=abc')).toEqual({ userId: student.user.id, shared: { uuid: 'abc' }, bodyLength: 1 });
  expect(await ask('')).toEqual({ userId: student.user.id, shared: null, bodyLength: 1 });
  // Longer than any link id: cut, so it names no course and the route answers its own not-found.
  expect(await ask(`?uuid=${'a'.repeat(300)}`)).toMatchObject({ shared: { uuid: 'a'.repeat(100) } });
  expect(await (await app.request('/probe?uuid=abc', { method: 'POST', body: 'x' })).json()).toMatchObject({ userId: null });
});

test('the chat sends its context in the JSON body, in either of the spec forms; the route reads the same body', async () => {
  const student = await createUser(services);
  const app = probe('json-body');
  const send = async (body: unknown, contentType = 'application/json') => {
    const text = JSON.stringify(body);
    const response = await app.request('/probe', { method: 'POST', headers: { ...student.headers, 'content-type': contentType }, body: text });
    return { ...((await response.json()) as object), sent: text.length };
  };
  const link = await send({ fileId: '1', message: 'Why?', uuid: 'abc' });
  expect(link).toMatchObject({ shared: { uuid: 'abc' }, bodyLength: link.sent });
  expect(await send({ fileId: '1', message: 'Why?', isShared: true, sharedSpaceId: 'def' })).toMatchObject({ shared: { spaceId: 'def' } });
  expect(await send({ fileId: '1', message: 'Why?' })).toMatchObject({ shared: null });
  // Not JSON: the body is left to the route, which refuses it with its own message.
  expect(await send({ uuid: 'abc' }, 'text/plain')).toMatchObject({ shared: null });
});
