import { describe, expect, test } from 'vitest';
import { DAILY_QUEST_POINTS } from './gamification';
import {
  addDays,
  canonicalTimeZone,
  datesOfMonth,
  daysBetween,
  dailyQuestProgress,
  dailyQuestsReached,
  isDateString,
  isValidTimeZone,
  localDay,
  milestonesReached,
  nextLocalMidnight,
  nextWeekStartUtc,
  settleStreak,
  streakChanged,
  weekStartUtc,
  type StreakState,
} from './gamification-rules';

const at = (iso: string) => new Date(iso);

describe('time zones and local days', () => {
  test('the local date follows the zone, not UTC', () => {
    const instant = at('2026-03-10T23:30:00Z');
    expect(localDay('UTC', instant)).toBe('2026-03-10');
    expect(localDay('Europe/Berlin', instant)).toBe('2026-03-11');
    expect(localDay('America/New_York', instant)).toBe('2026-03-10');
    expect(localDay('Asia/Kolkata', at('2026-03-10T18:29:59Z'))).toBe('2026-03-10');
    expect(localDay('Asia/Kolkata', at('2026-03-10T18:30:00Z'))).toBe('2026-03-11');
    expect(localDay('Pacific/Kiritimati', at('2026-03-10T10:00:00Z'))).toBe('2026-03-11');
    expect(localDay('Pacific/Pago_Pago', at('2026-03-10T10:00:00Z'))).toBe('2026-03-09');
  });

  test('valid IANA zones are accepted and made canonical; anything else is refused', () => {
    expect(isValidTimeZone('Europe/Berlin')).toBe(true);
    expect(isValidTimeZone('America/Argentina/Buenos_Aires')).toBe(true);
    expect(canonicalTimeZone('europe/berlin')).toBe('Europe/Berlin');
    expect(canonicalTimeZone('UTC')).toBe('UTC');
    expect(canonicalTimeZone('utc')).toBe('UTC');
    // A valid name keeps its spelling even where ICU resolves it to an older alias (Asia/Calcutta).
    expect(canonicalTimeZone('Asia/Kolkata')).toBe('Asia/Kolkata');
    for (const bad of ['', 'Mars/Olympus_Mons', 'Europe/Berlin ', '+01:00', '../etc/passwd', 'x'.repeat(80), 'Europe/']) {
      expect(isValidTimeZone(bad), bad).toBe(false);
    }
  });

  test('the next local midnight on ordinary days and across the date line', () => {
    expect(nextLocalMidnight('UTC', at('2026-05-04T12:00:00Z')).toISOString()).toBe('2026-05-05T00:00:00.000Z');
    expect(nextLocalMidnight('Europe/Berlin', at('2026-05-04T12:00:00Z')).toISOString()).toBe('2026-05-04T22:00:00.000Z');
    expect(nextLocalMidnight('Asia/Kolkata', at('2026-05-04T12:00:00Z')).toISOString()).toBe('2026-05-04T18:30:00.000Z');
    expect(nextLocalMidnight('Pacific/Kiritimati', at('2026-05-04T12:00:00Z')).toISOString()).toBe('2026-05-05T10:00:00.000Z');
    expect(nextLocalMidnight('America/New_York', at('2026-05-04T12:00:00Z')).toISOString()).toBe('2026-05-05T04:00:00.000Z');
    // Exactly at midnight the next one is a day later.
    expect(nextLocalMidnight('UTC', at('2026-05-05T00:00:00Z')).toISOString()).toBe('2026-05-06T00:00:00.000Z');
    // One millisecond before midnight.
    expect(nextLocalMidnight('UTC', at('2026-05-04T23:59:59.999Z')).toISOString()).toBe('2026-05-05T00:00:00.000Z');
  });

  test('days when the clocks change: Berlin 23 and 25 hours, New York likewise', () => {
    // 2026-03-29: Berlin springs forward at 02:00; the day ends at 22:00 UTC (it began at 23:00 UTC the day before).
    const springStart = at('2026-03-28T23:00:00Z');
    expect(localDay('Europe/Berlin', springStart)).toBe('2026-03-29');
    const springEnd = nextLocalMidnight('Europe/Berlin', springStart);
    expect(springEnd.toISOString()).toBe('2026-03-29T22:00:00.000Z');
    expect(springEnd.getTime() - springStart.getTime()).toBe(23 * 3_600_000);
    // 2026-10-25: Berlin falls back at 03:00; the day lasts 25 hours.
    const autumnStart = at('2026-10-24T22:00:00Z');
    const autumnEnd = nextLocalMidnight('Europe/Berlin', at('2026-10-25T12:00:00Z'));
    expect(autumnEnd.toISOString()).toBe('2026-10-25T23:00:00.000Z');
    expect(autumnEnd.getTime() - autumnStart.getTime()).toBe(25 * 3_600_000);
    expect(nextLocalMidnight('Europe/Berlin', at('2026-10-24T21:59:59Z')).toISOString()).toBe('2026-10-24T22:00:00.000Z');
    // New York: 2026-03-08 springs forward, 2026-11-01 falls back.
    expect(nextLocalMidnight('America/New_York', at('2026-03-08T12:00:00Z')).toISOString()).toBe('2026-03-09T04:00:00.000Z');
    expect(nextLocalMidnight('America/New_York', at('2026-11-01T12:00:00Z')).toISOString()).toBe('2026-11-02T05:00:00.000Z');
  });

  test('date arithmetic', () => {
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(daysBetween('2026-03-28', '2026-03-31')).toBe(3);
    expect(datesOfMonth('2026-02')).toHaveLength(28);
    expect(datesOfMonth('2028-02').at(-1)).toBe('2028-02-29');
    expect(datesOfMonth('2026-12').at(-1)).toBe('2026-12-31');
    expect(isDateString('2026-02-30')).toBe(false);
    expect(isDateString('2026-02-28')).toBe(true);
  });
});

