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
} from '../artefacts';

/**
 * The schemas the model answers in, and their conversion to the artefacts of artefacts.ts. They are kept simple for
 * models and for strict JSON-schema modes (every field required, no recursion, no unions: a mind map is a fixed
 * sections → concepts → facts outline, a challenge one flat object whose unused fields stay empty). What the JSON
 * schema cannot say (one correct option, distinct options, pages that exist) is checked in the conversion, which
 * throws InvalidOutput with every problem so the model can be asked again with them.
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
  constructor(private readonly pages: ReadonlySet<number>) {}
  add(problem: string): void {
    if (this.list.length < 30) this.list.push(problem);
  }
  text(value: string, where: string): string {
    const trimmed = value.trim();
    if (trimmed.length === 0) this.add(`${where} is empty`);
    return trimmed;
  }
  page(value: number, where: string): number {
    if (!this.pages.has(value)) this.add(`${where} cites page ${value}, which is not among the pages given (${describePages(this.pages)})`);
    return value;
  }
  throwIfAny(): void {
    if (this.list.length > 0) throw new InvalidOutput(this.list);
  }
}

function describePages(pages: ReadonlySet<number>): string {
  const sorted = [...pages].sort((a, b) => a - b);
  return sorted.length <= 8 ? sorted.join(', ') : `${sorted[0]}–${sorted.at(-1)}`;
}

export const normalise = (value: string) => value.trim().toLocaleLowerCase().replace(/\s+/g, ' ');

function checked<T>(schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new InvalidOutput(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  return parsed.data;
}

export function toSummary(model: SummaryModel, pages: ReadonlySet<number>): Summary {
  const problems = new Problems(pages);
  if (model.sections.length === 0) problems.add('sections is empty');
  const summary: Summary = {
    title: problems.text(model.title, 'title'),
    overview: problems.text(model.overview, 'overview'),
    sections: model.sections.map((section, s) => {
      const where = `sections[${s}]`;
      if (section.points.length === 0) problems.add(`${where}.points is empty`);
      return {
        heading: problems.text(section.heading, `${where}.heading`),
        page: problems.page(section.page, where),
        points: section.points.map((point, p) => ({
          text: problems.text(point.text, `${where}.points[${p}].text`),
          page: problems.page(point.page, `${where}.points[${p}]`),
        })),
      };
    }),
    keyTerms: model.keyTerms.map((entry, t) => {
      const definition = entry.definition?.trim();
      return {
        term: problems.text(entry.term, `keyTerms[${t}].term`),
        ...(definition ? { definition } : {}),
        page: problems.page(entry.page, `keyTerms[${t}]`),
      };
    }),
  };
  problems.throwIfAny();
  return checked(summarySchema, summary);
}

/** Checks an outline (the map and reduce steps of a mind map answer in the same shape). */
export function checkOutline(model: MindmapModel, pages: ReadonlySet<number>): MindmapModel {
  const problems = new Problems(pages);
  problems.text(model.title, 'title');
  if (model.sections.length === 0) problems.add('sections is empty');
  model.sections.forEach((section, s) => {
    problems.text(section.label, `sections[${s}].label`);
    problems.page(section.page, `sections[${s}]`);
    section.concepts.forEach((item, c) => {
      problems.text(item.label, `sections[${s}].concepts[${c}].label`);
      problems.page(item.page, `sections[${s}].concepts[${c}]`);
      item.facts.forEach((entry, f) => {
        problems.text(entry.label, `sections[${s}].concepts[${c}].facts[${f}].label`);
        problems.page(entry.page, `sections[${s}].concepts[${c}].facts[${f}]`);
      });
    });
  });
  problems.throwIfAny();
  return model;
}

