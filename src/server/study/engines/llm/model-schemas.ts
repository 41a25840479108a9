import { z } from 'zod';
import {
  BLANK,
  COURSE_SUBJECTS,
  deckSchema,
  flashcardKinds,
  LESSON_MAX_CHALLENGES,
  LESSON_MIN_CHALLENGES,
  learnPathSchema,
  mindmapSchema,
  summarySchema,
  type Challenge,
  type Deck,
  type Flashcard,
  type LearnPath,
  type Mindmap,
  type MindmapNode,
  type Summary,
} from '../../../../shared/artefacts';
import { checkCard, checkLearnPath, checkMindmap, checkSummary, normalised, type PageIndex } from '../content-checks';

/**
 * The schemas the model answers in, and their conversion to the artefacts of artefacts.ts. They are kept simple for
 * models and for strict JSON-schema modes (every field required, no recursion, no unions: a mind map is a fixed
 * sections → concepts → facts outline, a challenge one flat object whose unused fields stay empty). What the JSON
 * schema cannot say is checked in the conversion: the shape it cannot express here (no empty texts, four options, three
 * to five pairs), then the content checks every engine's output must pass (content-checks.ts: pages that exist among
 * those given and hold the text citing them, one correct option, distinct options, one blank, …). A conversion throws
 * InvalidOutput with every problem so the model can be asked again with them; only flashcards, which stand each on
 * their own, drop the few that fail instead.
 */

export class InvalidOutput extends Error {
  override name = 'InvalidOutput';
  constructor(readonly problems: string[]) {
    super(problems.join('; '));
  }
}

const page = z.number().int().describe("the page the content comes from: the N of the '[page N]' marker before it");

export const summaryModelSchema = z.object({
  title: z.string().describe("the document's title"),
  overview: z.string().describe('one or two sentences on what the whole document is about'),
  sections: z
    .array(
      z.object({
        heading: z.string().describe("the section's heading as in the document, or a short one naming its topic"),
        page,
        points: z.array(z.object({ text: z.string().describe('one key point, a full sentence'), page })),
      }),
    )
    .describe("the document's own sections in order, each with its few key points"),
  keyTerms: z.array(
    z.object({ term: z.string(), definition: z.string().nullable().describe('a short definition, or null'), page }),
  ),
});
export type SummaryModel = z.infer<typeof summaryModelSchema>;

const fact = z.object({ label: z.string().describe('one short fact'), page });
const concept = z.object({ label: z.string().describe('a key concept, a few words'), page, facts: z.array(fact) });
export const mindmapModelSchema = z.object({
  title: z.string().describe("the document's title: the mind map's centre"),
  sections: z.array(
    z.object({ label: z.string().describe('a main section or theme, a few words'), page, concepts: z.array(concept) }),
  ),
});
export type MindmapModel = z.infer<typeof mindmapModelSchema>;

export const flashcardsModelSchema = z.object({
  cards: z.array(
    z.object({
      kind: z
        .enum(flashcardKinds)
        .describe(`definition: front a term, back its definition; cloze: front a sentence with '${BLANK}' for a key term, back the term; concept: front a question, back its answer`),
      front: z.string(),
      back: z.string(),
      page,
    }),
  ),
});
export type FlashcardsModel = z.infer<typeof flashcardsModelSchema>;

const challengeTypes = ['multiple_choice', 'true_false', 'fill_blank', 'match'] as const;
const challengeModelSchema = z.object({
  type: z.enum(challengeTypes),
  question: z
    .string()
    .describe(`multiple_choice: the question; true_false: the statement to judge; fill_blank: a sentence with exactly one '${BLANK}'; match: the instruction`),
  explanation: z.string().describe('why the answer is right, from the document'),
  page,
  options: z
    .array(z.object({ text: z.string(), correct: z.boolean() }))
    .describe('multiple_choice only: exactly four distinct options, exactly one correct; otherwise []'),
  statementIsTrue: z.boolean().nullable().describe('true_false only: whether the statement is true; otherwise null'),
  answer: z.string().describe(`fill_blank only: the word(s) that fill the '${BLANK}'; otherwise ''`),
  acceptedAnswers: z.array(z.string()).describe('fill_blank only: other accepted spellings; otherwise []'),
  wordBank: z
    .array(z.string())
    .describe('fill_blank only: the answer and two or three plausible wrong words to pick from; otherwise []'),
  pairs: z
    .array(z.object({ term: z.string(), definition: z.string() }))
    .describe('match only: three to five term–definition pairs; otherwise []'),
});
export type ChallengeModel = z.infer<typeof challengeModelSchema>;

