/** Case-insensitive matching for the sidebar search, and the split into highlighted and plain parts. */

export interface TextPart {
  text: string;
  match: boolean;
}

function queryPattern(query: string): RegExp | null {
  const trimmed = query.trim();
  if (!trimmed) return null;
  // A regular expression with the u and i flags folds case per code point, so the parts keep the text's own spelling.
  return new RegExp(trimmed.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'giu');
}

export function matchesQuery(text: string, query: string): boolean {
  const pattern = queryPattern(query);
  return pattern ? pattern.test(text) : true;
}

/** The items whose text contains the query; all of them for an empty query. */
export function filterByQuery<T>(items: readonly T[], query: string, textOf: (item: T) => string): T[] {
  return items.filter((item) => matchesQuery(textOf(item), query));
}

/** The text cut into the stretches that match the query and those that do not, in order. */
export function splitByQuery(text: string, query: string): TextPart[] {
  const pattern = queryPattern(query);
  if (!pattern) return text ? [{ text, match: false }] : [];
  const parts: TextPart[] = [];
  let last = 0;
  for (const found of text.matchAll(pattern)) {
    if (found.index > last) parts.push({ text: text.slice(last, found.index), match: false });
    parts.push({ text: found[0], match: true });
    last = found.index + found[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last), match: false });
  return parts;
}
