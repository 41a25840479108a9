import type { TFunction } from 'i18next';
import type { StreakDay } from '../../../shared/gamification';

/**
 * Pure helpers of the gamification pages: the streak calendar's grid, countdowns and the dates the pages name. Days
 * are the server's 'YYYY-MM-DD' strings (the user's local dates); they are laid out by calendar arithmetic in UTC, so
 * the browser's own time zone never shifts a day.
 */

export interface CalendarCell {
  date: string;
  day: number;
  active: boolean;
  frozen: boolean;
  today: boolean;
  /** After the user's today: nothing can have happened yet. */
  future: boolean;
}

/** 'YYYY-MM' → [year, month 1–12]. */
function parseMonth(month: string): [number, number] {
  const [year = '1970', monthPart = '1'] = month.split('-');
  return [Number(year), Number(monthPart)];
}

const pad = (value: number) => String(value).padStart(2, '0');

/** The month before or after `month` ('YYYY-MM'). */
export function shiftMonth(month: string, by: number): string {
  const [year, monthNumber] = parseMonth(month);
  const shifted = new Date(Date.UTC(year, monthNumber - 1 + by, 1));
  return `${shifted.getUTCFullYear()}-${pad(shifted.getUTCMonth() + 1)}`;
}

/**
 * The month as weeks of seven cells, Monday first; the days before the 1st and after the last are null. Each day
 * carries its marks from `days` (missing days are neither active nor frozen).
 */
export function calendarWeeks(month: string, days: readonly StreakDay[], today: string): Array<Array<CalendarCell | null>> {
  const [year, monthNumber] = parseMonth(month);
  const byDate = new Map(days.map((day) => [day.date, day]));
  const length = new Date(Date.UTC(year, monthNumber, 0)).getUTCDate();
  // getUTCDay: Sunday 0 … Saturday 6; Monday-first offset: Monday 0 … Sunday 6.
  const leading = (new Date(Date.UTC(year, monthNumber - 1, 1)).getUTCDay() + 6) % 7;
  const cells: Array<CalendarCell | null> = Array.from({ length: leading }, () => null);
  for (let day = 1; day <= length; day += 1) {
    const date = `${year}-${pad(monthNumber)}-${pad(day)}`;
    const found = byDate.get(date);
    cells.push({ date, day, active: found?.active ?? false, frozen: found?.frozen ?? false, today: date === today, future: date > today });
  }
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: Array<Array<CalendarCell | null>> = [];
  for (let start = 0; start < cells.length; start += 7) weeks.push(cells.slice(start, start + 7));
  return weeks;
}

/** The short weekday names, Monday first, in `locale`. */
export function weekdayNames(locale: string | undefined, width: 'short' | 'narrow' = 'short'): string[] {
  const format = new Intl.DateTimeFormat(locale, { weekday: width, timeZone: 'UTC' });
  // 2024-01-01 was a Monday.
  return Array.from({ length: 7 }, (_, index) => format.format(new Date(Date.UTC(2024, 0, 1 + index))));
}

/** 'YYYY-MM' as "November 2026" in `locale`. */
export function monthName(month: string, locale: string | undefined): string {
  const [year, monthNumber] = parseMonth(month);
  return new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(year, monthNumber - 1, 1)));
}

/** 'YYYY-MM-DD' as a date a person reads ("Tuesday, 17 November" / "Dienstag, 17. November"). */
export function formatDay(date: string, locale: string | undefined, options: Intl.DateTimeFormatOptions = { weekday: 'long', day: 'numeric', month: 'long' }): string {
  const [year = '1970', month = '1', day = '1'] = date.split('-');
  return new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' }).format(new Date(Date.UTC(Number(year), Number(month) - 1, Number(day))));
}

/**
 * A time left as a person says it: "2 d 4 h", "5 h 12 min", "7 min". Minutes round up, so the clock never shows
 * "0 min" while time is left.
 */
export function formatCountdown(milliseconds: number, t: TFunction): string {
  const totalMinutes = Math.max(0, Math.ceil(milliseconds / 60_000));
  const days = Math.floor(totalMinutes / 1440);
  const hours = Math.floor((totalMinutes % 1440) / 60);
  const minutes = totalMinutes % 60;
  if (days > 0) return t('gamification:countdown.daysHours', { days, hours });
  if (hours > 0) return t('gamification:countdown.hoursMinutes', { hours, minutes });
  return t('gamification:countdown.minutes', { minutes });
}

/** Points still missing to afford `cost` (0 when the balance is enough). */
export function pointsShort(points: number, cost: number): number {
  return Math.max(0, cost - points);
}
