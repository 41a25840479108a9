import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, test } from 'vitest';
import { trialDays } from '../../shared/plans';
import { user } from '../db/schema';
import { callerFor, createTestServices, createUser, requestApp, sessionHeaders } from '../test/harness';

const services = await createTestServices();
afterAll(() => services.close());

let signUps = 0;

/** A sign-up as the /auth?ref=… form sends it (over HTTP, through better-auth), with `extra` in the body. */
async function signUp(extra: Record<string, unknown>) {
  signUps += 1;
  const username = `referred_${signUps}_${Math.random().toString(36).slice(2, 7)}`;
  const response = await requestApp(services, '/api/auth/sign-up/email', {
    method: 'POST',
    json: { name: 'New Learner', username, email: `${username}@example.test`, password: 'correct horse battery staple', ...extra },
  });
  const [row] = await services.db.select().from(user).where(eq(user.username, username));
  return { response, row, headers: sessionHeaders(response.headers) };
}

describe('sign-up through a referral link (/auth?ref=username)', () => {
  test('an existing username becomes referredBy — in its stored spelling — and earns the longer trial', async () => {
    const referrer = await createUser(services, { username: 'Ada_Refers' });
    const { response, row, headers } = await signUp({ referrer: 'ADA_REFERS' });
    expect(response.status).toBe(200);
    expect(row?.referredBy).toBe('ada_refers');
    const profile = await callerFor(services, { headers }).user.getUser({ id: row?.id ?? '' });
    expect(profile.referredBy).toBe(referrer.user.username);
    expect(trialDays(profile.referredBy)).toBe(14);
  });

  test.each([
    ['a username nobody has', 'nobody_has_this'],
    ['a value that is not a username', 'ada refers; drop table user'],
    ['an over-long value', 'a'.repeat(500)],
    ['an empty value', ''],
    ['a number', 42],
    ['an object', { username: 'ada_refers' }],
    ['a list', ['ada_refers']],
  ])('%s is ignored: the account is made without referredBy', async (_, referrer) => {
    const { response, row } = await signUp({ referrer });
    expect(response.status).toBe(200);
    expect(row).toBeDefined();
    expect(row?.referredBy).toBeNull();
  });

  test('nobody can refer themselves: their own username does not exist yet while the account is made', async () => {
    const username = 'self_referrer';
    const response = await requestApp(services, '/api/auth/sign-up/email', {
      method: 'POST',
      json: { name: 'Self', username, email: `${username}@example.test`, password: 'correct horse battery staple', referrer: username },
    });
    expect(response.status).toBe(200);
    const [row] = await services.db.select().from(user).where(eq(user.username, username));
    expect(row).toBeDefined();
    expect(row?.referredBy).toBeNull();
  });

  test('referredBy itself cannot be sent: the sign-up is refused and no account is made', async () => {
    await createUser(services, { username: 'forged_referrer' });
    const { response, row } = await signUp({ referredBy: 'forged_referrer' });
    expect(response.status).toBe(400);
    expect(row).toBeUndefined();
  });

  test('referredBy cannot be set after sign-up: not through updateProfile, not through better-auth', async () => {
    await createUser(services, { username: 'late_referrer' });
    const owner = await createUser(services);
    await expect(
      // @ts-expect-error -- a client may send anything; the server's schema is what refuses it
      callerFor(services, owner).user.updateProfile({ referredBy: 'late_referrer' }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    const late = await requestApp(services, '/api/auth/update-user', {
      method: 'POST',
      headers: owner.headers,
      json: { referredBy: 'late_referrer' },
    });
    expect(late.status).toBe(404);
    const [row] = await services.db.select({ referredBy: user.referredBy }).from(user).where(eq(user.id, owner.user.id));
    expect(row?.referredBy).toBeNull();
  });
});