describe('weeks start Monday 00:00 UTC', () => {
  test('Monday to Sunday 23:59 UTC belong to the same week', () => {
    expect(weekStartUtc(at('2026-11-16T00:00:00Z'))).toBe('2026-11-16'); // Monday
    expect(weekStartUtc(at('2026-11-18T12:00:00Z'))).toBe('2026-11-16');
    expect(weekStartUtc(at('2026-11-22T23:59:59Z'))).toBe('2026-11-16'); // Sunday 23:59
    expect(weekStartUtc(at('2026-11-23T00:00:00Z'))).toBe('2026-11-23');
    expect(weekStartUtc(at('2027-01-01T08:00:00Z'))).toBe('2026-12-28'); // across the new year
    expect(nextWeekStartUtc(at('2026-11-22T23:59:59Z')).toISOString()).toBe('2026-11-23T00:00:00.000Z');
    expect(nextWeekStartUtc(at('2026-11-16T00:00:00Z')).toISOString()).toBe('2026-11-23T00:00:00.000Z');
  });
});

describe('settleStreak', () => {
  const base: StreakState = { streak: 4, longest: 6, lastDay: '2026-05-10', freezes: 0 };

  test('the first day starts a streak of 1; the same day again changes nothing', () => {
    const first = settleStreak({ streak: 0, longest: 0, lastDay: null, freezes: 0 }, '2026-05-10', true);
    expect(first).toEqual({ streak: 1, longest: 1, lastDay: '2026-05-10', freezes: 0, frozenDays: [] });
    const again = settleStreak(first, '2026-05-10', true);
    expect(again).toEqual(first);
    expect(streakChanged(first, again)).toBe(false);
  });

  test('the next day extends; longest follows once passed and is kept after a break', () => {
    expect(settleStreak(base, '2026-05-11', true)).toMatchObject({ streak: 5, longest: 6, lastDay: '2026-05-11' });
    const long = settleStreak({ ...base, streak: 6 }, '2026-05-11', true);
    expect(long).toMatchObject({ streak: 7, longest: 7 });
    const broken = settleStreak(long, '2026-05-14');
    expect(broken).toMatchObject({ streak: 0, longest: 7 });
    expect(settleStreak(broken, '2026-05-14', true)).toMatchObject({ streak: 1, longest: 7, lastDay: '2026-05-14' });
  });

  test('a read keeps the streak while today is not over and yesterday counted', () => {
    const read = settleStreak(base, '2026-05-11');
    expect(read).toEqual({ ...base, frozenDays: [] });
    expect(streakChanged(base, read)).toBe(false);
  });

  test('a missed day without freezes breaks the streak: 0 on a read, 1 when the day counts', () => {
    expect(settleStreak(base, '2026-05-12')).toMatchObject({ streak: 0, longest: 6, freezes: 0, frozenDays: [] });
    expect(settleStreak(base, '2026-05-12', true)).toMatchObject({ streak: 1, lastDay: '2026-05-12' });
  });

  test('a freeze covers one missed day: the streak keeps its count, the frozen day does not add to it', () => {
    const state = { ...base, freezes: 1 };
    const read = settleStreak(state, '2026-05-12');
    expect(read).toEqual({ streak: 4, longest: 6, lastDay: '2026-05-11', freezes: 0, frozenDays: ['2026-05-11'] });
    // Settling again the same day (or the day's activity after the read) uses nothing more.
    expect(settleStreak(read, '2026-05-12')).toEqual({ ...read, frozenDays: [] });
    expect(settleStreak(read, '2026-05-12', true)).toEqual({ streak: 5, longest: 6, lastDay: '2026-05-12', freezes: 0, frozenDays: [] });
    // Without a read in between, the activity settles the freeze itself: the same result.
    expect(settleStreak(state, '2026-05-12', true)).toEqual({
      streak: 5,
      longest: 6,
      lastDay: '2026-05-12',
      freezes: 0,
      frozenDays: ['2026-05-11'],
    });
  });

  test('two freezes cover two missed days', () => {
    expect(settleStreak({ ...base, freezes: 2 }, '2026-05-13', true)).toEqual({
      streak: 5,
      longest: 6,
      lastDay: '2026-05-13',
      freezes: 0,
      frozenDays: ['2026-05-11', '2026-05-12'],
    });
  });

  test('two missed days with one freeze: the freeze covers the first, the streak breaks on the second', () => {
    const state = { ...base, freezes: 1 };
    expect(settleStreak(state, '2026-05-13')).toMatchObject({ streak: 0, longest: 6, freezes: 0, frozenDays: ['2026-05-11'] });
    expect(settleStreak(state, '2026-05-13', true)).toMatchObject({ streak: 1, lastDay: '2026-05-13', freezes: 0 });
    // Reading each day gives the same end as settling at once.
    const dayByDay = settleStreak(settleStreak(state, '2026-05-12'), '2026-05-13');
    expect(dayByDay).toMatchObject({ streak: 0, freezes: 0 });
  });

  test('a broken streak uses no freeze; a last day ahead of today (time zone moved west) changes nothing', () => {
    const broken = { streak: 0, longest: 6, lastDay: '2026-05-01', freezes: 2 };
    expect(settleStreak(broken, '2026-05-12')).toEqual({ ...broken, frozenDays: [] });
    expect(settleStreak(broken, '2026-05-12', true)).toMatchObject({ streak: 1, freezes: 2, frozenDays: [] });
    expect(settleStreak(base, '2026-05-09', true)).toEqual({ ...base, frozenDays: [] });
  });
});

