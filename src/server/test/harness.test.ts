import { afterAll, describe, expect, inject, test } from 'vitest';
import { callerFor, createTestServices, createUser, expectRefused, requestApp } from './harness';

const services = await createTestServices();
afterAll(() => services.close());

describe('createUser', () => {
  test('signs up a user whose session the app accepts', async () => {
    const learner = await createUser(services, { name: 'Grace Hopper' });
    const response = await requestApp(services, '/api/auth/get-session', { headers: learner.headers });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ user: { id: learner.user.id, name: 'Grace Hopper' } });
  });

  test('gives every user unique credentials', async () => {
    const [first, second] = await Promise.all([createUser(services), createUser(services)]);
    expect(first.user.email).not.toBe(second.user.email);
    expect(first.user.username).not.toBe(second.user.username);
  });
});

describe('createTestServices', () => {
  test('runs on the database the run chose: PGlite, or PostgreSQL when TEST_DATABASE_URL is set', () => {
    expect(services.database.kind).toBe(inject('testDatabase').kind);
  });

  test('gives each caller a database of its own', async () => {
    const other = await createTestServices();
    try {
      const learner = await createUser(services);
      await expect(callerFor(other, learner).gamification.getProgress()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    } finally {
      await other.close();
    }
  });
});

describe('expectRefused', () => {
  test('fails, naming the actor, when a call lets them through', async () => {
    await expect(
      expectRefused({ services, call: (caller) => caller.system.getPublicConfig(), actors: ['anonymous'] }),
    ).rejects.toThrow(/anonymous: expected UNAUTHORIZED, got success/);
  });

  test('fails when an actor is refused with another code than declared', async () => {
    const owner = await createUser(services);
    await expect(
      expectRefused({
        services,
        call: (caller) => caller.user.getUser({ id: owner.user.id }),
        actors: [{ name: 'stranger', code: 'FORBIDDEN' }],
      }),
    ).rejects.toThrow(/stranger: expected FORBIDDEN, got NOT_FOUND/);
  });

  test('accepts custom actors with their own headers', async () => {
    const owner = await createUser(services);
    const other = await createUser(services);
    await expectRefused({
      services,
      call: (caller) => caller.user.getUser({ id: owner.user.id }),
      actors: [
        { name: 'another user', headers: other.headers, code: 'NOT_FOUND' },
        { name: 'signed out', headers: null, code: 'UNAUTHORIZED' },
      ],
    });
  });

  test('refuses a custom actor without headers instead of guessing who it is', async () => {
    await expect(
      expectRefused({
        services,
        call: (caller) => caller.gamification.getProgress(),
        actors: [{ name: 'viewer', code: 'FORBIDDEN' }],
      }),
    ).rejects.toThrow(/actor 'viewer' needs headers/);
  });
});
