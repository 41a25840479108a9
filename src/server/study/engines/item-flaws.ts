import type { Challenge, Flashcard } from '../../../shared/artefacts';
import { BLANK } from '../../../shared/artefacts';
import { sentencesOf } from './local/nlp';
import { endsCut, genericHeading, opensGermanInstruction, scaffoldingOf } from './local/scaffolding';
import { genericNouns, stopWords } from './local/stopwords';

/**
 * Rule-based item-writing flaw checks: the kind a strict teacher reviewing generated study material finds
 * first. Each check looks at one item (or, for duplicates, a list of them) and names what is wrong; an empty list
 * means no rule fired, not that the item is good — that takes a teacher's label (eval/labels). Used by the evaluation
 * harness (`npm run eval:study`) and by the local engine as a last gate before it hands items out.
 */
export type FlawCode =
  | 'instruction'
  | 'question-text'
  | 'navigation'
  | 'reference'
  | 'markup'
  | 'cut-sentence'
  | 'fragment'
  | 'dangling'
  | 'generic-blank'
  | 'giveaway'
  | 'distractor-kind'
  | 'distractor-overlap'
  | 'false-statement-kind'
  | 'keyed-wrong'
  | 'generic-label'
  | 'duplicate';

export interface Flaw {
  code: FlawCode;
  detail: string;
}

const flaw = (code: FlawCode, detail: string): Flaw => ({ code, detail });

/** The engine's own framing of a question ("Which term fills the blank? …"), taken off before the sentence is judged. */
const framing =
  /^(?:Which term fills the blank\?|Welcher Begriff gehört in die Lücke\?|Which term is described here\?|Welcher Begriff wird hier beschrieben\?|What is meant by|Was versteht man unter)\s*/;

/** Flaws of a sentence shown as content: a key point, a card's back, a true/false statement, a mind-map fact. */
export function sentenceFlaws(text: string, language: string): Flaw[] {
  const flaws: Flaw[] = [];
  const bare = text.replace(framing, '').replace(/^[„“"]|[“”"]$/g, '').trim();
  const scaffolding = scaffoldingOf(bare.replace(BLANK, 'X'), language);
  if (scaffolding === 'instruction' || scaffolding === 'step') flaws.push(flaw('instruction', 'an exercise or an instruction to the reader'));
  else if (scaffolding === 'question') flaws.push(flaw('question-text', 'a question from the document, not a statement'));
  else if (scaffolding === 'navigation') flaws.push(flaw('navigation', 'website or document navigation'));
  else if (scaffolding === 'reference') flaws.push(flaw('reference', 'a reference, citation or link'));
  else if (scaffolding === 'markup') flaws.push(flaw('markup', 'raw markup or unreadable glyphs'));
  if (/[○●◦▪■□►▶✓✔➢➤]/u.test(bare)) flaws.push(flaw('markup', 'a bullet glyph inside the text'));
  if (endsCut(bare, language)) flaws.push(flaw('cut-sentence', 'the sentence ends where a formula or symbol stood'));
  const words = bare.match(/\p{L}+/gu) ?? [];
  if (words.length < 4) flaws.push(flaw('fragment', 'fewer than four words'));
  else if (/^\p{Ll}/u.test(bare) && !bare.startsWith(BLANK)) flaws.push(flaw('fragment', 'starts in the middle of a sentence'));
  if (dangles(bare, language)) flaws.push(flaw('dangling', 'leans on text the student does not see ("this", "it", "the figure")'));
  if (gluedExercise.test(bare) || (language === 'en' && gluedHeading.test(bare))) flaws.push(flaw('fragment', 'two pieces of the page glued into one'));
  return flaws;
}

/**
 * Two pieces of a page read as one sentence: an exercise's label inside it ("… Li F 3 LiF Ionenbindung Aufgabe 6: Bei
 * gegebener …", table cells before the task), or an English heading run into the sentence after it ("Traditional and
 * modern societies Many societies are …": a capitalised opener after a lower-case word, with no mark between).
 */
