import { describe, expect, it } from 'vitest';
import { formatDuration, formatMinutesSeconds } from './durations';

describe('formatMinutesSeconds (unit study time)', () => {
  it('shows minutes and two-digit seconds', () => {
    expect(formatMinutesSeconds(0)).toBe('0:00');
    expect(formatMinutesSeconds(9_000)).toBe('0:09');
    expect(formatMinutesSeconds(125_000)).toBe('2:05');
    expect(formatMinutesSeconds(4_500_000)).toBe('75:00');
  });

  it('rounds to whole seconds and treats nonsense as zero', () => {
    expect(formatMinutesSeconds(59_600)).toBe('1:00');
    expect(formatMinutesSeconds(-5_000)).toBe('0:00');
    expect(formatMinutesSeconds(Number.NaN)).toBe('0:00');
  });
});

describe('formatDuration (overall time)', () => {
  it('shows zero as 0s', () => {
    expect(formatDuration(0)).toBe('0s');
    expect(formatDuration(-1)).toBe('0s');
    expect(formatDuration(Number.POSITIVE_INFINITY)).toBe('0s');
  });

  it('shows seconds, then minutes and seconds', () => {
    expect(formatDuration(42_000)).toBe('42s');
    expect(formatDuration(250_000)).toBe('4m 10s');
    expect(formatDuration(180_000)).toBe('3m');
  });

  it('drops the seconds when hours are present', () => {
    expect(formatDuration(3_600_000 + 5 * 60_000 + 59_000)).toBe('1h 5m');
    expect(formatDuration(7_200_000 + 30_000)).toBe('2h');
    expect(formatDuration(26 * 3_600_000 + 60_000)).toBe('26h 1m');
  });
});
