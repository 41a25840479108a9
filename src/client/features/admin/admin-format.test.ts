import { describe, expect, it } from 'vitest';
import { formatTimeAgo, pageRange } from './admin-format';

describe('formatTimeAgo', () => {
  const now = new Date('2030-05-20T12:00:00Z');
  it.each([
    ['2030-05-20T11:59:30Z', 'en', 'now'],
    ['2030-05-20T11:55:00Z', 'en', '5 minutes ago'],
    ['2030-05-20T09:00:00Z', 'en', '3 hours ago'],
    ['2030-05-19T11:00:00Z', 'en', 'yesterday'],
    ['2030-05-10T12:00:00Z', 'en', 'last week'],
    ['2030-02-10T12:00:00Z', 'en', '3 months ago'],
    ['2028-05-10T12:00:00Z', 'en', '2 years ago'],
    ['2030-05-17T12:00:00Z', 'de', 'vor 3 Tagen'],
  ])('%s in %s reads “%s”', (date, locale, expected) => {
    expect(formatTimeAgo(new Date(date), now, locale)).toBe(expected);
  });

  it('a date in the future (a clock a little ahead) reads as now', () => {
    expect(formatTimeAgo(new Date('2030-05-20T12:00:05Z'), now, 'en')).toBe('now');
  });
});

describe('pageRange', () => {
  it.each([
    [1, 20, 134, { from: 1, to: 20 }],
    [7, 20, 134, { from: 121, to: 134 }],
    [1, 20, 5, { from: 1, to: 5 }],
    [1, 20, 0, { from: 0, to: 0 }],
  ])('page %i of %i per page with %i in all', (page, size, total, expected) => {
    expect(pageRange(page, size, total)).toEqual(expected);
  });
});