const gluedExercise = /.\b(?:Aufgabe|Übung|Exercise|Task|Problem|Question|Frage)\s+\d+[a-z]?\s*:/u;
const gluedHeading = /\b[a-z]{3,} (?:Many|The|This|These|Those|A|An|In|It|We|Some|Most|All|Each|For|When|If|Our|They|There|What|How|Why) (?=\p{Ll})/u;

const danglingOpeners = {
  en: /^(?:this|these|those|it|they|he|she|such|however|thus|hence|therefore|moreover|furthermore|also|then|here|there)\b/i,
  de: /^(?:dies|diese[rsnm]?|er|sie|es|dabei|daher|deshalb|dadurch|damit|somit|hier|dort|außerdem|zudem|jedoch)\b/i,
};
const danglingReferences =
  /\b(?:(?:this|the following|the above|above|below) (?:figure|table|slide|diagram|example|equation)|(?:figure|table|slide|diagram|example|equation)s? (?:below|above)|(?:diese|folgende|obige)[rnms]? (?:abbildung|tabelle|folie|grafik))\b/i;

function dangles(text: string, language: string): boolean {
  const opener = language === 'de' ? danglingOpeners.de : danglingOpeners.en;
  return (opener.test(text) && !text.startsWith(BLANK)) || danglingReferences.test(text);
}

/** Flaws of a label: a mind-map node or a unit title. */
export function labelFlaws(label: string, language: string): Flaw[] {
  const flaws: Flaw[] = [];
  const bare = label.trim();
  if (genericHeading.test(bare.replace(/^[\d.\s]+(?=\p{L})/u, ''))) {
    flaws.push(flaw('generic-label', 'a label that names no topic'));
  }
  if (!/\p{L}{3}/u.test(bare)) flaws.push(flaw('fragment', 'no word in it'));
  const scaffolding = scaffoldingOf(bare, language);
  if (scaffolding === 'instruction' || scaffolding === 'step' || scaffolding === 'navigation' || scaffolding === 'markup' || scaffolding === 'reference') {
    flaws.push(flaw(scaffolding === 'step' ? 'instruction' : scaffolding, 'scaffolding, not a topic'));
  }
  if (/[○●◦▪■□►▶✓✔➢➤]/u.test(bare)) flaws.push(flaw('markup', 'a bullet glyph inside the label'));
  const single = bare.toLowerCase();
  if (!bare.includes(' ') && (stopWords(language).has(single) || genericNouns.has(single))) {
    flaws.push(flaw('generic-label', `"${bare}" is a generic word`));
  }
  if (language === 'de' && inflectedGermanPhrase(bare)) flaws.push(flaw('fragment', 'an inflected phrase cut from its sentence'));
  return flaws;
}

/** Feminine and plural endings of German nouns: after "-en", "-e" an adjective may be in its base form. */
const feminineOrPlural = /(?:ung|heit|keit|ion|tät|schaft|enz|anz|ik|ur|ie|ei|e|en|n|er|s)$/;

/**
 * A German adjective and noun as they stood in a sentence, not as a term is named: "offenen Lizenz" (dative),
 * "klassischen Musik", "rechte Bit", "stehenden Bits". Named in the nominative, an adjective before a singular noun
 * ends in -e only before a feminine noun, and in -en only before a plural.
 */
function inflectedGermanPhrase(label: string): boolean {
  const words = label.split(' ');
  if (words.length !== 2) return false;
  const [adjective = '', noun = ''] = words;
  if (!/^\p{Ll}/u.test(adjective) || !/^\p{Lu}/u.test(noun)) return false;
  if (/(?:nden|nde)$/.test(adjective)) return true;
  if (adjective.endsWith('en')) return !/(?:en|n|e|er|s)$/.test(noun);
  if (adjective.endsWith('e')) return !feminineOrPlural.test(noun);
  return false;
}

