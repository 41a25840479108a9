import { describe, expect, test } from 'vitest';
import { formatSessionTime, intervalParts, relativeDue } from './format';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

describe('intervalParts', () => {
  test('learning steps under a day are rounded up and marked as "within"', () => {
    expect(intervalParts(0)).toEqual({ unit: 'minutes', value: 1, within: true });
    expect(intervalParts(MINUTE)).toEqual({ unit: 'minutes', value: 1, within: true });
    expect(intervalParts(10 * MINUTE)).toEqual({ unit: 'minutes', value: 10, within: true });
    expect(intervalParts(10 * MINUTE + 1)).toEqual({ unit: 'minutes', value: 11, within: true });
    expect(intervalParts(5 * 60 * MINUTE)).toEqual({ unit: 'hours', value: 5, within: true });
  });

  test('days, then months and years with one decimal', () => {
    expect(intervalParts(DAY)).toEqual({ unit: 'days', value: 1, within: false });
    expect(intervalParts(4 * DAY + 3 * 60 * MINUTE)).toEqual({ unit: 'days', value: 4, within: false });
    expect(intervalParts(45 * DAY)).toEqual({ unit: 'months', value: 1.5, within: false });
    expect(intervalParts(548 * DAY)).toEqual({ unit: 'years', value: 1.5, within: false });
  });
});

test('formatSessionTime writes m:ss, and h:mm:ss past an hour', () => {
  expect(formatSessionTime(0)).toBe('0:00');
  expect(formatSessionTime(252_400)).toBe('4:12');
  expect(formatSessionTime(3_725_000)).toBe('1:02:05');
});

test('relativeDue speaks the reader’s language', () => {
  const now = new Date('2026-03-02T10:00:00Z');
  expect(relativeDue(new Date(now.getTime() + 10 * MINUTE), now, 'en')).toBe('in 10 minutes');
  expect(relativeDue(new Date(now.getTime() + DAY), now, 'en')).toBe('tomorrow');
  expect(relativeDue(new Date(now.getTime() + 3 * DAY), now, 'de')).toBe('in 3 Tagen');
  expect(relativeDue(new Date(now.getTime() - MINUTE), now, 'en')).toBe('now');
});
