import { describe, expect, test } from 'vitest';
import { CURRENCIES, currencyForCountry, DEFAULT_CURRENCY, isCurrency, SUBSCRIPTION_FALLBACK_CURRENCY } from './currency';

describe('currencyForCountry: the country → currency rule of spec §9', () => {
  test.each([
    ['us', 'usd'],
    ['ca', 'cad'],
    ['gb', 'gbp'],
    ['fr', 'eur'],
    ['de', 'eur'],
    ['it', 'eur'],
    ['es', 'eur'],
    ['be', 'eur'],
    ['au', 'aud'],
  ])('%s → %s', (country, currency) => {
    expect(currencyForCountry(country)).toBe(currency);
  });

  test('reads the code in any case and with stray spaces', () => {
    expect(currencyForCountry('GB')).toBe('gbp');
    expect(currencyForCountry(' De ')).toBe('eur');
  });

  test.each(['jp', 'nl', 'ch', 'xx', 'usa', '', '  '])('an unknown country (%j) → usd', (country) => {
    expect(currencyForCountry(country)).toBe('usd');
  });

  test('no country at all (detection failed) → usd', () => {
    expect(currencyForCountry(null)).toBe('usd');
    expect(currencyForCountry(undefined)).toBe('usd');
  });
});

test('the currencies of spec §3, usd by default and eur for subscription calls without one', () => {
  expect([...CURRENCIES]).toEqual(['usd', 'eur', 'gbp', 'cad', 'aud']);
  expect(DEFAULT_CURRENCY).toBe('usd');
  expect(SUBSCRIPTION_FALLBACK_CURRENCY).toBe('eur');
});

test('isCurrency accepts exactly the five codes', () => {
  for (const currency of CURRENCIES) expect(isCurrency(currency)).toBe(true);
  for (const value of ['USD', 'jpy', '', null, undefined, 5, {}]) expect(isCurrency(value)).toBe(false);
});