/** Flaws of a term shown as an answer or on a card's front: a stop word, a generic noun, a stray fragment. */
export function termFlaws(term: string, language: string): Flaw[] {
  const lower = term.trim().toLowerCase();
  const flaws: Flaw[] = [];
  if (stopWords(language).has(lower) || stopWords('en').has(lower) || genericNouns.has(lower)) {
    flaws.push(flaw('generic-blank', `"${term}" is a stop word or a generic word`));
  } else if (lower.length < 3 && !/^\p{N}/u.test(lower)) flaws.push(flaw('generic-blank', `"${term}" is too short to teach anything`));
  if (/[\uE000-\uF8FF\uFFFD○●◦▪]/u.test(term)) flaws.push(flaw('markup', 'glyphs in the term'));
  // German verbs show as verbs ("Klicke", "Berechne"); an English "list" or "plot" is as often the noun being taught.
  if (language === 'de' && opensGermanInstruction(term) && !term.includes(' ')) {
    flaws.push(flaw('generic-blank', `"${term}" is an instruction verb`));
  }
  return flaws;
}

type OptionKind = 'number' | 'formula' | 'word' | 'name' | 'verb' | 'adjective';

/**
 * The kind of a word or phrase standing in the sentence, as the grammar reads it there: a number, a name, a common
 * noun (phrase), a verb or an adjective. English is tagged in context; German by its capital letter (nouns) and the
 * instruction verbs of scaffolding.ts.
 */
function kindInContext(sentenceWithBlank: string, filler: string, language: string): OptionKind {
  const trimmed = filler.trim();
  if (/^[\d.,\s%−+×·^⁰¹²³⁴⁵⁶⁷⁸⁹/-]+(?:\s?\p{L}{1,4})?$/u.test(trimmed) && /\d/.test(trimmed)) return 'number';
  if (trimmed.includes('=')) return 'formula';
  const at = sentenceWithBlank.indexOf(BLANK);
  const sentenceStart = at <= 0 || /[.!?:]\s*$/.test(sentenceWithBlank.slice(0, at));
  if (language === 'de') {
    if (!sentenceStart && /^\p{Ll}/u.test(trimmed)) return /(?:ig|lich|isch|bar|sam|haft|los|voll)$/.test(trimmed) ? 'adjective' : 'verb';
    if (opensGermanInstruction(trimmed) && !trimmed.includes(' ')) return 'verb';
    return 'word';
  }
  if (language !== 'en') return 'word';
  const filled = sentenceWithBlank.replace(BLANK, trimmed);
  const sentence = sentencesOf(filled, 'en').find((found) => found.start <= at && at < found.start + found.text.length);
  const tokens = sentence?.tokens.filter((token) => token.start >= at && token.end <= at + trimmed.length) ?? [];
  const head = tokens.at(-1);
  if (!head) return 'word';
  if (head.pos === 'VERB' || head.pos === 'AUX') return 'verb';
  if (head.pos === 'ADJ' || head.pos === 'ADV') return 'adjective';
  if (!sentenceStart && tokens.every((token) => /^\p{Lu}/u.test(token.text)) && !/^\p{Lu}{2,}/u.test(trimmed)) return 'name';
  return 'word';
}

/**
 * Wrong options must be of the same kind as the right one: the same word class in the sentence, a number for a
 * number, a name for a name, about the same length; none may contain another or the answer.
 */
