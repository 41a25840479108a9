import type { Token } from './nlp';
import { genericNouns, stopWords } from './stopwords';

/**
 * Words as the tutor matches them: folded (lower case, umlauts and ß written out), stemmed (English through
 * wink's lemma and light suffix rules, German by a CISTEM-style stemmer), and compared so that inflections
 * ("Rastertunnelmikroskops"), derivations ("theory"/"theoretical") and German compounds ("Mikroskop" in
 * "Rastertunnelmikroskop", "Elektronen" in "Elektronenstrahl") meet. Deterministic, no dependencies.
 */

/**
 * Words that ask rather than name what is asked about ("explain", "what does … mean"), and words for the document
 * itself ("laut der Präsentation", "in the notes"): never a question's topic.
 */
export const askingWords: ReadonlySet<string> = new Set(
  `explain explained explaining explanation describe described description define defined definition meaning mean means
  meant tell say says said give list summarize summarise summary summaries example examples document documents text
  texts lecture lectures slide slides please understand know difference differences work works role happen happens
  happened called call refer refers important exactly quote quoted quotes verbatim word words wording page pages script
  show shows need needs use used using get gets got make makes made thing things kind way ways actually basically
  really mentioned mention mentions talk talks main
  erkläre erklären erklärt erklärung beschreibe beschreiben beschreibt definiere definieren definition bedeutet
  bedeutung bedeuten heißt heisst gib nenne nennen zusammenfassung fasse zusammen beispiel beispiele dokument dokumente
  text texte vorlesung folie folien skript bitte verstehe verstehen unterschied unterschiede funktioniert funktionieren
  rolle passiert versteht wichtig zitiere zitieren zitat wörtlich genau steht stehen sagt sagen gemeint meint meinen
  versteht verstanden gibt geben macht machen worin wofür wofur womit wodurch woran worauf wozu wovon woher wohin
  weshalb wieso weswegen inwiefern wieviel wieviele
  presentation presentations handout handouts notes chapter chapters section sections worksheet lesson lessons
  präsentation präsentationen kapitel abschnitt abschnitte arbeitsblatt arbeitsblätter unterlagen lektion
  workshop`.split(/\s+/),
);

/** Lower case with umlauts and ß written out, so "Größe" meets "Groesse" and "grösser" meets "größer". */
export function fold(word: string): string {
  return word
    .toLowerCase()
    .normalize('NFKC')
    .replace(/ß/g, 'ss')
    .replace(/ä/g, 'a')
    .replace(/ö/g, 'o')
    .replace(/ü/g, 'u')
    .replace(/ae(?=[a-z]{2})/g, 'a')
    .replace(/oe(?=[a-z]{2})/g, 'o')
    .replace(/ue(?=[a-z]{2})/g, 'u');
}

/** A CISTEM-style German stem: endings -em -er -nd (long words), then -e -s -n -t, repeatedly; umlauts folded. */
function germanStem(word: string): string {
  let stem = fold(word);
  for (let guard = 0; guard < 4 && stem.length > 3; guard++) {
    if (stem.length > 5 && /(?:em|er|nd)$/.test(stem)) stem = stem.slice(0, -2);
    else if (/[esnt]$/.test(stem) && stem.length > 4) stem = stem.slice(0, -1);
    else break;
  }
  return stem;
}

/** A light English stem of a lemma: plural and verb endings, -ly, -ity/-ical families cut to what they share. */
function englishStem(word: string): string {
  let stem = fold(word);
  if (stem.length <= 4) return stem;
  stem = stem
    .replace(/ies$/, 'y')
    .replace(/(?:ational|ation|ations)$/, 'ate')
    .replace(/(?:ically|ical)$/, 'ic')
    .replace(/(?:ness|ments?|ingly|edly)$/, '')
    .replace(/(?:ing|ed|es|s|ly)$/, '')
    .replace(/e$/, '');
  return stem.length >= 3 ? stem : fold(word);
}

