import type { PhraseHit } from './phrases';

/**
 * Definitional sentences: "X is a …", "X refers to …", "X, defined as …," and in German "X ist ein …", "X bezeichnet
 * …", "Unter X versteht man …", "Als X bezeichnet man …". The term must be a noun phrase found in the sentence.
 */
export interface DefinitionMatch {
  /** Key of the phrase defined. */
  key: string;
  /** The definition as it reads on its own: "The process by which …". */
  text: string;
}

const english = [
  // X is a/an/the … | X are … (with determiner or "one of")
  /^(?:(?:A|An|The)\s+)?(?<term>[^,;:()]{2,60}?)\s+(?:is|are)\s+(?:(?:also|usually|often|generally|simply)\s+)?(?<def>(?:a|an|the|one of the)\s+.{12,})$/,
  /^(?:(?:A|An|The)\s+)?(?<term>[^,;:()]{2,60}?)\s+(?:refers to|refer to|is defined as|are defined as|is known as|is called|describes|denotes|means)\s+(?<def>.{12,})$/,
  /^(?:(?:A|An|The)\s+)?(?<term>[^,;:()]{2,60}?),\s+(?:defined as|also known as|i\.e\.,?|that is,)\s+(?<def>[^,]{12,}),/,
];
const german = [
  /^(?:(?:Der|Die|Das|Ein|Eine)\s+)?(?<term>[^,;:()]{2,60}?)\s+(?:ist|sind)\s+(?:(?:ein|eine|einer|der|die|das)\s+.{12,})$/,
  /^(?:(?:Der|Die|Das|Ein|Eine)\s+)?(?<term>[^,;:()]{2,60}?)\s+(?:bezeichnet|bedeutet|beschreibt|meint)\s+(?<def>.{12,})$/,
  /^Unter\s+(?:(?:einem|einer|dem|der|den)\s+)?(?<term>[^,;:()]{2,60}?)\s+versteht man\s+(?<def>.{12,})$/,
  /^Als\s+(?<term>[^,;:()]{2,60}?)\s+(?:bezeichnet|versteht)\s+man\s+(?<def>.{12,})$/,
  /^(?:(?:Der|Die|Das|Ein|Eine)\s+)?(?<term>[^,;:()]{2,60}?),\s+(?:definiert als|auch|d\.\s?h\.)\s+(?<def>[^,]{12,}),/,
];
/** "is the same", "is a lot" — a copula with a determiner that does not define. */
const notDefining = /^the\s+\w+est\b|^(?:a|an|the)\s+(?:same|only|first|second|last|best|worst|most|lot|bit|few|case|reason|problem|question|point|result|fact|way)\b|^(?:ein|eine|der|die|das)\s+(?:gleiche|einzige|erste|letzte|beste|grund|frage|problem)\b/i;

export function definitionIn(text: string, phrases: readonly PhraseHit[], language: string): DefinitionMatch | undefined {
  const patterns = language === 'de' ? german : language === 'en' ? english : [];
  for (const pattern of patterns) {
    const match = pattern.exec(text);
    const term = match?.groups?.term?.trim();
    let definition = match?.groups?.def?.trim();
    if (!match || !term) continue;
    if (definition === undefined) {
      // German "X ist ein …": the whole predicate is the definition.
      definition = text.slice(text.indexOf(term) + term.length).replace(/^\s*(?:ist|sind)\s+/, '');
    }
    if (notDefining.test(definition) || /^(?:not|nicht|kein|you|we|I|it|they|he|she|that|this|there)\b/i.test(definition)) continue;
    if (/[“”"„:]/.test(definition)) continue;
    const termStart = text.indexOf(term);
    const phrase = phrases.find((hit) => hit.start === termStart && hit.end === termStart + term.length);
    if (!phrase) continue;
    const clean = definition.replace(/[.!]["”’]?$/, '').trim();
    if (clean.length < 12 || clean.split(' ').length < 3) continue;
    return { key: phrase.key, text: `${clean.charAt(0).toUpperCase()}${clean.slice(1)}.` };
  }
  return undefined;
}
