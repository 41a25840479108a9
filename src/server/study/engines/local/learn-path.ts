import type { Challenge, LearnPath } from '../../../../shared/artefacts';
import { BLANK, LESSON_MAX_CHALLENGES, LESSON_MIN_CHALLENGES } from '../../../../shared/artefacts';
import { StudyEngineError } from '../engine';
import { challengeFlaws } from '../item-flaws';
import type { Analysis, KeyTerm, Section } from './analysis';
import { wordBefore } from './analysis';
import type { Cloze } from './cloze';
import { clozesOf } from './cloze';
import { distractorsFor } from './distractors';
import { negatedStatement, oppositeStatement } from './negation';
import { lookupChallenge, tableChallenges } from './tables';
import { shuffled } from './random';
import { baseLanguage } from '../engine';
import type { Wording } from './wording';
import { wordingFor } from './wording';

type ChallengeType = Challenge['type'];
const rotation: ChallengeType[] = ['true_false', 'multiple_choice', 'true_false', 'fill_blank', 'true_false', 'multiple_choice'];
const maxPerUnit = 24;

interface Draft {
  challenge: Challenge;
  /** The term it asks about, for lesson titles. */
  term: string;
}

/**
 * Units follow the sections; a section too thin for a lesson of its own joins the next one. Each unit's challenges
 * come from its definitions (which term is described? match terms to definitions) and from cloze sentences
 * (multiple choice, fill in the blank, true/false with a swapped term), mixed, then cut into lessons of 4–8.
 * Questions are asked in the document's language, around its sentences; the path's own words (lesson titles, unit
 * blurbs) are the course's, like the rest of the student's screen: a German course has no "Lesson 1".
 */
export function buildLearnPath(analysis: Analysis, courseLanguage: string): LearnPath {
  const wording = wordingFor(analysis.language);
  const frame = wordingFor(baseLanguage(courseLanguage));
  const units: LearnPath['units'] = [];
  let carried: { section: Section; drafts: Draft[] } | undefined;
  for (const section of analysis.sections) {
    const drafts = [...(carried?.drafts ?? []), ...draftsFor(analysis, section, wording)];
    const page = Math.min(carried?.section.page ?? section.page, section.page);
    if (drafts.length < LESSON_MIN_CHALLENGES) {
      carried = { section: carried?.section ?? section, drafts };
      continue;
    }
    // A thin section joins the next one; the unit keeps the first one's heading (where the unit starts), from its page.
    const first = carried?.section ?? section;
    carried = undefined;
    units.push({ ...unitOf(analysis, first === section ? [section] : [first, section], drafts, frame), title: first.heading, page });
  }
  if (carried && carried.drafts.length > 0) {
    const last = units.at(-1);
    if (last) {
      const challenges = [...last.lessons.flatMap((lesson) => lesson.challenges), ...carried.drafts.map((d) => d.challenge)];
      last.lessons = lessonsOf(challenges.map((challenge) => ({ challenge, term: '' })), frame);
    } else if (carried.drafts.length >= LESSON_MIN_CHALLENGES) {
      units.push(unitOf(analysis, [carried.section], carried.drafts, frame));
    }
  }
  if (units.length === 0) {
    throw new StudyEngineError('tooLittleText', 'The document has too little text to make a lesson from.');
  }
  return { units };
}

/**
 * `sections`: the unit's first section, and the one it ends with when a thin one joined it (the blurb names the topics
 * of both: the unit is titled by the first); `frame`: the course's wording, for the unit's blurb and its lessons' titles.
 */
function unitOf(analysis: Analysis, sections: Section[], drafts: Draft[], frame: Wording) {
  const [section, last] = sections;
  const keys = last ? [...(section?.terms.slice(0, 2) ?? []), ...last.terms.slice(0, 1)] : (section?.terms.slice(0, 3) ?? []);
  const terms = [...new Set(keys.map((entry) => analysis.termByKey.get(entry.key)?.display).filter((display): display is string => Boolean(display)))];
  return {
    title: section?.heading ?? '',
    description: terms.length > 0 ? frame.unitCovers(frame.list(terms)) : frame.unitPractice,
    page: section?.page ?? 1,
    lessons: lessonsOf(drafts, frame),
  };
}

/** n ≥ 4 challenges → ⌈n/8⌉ lessons of nearly equal size, each between 4 and 8. */
function lessonsOf(drafts: Draft[], frame: Wording) {
  const count = Math.ceil(drafts.length / LESSON_MAX_CHALLENGES);
  const lessons = [];
  let from = 0;
  for (let index = 0; index < count; index++) {
    const size = Math.floor(drafts.length / count) + (index < drafts.length % count ? 1 : 0);
    const part = drafts.slice(from, from + size);
    from += size;
    const terms = [...new Set(part.map((draft) => draft.term).filter(Boolean))].slice(0, 2);
    lessons.push({ title: frame.lesson(index + 1, frame.list(terms)), challenges: part.map((draft) => draft.challenge) });
  }
  return lessons;
}