export const learnPathModelSchema = z.object({
  units: z.array(
    z.object({
      title: z.string(),
      description: z.string().describe('one sentence on what the unit teaches'),
      page: page.describe('the first page of the section the unit follows'),
      lessons: z.array(z.object({ title: z.string(), challenges: z.array(challengeModelSchema) })),
    }),
  ),
});
export type LearnPathModel = z.infer<typeof learnPathModelSchema>;

export const courseTagsModelSchema = z.object({
  tags: z.array(z.enum(COURSE_SUBJECTS)).describe('one to three subjects from the list that fit the course best'),
});

/** Collects problems while converting, each with where it is, and throws them all at once. */
class Problems {
  readonly list: string[] = [];
  add(...problems: string[]): void {
    for (const problem of problems) if (this.list.length < 30) this.list.push(problem);
  }
  text(value: string, where: string): string {
    const trimmed = value.trim();
    if (trimmed.length === 0) this.add(`${where} is empty`);
    return trimmed;
  }
  throwIfAny(): void {
    if (this.list.length > 0) throw new InvalidOutput(this.list);
  }
}

function checked<T>(schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new InvalidOutput(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  return parsed.data;
}

/**
 * A summary answer, checked against `index`: the pages the model was given. A key term given twice is dropped rather
 * than refused.
 */
export function toSummary(model: SummaryModel, index: PageIndex): Summary {
  const problems = new Problems();
  if (model.sections.length === 0) problems.add('sections is empty');
  const summary: Summary = {
    title: problems.text(model.title, 'title'),
    overview: problems.text(model.overview, 'overview'),
    sections: model.sections.map((section, s) => {
      const where = `sections[${s}]`;
      if (section.points.length === 0) problems.add(`${where}.points is empty`);
      return {
        heading: problems.text(section.heading, `${where}.heading`),
        page: section.page,
        points: section.points.map((point, p) => ({ text: problems.text(point.text, `${where}.points[${p}].text`), page: point.page })),
      };
    }),
    keyTerms: unique(model.keyTerms, (entry) => entry.term).map((entry, t) => {
      const definition = entry.definition?.trim();
      return { term: problems.text(entry.term, `keyTerms[${t}].term`), ...(definition ? { definition } : {}), page: entry.page };
    }),
  };
  problems.add(...checkSummary(summary, index));
  problems.throwIfAny();
  return checked(summarySchema, summary);
}

/**
 * Checks an outline (the map and reduce steps of a mind map answer in the same shape) against `index`, the pages the
 * model was given, as the tree it becomes with its centre at `rootPage`.
 */
export function checkOutline(model: MindmapModel, index: PageIndex, rootPage: number): MindmapModel {
  const problems = new Problems();
  problems.text(model.title, 'title');
  if (model.sections.length === 0) problems.add('sections is empty');
  model.sections.forEach((section, s) => {
    problems.text(section.label, `sections[${s}].label`);
    section.concepts.forEach((item, c) => {
      problems.text(item.label, `sections[${s}].concepts[${c}].label`);
      item.facts.forEach((entry, f) => problems.text(entry.label, `sections[${s}].concepts[${c}].facts[${f}].label`));
    });
  });
  problems.add(...checkMindmap({ root: outlineTree(model, model.title, rootPage) }, index));
  problems.throwIfAny();
  return model;
}

/** The outline as the artefact's tree: document → sections → concepts → facts, ids from the path ('n2.1.3'). */
export function toMindmap(model: MindmapModel, rootLabel: string, rootPage: number): Mindmap {
  return checked(mindmapSchema, { root: outlineTree(model, rootLabel, rootPage) });
}

function outlineTree(model: MindmapModel, rootLabel: string, rootPage: number): MindmapNode {
  const node = (id: string, label: string, page: number, children: MindmapNode[]): MindmapNode => ({
    id,
    label: label.trim(),
    page,
    children,
  });
  return node(
    'root',
    model.title.trim() || rootLabel,
    rootPage,
    model.sections.map((section, s) =>
      node(
        `n${s + 1}`,
        section.label,
        section.page,
        section.concepts.map((item, c) =>
          node(
            `n${s + 1}.${c + 1}`,
            item.label,
            item.page,
            item.facts.map((entry, f) => node(`n${s + 1}.${c + 1}.${f + 1}`, entry.label, entry.page, [])),
          ),
        ),
      ),
    ),
  );
}

/** Of an answer's cards, the share that may fail their checks and be dropped before the whole answer is refused. */
const DROPPABLE_CARDS = 0.25;

/**
 * One chunk's cards, checked against `index` (the pages the model was given). Cards stand each on their own: a card
 * whose front repeats an earlier one is dropped, and so is one that fails its checks (empty, a cloze without its
 * blank, an answer its page does not hold) as long as those are few. When more than a quarter of the cards fail, the
 * model is citing or inventing wholesale, and the answer is refused with their problems.
 */
export function toFlashcards(model: FlashcardsModel, index: PageIndex): Flashcard[] {
  const problems = new Problems();
  const fronts = new Set<string>();
  let failed = 0;
  const cards = model.cards.flatMap((card, i): Flashcard[] => {
    const front = normalised(card.front);
    if (fronts.has(front)) return [];
    fronts.add(front);
    const where = `cards[${i}]`;
    const own = new Problems();
    const flashcard = { kind: card.kind, front: own.text(card.front, `${where}.front`), back: own.text(card.back, `${where}.back`), page: card.page };
    if (normalised(flashcard.front) === normalised(flashcard.back)) own.add(`${where} has the same front and back`);
    own.add(...checkCard(flashcard, where, index));
    if (own.list.length === 0) return [flashcard];
    failed++;
    problems.add(...own.list);
    return [];
  });
  if (failed > model.cards.length * DROPPABLE_CARDS) problems.throwIfAny();
  return cards;
}

/** Merges the chunks' cards: fronts unique across the deck, at most `max`, taken in turn from each chunk. */
export function mergeDecks(title: string, perChunk: Flashcard[][], max: number): Deck {
  const seen = new Set<string>();
  const cards: Flashcard[] = [];
  const queues = perChunk.map((cardsOfChunk) => [...cardsOfChunk]);
  while (cards.length < max && queues.some((queue) => queue.length > 0)) {
    for (const queue of queues) {
      const card = queue.shift();
      if (!card || cards.length >= max) continue;
      const key = normalised(card.front);
      if (seen.has(key)) continue;
      seen.add(key);
      cards.push(card);
    }
  }
  // Keep the document's order: by page, then as the model listed them.
  const order = new Map(perChunk.flat().map((card, i) => [card, i]));
  cards.sort((a, b) => a.page - b.page || (order.get(a) ?? 0) - (order.get(b) ?? 0));
  return checked(deckSchema, { title, cards });
}

/** The items whose `key` (normalised) has not come before. */
function unique<T>(items: readonly T[], key: (item: T) => string): T[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const value = normalised(key(item));
    if (seen.has(value)) return false;
    seen.add(value);
    return true;
  });
}

