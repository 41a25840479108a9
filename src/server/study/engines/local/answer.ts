import type { AnswerContext, AnswerEvent, EngineCallOptions } from '../engine';
import { baseLanguage, notCoveredAnswer } from '../engine';
import { detectLanguage } from './language';
import { sentencesOf } from './nlp';
import { compareText } from './order';
import { slideLines, unitsOf, type Unit } from './tutor-passages';
import { bestMatch, fold, keysOf, matchDegree, matchingText, questionTerms, type QuestionTerm } from './tutor-terms';
import { tableAnswer } from './tutor-tables';
import { markdownSafe } from './tutor-text';

/**
 * The local engine's tutor: answers as a careful teacher would from the retrieved passages, offline and
 * deterministic. The passages are read as units (sentences, list items, table rows) under their headings
 * (tutor-passages.ts), in readable text (tutor-text.ts). Whether they answer the question is judged on a unit with its
 * neighbours and its heading, weighing the question's distinctive words (names, abbreviations, long compounds,
 * numbers) above generic ones (tutor-terms.ts); a question whose subject the passages never name is declined.
 * The answer is a few composed sentences — the one defining what was asked first, then up to three supporting facts —
 * each followed by the marker of its page's citation. Verbatim quotes (a blockquote) only when the student asks for
 * a quote. Streamed in small chunks so it reads as it arrives.
 */

/** "X is a …", "X are …", "X refers to …", "X ist ein …": the verb of a definition after its subject. */
const definingVerb =
  /^(?:is|are|was|were|refers|means|denotes|describes|represents|ist|sind|war|bezeichnet|beschreibt|bedeutet|heißt|heisst|nennt|basiert|besteht|versteht)$/i;
/** "… is called X", "… became known as X", "… heißt X", "… nennt man X": a definition naming its term last. */
const namingPhrase =
  /\b(?:is|are|was|were|be|been)\s+(?:called|termed|named|known\s+as|referred\s+to\s+as|defined\s+as)\b|\bbecame\s+known\s+as\b|\bwe\s+call\b|\b(?:heißt|heisst|hei[ßs]en|nennt\s+man|bezeichnet\s+man|genannt|bezeichnet\s+als)\b/i;
/** Sentences leaning on the one before ("This …", "It …"): read with it. */
const continuation = /^(?:this|these|that|those|it|its|they|their|such|here|he|she|his|her|dies|diese[rsnm]?|dieses|er|sie|es|dabei|dadurch|damit|hierbei|deshalb|daher)\b/i;
/** "quote", "zitiere", "wörtlich", "what exactly does it say": the student wants the document's own words. */
const quoteRequest =
  /\b(?:quote|quotes|quoting|quotation|verbatim|word\s+for\s+word|exact\s+(?:words|wording|text)|what\s+exactly\s+does\s+(?:it|the\s+\w+|\w+)\s+say|zitier\w*|zitat\w*|wörtlich\w*|woertlich\w*|genauen?\s+wortlaut|was\s+genau\s+steht)\b/i;

/**
 * A question about quoting or citing as the student's own task ("Darf ich Wikipedia zitieren?", "Wie zitiert man eine
 * Webseite?", "How do I quote a source?") asks what the document says about it, not for its words.
 */
const aboutCiting =
  /\b(?:darf|soll|sollte|muss|kann|könnte)\s+(?:ich|man|wir)\b[^?]*\b(?:zitier\w*|quot\w*)|\b(?:zitiert|zitieren)\s+(?:man|ich|wir)\b|\bhow\s+(?:do|should|can|must|to)\s+(?:(?:i|we|you|one)\s+)?(?:quote|cite)\b|\b(?:can|may|should|must)\s+(?:i|we|one)\s+(?:quote|cite)\b/i;

/** How much of the question a unit with its neighbours and heading must cover to answer; with strong evidence less. */
const MIN_COVERAGE = 0.5;
const MIN_COVERAGE_WITH_EVIDENCE = 0.3;
/** A question naming a subject the passages never mention is declined unless the rest is this well covered. */
const OVERRIDE_MISSING_SUBJECT = 0.75;
const OVERRIDE_MISSING_DISTINCTIVE = 0.85;
/** Supporting sentences after the first, and the answer's length they may fill. */
const MAX_SUPPORT = 3;
/** The lead is read with the sentences after it in its paragraph up to this length, and never beyond the second. */
const LEAD_WINDOW = 400;
const LEAD_WINDOW_MAX = 600;
const MAX_ANSWER_CHARS = 900;
/** Streaming: words per chunk and the pause between chunks. */
const WORDS_PER_CHUNK = 1;
export const ANSWER_CHUNK_MS = 30;

