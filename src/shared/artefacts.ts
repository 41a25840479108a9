import { z } from 'zod';

/**
 * The study artefacts made from a file (DESIGN §6): what every engine returns, what is stored, and what the content
 * checks (content-checks.ts) hold every engine to. Every piece of content names the page of the file it comes from
 * (1-based, as file_page.page_number), so a student can always look it up.
 */
export const pageNumberSchema = z.number().int().min(1);
const text = z.string().trim().min(1);

/** Summary: the document's own sections, a few key points each, and the key terms; rendered as markdown. */
export const summarySchema = z.object({
  title: text,
  /** One or two sentences on what the whole document is about. */
  overview: text,
  sections: z
    .array(
      z.object({
        heading: text,
        page: pageNumberSchema,
        points: z.array(z.object({ text, page: pageNumberSchema })).min(1),
      }),
    )
    .min(1),
  keyTerms: z.array(z.object({ term: text, definition: text.optional(), page: pageNumberSchema })),
});
export type Summary = z.infer<typeof summarySchema>;

/** Mind map: a tree, document → sections → key concepts → facts; every node with its source page. */
export interface MindmapNode {
  id: string;
  label: string;
  page: number;
  children: MindmapNode[];
}
export const mindmapNodeSchema: z.ZodType<MindmapNode> = z.lazy(() =>
  z.object({ id: text, label: text, page: pageNumberSchema, children: z.array(mindmapNodeSchema) }),
);
export const mindmapSchema = z.object({ root: mindmapNodeSchema });
export type Mindmap = z.infer<typeof mindmapSchema>;

/** Flashcards: definitions (term → definition) and cloze deletions ('… is made by ____.' → the term). */
export const flashcardKinds = ['definition', 'cloze', 'concept'] as const;
export const flashcardSchema = z.object({
  kind: z.enum(flashcardKinds),
  front: text,
  back: text,
  page: pageNumberSchema,
});
export type Flashcard = z.infer<typeof flashcardSchema>;
export const deckSchema = z.object({ title: text, cards: z.array(flashcardSchema).min(1) });
export type Deck = z.infer<typeof deckSchema>;

/**
 * Learn path challenges. Multiple choice has exactly one correct option among four; true/false is a statement with its
 * truth; fill-in-the-blank is a sentence with one '____' and the word(s) that fill it (plus accepted variants and a
 * word bank of options to pick from); match pairs terms with their definitions.
 */
export const BLANK = '____';
const challengeBase = { question: text, explanation: text, page: pageNumberSchema };
export const multipleChoiceSchema = z.object({
  type: z.literal('multiple_choice'),
  ...challengeBase,
  options: z.array(z.object({ text, correct: z.boolean() })).length(4),
});
export const trueFalseSchema = z.object({ type: z.literal('true_false'), ...challengeBase, answer: z.boolean() });
export const fillBlankSchema = z.object({
  type: z.literal('fill_blank'),
  ...challengeBase,
  answer: text,
  /** Other spellings accepted as correct (case and surrounding spaces never matter). */
  acceptedAnswers: z.array(text),
  /** The word bank shown to pick from: the answer and plausible distractors, shuffled. */
  options: z.array(text).min(2),
});
export const matchSchema = z.object({
  type: z.literal('match'),
  ...challengeBase,
  pairs: z.array(z.object({ term: text, definition: text })).min(3).max(5),
});
export const challengeSchema = z.discriminatedUnion('type', [
  multipleChoiceSchema,
  trueFalseSchema,
  fillBlankSchema,
  matchSchema,
]);
export type Challenge = z.infer<typeof challengeSchema>;
export type ChallengeType = Challenge['type'];

export const LESSON_MIN_CHALLENGES = 4;
export const LESSON_MAX_CHALLENGES = 8;

export const learnPathSchema = z.object({
  units: z
    .array(
      z.object({
        title: text,
        description: text,
        /** The first page of the section the unit follows. */
        page: pageNumberSchema,
        lessons: z
          .array(
            z.object({
              title: text,
              challenges: z.array(challengeSchema).min(LESSON_MIN_CHALLENGES).max(LESSON_MAX_CHALLENGES),
            }),
          )
          .min(1),
      }),
    )
    .min(1),
});
export type LearnPath = z.infer<typeof learnPathSchema>;

export { COURSE_SUBJECTS, type CourseSubject } from './sharing';

/** The summary as the markdown the Summary tab shows: every bullet ends with its source page, "(p. 3)". */
export function summaryToMarkdown(summary: Summary, labels = { keyTerms: 'Key terms', page: 'p.' }): string {
  const cite = (page: number) => `(${labels.page} ${page})`;
  const lines = [`# ${summary.title}`, '', summary.overview, ''];
  for (const section of summary.sections) {
    lines.push(`## ${section.heading}`, '');
    for (const point of section.points) lines.push(`- ${point.text} ${cite(point.page)}`);
    lines.push('');
  }
  if (summary.keyTerms.length > 0) {
    lines.push(`## ${labels.keyTerms}`, '');
    for (const entry of summary.keyTerms) {
      const definition = entry.definition ? `: ${entry.definition}` : '';
      lines.push(`- **${entry.term}**${definition} ${cite(entry.page)}`);
    }
    lines.push('');
  }
  return lines.join('\n');
}

/**
 * The study engines' error keys that mean the file itself has too little running text to study from (a slide deck of
 * headings, a scan without text): no retry helps, the student needs a longer document. The study tabs say so once
 * (components/study/artefact-frame.tsx) and the dashboard marks the file (directory.getDirectories `tooLittleText`).
 */
export const TOO_LITTLE_TEXT_ERROR_KEYS = ['tooLittleText', 'documentHasNoText'] as const;