function toChallenge(model: ChallengeModel, where: string, problems: Problems): Challenge | null {
  const base = {
    question: problems.text(model.question, `${where}.question`),
    explanation: problems.text(model.explanation, `${where}.explanation`),
    page: model.page,
  };
  switch (model.type) {
    case 'multiple_choice': {
      const options = model.options.map((option, o) => ({
        text: problems.text(option.text, `${where}.options[${o}].text`),
        correct: option.correct,
      }));
      if (options.length !== 4) problems.add(`${where} has ${options.length} options instead of 4`);
      return { type: 'multiple_choice', ...base, options };
    }
    case 'true_false':
      if (model.statementIsTrue === null) {
        problems.add(`${where} is true_false without statementIsTrue`);
        return null;
      }
      return { type: 'true_false', ...base, answer: model.statementIsTrue };
    case 'fill_blank': {
      const answer = problems.text(model.answer, `${where}.answer`);
      // The answer always belongs in the word bank, once; a model that forgot it or repeated a word is helped rather
      // than asked again.
      const options = unique([...model.wordBank.map((word) => word.trim()).filter((word) => word.length > 0), answer], (word) => word);
      if (options.length < 2) problems.add(`${where}.wordBank needs the answer and at least one wrong word`);
      const acceptedAnswers = model.acceptedAnswers
        .map((value) => value.trim())
        .filter((value) => value.length > 0 && normalised(value) !== normalised(answer));
      return { type: 'fill_blank', ...base, answer, acceptedAnswers, options };
    }
    case 'match': {
      const pairs = model.pairs.map((pair, p) => ({
        term: problems.text(pair.term, `${where}.pairs[${p}].term`),
        definition: problems.text(pair.definition, `${where}.pairs[${p}].definition`),
      }));
      if (pairs.length < 3 || pairs.length > 5) problems.add(`${where} has ${pairs.length} pairs instead of 3 to 5`);
      return { type: 'match', ...base, pairs };
    }
  }
}

