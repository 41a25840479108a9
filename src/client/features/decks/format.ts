/**
 * How the Flashcards tab writes times: the interval a rating gives (Anki-style "<10m", "1d", "4d", "1.5mo"), the
 * time a session took (m:ss, as the spec writes study times) and when the next card comes due.
 */
export type IntervalUnit = 'minutes' | 'hours' | 'days' | 'months' | 'years';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * The unit and amount an interval is shown in. Under a day it is a learning step, shown rounded up with "<" (the
 * card may come back a little earlier when nothing else is left); from a day on, whole days up to a month, then
 * months and years with one decimal.
 */
export function intervalParts(ms: number): { unit: IntervalUnit; value: number; within: boolean } {
  if (ms < HOUR) return { unit: 'minutes', value: Math.max(1, Math.ceil(ms / MINUTE)), within: true };
  if (ms < DAY) return { unit: 'hours', value: Math.ceil(ms / HOUR), within: true };
  const days = ms / DAY;
  if (days < 30) return { unit: 'days', value: Math.round(days), within: false };
  if (days < 365) return { unit: 'months', value: Math.round((days / 30) * 10) / 10, within: false };
  return { unit: 'years', value: Math.round((days / 365) * 10) / 10, within: false };
}

/** A session's length as m:ss (h:mm:ss past an hour). */
export function formatSessionTime(ms: number): string {
  const total = Math.max(0, Math.round(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}

const RELATIVE_STEPS: Array<{ unit: Intl.RelativeTimeFormatUnit; ms: number }> = [
  { unit: 'year', ms: 365 * DAY },
  { unit: 'month', ms: 30 * DAY },
  { unit: 'day', ms: DAY },
  { unit: 'hour', ms: HOUR },
  { unit: 'minute', ms: MINUTE },
];

/** "in 10 minutes", "tomorrow", "in 3 days" in the reader's language; "now" when it is due already. */
export function relativeDue(due: Date, now: Date, language: string): string {
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  const ms = due.getTime() - now.getTime();
  if (ms < MINUTE) return format.format(0, 'second');
  const step = RELATIVE_STEPS.find((candidate) => ms >= candidate.ms) ?? { unit: 'minute' as const, ms: MINUTE };
  return format.format(Math.round(ms / step.ms), step.unit);
}
