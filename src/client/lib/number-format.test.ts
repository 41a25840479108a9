import { describe, expect, test } from 'vitest';
import { formatCount, formatPlanNumber } from './number-format';

describe('numbers as the UI writes them', () => {
  test('a header counter reads as Intl writes it, compact, in English and German', () => {
    for (const locale of ['en', 'de']) {
      const intl = new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 });
      for (const value of [0, 1, 7, 42, 999, 1_000, 1_234, 9_999, 12_345, 999_999, 1_250_000, -3]) {
        expect(formatCount(value, locale)).toBe(intl.format(value));
      }
    }
    expect(formatCount(1_234, 'en')).toBe('1.2K');
    expect(formatCount(2_500_000, 'de')).toBe('2,5\u00a0Mio.');
  });

  test('plan numbers: plain grouping below a million, spelled-out compact from it', () => {
    expect(formatPlanNumber(999_999, 'en')).toBe('999,999');
    expect(formatPlanNumber(1_000_000, 'en')).toBe('1 million');
    expect(formatPlanNumber(12_000, 'de')).toBe('12.000');
  });
});
