/**
 * The currencies prices are shown and charged in (spec §3) and the country → currency rule of spec §9. The browser
 * keeps the user's choice locally as `userCurrency`; the server keeps it on the user as well.
 */
export const CURRENCIES = ['usd', 'eur', 'gbp', 'cad', 'aud'] as const;
export type Currency = (typeof CURRENCIES)[number];

export const DEFAULT_CURRENCY: Currency = 'usd';
/** Spec §9: subscription calls made without a currency fall back to euros. */
export const SUBSCRIPTION_FALLBACK_CURRENCY: Currency = 'eur';
/** The localStorage key of the user's currency (spec §3). */
export const USER_CURRENCY_STORAGE_KEY = 'userCurrency';

const COUNTRY_CURRENCY: Readonly<Record<string, Currency>> = {
  us: 'usd',
  ca: 'cad',
  gb: 'gbp',
  fr: 'eur',
  de: 'eur',
  it: 'eur',
  es: 'eur',
  be: 'eur',
  au: 'aud',
};

/** Spec §9: the currency of a country by its ISO 3166 alpha-2 code (any case); unknown or missing → usd. */
export function currencyForCountry(countryCode: string | null | undefined): Currency {
  if (!countryCode) return DEFAULT_CURRENCY;
  return COUNTRY_CURRENCY[countryCode.trim().toLowerCase()] ?? DEFAULT_CURRENCY;
}

export function isCurrency(value: unknown): value is Currency {
  return typeof value === 'string' && (CURRENCIES as readonly string[]).includes(value);
}