/** The outline as the artefact's tree: document → sections → concepts → facts, ids from the path ('n2.1.3'). */
export function toMindmap(model: MindmapModel, rootLabel: string, rootPage: number): Mindmap {
  const node = (id: string, label: string, page: number, children: MindmapNode[]): MindmapNode => ({
    id,
    label: label.trim(),
    page,
    children,
  });
  const root = node(
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
  return checked(mindmapSchema, { root });
}

/** One chunk's cards, checked; duplicates within the answer are dropped rather than refused. */
export function toFlashcards(model: FlashcardsModel, pages: ReadonlySet<number>): Flashcard[] {
  const problems = new Problems(pages);
  const seen = new Set<string>();
  const cards: Flashcard[] = [];
  model.cards.forEach((card, i) => {
    const front = problems.text(card.front, `cards[${i}].front`);
    const back = problems.text(card.back, `cards[${i}].back`);
    problems.page(card.page, `cards[${i}]`);
    if (card.kind === 'cloze' && !front.includes(BLANK)) problems.add(`cards[${i}] is a cloze card without '${BLANK}' in its front`);
    if (normalise(front) === normalise(back)) problems.add(`cards[${i}] has the same front and back`);
    const key = normalise(front);
    if (seen.has(key)) return;
    seen.add(key);
    cards.push({ kind: card.kind, front, back, page: card.page });
  });
  problems.throwIfAny();
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
      const key = normalise(card.front);
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

function distinct(values: string[]): boolean {
  return new Set(values.map(normalise)).size === values.length;
}

function toChallenge(model: ChallengeModel, where: string, problems: Problems): Challenge | null {
  const base = {
    question: problems.text(model.question, `${where}.question`),
    explanation: problems.text(model.explanation, `${where}.explanation`),
    page: problems.page(model.page, where),
  };
  switch (model.type) {
    case 'multiple_choice': {
      const options = model.options.map((option, o) => ({
        text: problems.text(option.text, `${where}.options[${o}].text`),
        correct: option.correct,
      }));
      if (options.length !== 4) problems.add(`${where} has ${options.length} options instead of 4`);
      const correct = options.filter((option) => option.correct).length;
      if (correct !== 1) problems.add(`${where} has ${correct} correct options instead of exactly one`);
      if (!distinct(options.map((option) => option.text))) problems.add(`${where} has options that are the same`);
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
      if (base.question.split(BLANK).length !== 2) problems.add(`${where}.question must contain '${BLANK}' exactly once`);
      const wordBank = model.wordBank.map((word) => word.trim()).filter((word) => word.length > 0);
      // The answer always belongs in the word bank; a model that forgot it is helped rather than asked again.
      if (!wordBank.some((word) => normalise(word) === normalise(answer))) wordBank.push(answer);
      const options = wordBank.filter((word, i) => wordBank.findIndex((other) => normalise(other) === normalise(word)) === i);
      if (options.length < 2) problems.add(`${where}.wordBank needs the answer and at least one wrong word`);
      const acceptedAnswers = model.acceptedAnswers
        .map((value) => value.trim())
        .filter((value) => value.length > 0 && normalise(value) !== normalise(answer));
      return { type: 'fill_blank', ...base, answer, acceptedAnswers, options };
    }
    case 'match': {
      const pairs = model.pairs.map((pair, p) => ({
        term: problems.text(pair.term, `${where}.pairs[${p}].term`),
        definition: problems.text(pair.definition, `${where}.pairs[${p}].definition`),
      }));
      if (pairs.length < 3 || pairs.length > 5) problems.add(`${where} has ${pairs.length} pairs instead of 3 to 5`);
      if (!distinct(pairs.map((pair) => pair.term))) problems.add(`${where} has terms that are the same`);
      if (!distinct(pairs.map((pair) => pair.definition))) problems.add(`${where} has definitions that are the same`);
      return { type: 'match', ...base, pairs };
    }
  }
}

/** One chunk's units, checked; a lesson longer than the maximum is split into lessons rather than refused. */
export function toLearnPathUnits(model: LearnPathModel, pages: ReadonlySet<number>): LearnPath['units'] {
  const problems = new Problems(pages);
  if (model.units.length === 0) problems.add('units is empty');
  const units = model.units.map((unit, u) => {
    const where = `units[${u}]`;
    if (unit.lessons.length === 0) problems.add(`${where}.lessons is empty`);
    const lessons = unit.lessons.flatMap((lesson, l) => {
      const at = `${where}.lessons[${l}]`;
      const title = problems.text(lesson.title, `${at}.title`);
      const challenges = lesson.challenges
        .map((challenge, c) => toChallenge(challenge, `${at}.challenges[${c}]`, problems))
        .filter((challenge): challenge is Challenge => challenge !== null);
      if (challenges.length < LESSON_MIN_CHALLENGES) {
        problems.add(`${at} has ${challenges.length} challenges; a lesson needs ${LESSON_MIN_CHALLENGES} to ${LESSON_MAX_CHALLENGES}`);
      }
      const parts = Math.max(1, Math.ceil(challenges.length / LESSON_MAX_CHALLENGES));
      const size = Math.ceil(challenges.length / parts);
      return Array.from({ length: parts }, (_, i) => ({
        title: parts === 1 ? title : `${title} (${i + 1})`,
        challenges: challenges.slice(i * size, (i + 1) * size),
      }));
    });
    return {
      title: problems.text(unit.title, `${where}.title`),
      description: problems.text(unit.description, `${where}.description`),
      page: problems.page(unit.page, where),
      lessons,
    };
  });
  problems.throwIfAny();
  return units;
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
