import type { PhraseHit } from './phrases';
import { opensGermanInstruction, scaffoldingOf } from './scaffolding';
import { germanStem } from './stemmer';

/**
 * Definitional sentences: "X is a …", "X refers to …", "X, defined as …," and in German "X ist ein …", "X bezeichnet
 * …", "Unter X versteht man …", "Als X bezeichnet man …". The term must be a noun phrase found in the sentence.
 */
export interface DefinitionMatch {
  /** Key of the phrase defined. */
  key: string;
  /** The definition as it reads on its own: "The process by which …". */
  text: string;
  /** The term as written, when it is not one of the sentence's noun phrases (a glossary line's "CC BY-NC"). */
  term?: string;
}

/**
 * A definition given as a formula: "The conditional probability of A given B is P(A|B) = P(A ∩ B)/P(B)", "Die Dichte
 * ist ρ = m/V". The term is a noun phrase of the words before the formula; the formula is kept as the document writes
 * it (the extraction keeps its symbols, superscripts and subscripts).
 */
const formulaDefinition =
  /^(?<lead>[^=]{6,140}?)\s+(?:is given by|is defined as|is defined by|is computed as|equals|is|are|ist gegeben durch|ist definiert als|berechnet sich (?:aus|als)|ist|lautet|beträgt|gilt)\s*:?\s+(?<formula>[^=;]{1,80}=[^;]{1,120}?)\.?$/u;

export interface FormulaMatch {
  key: string;
  surface: string;
  formula: string;
}