interface Wording {
  intro: string;
  quoteIntro: string;
  askAboutDocuments: string;
}

const wordings: Record<'en' | 'de', Wording> = {
  en: {
    intro: 'Here is what your documents say about this:',
    quoteIntro: 'Here is what your documents say, word for word:',
    askAboutDocuments:
      "Ask me a question about your documents — about a term, an idea or a topic they discuss — and I'll answer from them, with the pages I draw on.",
  },
  de: {
    intro: 'Das steht in deinen Dokumenten dazu:',
    quoteIntro: 'Das steht wörtlich in deinen Dokumenten:',
    askAboutDocuments:
      'Stell mir eine Frage zu deinen Dokumenten – zu einem Begriff, einer Idee oder einem Thema daraus – und ich antworte daraus, mit den Seiten, auf die ich mich stütze.',
  },
};

/** The question's language when its words tell (English or German); the course's otherwise. */
function answerLanguage(question: string, courseLanguage: string): 'en' | 'de' {
  const detected = detectLanguage([question], baseLanguage(courseLanguage));
  return detected === 'de' ? 'de' : 'en';
}

/** Abbreviations the passages define ("Rastertunnelmikroskop (STM)", "Lithium Diisopropylamide (LDA)"): both ways. */
function abbreviations(units: readonly Unit[], language: string): Map<string, string[]> {
  const synonyms = new Map<string, string[]>();
  const add = (from: string[], to: string[]) => {
    for (const key of from) synonyms.set(key, [...new Set([...(synonyms.get(key) ?? []), ...to])]);
  };
  for (const unit of units) {
    for (const text of [unit.text, unit.heading ?? '']) {
      for (const match of text.matchAll(/((?:[\p{L}][\p{L}-]*\s+){0,3}[\p{L}][\p{L}-]*)\s*\((\p{Lu}[\p{Lu}\p{N}]{1,5})\)/gu)) {
        const words = (match[1] ?? '').split(/\s+/);
        const abbreviation = match[2] ?? '';
        // The long form: the words whose initials spell the abbreviation, else the one word before it (a compound).
        const initials = abbreviation.toLowerCase();
        let long = words.slice(-initials.length);
        if (long.map((word) => word[0]?.toLowerCase()).join('') !== initials) long = words.slice(-1);
        const longKeys = long.flatMap((word) => keysOf({ lower: word.toLowerCase(), lemma: word.toLowerCase() }, language));
        const shortKeys = keysOf({ lower: abbreviation.toLowerCase(), lemma: abbreviation.toLowerCase() }, language);
        add(shortKeys, longKeys);
        if (long.length === 1) add(longKeys, shortKeys);
      }
    }
  }
  return synonyms;
}

interface Judged {
  unit: Unit;
  /** The unit alone: how much of the question it holds (0–1). */
  own: number;
  /** The unit with its neighbours and heading. */
  window: number;
  /** A distinctive word or a two-word phrase of the question found in it (or its heading) verbatim. */
  evidence: boolean;
  defines: number;
  score: number;
}

/** The degree to which a term is in a unit: in its words, else in its heading or neighbours (a little less). */
function degreeIn(term: QuestionTerm, keys: ReadonlySet<string>): number {
  return bestMatch(term.keys, keys);
}

/** Whether two adjacent question terms stand next to each other in the unit ("kinetic product", "M + 2 peak"). */
function phraseIn(first: QuestionTerm, second: QuestionTerm, sequence: readonly string[][]): boolean {
  for (let index = 0; index < sequence.length; index++) {
    const here = sequence[index] ?? [];
    if (!first.keys.some((key) => here.some((other) => matchDegree(key, other) >= 0.85))) continue;
    for (let step = 1; step <= 2; step++) {
      const next = sequence[index + step] ?? [];
      if (second.keys.some((key) => next.some((other) => matchDegree(key, other) >= 0.85))) return true;
      if (next.length > 0) break;
    }
  }
  return false;
}

