import { isKnownEnglish } from './everyday';

/**
 * Misspellings the document itself gives away: a word written once that is one slip away from a word the document
 * writes several times — a letter left out or doubled ("intial" / "initial", "Rekombinatioshäufigkeit"), or two letters
 * swapped ("equilibirum", "Verabreitung"). A teacher strikes an item that copies such a slip, so sentences holding one
 * are not made into study items (the tutor still quotes the page as it is).
 *
 * A word glued to the short word after it where the text lost a space ("Ableitungsbaumwird") is a slip too.
 *
 * Inflections are not slips: a change in a word's last two letters ("Gase" / "Gases", "model" / "models"), an umlaut
 * ("Ton" / "Töne") or a capital are left alone, and so is a changed letter ("wurden" / "werden", "Umfang" / "Umgang" are
 * both words). A word English knows (SUBTLEX's list) is no slip ("through" beside "though").
 */
/** How often each word (a run of letters, as written) stands in the texts. */
export function wordCounts(texts: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const text of texts) for (const word of text.match(/\p{L}+/gu) ?? []) counts.set(word, (counts.get(word) ?? 0) + 1);
  return counts;
}

export function likelyTypos(texts: readonly string[], language: string): ReadonlySet<string> {
  const counts = wordCounts(texts);
  // The words written often, and each with one letter left out: a word one slip away is found by looking up its own
  // variants, not by comparing it with every word.
  const frequent = new Set<string>();
  const shortened = new Map<string, string[]>();
  for (const [word, count] of counts) {
    if (count < 2 || word.length < 5) continue;
    frequent.add(word);
    for (const variant of withOneLetterLess(word)) {
      const list = shortened.get(variant);
      if (list) list.push(word);
      else shortened.set(variant, [word]);
    }
  }
  const typos = new Set<string>();
  const tails = gluedTails[language] ?? [];
  for (const [word, count] of counts) {
    if (count !== 1 || word.length < 6 || word === word.toUpperCase()) continue;
    // A word the extraction glued to the next ("Ableitungsbaumwird"): a word written often, then a short word.
    if (tails.some((tail) => word.endsWith(tail) && frequent.has(word.slice(0, -tail.length)))) {
      typos.add(word);
      continue;
    }
    const candidates = [
      ...withOneLetterLess(word).filter((variant) => frequent.has(variant)),
      ...(shortened.get(word) ?? []),
      ...withNeighboursSwapped(word).filter((variant) => frequent.has(variant)),
    ];
    if (!candidates.some((known) => isSlip(word, known))) continue;
    if (language === 'en' && isKnownEnglish(word)) continue;
    typos.add(word);
  }
  return typos;
}

/** Short words a PDF's text runs into the word before them when it loses the space. */
const gluedTails: Record<string, readonly string[]> = {
  de: ['wird', 'werden', 'wurde', 'wurden', 'sind', 'kann', 'können', 'muss', 'müssen', 'und', 'oder'],
  en: ['the', 'and', 'are'],
};

function withOneLetterLess(word: string): string[] {
  const variants: string[] = [];
  for (let index = 0; index < word.length; index++) variants.push(word.slice(0, index) + word.slice(index + 1));
  return variants;
}

function withNeighboursSwapped(word: string): string[] {
  const variants: string[] = [];
  for (let index = 0; index + 1 < word.length; index++) {
    if (word[index] !== word[index + 1]) variants.push(word.slice(0, index) + word[index + 1] + word[index] + word.slice(index + 2));
  }
  return variants;
}

/** `word` is `known` with one letter dropped, added or two neighbours swapped, away from its ends. */
export function isSlip(word: string, known: string): boolean {
  if (word.toLowerCase() === known.toLowerCase() || fold(word) === fold(known)) return false;
  const shorter = Math.min(word.length, known.length);
  const at = slipAt(word, known);
  // The first letter and the last two (where inflections live) are where the words must agree.
  if (at === undefined || at < 1 || at >= shorter - 2) return false;
  // A swap is a slip from six letters on; a dropped or added letter only where the full word has seven ("kleine" /
  // "keine" are both words, "intial" and "Nachfragefunkion" are none).
  return word.length === known.length ? word.length >= 6 : Math.max(word.length, known.length) >= 7;
}

/** Where two words differ by one dropped/added letter or one swap of neighbours; undefined when they differ more. */
function slipAt(a: string, b: string): number | undefined {
  let index = 0;
  while (index < a.length && index < b.length && a[index] === b[index]) index++;
  if (a.length === b.length) {
    const swapped = a[index] === b[index + 1] && a[index + 1] === b[index] && a.slice(index + 2) === b.slice(index + 2);
    return swapped ? index : undefined;
  }
  const [short, long] = a.length < b.length ? [a, b] : [b, a];
  if (long.length - short.length !== 1) return undefined;
  return short.slice(index) === long.slice(index + 1) ? index : undefined;
}

const fold = (word: string) => word.toLowerCase().replace(/ä/g, 'a').replace(/ö/g, 'o').replace(/ü/g, 'u').replace(/ß/g, 'ss');
