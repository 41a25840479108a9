import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, test } from 'vitest';
import { user } from '../../db/schema';
import { mutationError } from '../../test/courses';
import { callerFor, createTestServices, createUser, expectRefused, requestApp, type TestUser } from '../../test/harness';

const services = await createTestServices();
afterAll(() => services.close());

async function rowOf(actor: TestUser) {
  const [row] = await services.db.select().from(user).where(eq(user.id, actor.user.id));
  if (!row) throw new Error('no user');
  return row;
}

describe('user.updateProfile', () => {
  test('changes name, username and avatar; fields left out stay; getUser reads the new values', async () => {
    const owner = await createUser(services, { name: 'Ada Lovelace' });
    const caller = callerFor(services, owner);
    const image = 'https://images.example.test/avatars/ada.png?size=128';
    expect(await caller.user.updateProfile({ name: '  Ada King  ', username: 'Ada.King_1815', image })).toEqual({
      name: 'Ada King',
      username: 'ada.king_1815',
      image,
    });
    expect(await caller.user.updateProfile({ name: 'Countess Lovelace' })).toEqual({
      name: 'Countess Lovelace',
      username: 'ada.king_1815',
      image,
    });
    expect(await caller.user.getUser({ id: owner.user.id })).toMatchObject({ name: 'Countess Lovelace', username: 'ada.king_1815', image });
    // Stored as better-auth's username plugin stores it: lower case, the typed spelling kept for display.
    expect((await rowOf(owner)).displayUsername).toBe('Ada.King_1815');
  });

  test('the new username signs in; the old one no longer does', async () => {
    const owner = await createUser(services);
    await callerFor(services, owner).user.updateProfile({ username: 'renamed_learner' });
    const signIn = (username: string) =>
      requestApp(services, '/api/auth/sign-in/username', { method: 'POST', json: { username, password: owner.password } });
    expect((await signIn('renamed_learner')).status).toBe(200);
    expect((await signIn(owner.user.username)).status).toBe(401);
  });

  test.each([
    ['a javascript: address', 'javascript:alert(1)'],
    ['an http:// address inside the server', 'http://127.0.0.1/api/trpc/user.getUser'],
    ['an https:// address longer than 2,000 characters', `https://images.example.test/${'a'.repeat(2_001)}`],
  ])('getUser returns a stored avatar that fails the check (%s) as null', async (_case, image) => {
    const owner = await createUser(services);
    await services.db.update(user).set({ image }).where(eq(user.id, owner.user.id));
    expect((await rowOf(owner)).image).toBe(image);
    expect((await callerFor(services, owner).user.getUser({ id: owner.user.id })).image).toBeNull();
    // Nor is it shown anywhere else a user's picture goes out: the leaderboard's own row.
    expect((await callerFor(services, owner).gamification.getLeaderboard({ period: 'all' })).me.image).toBeNull();
  });

  test('null removes the avatar', async () => {
    const owner = await createUser(services);
    const caller = callerFor(services, owner);
    await caller.user.updateProfile({ image: 'https://images.example.test/a.png' });
    expect((await caller.user.updateProfile({ image: null })).image).toBeNull();
    expect((await rowOf(owner)).image).toBeNull();
  });

  test('a username another account has, in any case, is refused with a clear message; one’s own is fine', async () => {
    await createUser(services, { username: 'taken_name' });
    const owner = await createUser(services, { username: 'my_name' });
    const error = await mutationError(services, owner, 'user.updateProfile', { username: 'Taken_Name' });
    expect(error).toMatchObject({
      status: 409,
      message: 'This username is already taken. Choose another one.',
      data: { code: 'CONFLICT', messageKey: 'usernameTaken' },
    });
    expect((await rowOf(owner)).username).toBe('my_name');
    expect((await callerFor(services, owner).user.updateProfile({ username: 'MY_NAME' })).username).toBe('my_name');
    expect((await rowOf(owner)).displayUsername).toBe('MY_NAME');
  });

  test.each([
    ['a 300-character name', { name: 'x'.repeat(300) }],
    ['a 101-character name', { name: 'x'.repeat(101) }],
    ['an empty name', { name: '   ' }],
    ['a username with a space', { username: 'ada lovelace' }],
    ['a username with an @', { username: 'ada@home' }],
    ['a two-letter username', { username: 'ab' }],
    ['a 31-character username', { username: 'a'.repeat(31) }],
    ['an http:// avatar', { image: 'http://images.example.test/a.png' }],
    ['a javascript: avatar', { image: 'javascript:alert(1)' }],
    ['a data: avatar', { image: 'data:image/png;base64,AAAA' }],
    ['an avatar that is not a URL', { image: 'ada.png' }],
    ['an empty avatar', { image: '' }],
    ['an avatar over 2,000 characters', { image: `https://images.example.test/${'a'.repeat(1990)}.png` }],
    ['a forged plan', { plan: 'ultra' }],
    ['a forged referredBy', { referredBy: 'someone' }],
    ['a forged email', { email: 'boss@example.test' }],
    ['a forged id', { name: 'Mallory', id: 'another-user' }],
  ])('refuses %s and changes nothing', async (_, input) => {
    const owner = await createUser(services, { name: 'Unchanged' });
    const before = await rowOf(owner);
    // @ts-expect-error -- a client may send anything; the server's schema is what refuses it
    await expect(callerFor(services, owner).user.updateProfile(input)).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    const after = await rowOf(owner);
    expect({ ...after, updatedAt: before.updatedAt }).toEqual(before);
  });

  test('refuses the signed-out', async () => {
    await expectRefused({ services, call: (caller) => caller.user.updateProfile({ name: 'Nobody' }), actors: ['anonymous'] });
  });

  test('better-auth’s own update-user endpoint is off, so its checks cannot be bypassed there', async () => {
    const owner = await createUser(services, { name: 'Kept' });
    const response = await requestApp(services, '/api/auth/update-user', {
      method: 'POST',
      headers: owner.headers,
      json: { name: 'x'.repeat(300), image: 'javascript:alert(1)' },
    });
    expect(response.status).toBe(404);
    expect(await rowOf(owner)).toMatchObject({ name: 'Kept', image: null });
  });
});
