import { afterAll, expect, test } from 'vitest';
import { createTestServices, createUser } from '../test/harness';
import { requestSession } from './session';

const services = await createTestServices();
afterAll(() => services.close());

test('a request is looked up once, however many steps ask for its session; another request is its own', async () => {
  const student = await createUser(services);
  const request = new Request('http://localhost/api/files', { method: 'POST', headers: student.headers });
  const first = requestSession(services, request);
  expect(requestSession(services, request)).toBe(first);
  expect((await first)?.user.id).toBe(student.user.id);

  const signedOut = new Request('http://localhost/api/files', { method: 'POST' });
  expect(requestSession(services, signedOut)).not.toBe(first);
  expect(await requestSession(services, signedOut)).toBeNull();
});
