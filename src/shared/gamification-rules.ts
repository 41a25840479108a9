/**
 * The rules of gamification as pure functions: a user's day in their time zone, the next local midnight,
 * weeks (Monday 00:00 UTC), the streak with its freezes, daily quest progress and XP milestones. No clock and no
 * database: every function is handed the instant ("now") it decides for, which on the server is the server's clock.
 *
 * Dates are 'YYYY-MM-DD' strings of a calendar date (the proleptic Gregorian calendar, no time zone of their own);
 * they compare and sort as strings.
 */
import { DAILY_QUEST_POINTS, XP_MILESTONES, dailyQuestKinds, type DailyQuest, type DailyQuestKind } from './gamification';

const DAY_MS = 86_400_000;

/** A calendar date, 'YYYY-MM-DD'. */
export type DateString = string;

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Longest IANA name in use is about 30 characters; anything longer is not a zone. */
const MAX_TIME_ZONE_LENGTH = 64;
/** IANA names ('Europe/Berlin', 'America/Argentina/Buenos_Aires', 'Etc/GMT+5', 'UTC'); no offsets like '+01:00'. */
const TIME_ZONE_PATTERN = /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/;

const dayFormats = new Map<string, Intl.DateTimeFormat>();

function dayFormat(timeZone: string): Intl.DateTimeFormat {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone, format);
  }
  return format;
}

/**
 * The zone as it is to be stored: its usual spelling ('europe/berlin' → 'Europe/Berlin', 'utc' → 'UTC'), or null when
 * Intl does not know it or it is not an IANA name. A valid name keeps its own spelling otherwise: ICU's resolved name
 * may be an older alias ('Asia/Kolkata' resolves to 'Asia/Calcutta'), and the browser reports the name it uses.
 */
export function canonicalTimeZone(timeZone: string): string | null {
  if (timeZone.length === 0 || timeZone.length > MAX_TIME_ZONE_LENGTH || !TIME_ZONE_PATTERN.test(timeZone)) return null;
  try {
    const resolved = new Intl.DateTimeFormat('en-US', { timeZone }).resolvedOptions().timeZone;
    return resolved.toLowerCase() === timeZone.toLowerCase() ? resolved : timeZone;
  } catch {
    return null;
  }
}

export function isValidTimeZone(timeZone: string): boolean {
  return canonicalTimeZone(timeZone) !== null;
}

function pad(value: number, width = 2): string {
  return String(value).padStart(width, '0');
}

/** The local calendar date in `timeZone` at the instant `now`. */
export function localDay(timeZone: string, now: Date): DateString {
  const parts = dayFormat(timeZone).formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((item) => item.type === type)?.value);
  return `${pad(part('year'), 4)}-${pad(part('month'))}-${pad(part('day'))}`;
}

function parseDate(date: DateString): number {
  const match = DATE_PATTERN.exec(date);
  if (!match) throw new Error(`not a date: ${date}`);
  return Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
}

function formatDate(utcMidnight: number): DateString {
  return new Date(utcMidnight).toISOString().slice(0, 10);
}

export function isDateString(value: string): boolean {
  if (!DATE_PATTERN.test(value)) return false;
  return formatDate(parseDate(value)) === value;
}

/** `date` moved by `days` calendar days (negative: back). */
export function addDays(date: DateString, days: number): DateString {
  return formatDate(parseDate(date) + days * DAY_MS);
}

/** Calendar days from `from` to `to` (positive when `to` is later). */
export function daysBetween(from: DateString, to: DateString): number {
  return Math.round((parseDate(to) - parseDate(from)) / DAY_MS);
}

/** The dates after `from` and before `to`, oldest first (none when they are adjacent or in the wrong order). */
export function datesBetween(from: DateString, to: DateString): DateString[] {
  const gap = daysBetween(from, to) - 1;
  return Array.from({ length: Math.max(0, gap) }, (_, index) => addDays(from, index + 1));
}

/** Every date of a month 'YYYY-MM', in order. */
export function datesOfMonth(month: string): DateString[] {
  const first = `${month}-01`;
  const next = formatDate(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 1));
  return [first, ...datesBetween(first, next)];
}

/**
 * The first instant after `now` at which the local date in `timeZone` is a later one: the user's next midnight. On a
 * day that changes the clocks it is still right (Intl knows the zone's rules): Berlin's 2026-03-29 lasts 23 hours,
 * its 2026-10-25 25 hours; where a day begins at 01:00 (midnight skipped), that is the answer.
 */
export function nextLocalMidnight(timeZone: string, now: Date): Date {
  const today = localDay(timeZone, now);
  // No zone's day lasts more than 26 hours, and none starts less than one millisecond after it began.
  let before = now.getTime();
  let after = before + 49 * 3_600_000;
  while (after - before > 1) {
    const middle = Math.floor((before + after) / 2);
    if (localDay(timeZone, new Date(middle)) > today) after = middle;
    else before = middle;
  }
  return new Date(after);
}