describe('daily quests and milestones', () => {
  const targets = { challenges: 1, flashcards: 10, messages: 10 };

  test('progress is capped at the target; a completed quest stays completed when a counter goes down', () => {
    const quests = dailyQuestProgress(targets, { challenges: 3, flashcards: 4, messages: 0 });
    expect(quests).toEqual([
      { id: 'daily-challenges', kind: 'challenges', target: 1, progress: 1, points: DAILY_QUEST_POINTS, completed: true },
      { id: 'daily-flashcards', kind: 'flashcards', target: 10, progress: 4, points: DAILY_QUEST_POINTS, completed: false },
      { id: 'daily-messages', kind: 'messages', target: 10, progress: 0, points: DAILY_QUEST_POINTS, completed: false },
    ]);
    const undone = dailyQuestProgress(targets, { challenges: 0, flashcards: 9, messages: 0 }, new Set(['daily-flashcards']));
    expect(undone[1]).toMatchObject({ progress: 10, completed: true });
  });

  test('quests reached are those at their target and not completed yet', () => {
    expect(dailyQuestsReached(targets, { challenges: 1, flashcards: 10, messages: 9 }, new Set(['daily-challenges']))).toEqual([
      'flashcards',
    ]);
  });

  test('milestones reached by xpTotal, each once', () => {
    expect(milestonesReached(99, new Set())).toEqual([]);
    expect(milestonesReached(260, new Set()).map((item) => item.id)).toEqual(['xp-100', 'xp-250']);
    expect(milestonesReached(260, new Set(['xp-100'])).map((item) => item.id)).toEqual(['xp-250']);
  });
});