function optionFlaws(sentenceWithBlank: string, answer: string, distractors: readonly string[], language: string): Flaw[] {
  const flaws: Flaw[] = [];
  const answerKind = kindInContext(sentenceWithBlank, answer, language);
  const answerWords = answer.trim().split(/\s+/).length;
  for (const distractor of distractors) {
    const kind = kindInContext(sentenceWithBlank, distractor, language);
    if (kind !== answerKind) flaws.push(flaw('distractor-kind', `"${distractor}" is a ${kind}, the answer "${answer}" a ${answerKind}`));
    else if (kind === 'number' && decimals(distractor) !== decimals(answer)) {
      flaws.push(flaw('distractor-kind', `"${distractor}" is written with other decimals than "${answer}"`));
    }
    const words = distractor.trim().split(/\s+/).length;
    const longer = Math.max(distractor.length, answer.length);
    const shorter = Math.max(1, Math.min(distractor.length, answer.length));
    // A formula's spaces are typesetting, not words: only its length counts.
    if ((answerKind !== 'formula' && Math.abs(words - answerWords) > 1) || longer / shorter > 3.5) {
      flaws.push(flaw('distractor-kind', `"${distractor}" differs in length from "${answer}"`));
    }
    if (language === 'en' && kind === 'word' && answerKind === 'word' && plural(answer) !== plural(distractor)) {
      flaws.push(flaw('distractor-kind', `"${distractor}" and "${answer}" differ in number (singular, plural)`));
    }
    const a = answer.toLowerCase();
    const d = distractor.toLowerCase();
    if (a.includes(d) || d.includes(a)) flaws.push(flaw('distractor-overlap', `"${distractor}" and "${answer}" contain each other`));
    flaws.push(...termFlaws(distractor, language).map((found) => ({ ...found, code: 'distractor-kind' as const })));
  }
  return flaws;
}

/** How many digits a number has after its decimal point or comma: "2.228" 3, "11" 0. */
const decimals = (value: string) => /[.,](\d+)\D*$/.exec(value.trim())?.[1]?.length ?? 0;

/** An English noun phrase's number, by its last word: "molecules" plural, "gas", "analysis", "virus" singular. */
function plural(phrase: string): boolean {
  const last = phrase.trim().split(/\s+/).at(-1)?.toLowerCase() ?? '';
  if (/(?:ss|us|is|ics|ous|news)$/.test(last)) return false;
  return /(?:[^s]s|ies|ae|men|children|people|data|criteria|phenomena|mitochondria)$/.test(last);
}