/** One chunk's units, checked; a lesson longer than the maximum is split into lessons rather than refused. */
/**
 * One chunk's units, checked against `index` (the pages the model was given); a lesson longer than the maximum is split
 * into lessons rather than refused.
 */
export function toLearnPathUnits(model: LearnPathModel, index: PageIndex): LearnPath['units'] {
  const problems = new Problems();
  if (model.units.length === 0) problems.add('units is empty');
  const units = model.units.map((unit, u) => {
    const where = `units[${u}]`;
    if (unit.lessons.length === 0) problems.add(`${where}.lessons is empty`);
    const lessons = unit.lessons.map((lesson, l) => {
      const at = `${where}.lessons[${l}]`;
      const challenges = lesson.challenges
        .map((challenge, c) => toChallenge(challenge, `${at}.challenges[${c}]`, problems))
        .filter((challenge): challenge is Challenge => challenge !== null);
      if (challenges.length < LESSON_MIN_CHALLENGES) {
        problems.add(`${at} has ${challenges.length} challenges; a lesson needs ${LESSON_MIN_CHALLENGES} to ${LESSON_MAX_CHALLENGES}`);
      }
      return { title: problems.text(lesson.title, `${at}.title`), challenges };
    });
    return {
      title: problems.text(unit.title, `${where}.title`),
      description: problems.text(unit.description, `${where}.description`),
      page: unit.page,
      lessons,
    };
  });
  // Checked as the model wrote them, before long lessons are split, so that the problems' places are the model's.
  problems.add(...checkLearnPath({ units }, index));
  problems.throwIfAny();
  return units.map((unit) => ({ ...unit, lessons: unit.lessons.flatMap(splitLesson) }));
}

function splitLesson(lesson: LearnPath['units'][number]['lessons'][number]): LearnPath['units'][number]['lessons'] {
  const { title, challenges } = lesson;
  const parts = Math.max(1, Math.ceil(challenges.length / LESSON_MAX_CHALLENGES));
  const size = Math.ceil(challenges.length / parts);
  return Array.from({ length: parts }, (_, i) => ({
    title: parts === 1 ? title : `${title} (${i + 1})`,
    challenges: challenges.slice(i * size, (i + 1) * size),
  }));
}

/** Joins the chunks' units in document order, at most `maxUnits` of them spread evenly over the document. */
export function mergeLearnPath(perChunk: LearnPath['units'][], maxUnits: number): LearnPath {
  const all = perChunk.flat();
  const units =
    all.length <= maxUnits
      ? all
      : Array.from({ length: maxUnits }, (_, i) => all[Math.floor((i * all.length) / maxUnits)]).filter(
          (unit): unit is LearnPath['units'][number] => unit !== undefined,
        );
  return checked(learnPathSchema, { units });
}