/** The Monday (UTC) that starts the leaderboard week of `now`, 'YYYY-MM-DD'. Weeks start Monday 00:00 UTC. */
export function weekStartUtc(now: Date): DateString {
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  // getUTCDay: Sunday 0 … Saturday 6; days since Monday: (day + 6) % 7.
  return formatDate(midnight - ((now.getUTCDay() + 6) % 7) * DAY_MS);
}

/** The instant the next leaderboard week starts (the Monday after `now`, 00:00 UTC). */
export function nextWeekStartUtc(now: Date): Date {
  return new Date(parseDate(weekStartUtc(now)) + 7 * DAY_MS);
}

/** What the user row keeps of the streak. */
export interface StreakState {
  /** The current streak: 0 once broken. */
  streak: number;
  longest: number;
  /** The last day that counted or that a freeze covered (the user's local date), or null before the first. */
  lastDay: DateString | null;
  /** Streak freezes owned. */
  freezes: number;
}

export interface SettledStreak extends StreakState {
  /** Missed days a freeze covered in this settlement, oldest first (each took one freeze). */
  frozenDays: DateString[];
}

function sameState(a: StreakState, b: StreakState): boolean {
  return a.streak === b.streak && a.longest === b.longest && a.lastDay === b.lastDay && a.freezes === b.freezes;
}

/** Whether settling changed anything the user row keeps (so it must be written). */
export function streakChanged(before: StreakState, after: SettledStreak): boolean {
  return !sameState(before, after) || after.frozenDays.length > 0;
}

/**
 * Settles the streak on `today` (the user's local date), with `activeToday` when the user has just done what counts a
 * day (finished a lesson, rated a flashcard); without it, this is the settlement of a read.
 *
 * - Days missed since the last counted day (not yesterday, not today) are covered one freeze each, oldest first,
 *   while freezes last; a covered day keeps the streak's count without adding to it. A broken streak (0) uses none.
 * - If every missed day is covered the streak lives on: counting today adds one. If not, the streak is broken: 0 on a
 *   read, 1 when today counts (a new streak starts).
 * - Counting a day already counted changes nothing; the longest streak is the maximum ever.
 *
 * Settling is idempotent (settling its own result again on the same day changes nothing) and does not depend on how
 * often it ran before: a freeze is used as soon as its missed day is over.
 */
export function settleStreak(state: StreakState, today: DateString, activeToday = false): SettledStreak {
  const settled: SettledStreak = { ...state, frozenDays: [] };
  const { lastDay } = state;
  if (lastDay !== null && lastDay >= today) {
    // Today already counts, or a change of time zone put the last day ahead of today: nothing to do.
    return settled;
  }
  let alive = lastDay !== null && state.streak > 0;
  if (lastDay !== null && alive) {
    const missed = datesBetween(lastDay, today);
    const covered = missed.slice(0, state.freezes);
    if (covered.length > 0) {
      settled.frozenDays = covered;
      settled.freezes = state.freezes - covered.length;
      settled.lastDay = covered[covered.length - 1] ?? lastDay;
    }
    alive = covered.length === missed.length;
  }
  if (activeToday) {
    settled.streak = alive ? state.streak + 1 : 1;
    settled.lastDay = today;
  } else if (!alive) {
    settled.streak = 0;
  }
  settled.longest = Math.max(state.longest, settled.streak);
  return settled;
}

export type ActivityTargets = Record<DailyQuestKind, number>;
export type ActivityCounters = Record<DailyQuestKind, number>;

export const dailyQuestId = (kind: DailyQuestKind): DailyQuest['id'] => `daily-${kind}`;

/**
 * The day's quests from the plan's targets and the day's counters. A quest completed stays completed (its row says
 * so: `completed` holds the ids completed this day) even when a counter went down again (an undone flashcard rating).
 */
export function dailyQuestProgress(
  targets: ActivityTargets,
  counters: ActivityCounters,
  completed: ReadonlySet<string> = new Set(),
): DailyQuest[] {
  return dailyQuestKinds.map((kind) => {
    const id = dailyQuestId(kind);
    const target = Math.max(1, targets[kind]);
    const done = completed.has(id) || counters[kind] >= target;
    return {
      id,
      kind,
      target,
      progress: done ? target : Math.min(Math.max(0, counters[kind]), target),
      points: DAILY_QUEST_POINTS,
      completed: done,
    };
  });
}

/** The daily quests whose counters reached their targets and that are not completed yet: to complete now. */
export function dailyQuestsReached(targets: ActivityTargets, counters: ActivityCounters, completed: ReadonlySet<string>): DailyQuestKind[] {
  return dailyQuestKinds.filter((kind) => counters[kind] >= Math.max(1, targets[kind]) && !completed.has(dailyQuestId(kind)));
}

/** XP milestones reached by `xpTotal` and not in `done` (ids), lowest first. */
export function milestonesReached(xpTotal: number, done: ReadonlySet<string>): (typeof XP_MILESTONES)[number][] {
  return XP_MILESTONES.filter((milestone) => milestone.threshold <= xpTotal && !done.has(milestone.id));
}