const definitionStop = new Set(['the', 'a', 'an', 'der', 'die', 'das', 'ein', 'eine', 'einer', 'eines', 'so', 'called', 'so-called']);

/**
 * How well the unit defines what was asked (0–1): "X is …", "… is called X", "X: …" (a table row, a label). A
 * definition of exactly the asked term (nothing else in the defined phrase) counts fully; one of a narrower term
 * ("The thermodynamic enolate is …" for "What is an enolate?") half.
 */
function definesTerm(unit: Unit, nouns: readonly QuestionTerm[]): number {
  if (nouns.length === 0) return 0;
  const asked = (word: string) => {
    const key = fold(word);
    return nouns.some((noun) => noun.keys.some((other) => matchDegree(other, key) >= 0.7 || key.startsWith(other)));
  };
  const strength = (phrase: string[]) => {
    const content = phrase.filter((word) => /\p{L}{2}/u.test(word) && !definitionStop.has(word.toLowerCase()));
    if (!content.some(asked)) return 0;
    return content.every(asked) ? 1 : 0.5;
  };
  const words = (text: string) => text.split(/[^\p{L}\p{N}-]+/u).filter(Boolean);
  const colon = unit.text.indexOf(':');
  if (colon > 0 && colon < 60) {
    const label = strength(words(unit.text.slice(0, colon)));
    if (label > 0) return label;
  }
  // The term among the first words, a defining verb soon after it.
  const tokens = unit.tokens;
  const verb = tokens.findIndex((token, index) => index > 0 && index < 9 && definingVerb.test(token.text));
  if (verb > 0) {
    const subject = strength(tokens.slice(0, verb).map((token) => token.text));
    if (subject > 0) return subject;
  }
  // "… is called an enolate", "… became known as the ultraviolet catastrophe".
  const naming = namingPhrase.exec(unit.text);
  if (naming) {
    const after = unit.text.slice(naming.index + naming[0].length).split(/[.,;:!?()]/)[0] ?? '';
    return strength(words(after).slice(0, 5));
  }
  return 0;
}

/** "Why …?", "Warum …?": a sentence giving a reason answers it ("Because …", "… due to …", "…, weil …"). */
const asksWhy = /^\s*(?:why|warum|wieso|weshalb|weswegen)\b/i;
const givesReason = /\b(?:because|since|due\s+to|owing\s+to|so\s+that|therefore|thus|hence|leads?\s+to|causes?|weil|da\s|denn|deshalb|daher|dadurch|wegen|aufgrund|sodass|führt\s+zu)\b/i;

/**
 * "How many …?", "Wie groß ist …?", "Welchen Stellenwert hat …?": a question asking for a quantity is answered by a
 * sentence (or a worked line) that gives a number the question does not already hold.
 */
const asksQuantity =
  /\b(?:how\s+(?:many|much|large|big|long|high|far|fast|old|often|likely)|what\s+(?:is|was|are)\s+the\s+(?:value|number|probability|percentage|median|mean|wavelength|frequency|entropy|result|sum|size)|which\s+(?:value|number|score)|wie\s+(?:viele?|groß|hoch|lang|weit|schnell|alt|oft|wahrscheinlich)|welche[nrms]?\s+(?:wert|stellenwert|wellenlänge|frequenz|entropie|zahl|anzahl|wahrscheinlichkeit|ergebnis|betrag|größe)|ab\s+welchem\s+\S*wert|wie\s+lautet\s+das\s+ergebnis)\b/i;
/** "When is a permutation called simple?", "Wann heißt eine Relation …?": a condition answers it ("… if …", "…, wenn …"). */
const asksCondition = /^\s*(?:when|wann)\s+(?:is|are|does|do|can|ist|sind|heißt|heißen|gilt|gelten|nennt|spricht)\b/i;
const givesCondition = /\b(?:if|iff|whenever|provided|wenn|falls|sofern|genau dann)\b/i;
const numbersIn = (text: string) => new Set(text.match(/\d+(?:[.,]\d+)?/g) ?? []);