/** The answer, or a long word of it, standing in the question beside the blank gives the answer away. */
function givesAway(question: string, answer: string): boolean {
  const rest = question.replace(framing, '').replace(BLANK, ' ').toLowerCase();
  const stems = answer
    .toLowerCase()
    .split(/\s+/)
    .filter((word) => word.length >= 5)
    .map((word) => word.slice(0, Math.max(5, word.length - 2)));
  return stems.some((stem) => new RegExp(`(?:^|[^\\p{L}])${escape(stem)}`, 'u').test(rest));
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A false true/false statement must be false by a change of the same kind (another term of the class, another number,
 * a negation), not by a stray word that breaks the grammar: the changed span is compared with what the source sentence
 * (the explanation) says there.
 */
function falseStatementFlaws(statement: string, source: string, language: string): Flaw[] {
  const a = source.trim().split(/\s+/);
  const b = statement.trim().split(/\s+/);
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  if (head === a.length && head === b.length) return [flaw('keyed-wrong', 'the "false" statement is the source sentence itself')];
  const original = a.slice(head, a.length - tail).join(' ');
  const changed = b.slice(head, b.length - tail).join(' ');
  // A statement rewritten as a whole (or made false by a negation) is not a substitution: nothing to compare.
  if (!original || !changed || a.length - head - tail > 6 || /\b(?:not|nicht|kein|never|nie)\b/i.test(changed)) return [];
  const withBlank = [...b.slice(0, head), BLANK, ...b.slice(b.length - tail)].join(' ');
  const strip = (text: string) => text.replace(/^[("„“]+|[.,;:!?)"“”]+$/g, '');
  return optionFlaws(withBlank, strip(original), [strip(changed)], language).map((found) => ({
    ...found,
    code: 'false-statement-kind' as const,
  }));
}

export function challengeFlaws(challenge: Challenge, language: string): Flaw[] {
  const flaws: Flaw[] = [];
  const explanation = sentenceFlaws(challenge.explanation, language).filter((found) => found.code !== 'dangling');
  flaws.push(...explanation);
  switch (challenge.type) {
    case 'multiple_choice': {
      const correct = challenge.options.find((option) => option.correct)?.text ?? '';
      const others = challenge.options.filter((option) => !option.correct).map((option) => option.text);
      const stem = challenge.question.replace(framing, '');
      if (stem.includes(BLANK)) {
        flaws.push(...blankQuestionFlaws(stem, correct, language));
        flaws.push(...optionFlaws(stem, correct, others, language));
      } else {
        flaws.push(...termFlaws(correct, language));
        flaws.push(...optionFlaws(`${BLANK} is meant.`, correct, others, language));
        if (givesAway(stem, correct)) flaws.push(flaw('giveaway', `the question names "${correct}"`));
      }
      break;
    }
    case 'fill_blank': {
      flaws.push(...blankQuestionFlaws(challenge.question, challenge.answer, language));
      const others = challenge.options.filter((option) => option.toLowerCase() !== challenge.answer.toLowerCase());
      flaws.push(...optionFlaws(challenge.question, challenge.answer, others, language));
      break;
    }
    case 'true_false': {
      flaws.push(...sentenceFlaws(challenge.question, language));
      if (!challenge.answer) flaws.push(...falseStatementFlaws(challenge.question, challenge.explanation, language));
      break;
    }
    case 'match': {
      for (const pair of challenge.pairs) {
        flaws.push(...termFlaws(pair.term, language));
        if (pair.definition.includes(BLANK)) flaws.push(...blankQuestionFlaws(pair.definition, pair.term, language));
        else flaws.push(...sentenceFlaws(pair.definition, language).filter((found) => found.code !== 'fragment'));
      }
      break;
    }
  }
  return unique(flaws);
}

function blankQuestionFlaws(question: string, answer: string, language: string): Flaw[] {
  const filled = question.startsWith(BLANK) ? question.replace(BLANK, answer.charAt(0).toUpperCase() + answer.slice(1)) : question.replace(BLANK, answer);
  const flaws = sentenceFlaws(filled, language);
  flaws.push(...termFlaws(answer, language));
  if (givesAway(question, answer)) flaws.push(flaw('giveaway', `the sentence names "${answer}" beside the blank`));
  return flaws;
}

export function cardFlaws(card: Flashcard, language: string): Flaw[] {
  if (card.kind === 'cloze') return unique(blankQuestionFlaws(card.front, card.back, language));
  const flaws = [...termFlaws(card.front, language), ...labelFlaws(card.front, language)];
  // A short back is a value (a table's cell, a constant, a formula): it is judged as a value, not as a sentence.
  const value = (card.back.match(/\p{L}{2,}/gu) ?? []).length < 4 || card.back.includes('=');
  if (value) flaws.push(...termFlaws(card.back, language).filter((found) => found.code === 'markup'));
  else flaws.push(...sentenceFlaws(card.back, language).filter((found) => found.code !== 'dangling' || !/^(?:it|es)\b/i.test(card.back)));
  return unique(flaws);
}

/** Content words of a text, for near-duplicate checks. */
function contentWords(text: string, language: string): Set<string> {
  const stop = stopWords(language);
  return new Set(
    (text.toLowerCase().match(/\p{L}[\p{L}\p{N}]+|\p{N}+/gu) ?? []).filter((word) => !stop.has(word) && word !== BLANK),
  );
}

/**
 * Indexes of items that repeat an earlier one: the same text once normalised, or nearly the same content words
 * (Jaccard ≥ 0.8 over at least four words).
 */
export function duplicateIndexes(texts: readonly string[], language: string): Map<number, number> {
  const seen: { index: number; words: Set<string> }[] = [];
  const repeats = new Map<number, number>();
  texts.forEach((text, index) => {
    const words = contentWords(text.replace(framing, ''), language);
    const earlier = seen.find((other) => {
      if (words.size === 0 || other.words.size === 0) return false;
      let shared = 0;
      for (const word of words) if (other.words.has(word)) shared++;
      const union = words.size + other.words.size - shared;
      return union > 0 && shared / union >= 0.8 && Math.min(words.size, other.words.size) >= 4;
    });
    if (earlier) repeats.set(index, earlier.index);
    seen.push({ index, words });
  });
  return repeats;
}

function unique(flaws: Flaw[]): Flaw[] {
  const seen = new Set<string>();
  return flaws.filter((found) => {
    const key = `${found.code}\u0000${found.detail}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
