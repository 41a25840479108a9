import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n';
import { calendarWeeks, formatCountdown, formatDay, monthName, shiftMonth, weekdayNames } from './gamification-format';

beforeEach(async () => {
  await i18n.changeLanguage('en');
});

describe('calendarWeeks', () => {
  it('lays a month out in Monday-first weeks with blanks before the 1st and after the last day', () => {
    // 1 November 2026 is a Sunday: six blanks, then the 1st in the Sunday column.
    const weeks = calendarWeeks('2026-11', [], '2026-11-22');
    expect(weeks).toHaveLength(6);
    expect(weeks.every((week) => week.length === 7)).toBe(true);
    expect(weeks[0]!.slice(0, 6)).toEqual([null, null, null, null, null, null]);
    expect(weeks[0]![6]?.date).toBe('2026-11-01');
    // Monday 2 November opens the second week; the 30th (a Monday) the last, followed by six blanks.
    expect(weeks[1]![0]?.date).toBe('2026-11-02');
    expect(weeks[5]![0]?.date).toBe('2026-11-30');
    expect(weeks[5]!.slice(1).every((cell) => cell === null)).toBe(true);
  });

  it('starts on Monday without blanks when the 1st is a Monday, and knows February of a leap year', () => {
    // 1 June 2026 is a Monday.
    expect(calendarWeeks('2026-06', [], '2026-11-22')[0]![0]?.date).toBe('2026-06-01');
    const leap = calendarWeeks('2028-02', [], '2028-02-10').flat().filter(Boolean);
    expect(leap.at(-1)?.date).toBe('2028-02-29');
  });

  it('marks active and frozen days, today and the days after today', () => {
    const days = [
      { date: '2026-11-19', active: true, frozen: false },
      { date: '2026-11-20', active: false, frozen: true },
      { date: '2026-11-21', active: true, frozen: false },
    ];
    const cells = new Map(
      calendarWeeks('2026-11', days, '2026-11-21')
        .flat()
        .filter((cell) => cell !== null)
        .map((cell) => [cell.date, cell]),
    );
    expect(cells.get('2026-11-19')).toMatchObject({ active: true, frozen: false, today: false, future: false });
    expect(cells.get('2026-11-20')).toMatchObject({ active: false, frozen: true });
    expect(cells.get('2026-11-21')).toMatchObject({ active: true, today: true, future: false });
    expect(cells.get('2026-11-22')).toMatchObject({ active: false, frozen: false, today: false, future: true });
    expect(cells.get('2026-11-18')).toMatchObject({ active: false, frozen: false, future: false });
  });
});

describe('month and day names', () => {
  it('names weekdays Monday first and months in the UI language', () => {
    expect(weekdayNames('en')).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
    expect(weekdayNames('de')[0]).toBe('Mo');
    expect(monthName('2026-11', 'en')).toBe('November 2026');
    expect(monthName('2026-03', 'de')).toBe('März 2026');
    expect(formatDay('2026-11-17', 'en')).toBe('Tuesday, November 17');
  });

  it('steps months across the turn of the year', () => {
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
    expect(shiftMonth('2026-11', 0)).toBe('2026-11');
  });
});

describe('formatCountdown', () => {
  const t = i18n.t.bind(i18n);
  const minutes = 60_000;
  const hours = 60 * minutes;

  it('says hours and minutes, rounding the minutes up', () => {
    expect(formatCountdown(5 * hours + 12 * minutes, t)).toBe('5 h 12 min');
    expect(formatCountdown(5 * hours + 11 * minutes + 1_000, t)).toBe('5 h 12 min');
    expect(formatCountdown(1 * hours, t)).toBe('1 h 0 min');
  });

  it('says only minutes under an hour, and days and hours beyond a day', () => {
    expect(formatCountdown(7 * minutes, t)).toBe('7 min');
    expect(formatCountdown(20_000, t)).toBe('1 min');
    expect(formatCountdown(-5_000, t)).toBe('0 min');
    expect(formatCountdown(3 * 24 * hours + 4 * hours, t)).toBe('3 d 4 h');
  });

  it('speaks German too', async () => {
    await i18n.changeLanguage('de');
    expect(formatCountdown(5 * hours + 12 * minutes, t)).toBe('5 Std. 12 Min.');
  });
});
