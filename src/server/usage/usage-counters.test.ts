import { afterAll, describe, expect, test } from 'vitest';
import { createTestServices, createUser } from '../test/harness';
import { getUsage, releaseUsage, reserveUsage, usagePeriod } from './usage-counters';

const services = await createTestServices();
afterAll(() => services.close());

describe('usage counters', () => {
  test('periods are UTC calendar months and days', () => {
    expect(usagePeriod('month', new Date('2026-11-30T23:59:59Z'))).toBe('2026-11');
    expect(usagePeriod('month', new Date('2026-12-01T00:00:00Z'))).toBe('2026-12');
    expect(usagePeriod('day', new Date('2026-11-05T10:00:00+09:00'))).toBe('2026-11-05');
  });

  test('counts up to the limit and refuses what would pass it, counting nothing then', async () => {
    const { user } = await createUser(services);
    const key = { userId: user.id, kind: 'uploads' as const, period: '2026-11' };
    expect(await getUsage(services.db, key)).toBe(0);
    const first = await reserveUsage(services.db, { ...key, amount: 2, limit: 3 });
    expect(first).toEqual({ ok: true, used: 2, reservation: { ...key, amount: 2 } });
    expect(await reserveUsage(services.db, { ...key, amount: 2, limit: 3 })).toEqual({ ok: false, used: 2 });
    expect(await reserveUsage(services.db, { ...key, amount: 1, limit: 3 })).toMatchObject({ ok: true, used: 3 });
    expect(await reserveUsage(services.db, { ...key, amount: 1, limit: 3 })).toEqual({ ok: false, used: 3 });
    expect(await reserveUsage(services.db, { ...key, amount: 5, limit: 3 })).toEqual({ ok: false, used: 3 });
    // Other periods and other users are counted apart.
    expect(await reserveUsage(services.db, { ...key, period: '2026-12', amount: 3, limit: 3 })).toMatchObject({ ok: true });
    const other = await createUser(services);
    expect(await reserveUsage(services.db, { ...key, userId: other.user.id, amount: 1, limit: 3 })).toMatchObject({ ok: true, used: 1 });
    expect(await getUsage(services.db, key)).toBe(3);
  });

  test('gives units back, never below zero', async () => {
    const { user } = await createUser(services);
    const key = { userId: user.id, kind: 'uploads' as const, period: '2026-11' };
    const result = await reserveUsage(services.db, { ...key, amount: 2, limit: 2 });
    if (!result.ok) throw new Error('not reserved');
    await releaseUsage(services.db, result.reservation);
    expect(await getUsage(services.db, key)).toBe(0);
    await releaseUsage(services.db, result.reservation);
    expect(await getUsage(services.db, key)).toBe(0);
    expect(await reserveUsage(services.db, { ...key, amount: 2, limit: 2 })).toMatchObject({ ok: true });
  });

  test('of many reservations at once, exactly as many as fit succeed', async () => {
    const { user } = await createUser(services);
    const key = { userId: user.id, kind: 'uploads' as const, period: '2026-11' };
    const results = await Promise.all(
      Array.from({ length: 12 }, () => reserveUsage(services.db, { ...key, amount: 1, limit: 5 })),
    );
    expect(results.filter((result) => result.ok)).toHaveLength(5);
    expect(await getUsage(services.db, key)).toBe(5);
  });

  test('refuses an amount that is not a positive whole number', async () => {
    const { user } = await createUser(services);
    const key = { userId: user.id, kind: 'uploads' as const, period: '2026-11' };
    await expect(reserveUsage(services.db, { ...key, amount: 0, limit: 5 })).rejects.toThrow(/invalid amount/);
    await expect(reserveUsage(services.db, { ...key, amount: 1.5, limit: 5 })).rejects.toThrow(/invalid amount/);
  });
});
