/** Dates of the admin tables in the reader's language: a calendar date, and how long ago something happened. */

export function formatDate(date: Date, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(date);
}

const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 24 * 60 * 60 * 1000],
  ['month', 30 * 24 * 60 * 60 * 1000],
  ['week', 7 * 24 * 60 * 60 * 1000],
  ['day', 24 * 60 * 60 * 1000],
  ['hour', 60 * 60 * 1000],
  ['minute', 60 * 1000],
];

/** "3 days ago", "vor 2 Stunden", "just now" under a minute; the largest unit that fits at least once. */
export function formatTimeAgo(date: Date, now: Date, locale: string): string {
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  const elapsed = Math.max(0, now.getTime() - date.getTime());
  for (const [unit, length] of UNITS) {
    if (elapsed >= length) return format.format(-Math.floor(elapsed / length), unit);
  }
  return format.format(0, 'second');
}

/** The first and last position shown on a page of results (1-based), for "21–40 of 134". */
export function pageRange(page: number, pageSize: number, total: number): { from: number; to: number } {
  if (total === 0) return { from: 0, to: 0 };
  const from = Math.min((page - 1) * pageSize + 1, total);
  return { from, to: Math.min(page * pageSize, total) };
}
