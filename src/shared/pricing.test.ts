import { describe, expect, test } from 'vitest';
import {
  formatPrice,
  fromMinorUnits,
  monthlySavingsPercent,
  planPricing,
  roundMoney,
  yearlyMonthlyEquivalent,
} from './pricing';

describe('roundMoney: two places, half away from zero (spec §9)', () => {
  test.each([
    [9.99, 9.99],
    [1.005, 1.01],
    [2.675, 2.68],
    [1.004, 1],
    [9.999, 10],
    [0.1 + 0.2, 0.3],
    [-1.005, -1.01],
    [-2.5, -2.5],
    [0, 0],
    [191.994999, 191.99],
  ])('%d → %d', (amount, rounded) => {
    expect(roundMoney(amount)).toBe(rounded);
  });
});

describe('yearlyMonthlyEquivalent: floor(yearly / 12) + 0.99', () => {
  test.each([
    [95.99, 7.99],
    [191.99, 15.99],
    [120, 10.99],
    [119.99, 9.99],
    [11.99, 0.99],
    [0, 0.99],
    [287.99, 23.99],
  ])('%d a year → %d a month', (yearly, monthly) => {
    expect(yearlyMonthlyEquivalent(yearly)).toBe(monthly);
  });
});

describe('monthlySavingsPercent: the yearly price against twelve monthly payments', () => {
  test.each([
    [9.99, 95.99, 20],
    [10, 60, 50],
    [10, 120, 0],
    [10, 119.4, 1],
    [10, 114.6, 5],
    [19.99, 191.99, 20],
  ])('%d monthly, %d yearly → %d %', (monthly, yearly, percent) => {
    expect(monthlySavingsPercent(monthly, yearly)).toBe(percent);
  });

  test('is never negative, and 0 without a monthly price', () => {
    expect(monthlySavingsPercent(10, 150)).toBe(0);
    expect(monthlySavingsPercent(0, 100)).toBe(0);
    expect(monthlySavingsPercent(Number.NaN, 100)).toBe(0);
  });
});

test('planPricing rounds both prices and derives the equivalent and the savings', () => {
  expect(planPricing(9.994, 95.987)).toEqual({ monthly: 9.99, yearly: 95.99, yearlyMonthlyEquivalent: 7.99, monthlySavingsPercent: 20 });
});

test('fromMinorUnits turns Stripe cents into major units', () => {
  expect(fromMinorUnits(999)).toBe(9.99);
  expect(fromMinorUnits(19199)).toBe(191.99);
  expect(fromMinorUnits(1)).toBe(0.01);
  expect(fromMinorUnits(0)).toBe(0);
});

describe('formatPrice: the symbol in front, except the euro sign, which trails (spec §9)', () => {
  test.each([
    [9.99, 'usd', 'en', '$9.99'],
    [9.99, 'eur', 'en', '9.99 €'],
    [9.99, 'eur', 'de', '9,99 €'],
    [9.99, 'usd', 'de', '$9,99'],
    [8.99, 'gbp', 'en', '£8.99'],
    [12.99, 'cad', 'en', 'CA$12.99'],
    [14.99, 'aud', 'en', 'A$14.99'],
    [7, 'usd', 'en', '$7.00'],
    [1234.5, 'usd', 'en', '$1,234.50'],
    [1234.5, 'eur', 'de', '1.234,50 €'],
    [1234.5, 'eur', 'en', '1,234.50 €'],
    [1.005, 'eur', 'de', '1,01 €'],
  ] as const)('%d %s in %s → %s', (amount, currency, locale, text) => {
    expect(formatPrice(amount, currency, locale)).toBe(text);
  });
});