export function formulaIn(text: string, phrases: readonly PhraseHit[], language: string): FormulaMatch | undefined {
  const match = formulaDefinition.exec(text.trim());
  const lead = match?.groups?.lead;
  const formula = match?.groups?.formula?.trim();
  if (!lead || !formula || scaffoldingOf(lead, language)) return undefined;
  // A formula is mostly symbols: few words of four letters or more ("x = 2 and then" is prose).
  const words = formula.match(/\p{L}{4,}/gu) ?? [];
  if (words.length > 1 || formula.length < 5) return undefined;
  // A definition names a quantity by a symbol: "2 = 10₂" and "3 + 4 = 6" are sums, not formulas of a term.
  if (!/\p{L}/u.test(formula.split('=')[0] ?? '')) return undefined;
  // "m₀ = 1800 kg", "U = 12 V", "$U=12~\mathrm V$": a value given for an exercise, not a formula that defines the
  // quantity (LaTeX's dress taken off first).
  const plain = formula.replace(/\\(?:mathrm|text|mathit|,|;|!)\s*/g, '').replace(/[{}$~]/g, ' ');
  if (/^[^=]*=\s*[-−]?[\d.,\s]+(?:[\p{L}°%µΩ/²³]{1,6})?\s*\.?$/u.test(plain.trim())) return undefined;
  // "damit: a · x₁ = b · x₂", "therefore 3n − 5 = 4", "with all αᵢ = 0": a formula a word leads into is the end of an
  // argument, not the definition of the term before it.
  if (/^\p{L}{3,}(?:\s|:)/u.test(formula) && !/^\p{L}{3,}\s*\(/u.test(formula)) return undefined;
  // The term is the lead itself when it is a name ("the probability of the union of two events"), else its longest
  // noun phrase (the subject, usually).
  const named = lead.replace(/^(?:the|a|an|der|die|das|ein|eine)\s+/i, '').trim();
  if (!namesATerm(named, language) || /^(?:mit|von|bei|in|im|zu|für|durch|nach|with|by|for|from|in|on|at|to)\s/i.test(named)) return undefined;
  // A clause's words before the formula are no term: "can be written", "so if your coefficients", "each table entry",
  // "einzige Nash-Gleichgewicht" (an adjective in a case ending: the phrase as it stood in a sentence).
  if (/^(?:that|so|if|can|could|each|every|all|therefore|thus|which|where|when|this|these|total|einzige[nmrs]?|damit|konstant|also)\b/i.test(named) || /\b(?:can|could|will|would|be|is|are|was|were)\b/i.test(named)) return undefined;
  if (named.split(' ').length <= 8 && /^\p{L}/u.test(named) && !/[,;:]/.test(named)) {
    const surface = /^\p{Lu}\p{Ll}/u.test(named) && language === 'en' ? named.charAt(0).toLowerCase() + named.slice(1) : named;
    return { key: glossaryKey(surface, language), surface, formula };
  }
  const inLead = phrases.filter((hit) => hit.end <= lead.length && hit.whole);
  const best = [...inLead].sort((a, b) => b.words - a.words || a.start - b.start)[0];
  return best ? { key: best.key, surface: best.surface, formula } : undefined;
}

/** A key for a term only a glossary line names, as phrases.ts keys noun phrases (lower case, German stemmed). */
function glossaryKey(term: string, language: string): string {
  const words = term.toLowerCase().split(/\s+/);
  return (language === 'de' ? words.map((word) => germanStem(word)) : words).join(' ');
}

const english = [
  // X is a/an/the … | X are … (with determiner or "one of")
  /^(?:(?:A|An|The)\s+)?(?<term>[^,;:()]{2,60}?)(?:\s*\([^()]{1,15}\))?\s+(?:is|are)\s+(?:(?:also|usually|often|generally|simply)\s+)?(?<def>(?:a|an|the|one of the)\s+.{12,})$/,
  /^(?:(?:A|An|The)\s+)?(?<term>[^,;:()]{2,60}?)\s+(?:refers to|refer to|is defined as|are defined as|is known as|is called|describes|denotes|means)\s+(?<def>.{12,})$/,
  /^(?:(?:A|An|The)\s+)?(?<term>[^,;:()]{2,60}?),\s+(?:defined as|also known as|i\.e\.,?|that is,)\s+(?<def>[^,]{12,}),/,
];
const german = [
  /^(?:(?:Der|Die|Das|Ein|Eine)\s+)?(?<term>[^,;:()]{2,60}?)(?:\s*\([^()]{1,15}\))?\s+(?:ist|sind)\s+(?:(?:ein|eine|einer|der|die|das)\s+.{12,})$/,
  /^(?:(?:Der|Die|Das|Ein|Eine)\s+)?(?<term>[^,;:()]{2,60}?)\s+(?:bezeichnet|bedeutet|beschreibt|meint)\s+(?<def>.{12,})$/,
  /^Unter\s+(?:(?:einem|einer|dem|der|den)\s+)?(?<term>[^,;:()]{2,60}?)\s+versteht man\s+(?<def>.{12,})$/,
  /^Als\s+(?<term>[^,;:()]{2,60}?)\s+(?:bezeichnet|versteht)\s+man\s+(?<def>.{12,})$/,
  /^(?:(?:Der|Die|Das|Ein|Eine)\s+)?(?<term>[^,;:()]{2,60}?),\s+(?:definiert als|auch|d\.\s?h\.)\s+(?<def>[^,]{12,}),/,
];
/** "is the same", "is a lot" — a copula with a determiner that does not define. */
const notDefining = /^the\s+\w+est\b|^(?:a|an|the)\s+(?:same|only|first|second|last|best|worst|most|lot|bit|few|case|reason|problem|question|point|result|fact|way)\b|^(?:ein|eine|der|die|das)\s+(?:gleiche|einzige|erste|letzte|beste|grund|frage|problem)\b/i;

/**
 * A glossary line, as slides and notes write definitions: "Budgetbeschränkung: die Ausgaben dürfen das Einkommen nicht
 * überschreiten", "List – a linear collection of values". The term is a short noun phrase at the start; a law's
 * paragraph cited after it ("Verwaltungsakt §35 VwVfG: …", "Berufsfreiheit (Art. 12 GG): …") is no part of the term.
 */
export const glossaryLine =
  /^(?<term>[^,;:()\d§]{2,50}?)(?:\s*\(?(?:§§?|Art\.?)\s?\d+[a-z]?(?:\s(?:[IVX]+|Abs\.\s?\d+|S\.\s?\d+|Nr\.\s?\d+))*\s[\p{Lu}][\p{L}]{1,9}\)?)?\s*(?::|\s[–—-])\s+(?<def>[^:]{12,})$/u;

/** Heads of glossary-shaped lines that label a remark, not a term. */
const notTerms = /^(?:note|notes|hint|tip|example|examples|remember|caution|warning|important|see|source|sources|hinweis|tipp|beispiel|beispiele|merke|achtung|wichtig|quelle|quellen|siehe|lösung|solution|answer|antwort|erwartung|ziel|ziele|lernziel|kontrolle|impuls|eigene grafik|eigene darstellung|falls nötig|expected answer|goal|goals|merksatz|merksätze|regel|regeln|faustregel|fazit|rule|rule of thumb|summary|key point|heute|unten|oben|links|rechts|erläuterung|erläuterungen|good news|bad news|basics|equation|equations|matrix|today|below|above|left|right|def\.?|definition|satz|lemma|theorem|korollar|corollary|proof|beweis|bemerkung|bem\.?|remark|bsp\.?|eingabe|ausgabe|input|output|idee|idea|problem|aufgabe|task|frage|question|voraussetzung|ergebnis|result|notiz|notizen|anmerkung|anmerkungen|beobachtung|observation|davor|dahinter|daneben|darüber|darunter|daran|darauf|darin|dabei|dadurch|dafür|dagegen|daher|damit|danach|dazu|dazwischen|hier|dort|außerdem|zudem)$/i;

/** Discourse phrases that open a line like a term but name nothing: "Anders gesagt:", "Mehr noch:", "In short:". */
const discourse =
  /^(?:that|which|where|thus|hence|dass|wobei|wodurch|und|aber|oder|also|mehr|anders|alles|kurz|kurzum|schließlich|außerdem|zudem|nun|jetzt|dann|falls|wenn|der springende|das heißt|in short|in other words|and|but|so|also|finally|first|second|next|then|now|note|recall|remember|more|in summary|that is)\b/i;

/**
 * A glossary line's head is a term: a noun phrase, not a discourse phrase or a clause. In German its first and last
 * words are capitalised ("Creative Commons", "Zwei-Faktor-Authentifizierung", "Die Doppeldominante"); "Quellen
 * angeben", "Der springende Punkt ist" and "guter Anhaltspunkt" are not terms.
 */
function namesATerm(term: string, language: string): boolean {
  // "Ihre Idee: …", "My claim: …": somebody's thought, not a term.
  if (discourse.test(term) || /^(?:ihre?|seine?|meine?|unsere?|deine?|eure?|my|your|our|their|his|her)\s/i.test(term)) return false;
  const words = term.split(/\s+/);
  if (language === 'de') return /^[\p{Lu}\p{N}]/u.test(words[0] ?? '') && /^[\p{Lu}\p{N}]/u.test(words.at(-1) ?? '');
  return true;
}

export function definitionIn(text: string, phrases: readonly PhraseHit[], language: string): DefinitionMatch | undefined {
  const patterns = [...(language === 'de' ? german : language === 'en' ? english : []), glossaryLine];
  for (const pattern of patterns) {
    const match = pattern.exec(text);
    const term = match?.groups?.term?.trim();
    let definition = match?.groups?.def?.trim();
    if (!match || !term) continue;
    // "Denke nach: …", "Note: …" — a glossary line's head that instructs is no term.
    if (notTerms.test(term)) continue;
    if (pattern === glossaryLine && (!namesATerm(term, language) || (language === 'de' && opensGermanInstruction(term)))) continue;
    if (definition === undefined) {
      // German "X ist ein …": the whole predicate is the definition.
      definition = text.slice(text.indexOf(term) + term.length).replace(/^\s*(?:\([^()]{1,15}\)\s*)?(?:ist|sind)\s+/, '');
    }
    if (notDefining.test(definition) || /^(?:not|nicht|kein|you|we|I|it|they|he|she|that|this|there|man|es|wir|ihr|du|dies|hier|dabei)\b/i.test(definition)) continue;
    // A description in the first or second person ("Viele Computer erkennen wir nicht …") speaks to the class.
    if (/\b(?:wir|uns|unser|ihr|euch|euer|du|dich|dir|we|us|our|you|your)\b/i.test(definition)) continue;
    if (/[“”"„:]/.test(definition)) continue;
    const termStart = text.indexOf(term);
    const phrase = phrases.find((hit) => hit.start === termStart && hit.end === termStart + term.length);
    // A glossary line names its term itself ("CC BY-NC: …"), even where it is no noun phrase the tagger found.
    const key = phrase?.key ?? (pattern === glossaryLine && termStart === 0 && term.split(' ').length <= 4 ? glossaryKey(term, language) : undefined);
    if (!key) continue;
    // "Formal philosophy is called logic, whereas material philosophy …": a contrast goes on to another term.
    const clean = definition.replace(/[.!]["”’]?$/, '').replace(/,\s+(?:whereas|while|but|although|wohingegen|während|aber|doch)\b.*$/u, '').trim();
    if (clean.length < 12 || clean.split(' ').length < (pattern === glossaryLine ? 2 : 3)) continue;
    // "The eigenvalue equation.", "Der Tritonus.", "Eine empirische Untersuchung auf.": four words or fewer define
    // nothing a student could learn from; a definition names a class and what sets the term apart.
    if (clean.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length < 5) continue;
    return { key, text: `${clean.charAt(0).toUpperCase()}${clean.slice(1)}.`, ...(phrase ? {} : { term }) };
  }
  return undefined;
}