function judge(units: readonly Unit[], terms: readonly QuestionTerm[], passageCount: number, question: string): Judged[] {
  const quantity = asksQuantity.test(question);
  const condition = asksCondition.test(question);
  const asked = numbersIn(question);
  const total = terms.reduce((sum, term) => sum + term.weight, 0) || 1;
  const nouns = terms.filter((term) => term.noun && !term.answerType);
  const definitionNouns = nouns.length > 0 ? nouns : terms;
  const why = asksWhy.test(question);
  return units.map((unit, index) => {
    const before = units[index - 1]?.passage === unit.passage ? units[index - 1] : undefined;
    const after = units[index + 1]?.passage === unit.passage ? units[index + 1] : undefined;
    const neighbours = [before, after].filter((other): other is Unit => other !== undefined);
    // A sentence leaning on the one before ("He proposed …") is about what that one names.
    const antecedent = continuation.test(unit.text) || /^(?:he|she|er)\b/i.test(unit.text) ? before : undefined;
    // An item or table row is about its heading ("To favour the kinetic enolate: … LDA …").
    const headingShare = unit.kind === 'sentence' ? 0.5 : 0.9;
    let own = 0;
    let window = 0;
    let evidence = false;
    for (const term of terms) {
      const inUnit = degreeIn(term, unit.keys);
      const inHeading = degreeIn(term, unit.headingKeys);
      const inNeighbours = Math.max(0, ...neighbours.map((other) => degreeIn(term, other.keys)));
      const inAntecedent = antecedent ? 0.8 * degreeIn(term, antecedent.keys) : 0;
      own += term.weight * Math.max(inUnit, headingShare * inHeading, inAntecedent);
      window += term.weight * Math.max(inUnit, 0.9 * inHeading, 0.75 * inNeighbours);
      if (term.distinctive && Math.max(inUnit, inHeading) >= 0.85) evidence = true;
    }
    for (let at = 0; at + 1 < terms.length && !evidence; at++) {
      const first = terms[at];
      const second = terms[at + 1];
      if (!first || !second || second.index - first.index > 3 || first.weight < 0.5 || second.weight < 0.5) continue;
      if (phraseIn(first, second, unit.sequence)) evidence = true;
    }
    own /= total;
    window /= total;
    const defines = definesTerm(unit, definitionNouns);
    const length = unit.text.length;
    // Fragments ("Kovalente Bindung"), questions the text asks itself ("Why?") and bare formulas answer little alone.
    const fragment = unit.kind === 'sentence' && (length < 30 || unit.text.split(/\s+/).length < 4) && !/[.!]$/.test(unit.text);
    const asks = /\?$/.test(unit.text);
    const fit = (length < 30 ? 0.9 : length > 450 ? 0.85 : 1) * (fragment ? 0.6 : 1) * (asks ? 0.5 : 1);
    // Retrieval ranks passages best first: a small nudge towards its order breaks ties.
    const rank = 0.04 * (1 - unit.passage / Math.max(1, passageCount));
    const reason = (why && givesReason.test(unit.text)) || (condition && givesCondition.test(unit.text)) ? 0.1 : 0;
    const gives = quantity && [...numbersIn(unit.text)].some((number) => !asked.has(number));
    const shape = gives ? 0.12 : unit.kind === 'formula' ? -0.1 : 0;
    const score = (0.6 * own + 0.4 * window) * fit * (unit.scaffolding ? 0.5 : 1) + 0.2 * defines + rank + reason + shape;
    return { unit, own, window, evidence, defines, score };
  });
}

/**
 * The question's subject: the first run of nouns (with their adjectives) that is not the kind of answer asked for —
 * "nuclear reactor" in "How does a nuclear reactor control the chain reaction?", "Compton effect" in "What is the
 * Compton effect?".
 */
function subjectOf(terms: readonly QuestionTerm[]): QuestionTerm[] {
  const start = terms.findIndex((term) => term.noun && !term.answerType);
  if (start < 0) return [];
  let first = start;
  while (first > 0) {
    const before = terms[first - 1];
    const current = terms[first];
    if (!before || !current || current.index - before.index > 2 || before.answerType || before.weight < 0.7) break;
    first--;
  }
  const group: QuestionTerm[] = [];
  for (let index = first; index < terms.length; index++) {
    const term = terms[index];
    const previous = terms[index - 1];
    if (!term) break;
    if (index > first && previous && term.index - previous.index > 2) break;
    if (index > start && !term.noun) break;
    group.push(term);
  }
  return group;
}