export function stemWord(word: string, language: string): string {
  return language === 'de' ? germanStem(word) : englishStem(word);
}

const greekNames: Record<string, string> = {
  α: 'alpha', β: 'beta', γ: 'gamma', δ: 'delta', ε: 'epsilon', θ: 'theta', λ: 'lambda', μ: 'mu', ν: 'nu', π: 'pi',
  ρ: 'rho', σ: 'sigma', τ: 'tau', φ: 'phi', χ: 'chi', ψ: 'psi', ω: 'omega', Δ: 'delta', Σ: 'sigma', Φ: 'phi', Ω: 'omega',
  '°': 'degree', '%': 'percent',
};

/** A token's Greek letters and unit signs as the words a question types ("α-Wasserstoff" → "alpha-wasserstoff"). */
const spelledOut = (text: string) => text.normalize('NFKC').replace(/[αβγδεθλμνπρστφχψωΔΣΦΩ°%]/gu, (char) => greekNames[char] ?? char);

/** Words for the same thing in the two languages and as a sign: "Prozent", "percent", "%". */
const sameWords: Record<string, string[]> = {
  percent: ['percent', 'proz'],
  prozent: ['percent', 'proz'],
};

/** Ordinals are their numbers ("the third proposition" is "Proposition 3", "die dritte Aufgabe" "Aufgabe 3"). */
const ordinals = ['first|erst', 'second|zweit', 'third|dritt', 'fourth|viert', 'fifth|funft', 'sixth|sechst', 'seventh|siebt', 'eighth|acht', 'ninth|neunt', 'tenth|zehnt'];
const ordinal = (word: string) => {
  const index = ordinals.findIndex((names) => new RegExp(`^(?:${names})(?:e|er|en|es|em)?$`).test(word));
  return index >= 0 ? [String(index + 1)] : [];
};

/**
 * Text as its words are matched: an index written as a subscript after its letter ("x₁", "μ₀") is one token with it,
 * as a question types it ("x1", "µ0").
 */
export function matchingText(text: string): string {
  return text.replace(/(\p{L})([₀-₉]+)/gu, (_, letter: string, digits: string) => `${letter}${digits.normalize('NFKC')}`);
}

/** The keys a token is matched by: the stem of its lemma and of its own form (wink's lemma may differ per sentence). */
export function keysOf(token: Pick<Token, 'lower' | 'lemma'>, language: string): string[] {
  const lower = spelledOut(token.lower);
  const lemma = spelledOut(token.lemma);
  const keys = new Set<string>([stemWord(lemma, language), stemWord(lower, language)]);
  for (const part of lower.split(/[-‐/]/)) if (part.length >= 3 && part !== lower) keys.add(stemWord(part, language));
  // A German text's English terms ("body centered cubic") and an English text's German ones are stemmed both ways.
  keys.add(stemWord(lower, language === 'de' ? 'en' : 'de'));
  for (const same of [...(sameWords[fold(lower)] ?? []), ...ordinal(fold(lower))]) keys.add(same);
  return [...keys].filter((key) => key.length > 0);
}

function commonPrefix(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  let index = 0;
  while (index < length && a[index] === b[index]) index++;
  return index;
}

/**
 * How well two keys match, 0–1: equal 1; one beginning the other (an inflection or a compound's first part,
 * "tunnel" in "tunneleffekt") 0.85; a long shared beginning ("theori"/"theoret") 0.7; one ending the other (a
 * compound's head, "mikroskop" in "rastertunnelmikroskop") 0.75.
 */
export function matchDegree(a: string, b: string): number {
  if (a === b) return 1;
  const [shorter, longer] = a.length <= b.length ? [a, b] : [b, a];
  if (shorter.length < 4) return 0;
  if (longer.startsWith(shorter) && (shorter.length >= 5 || longer.length - shorter.length <= 3)) return 0.85;
  if (shorter.length >= 5 && longer.endsWith(shorter)) return 0.75;
  const shared = commonPrefix(shorter, longer);
  if (shared >= 5 && shared >= 0.8 * shorter.length) return 0.7;
  return 0;
}