function draftsFor(analysis: Analysis, section: Section, wording: Wording): Draft[] {
  const standalone = section.sentences.filter((sentence) => sentence.standalone).length;
  // A fully named table's look-ups (at most eight a section), beside a table of entries' questions.
  const lookups = analysis.lookups
    .filter((cell) => cell.section === section.index)
    .slice(0, 8)
    .flatMap((cell) => lookupChallenge(cell, wording) ?? []);
  const fromTables = [...section.tables.flatMap((table) => tableChallenges(table, wording, 6)), ...lookups];
  const budget = Math.min(maxPerUnit, (standalone <= 12 ? standalone : Math.floor(standalone / 2) + 6) + fromTables.length);
  if (budget === 0) return [];
  const definitions = section.terms
    .map((entry) => analysis.termByKey.get(entry.key))
    .filter((term): term is KeyTerm => term?.definition?.sentence.section === section.index);
  const asked = definitions.slice(0, 2);
  const askedSentences = new Set(asked.map((term) => term.definition?.sentence.index));
  const clozes = clozesOf(
    analysis,
    section.sentences.filter((sentence) => !askedSentences.has(sentence.index)),
    budget,
  ).filter((cloze) => !asked.includes(cloze.term));
  const drafts: Draft[] = [];
  // The last gate: an item with a flaw a teacher would strike (item-flaws.ts) is not handed out.
  const sound = (challenge: Challenge | undefined) =>
    challenge && challengeFlaws(challenge, analysis.language).length === 0 ? challenge : undefined;
  for (const term of asked) {
    const challenge = sound(definitionChoice(analysis, term, section, wording));
    if (challenge) drafts.push({ challenge, term: term.display });
  }
  for (const challenge of fromTables) if (sound(challenge)) drafts.push({ challenge, term: '' });
  for (const term of analysis.terms) {
    const challenge = term.formula?.sentence.section === section.index ? sound(formulaChoice(analysis, term, wording)) : undefined;
    if (challenge) drafts.push({ challenge, term: term.display });
  }
  // True and false statements in balance: a run of true ones teaches the student to answer "true". A statement is made
  // false whenever the unit has as many true ones, and stays true where no sound false version can be made.
  const balance = { true: 0, false: 0 };
  for (const draft of drafts) if (draft.challenge.type === 'true_false') balance[draft.challenge.answer ? 'true' : 'false']++;
  clozes.forEach((cloze, index) => {
    if (drafts.length >= budget) return;
    const type = rotation[index % rotation.length] ?? 'multiple_choice';
    const preferFalse = balance.false <= balance.true;
    // A word bank is only as good as its wrong words: a fill-in is made where a full multiple choice could be, and is
    // never the fallback of a sentence that has too few terms of its kind around it.
    const challenge =
      sound(fromCloze(analysis, cloze, type, section, preferFalse)) ?? sound(fromCloze(analysis, cloze, 'true_false', section, preferFalse));
    if (!challenge) return;
    if (challenge.type === 'true_false') balance[challenge.answer ? 'true' : 'false']++;
    drafts.push({ challenge, term: cloze.term.display });
  });
  const match = sound(matchOf(definitions, wording));
  if (match && drafts.length >= 3) drafts.splice(Math.min(drafts.length, 5), 0, { challenge: match, term: '' });
  return interleave(drafts);
}

/** Spreads challenges of one type apart, keeping the order stable for the same content. */
function interleave(drafts: Draft[]): Draft[] {
  const byType = new Map<ChallengeType, Draft[]>();
  for (const draft of drafts) byType.set(draft.challenge.type, [...(byType.get(draft.challenge.type) ?? []), draft]);
  const queues = [...byType.values()];
  const result: Draft[] = [];
  while (result.length < drafts.length) {
    for (const queue of queues) {
      const next = queue.shift();
      if (next) result.push(next);
    }
  }
  return result;
}