/** Whether the passages answer the question at all, judged on the best unit with its neighbours and heading. */
function covers(judged: readonly Judged[], terms: readonly QuestionTerm[], units: readonly Unit[]): boolean {
  const best = [...judged].sort((a, b) => b.window - a.window)[0];
  if (!best) return false;
  const found = (term: QuestionTerm) => Math.max(0, ...units.map((unit) => Math.max(degreeIn(term, unit.keys), degreeIn(term, unit.headingKeys))));
  // How many units hold a term: a word in nearly every unit is the document's topic, not a pinpoint.
  const spread = (term: QuestionTerm) => units.filter((unit) => unit.kind !== 'slide' && degreeIn(term, unit.keys) >= 0.85).length;
  // A subject the passages never name, or a distinctive word of the question they never hold (a name, an
  // abbreviation, a long compound): they do not address the question's topic, unless nearly all else is there.
  const subject = new Set(subjectOf(terms));
  const missing = terms.filter((term) => term.noun && !term.answerType && (term.distinctive || subject.has(term)) && term.weight >= 0.9 && found(term) < 0.7);
  // Two words of the question's content the passages hold nowhere: they are about something else.
  const absent = terms.filter((term) => term.noun && !term.answerType && term.weight >= 0.9 && found(term) < 0.5);
  if (absent.length >= 2 && best.window < OVERRIDE_MISSING_SUBJECT) return false;
  // A distinctive word (a name, a long compound) the passages never hold takes nearly all else to be forgiven.
  if (missing.some((term) => term.distinctive) && best.window < OVERRIDE_MISSING_DISTINCTIVE) return false;
  if (missing.length > 0 && best.window < OVERRIDE_MISSING_SUBJECT) {
    // Only a subject phrased in other words is forgiven, when a rare word of the document pinpoints the passage.
    const pinpoint =
      missing.every((term) => !term.distinctive) &&
      terms.some((term) => term.distinctive && found(term) >= 0.85 && spread(term) <= Math.max(3, units.filter((unit) => unit.kind !== 'slide').length / 4));
    if (!pinpoint) return false;
  }
  const strongest = judged.filter((entry) => entry.window >= MIN_COVERAGE_WITH_EVIDENCE && entry.evidence);
  return best.window >= MIN_COVERAGE - 1e-9 || strongest.length > 0;
}

const overlap = (a: ReadonlySet<string>, b: ReadonlySet<string>) => {
  let shared = 0;
  for (const key of a) if (b.has(key)) shared++;
  return shared / Math.max(1, Math.min(a.size, b.size));
};