/** The best degree to which any of `keys` matches any key of `among`. */
export function bestMatch(keys: readonly string[], among: ReadonlySet<string>): number {
  let best = 0;
  for (const key of keys) {
    if (among.has(key)) return 1;
    for (const other of among) {
      const degree = matchDegree(key, other);
      if (degree > best) best = degree;
    }
  }
  return best;
}

/** A question's word the tutor looks for: its keys, how much it weighs, and whether it names something specific. */
export interface QuestionTerm {
  text: string;
  keys: string[];
  weight: number;
  /** A noun, name or abbreviation that is not a generic word: what the question is about. */
  noun: boolean;
  /** An abbreviation, a number, a long compound or a name: rare in general language, strong evidence when found. */
  distinctive: boolean;
  /** Index of the token in the question: adjacent terms form phrases. */
  index: number;
  /** The noun a "which"/"welches" asks for ("Which base …", "Welches Element …"): the kind of answer, not the topic. */
  answerType: boolean;
}

const asksForKind = new Set(['which', 'what', 'welche', 'welcher', 'welches', 'welchen', 'welchem', 'wieviele', 'many', 'viele']);

const isAcronym = (text: string) => /^(?=.*\p{Lu}.*\p{Lu})[\p{Lu}\p{N}]{2,8}s?$/u.test(text) || /^\p{Lu}\p{Ll}?$/u.test(text);

/** The content words of a question with their weights; stop words and asking words are left out. */
export function questionTerms(tokens: readonly Token[], language: string): QuestionTerm[] {
  const stop = new Set([...stopWords('en'), ...stopWords('de')]);
  const terms: QuestionTerm[] = [];
  tokens.forEach((token, index) => {
    const text = token.text;
    if (!/\p{L}|\p{N}/u.test(text)) return;
    const acronym = isAcronym(text) && !stop.has(token.lower);
    if (!acronym && !/\p{L}{3}|\p{N}/u.test(text)) return;
    if (!acronym && (stop.has(token.lower) || askingWords.has(token.lower) || askingWords.has(token.lemma))) return;
    const numeric = /\p{N}/u.test(text);
    const generic = genericNouns.has(token.lower) || genericNouns.has(token.lemma);
    // German nouns are capitalised; an English word capitalised inside the sentence is a name.
    const capitalised = /^\p{Lu}/u.test(text) && index > 0;
    const pos = token.pos;
    const noun =
      !generic &&
      (acronym ||
        numeric ||
        pos === 'NOUN' ||
        pos === 'PROPN' ||
        (language === 'de' && /^\p{Lu}/u.test(text)) ||
        (language !== 'de' && capitalised));
    const previous = tokens[index - 1]?.lower ?? '';
    const answerType = noun && !acronym && asksForKind.has(previous);
    let weight = acronym ? 1.3 : numeric ? 1.2 : answerType ? 0.6 : noun ? 1 : pos === 'ADJ' ? 0.75 : pos === 'VERB' || pos === 'AUX' ? 0.55 : pos === 'ADV' ? 0.4 : 0.6;
    if (generic) weight = 0.3;
    // A long word is rare: a German compound ("Hexadezimalsystem"), an English term ("spectroscopy").
    const long = language === 'de' ? /\p{L}{10}/u.test(text) : /\p{L}{11}/u.test(text);
    if (long) weight *= 1.2;
    const distinctive = !generic && (acronym || numeric || long || (language !== 'de' && capitalised && pos === 'PROPN'));
    terms.push({ text, keys: keysOf(token, language), weight, noun, distinctive: distinctive && !answerType, index, answerType });
  });
  // The same word asked twice counts once.
  const seen = new Set<string>();
  return terms.filter((term) => {
    const key = term.keys[0] ?? term.text;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
