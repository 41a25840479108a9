/**
 * A false statement made by negating a true one, as a teacher writes one when no term of the same kind can stand in:
 * "Ein Backup ist eine Sicherheitskopie." → "Ein Backup ist keine Sicherheitskopie.", "Tuples are immutable." →
 * "Tuples are not immutable.". Only where the negation stays grammatical and surely makes the claim false: the main
 * clause's copula (is / are / was / were, ist / sind / war / waren) or "can" before anything subordinate, in a
 * sentence without a negation of its own and without a hedge ("some", "often", "manche", "meist") that would keep the
 * negated claim true.
 */
const hedges = {
  en: /\b(?:not|n't|never|no|none|nothing|neither|nor|cannot|some|many|often|usually|sometimes|may|might|could|most|several|few|generally|typically|rarely|also|only|either|or)\b/i,
  de: /\b(?:nicht|kein\w*|nie|niemals|nichts|weder|manche\w*|einige\w*|viele\w*|oft|oftmals|häufig|meist\w*|manchmal|kann|können|könnte|darf|dürfen|sollte|eventuell|möglicherweise|vielleicht|regel|typischerweise|auch|nur|oder|entweder)\b/i,
};
/** Where a subordinate clause or an aside starts: a negation after it would not negate the main claim. */
const clauseBreak = {
  en: /[,;:(–—]|\b(?:which|that|who|whom|whose|where|when|if|because|while|although|since|unless)\b/i,
  de: /[,;:(–—]|\b(?:der|die|das|welche[rsmn]?|wenn|weil|da|falls|obwohl|als|ob|dass|sodass|während)\b(?=\s+\p{Ll})/iu,
};
const copula = {
  en: /\b(is|are|was|were|can)\b/,
  de: /\b(ist|sind|war|waren)\b/,
};
/**
 * A German sentence opening with a subordinate clause ("Wenn …, ist …") has its main verb after the comma; one opening
 * with a phrase or an adverb ("In Dur ist die Terz groß.") has its subject after the verb, where "nicht" cannot go.
 */
const subordinateStart =
  /^(?:wenn|weil|da|falls|obwohl|als|ob|sobald|nachdem|bevor|damit|sofern|soweit|während|indem|obgleich|wohingegen|sodass|je|in|im|bei|beim|mit|auf|an|am|aus|nach|vor|für|über|unter|durch|ohne|gegen|zum|zur|vom|hier|dann|so|also|dabei|heute|dort|zudem|außerdem|jedoch|daher|deshalb|somit|dadurch)\b/i;

export function negatedStatement(sentence: string, language: string): string | undefined {
  const lang = language === 'de' ? 'de' : language === 'en' ? 'en' : undefined;
  if (!lang || hedges[lang].test(sentence) || (lang === 'de' && subordinateStart.test(sentence))) return undefined;
  const verb = copula[lang].exec(sentence);
  if (!verb || verb.index === 0) return undefined;
  // The verb must belong to the main clause: nothing subordinate or parenthetical before it.
  const before = sentence.slice(0, verb.index);
  // (A German article opening the sentence before a lower-case word is its subject, not a relative pronoun.)
  const breaks = [...before.matchAll(new RegExp(clauseBreak[lang].source, `${clauseBreak[lang].flags}g`))];
  if (breaks.some((found) => lang === 'en' || found.index > 0)) return undefined;
  const after = sentence.slice(verb.index + verb[0].length);
  if (lang === 'en') {
    const word = verb[1] ?? '';
    return `${before}${word === 'can' ? 'cannot' : `${word} not`}${after}`;
  }
  // German: the subject opens the sentence (an article, or one noun that is no adverb: "Grafisch ist …" is not).
  const opener = before.trim().split(/\s+/);
  if (opener.length === 1 && /(?:isch|lich|ig|mals|weise|bar|sam|haft)$/.test(opener[0] ?? '')) return undefined;
  // "nicht" before a sentence adverb reads wrong ("ist nicht demnach …").
  if (/^\s+(?:demnach|allerdings|also|jedoch|daher|somit|folglich|eben|dabei|zudem|ebenfalls|ja|doch|schon|bereits|noch|sogar|dann|damit|hier|dort|nun|jetzt|stets|immer|genau|gerade|insbesondere|zum|z\.)\b/i.test(after)) {
    return undefined;
  }
  // "ist ein/eine …" becomes "ist kein/keine …"; "sind Akkordfolgen" "sind keine Akkordfolgen"; else "nicht" follows.
  const article = /^\s+(ein|eine|einen|einem|einer|eines)\b/.exec(after);
  if (article) return `${before}${verb[0]} k${article[1]}${after.slice(article[0].length)}`;
  if (/^\s+\p{Lu}/u.test(after)) return /^(?:sind|waren)$/.test(verb[0]) ? `${before}${verb[0]} keine${after}` : undefined;
  return `${before}${verb[0]} nicht${after}`;
}

/**
 * Words with a plain opposite: a statement with one of them is made false by the opposite, as a teacher turns "The
 * monopoly price is higher than the competitive price" into "… lower than …". Both directions; the form is kept.
 */
const opposites: Record<'en' | 'de', [string, string][]> = {
  en: [
    ['increases', 'decreases'],
    ['increase', 'decrease'],
    ['increased', 'decreased'],
    ['increasing', 'decreasing'],
    ['higher', 'lower'],
    ['larger', 'smaller'],
    ['rises', 'falls'],
    ['positive', 'negative'],
    ['maximum', 'minimum'],
    ['upper', 'lower'],
    ['faster', 'slower'],
    ['stronger', 'weaker'],
    ['before', 'after'],
    ['left', 'right'],
    ['first', 'last'],
  ],
  de: [
    ['steigt', 'sinkt'],
    ['steigen', 'sinken'],
    ['höher', 'niedriger'],
    ['höhere', 'niedrigere'],
    ['höheren', 'niedrigeren'],
    ['größer', 'kleiner'],
    ['größere', 'kleinere'],
    ['größeren', 'kleineren'],
    ['zunimmt', 'abnimmt'],
    ['zunehmen', 'abnehmen'],
    ['erhöht', 'verringert'],
    ['positiv', 'negativ'],
    ['positive', 'negative'],
    ['positiven', 'negativen'],
    ['Maximum', 'Minimum'],
    ['aufwärts', 'abwärts'],
    ['links', 'rechts'],
    ['schneller', 'langsamer'],
    ['stärker', 'schwächer'],
    ['früher', 'später'],
  ],
};
/** A claim that a swap would not turn false: one that is only possible, or already negated. */
const openClaim = {
  en: /\b(?:not|n't|never|no|neither|nor|cannot|may|might|can|could|either|or|vice versa)\b/i,
  de: /\b(?:nicht|kein\w*|nie|niemals|weder|kann|können|könnte|dürfen|darf|eventuell|möglicherweise|vielleicht|oder|entweder|umgekehrt)\b/i,
};

export function oppositeStatement(sentence: string, language: string): string | undefined {
  const lang = language === 'de' ? 'de' : language === 'en' ? 'en' : undefined;
  if (!lang || openClaim[lang].test(sentence)) return undefined;
  const pairs = opposites[lang];
  const words = new Map(pairs.flatMap(([a, b]) => [[a, b], [b, a]] as [string, string][]));
  const pattern = new RegExp(`(?<![\\p{L}-])(${[...words.keys()].join('|')})(?![\\p{L}-])`, lang === 'en' ? 'giu' : 'gu');
  const found = [...sentence.matchAll(pattern)];
  // Exactly one such word, so the statement says one thing the swap reverses ("higher … and lower …" stays true).
  if (found.length !== 1) return undefined;
  const match = found[0];
  const word = match?.[1] ?? '';
  const lower = lang === 'en' ? word.toLowerCase() : word;
  const opposite = words.get(lower);
  if (!match || !opposite || match.index === undefined) return undefined;
  const shown = lang === 'en' && /^\p{Lu}/u.test(word) ? opposite.charAt(0).toUpperCase() + opposite.slice(1) : opposite;
  let rest = sentence.slice(match.index + word.length);
  // A separable verb keeps its own particle: "steigt … wieder an" is "sinkt … wieder ab", not "sinkt … an".
  if (lang === 'de' && /^(?:steigt|steigen|sinkt|sinken)$/.test(word)) {
    rest = rest.replace(/^([^,;.]*?\s)(an|ab)(?=\s*(?:[,;.!]|$))/, (_all, lead: string, particle: string) => `${lead}${particle === 'an' ? 'ab' : 'an'}`);
  }
  return `${sentence.slice(0, match.index)}${shown}${rest}`;
}