/** The units to answer with: the lead (a definition of what was asked where the passages hold one), then support. */
function choose(
  judged: Judged[],
  units: readonly Unit[],
  every: readonly Unit[],
  question: string,
): { lead: Unit; units: Unit[]; list: ReadonlySet<Unit> } | undefined {
  const ranked = [...judged].sort(
    (a, b) => b.score - a.score || a.unit.passage - b.unit.passage || a.unit.position - b.unit.position || compareText(a.unit.text, b.unit.text),
  );
  const top = ranked[0];
  if (!top) return undefined;
  // The list items (short ones too: "nine (9)") right after a unit that asks or announces them ("39. How many justices
  // are on the Supreme Court?", "Prüfschritte bei Anmeldung:") are its answer.
  const listAfter = (unit: Unit): Unit[] => {
    if (!/[?:]["”“)]?$/.test(unit.text)) return [];
    const items: Unit[] = [];
    let length = 0;
    for (let index = every.indexOf(unit) + 1; index < every.length && items.length < 8; index++) {
      const item = every[index];
      // The next numbered question ("40. Who is the Chief Justice …?") ends the list.
      if (!item || item.passage !== unit.passage || (item.kind !== 'item' && item.kind !== 'row') || /\?["”“)]?$/.test(item.text) || length + item.text.length > 500) break;
      items.push(item);
      length += item.text.length;
    }
    return items;
  };
  // A question of the document's own that is the student's (a FAQ, a practice test with its answers listed under each
  // question, a worksheet's question with its solution after it) leads, with its answer after it.
  const answeredAfter = (unit: Unit) => {
    const after = units[units.indexOf(unit) + 1];
    return after !== undefined && after.passage === unit.passage && after.kind === 'sentence' && !/\?["”“)]?$/.test(after.text) && !after.scaffolding;
  };
  const asked = judged
    .filter((entry) => /\?["”“)]?$/.test(entry.unit.text) && entry.own >= 0.75 && (listAfter(entry.unit).length > 0 || answeredAfter(entry.unit)))
    .sort((a, b) => b.own - a.own || b.score - a.score)[0];
  const lead = asked && asked.own >= top.own ? asked.unit : top.unit;
  const chosen: Unit[] = [];
  const leadIndex = units.indexOf(lead);
  const before = units[leadIndex - 1];
  const next = units[leadIndex + 1];
  // A lead leaning on the sentence before it ("This embarrassment became known as …", "He proposed …", "… for this
  // work") is read after that sentence.
  const leans = continuation.test(lead.text) || /\b(?:this|these|that|diese[rsnm]?|dieses)\s+\p{L}+/iu.test(lead.text.slice(0, 80));
  if (leans && before && before.passage === lead.passage && before.kind !== 'formula' && !/\?$/.test(before.text)) chosen.push(before);
  chosen.push(lead);
  // …and one its next sentence continues ("It has four phases …"), or an announcing one ("… tells you the direction:").
  // A short lead is read with the sentences after it in its paragraph ("Physicists knew hot objects glow. … The
  // best predictions diverged …"): a teacher gives the context with the point.
  const answers = listAfter(lead);
  chosen.push(...answers);
  let leadLength = answers.length > 0 ? Infinity : lead.text.length;
  for (let step = 1; leadLength < LEAD_WINDOW && step <= 5; step++) {
    const following = units[leadIndex + step];
    if (!following || following.passage !== lead.passage || following.heading !== lead.heading || (following.kind !== 'sentence' && following.kind !== lead.kind)) break;
    if (/\?$/.test(following.text) || following.scaffolding) break;
    if (leadLength + following.text.length > LEAD_WINDOW_MAX) break;
    chosen.push(following);
    leadLength += following.text.length;
  }
  const listFollows = next?.kind === 'item' && /^(?:zum beispiel|beispiele?|for example|examples?|e\.g\.|z\.\s?b\.)\b/i.test(next.text);
  if (next && !chosen.includes(next) && next.passage === lead.passage && (continuation.test(next.text) || /:$/.test(lead.text) || listFollows) && next.text.length < 400) chosen.push(next);
  const support = ranked
    .slice(1)
    .filter((entry) => !chosen.includes(entry.unit) && entry.unit.kind !== 'formula' && entry.unit.kind !== 'slide' && !entry.unit.scaffolding && !/\?$/.test(entry.unit.text))
    // Beside a question of the document answered by its list, the passage's other questions and answers are no support.
    .filter((entry) => answers.length === 0 || entry.unit.passage !== lead.passage)
    .map((entry) => {
      const adjacent = entry.unit === next;
      const samePassage = entry.unit.passage === lead.passage;
      const reason = asksWhy.test(question) && givesReason.test(entry.unit.text) ? 0.15 : 0;
      return { entry, value: entry.own + (adjacent ? 0.25 : 0) + (samePassage ? 0.05 : 0) + reason };
    })
    .filter(({ value }) => value >= 0.4)
    .sort((a, b) => b.value - a.value || a.entry.unit.passage - b.entry.unit.passage || a.entry.unit.position - b.entry.unit.position);
  let length = chosen.reduce((sum, unit) => sum + unit.text.length, 0);
  const supporting: Unit[] = [];
  for (const { entry } of support) {
    if (supporting.length >= MAX_SUPPORT) break;
    if (length + entry.unit.text.length > MAX_ANSWER_CHARS) continue;
    if ([...chosen, ...supporting].some((taken) => overlap(taken.keys, entry.unit.keys) >= 0.8)) continue;
    supporting.push(entry.unit);
    length += entry.unit.text.length;
    // A supporting sentence continued by the next ("Max Planck found the fix … He proposed …") brings it along.
    const following = units[units.indexOf(entry.unit) + 1];
    if (following && following.passage === entry.unit.passage && continuation.test(following.text) && !chosen.includes(following) && !supporting.includes(following) && supporting.length < MAX_SUPPORT && length + following.text.length <= MAX_ANSWER_CHARS) {
      supporting.push(following);
      length += following.text.length;
    }
  }
  // Supporting facts in reading order: the lead's passage first, then the others as retrieval ranked them.
  supporting.sort((a, b) => (a.passage === lead.passage ? 0 : 1) - (b.passage === lead.passage ? 0 : 1) || a.passage - b.passage || a.position - b.position);
  return { lead, units: [...chosen, ...supporting], list: new Set(answers) };
}

/** A unit as it stands in the answer: readable, safe in Markdown, marked where its passage cut it off. */
function shown(unit: Unit): string {
  let text = unit.text.replace(/\s+/g, ' ').trim();
  if (unit.kind === 'sentence' && /^[\p{Ll}]/u.test(text) && !/^[\p{Ll}]\p{Lu}/u.test(text)) text = `…${text}`;
  if (unit.kind === 'sentence' ? !/[.!?:;…"”’)\]]$/.test(text) : !/[.!?…]["”’]?$/.test(text)) text = unit.kind === 'sentence' ? `${text}…` : `${text}.`;
  return markdownSafe(text);
}

/** The whole answer as events, before it is cut into chunks for streaming. */
export function composeAnswer(question: string, context: AnswerContext): AnswerEvent[] {
  const language = answerLanguage(question, context.language);
  const wording = wordings[language];
  const passageLanguage = detectLanguage(
    context.passages.map((passage) => passage.text),
    baseLanguage(context.language),
  );
  const termsOf = (text: string) =>
    questionTerms(
      sentencesOf(matchingText(text), language).flatMap((sentence) => sentence.tokens),
      passageLanguage,
    );
  // A value the question looks up in a table ("the 0.95 percentile … with 1 degree of freedom") is read off the table.
  const looked = tableAnswer(question, context.passages, language);
  if (looked) return looked;
  let terms = termsOf(question);
  // A follow-up without words of its own ("Why?", "Tell me more") is about the question before it.
  if (terms.length === 0) {
    const previous = [...context.history].reverse().find((turn) => turn.role === 'user');
    if (previous) terms = termsOf(previous.content);
  }
  if (terms.length === 0) return [{ type: 'text', text: wording.askAboutDocuments }];

  // Fragments of a few words answer nothing; exercises and instructions may (a question about the exercise sheet).
  // A table's page handed over whole for look-ups is no prose to answer from.
  const every = unitsOf(context.passages, passageLanguage).filter((unit) => !context.passages[unit.passage]?.lookup);
  const units = every.filter((unit) => !unit.fragment);
  // Abbreviations the passages define stand for their long forms, and the other way round.
  const synonyms = abbreviations(units, passageLanguage);
  terms = terms.map((term) => {
    const extra = term.keys.flatMap((key) => synonyms.get(key) ?? []);
    return extra.length > 0 ? { ...term, keys: [...new Set([...term.keys, ...extra])] } : term;
  });
  const judged = judge(units, terms, context.passages.length, question);
  if (!covers(judged, terms, units)) return [{ type: 'text', text: notCoveredAnswer(language) }];
  const choice = choose(judged, units, every, question);
  if (!choice) return [{ type: 'text', text: notCoveredAnswer(language) }];
  // A lead on a slide is answered with the slide: its labels and sentences belong together in an order the layout
  // decides ("Erst individuell nachdenken, dann austauschen." / "Silent Writing"), so a teacher shows all of it.
  const leadPassage = context.passages[choice.lead.passage];
  const slide = leadPassage?.wholePage ? slideLines(leadPassage.text, passageLanguage, { labelsOnly: choice.lead.kind === 'slide' }) : null;
  const chosen = slide ? [choice.lead, ...choice.units.filter((unit) => unit.passage !== choice.lead.passage)] : choice.units;

  // One citation per page (file and page), numbered in the order the answer first draws on it; its quote is what the
  // answer uses from that page.
  const pageOf = (unit: Unit) => {
    const passage = context.passages[unit.passage];
    return `${passage?.fileId ?? ''}\u0000${passage?.page ?? 0}`;
  };
  const usedFrom = new Map<string, string[]>();
  for (const unit of chosen) usedFrom.set(pageOf(unit), [...(usedFrom.get(pageOf(unit)) ?? []), unit === choice.lead && slide ? slide.join(' ') : unit.text]);
  const citationOf = new Map<string, number>();
  const events: AnswerEvent[] = [];
  /** The unit's marker number; its citation event is added first when the page is cited for the first time. */
  const markerOf = (unit: Unit): number => {
    const key = pageOf(unit);
    let number = citationOf.get(key);
    if (number === undefined) {
      number = citationOf.size + 1;
      citationOf.set(key, number);
      const used = (usedFrom.get(key) ?? [unit.text]).join(' ');
      events.push({ type: 'citation', citation: { passage: unit.passage, quote: used.length > 400 ? `${used.slice(0, 399)}…` : used } });
    }
    return number;
  };

  if (quoteRequest.test(question) && !aboutCiting.test(question)) {
    // Verbatim, as asked: the units in reading order per passage, each passage's quote in a blockquote.
    events.push({ type: 'text', text: wording.quoteIntro });
    const byPassage = new Map<number, Unit[]>();
    for (const unit of chosen) byPassage.set(unit.passage, [...(byPassage.get(unit.passage) ?? []), unit]);
    for (const group of byPassage.values()) {
      group.sort((a, b) => a.position - b.position);
      const number = markerOf(group[0] as Unit);
      events.push({ type: 'text', text: `\n\n> ${group.map(shown).join(' ')} [${number}]` });
    }
    return events;
  }

  // A composed answer under a short lead-in (so an answer never reads like the "not covered" one): each sentence
  // followed by the marker of its page, each page's citation announced before its first marker.
  events.push({ type: 'text', text: `${wording.intro}\n\n` });
  if (slide) {
    const number = markerOf(choice.lead);
    const lines = [...slide];
    const title = lines.length > 3 && !/[.!?;:…]["”’)]?$/.test(lines[0] ?? '') ? lines.shift() : undefined;
    const list = lines.map((line) => `- ${markdownSafe(line)}`).join('\n');
    events.push({ type: 'text', text: title ? `**${markdownSafe(title)}** [${number}]\n\n${list}` : `${list} [${number}]` });
    const others = chosen.slice(1);
    others.forEach((unit, index) => {
      const marker = markerOf(unit);
      events.push({ type: 'text', text: `${index === 0 ? '\n\n' : ' '}${shown(unit)} [${marker}]` });
    });
    return events;
  }
  // The answers a document lists under its own question stand as a list; the rest as sentences.
  chosen.forEach((unit, index) => {
    const number = markerOf(unit);
    const listed = choice.list.has(unit);
    const afterList = index > 0 && choice.list.has(chosen[index - 1] as Unit) && !listed;
    const separator = index === 0 ? '' : listed ? (choice.list.has(chosen[index - 1] as Unit) ? '\n' : '\n\n') : afterList ? '\n\n' : ' ';
    // A listed answer stands on the lead's page, whose marker the lead carries.
    const text = listed ? `- ${markdownSafe(unit.text.replace(/\s+/g, ' ').trim())}` : `${shown(unit)} [${number}]`;
    events.push({ type: 'text', text: `${separator}${text}` });
  });
  return events;
}

/** Cuts text into chunks of a few words, each keeping the whitespace before its next word. */
function chunksOf(text: string): string[] {
  const words = text.match(/\s*\S+/g) ?? [];
  const chunks: string[] = [];
  for (let index = 0; index < words.length; index += WORDS_PER_CHUNK) chunks.push(words.slice(index, index + WORDS_PER_CHUNK).join(''));
  const trailing = /\s+$/.exec(text)?.[0];
  if (trailing) chunks.push(trailing);
  return chunks;
}

function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

export async function* answerQuestion(
  question: string,
  context: AnswerContext,
  options: EngineCallOptions & { chunkMs?: number } = {},
): AsyncGenerator<AnswerEvent> {
  options.signal?.throwIfAborted();
  const chunkMs = options.chunkMs ?? ANSWER_CHUNK_MS;
  let first = true;
  for (const event of composeAnswer(question, context)) {
    if (event.type === 'citation') {
      yield event;
      continue;
    }
    for (const chunk of chunksOf(event.text)) {
      if (!first && chunkMs > 0) await pause(chunkMs, options.signal);
      first = false;
      yield { type: 'text', text: chunk };
    }
  }
}