function definitionChoice(analysis: Analysis, term: KeyTerm, section: Section, wording: Wording): Challenge | undefined {
  const definition = term.definition;
  if (!definition) return undefined;
  // The wrong options are other terms the document teaches: a student tells defined concepts apart, not a concept from
  // a frequent word.
  const distractors = distractorsFor(analysis, term, {
    section: section.index,
    avoid: definition.text,
    plural: false,
    count: 3,
    taught: true,
  });
  if (distractors.length < 3) return undefined;
  const question = wording.whichTerm(definition.text.replace(/\.$/, ''));
  return {
    type: 'multiple_choice',
    question,
    explanation: definition.sentence.text,
    page: definition.sentence.page,
    options: shuffled(
      [{ text: term.display, correct: true }, ...distractors.map((text) => ({ text, correct: false }))],
      question,
    ),
  };
}

/** Which formula gives a term: the wrong options are the document's other formulas. */
function formulaChoice(analysis: Analysis, term: KeyTerm, wording: Wording): Challenge | undefined {
  const formula = term.formula;
  if (!formula) return undefined;
  const others = analysis.terms.filter((other) => other.formula && other.key !== term.key).map((other) => other.formula?.text ?? '');
  const wrong = [...new Set(others)].filter((text) => text !== formula.text).slice(0, 3);
  if (wrong.length < 3) return undefined;
  const question = wording.whichFormula(term.display);
  return {
    type: 'multiple_choice',
    question,
    explanation: formula.sentence.text,
    page: formula.sentence.page,
    options: shuffled([{ text: formula.text, correct: true }, ...wrong.map((text) => ({ text, correct: false }))], question),
  };
}

function fromCloze(analysis: Analysis, cloze: Cloze, type: ChallengeType, section: Section, preferFalse: boolean): Challenge | undefined {
  const { sentence, term, surface } = cloze;
  const plural = Boolean(term.plural) && surface.toLowerCase() === term.plural?.toLowerCase();
  // German inflects: the answer is the form the sentence needs ("der einzelnen ____" takes "Töne", not "Ton").
  const answer = analysis.language === 'de' ? surface : plural ? (term.plural ?? term.display) : term.display;
  const wording = wordingFor(analysis.language);
  // A German answer in a case form of its own ("an Tönen", "des Grundtons") has no wrong options in the same form:
  // other terms stand in the document in theirs. Such a sentence is asked only as a true statement.
  const inflected =
    analysis.language === 'de' && ![term.display, term.plural].some((form) => form?.toLowerCase() === surface.toLowerCase());
  if (inflected && type !== 'true_false') return undefined;
  const count = 3;
  const before = wordBefore(cloze.blanked, cloze.blanked.indexOf(BLANK));
  // A blank to fill from options is a vocabulary question: the answer and its wrong options are terms the document
  // defines. Other words of the text are wrong for reasons of kind or grammar ("theorems" for "permutations",
  // "Vollständigkeit" for "Auszahlung"), not of content — the labels found fill-ins of any other kind junk three times
  // in four; such a sentence is asked as a statement instead.
  const choice = type === 'multiple_choice' || type === 'fill_blank';
  if (choice && !term.definition) return undefined;
  const distractors = distractorsFor(analysis, term, { section: section.index, avoid: sentence.text, plural, count, defined: choice, ...(before ? { before } : {}) });
  const base = { explanation: sentence.text, page: sentence.page };
  if (type === 'multiple_choice') {
    if (distractors.length < 3) return undefined;
    const question = wording.fillBlank(cloze.blanked);
    const options = [{ text: answer, correct: true }, ...distractors.map((text) => ({ text, correct: false }))];
    if (new Set(options.map((option) => option.text.toLowerCase())).size !== 4) return undefined;
    return { type, question, ...base, options: shuffled(options, question) };
  }
  if (type === 'fill_blank') {
    if (distractors.length < 3) return undefined;
    const accepted = [...new Set([term.display, term.plural, surface].filter((form): form is string => Boolean(form)))].filter(
      (form) => form.toLowerCase() !== answer.toLowerCase(),
    );
    const bank = [answer, ...distractors];
    return { type, question: cloze.blanked, ...base, answer, acceptedAnswers: accepted, options: shuffled(bank, cloze.blanked) };
  }
  if (type === 'true_false') {
    // A statement is made false (when the unit needs one, see draftsFor): by turning a word into its opposite ("higher"
    // → "lower"), else by swapping the term for another of its kind (the first swap that reads as grammatically as the
    // original — item-flaws.ts judges the changed span — and that the document does not itself state), else by a
    // negation that stays grammatical (negation.ts).
    const trueStatement: Challenge = { type, question: sentence.text, ...base, answer: true };
    if (inflected || !preferFalse) return trueStatement;
    const reversed = oppositeStatement(sentence.text, analysis.language);
    if (reversed && !analysis.sentences.some((other) => other.text === reversed)) {
      const statement: Challenge = { type, question: reversed, ...base, answer: false };
      if (challengeFlaws(statement, analysis.language).length === 0) return statement;
    }
    const atStart = cloze.blanked.startsWith(BLANK);
    // A false statement swaps the term for a sibling of it — the same head noun ("Durakkord" / "Mollakkord",
    // "log-rank test" / "Wald test"): the swap stays grammatical and makes a claim a student can weigh. Any other term
    // makes nonsense ("eine vollständige ZUM-Unterrichten") that gives itself away.
    const siblings = distractorsFor(analysis, term, { section: section.index, avoid: sentence.text, plural, count: 12, ...(before ? { before } : {}) }).filter(
      (replacement) => siblingTerms(answer, replacement, analysis.language),
    );
    for (const replacement of siblings) {
      const swapped = cloze.blanked.replace(BLANK, atStart ? capitalise(replacement) : replacement);
      if (analysis.sentences.some((other) => other.text === swapped)) continue;
      const statement: Challenge = { type, question: swapped, ...base, answer: false };
      if (challengeFlaws(statement, analysis.language).length === 0) return statement;
    }
    // No sibling: the sentence negated where the negation stays grammatical and surely false ("… ist kein …").
    const negated = negatedStatement(sentence.text, analysis.language);
    if (negated && !analysis.sentences.some((other) => other.text === negated)) {
      const statement: Challenge = { type, question: negated, ...base, answer: false };
      if (challengeFlaws(statement, analysis.language).length === 0) return statement;
    }
    return trueStatement;
  }
  return undefined;
}


