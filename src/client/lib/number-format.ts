/**
 * Numbers as the UI writes them. Making an Intl.NumberFormat is slow — tens of milliseconds on a phone for the first of
 * a kind, most for compact notation, whose data the browser loads then — so each locale and style is made once.
 */
const formats = new Map<string, Intl.NumberFormat>();

function numberFormat(locale: string | undefined, style: 'plain' | 'compact' | 'compactLong'): Intl.NumberFormat {
  const key = `${locale ?? ''}:${style}`;
  let format = formats.get(key);
  if (!format) {
    const options: Intl.NumberFormatOptions =
      style === 'compact' ? { notation: 'compact', maximumFractionDigits: 1 } : style === 'compactLong' ? { notation: 'compact', compactDisplay: 'long' } : {};
    format = new Intl.NumberFormat(locale, options);
    formats.set(key, format);
  }
  return format;
}

/** Plain grouping up to 999,999; "1 million" reads better than 1,000,000 on a card or in a table cell. */
export function formatPlanNumber(value: number, locale: string): string {
  return numberFormat(locale, value >= 1_000_000 ? 'compactLong' : 'plain').format(value);
}

/**
 * A counter in the header: 1.2K, 3.4M (English), 1234, 3,4 Mio. (German). A whole number under 1,000 is its digits in
 * every language the app speaks, so the first screen makes no formatter for the streak, stars and hearts it shows.
 */
export function formatCount(value: number, locale: string | undefined): string {
  if (Number.isInteger(value) && Math.abs(value) < 1_000) return String(value);
  return numberFormat(locale, 'compact').format(value);
}