/** Match terms to their definitions (sentences blanked at random are no definitions to match a term to). */
function matchOf(definitions: KeyTerm[], wording: Wording): Challenge | undefined {
  const candidates = definitions.flatMap((term) =>
    term.definition ? [{ term: term.display, definition: term.definition.text, sentence: term.definition.sentence }] : [],
  );
  if (candidates.length < 3) return undefined;
  // The explanation quotes every pair's sentence and cites one page: keep the pairs from that page and the next.
  const firstPage = Math.min(...candidates.map((pair) => pair.sentence.page));
  const pairs = candidates.filter((pair) => pair.sentence.page - firstPage <= 1).slice(0, 5);
  if (pairs.length < 3) return undefined;
  if (new Set(pairs.map((pair) => pair.term.toLowerCase())).size !== pairs.length) return undefined;
  const first = pairs[0];
  if (!first) return undefined;
  return {
    type: 'match',
    question: wording.match,
    explanation: pairs.map((pair) => pair.sentence.text).join(' '),
    page: firstPage,
    pairs: pairs.map(({ term, definition }) => ({ term, definition })),
  };
}

/** Endings that make words of every subject alike ("Alteration" / "Information"): no shared head. */
const derivational = /(?:ation|ition|tion|sion|ung|heit|keit|schaft|ität|ismus|istik|ik|ment|ance|ence|ness|ing|ity|ive|ion|en|er|e)$/i;

/**
 * Two terms with the same head: English phrases ending in the same noun with another modifier, German compounds
 * sharing their last part ("Hochalteration" / "Tiefalteration", "Quartvorhalt" / "Sextvorhalt").
 */
export function siblingTerms(a: string, b: string, language = 'de'): boolean {
  const left = a.toLowerCase().split(' ');
  const right = b.toLowerCase().split(' ');
  const lastA = left.at(-1) ?? '';
  const lastB = right.at(-1) ?? '';
  if (left.length > 1 || right.length > 1) return left.length === right.length && lastA === lastB && left.join(' ') !== right.join(' ');
  // English writes its compounds apart: two single words ending alike ("inflations" / "definitions") share a suffix,
  // not a head.
  if (language === 'en') return false;
  let shared = 0;
  while (shared < Math.min(lastA.length, lastB.length) && lastA.at(-1 - shared) === lastB.at(-1 - shared)) shared++;
  if (shared === lastA.length || shared === lastB.length) return false;
  // "Veränderung" is no sibling of "Preisänderung": a verb's prefix before the head makes the general word, and a
  // statement with the general word swapped in stays true.
  const modifiers = [lastA.slice(0, lastA.length - shared), lastB.slice(0, lastB.length - shared)];
  if (modifiers.some((modifier) => /^(?:ver|ge|be|er|ent|zer|miss)$/.test(modifier))) return false;
  // The shared part without its plural ending and its derivational one ("-tionen" → "-tion" → ""): what is left is a head.
  const head = lastA
    .slice(lastA.length - shared)
    .replace(/(?<=ion|ung|heit|keit|schaft|ität|ik|ment|ance|ence|ness|ity)(?:en|s)$/, '')
    .replace(derivational, '');
  return head.length >= 4;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
