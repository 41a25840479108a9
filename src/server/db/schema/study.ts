import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { MindmapNode, Summary } from '../../../shared/artefacts';
import { user } from './auth';
import { file } from './courses';

/**
 * The study artefacts made from a file (DESIGN §5, §6), written only by the study pipeline (src/server/study/). Every
 * row hangs off its file and goes with it. A file's generated artefacts are replaced whole when they are made again.
 */

const id = () =>
  text('id')
    .primaryKey()
    .$defaultFn(() => crypto.randomUUID());

const fileId = () =>
  text('file_id')
    .notNull()
    .references(() => file.id, { onDelete: 'cascade' });

/** What the pipeline makes for each file, each with a state of its own. */
export const studyArtefactKinds = ['chunks', 'summary', 'mindmap', 'flashcards', 'learn_path'] as const;
export type StudyArtefactKind = (typeof studyArtefactKinds)[number];
export const studyArtefactStatuses = ['queued', 'running', 'ready', 'failed'] as const;
export type StudyArtefactStatus = (typeof studyArtefactStatuses)[number];

/** One artefact's generation state for one file; a failure keeps its English text and a key of the 'study' namespace. */
export const studyArtefact = pgTable(
  'study_artefact',
  {
    id: id(),
    fileId: fileId(),
    kind: text('kind', { enum: studyArtefactKinds }).notNull(),
    status: text('status', { enum: studyArtefactStatuses }).notNull().default('queued'),
    error: text('error'),
    errorKey: text('error_key'),
    errorParams: jsonb('error_params').$type<Record<string, string | number>>(),
    /** Generation attempts since it was last queued. */
    attempts: integer('attempts').notNull().default(0),
    /** The engine that made the stored version ('local', 'llm'; 'pipeline' for chunks). */
    engine: text('engine'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('study_artefact_file_kind_idx').on(table.fileId, table.kind),
    // The sweep (src/server/ingest/queued-files.ts) reads only artefacts waiting or being made.
    index('study_artefact_waiting_idx')
      .on(table.status, table.updatedAt)
      .where(sql`${table.status} in ('queued', 'running')`),
  ],
);

export const summary = pgTable(
  'summary',
  {
    id: id(),
    fileId: fileId(),
    markdown: text('markdown').notNull(),
    content: jsonb('content').$type<Summary>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('summary_file_id_idx').on(table.fileId)],
);

/**
 * The summary's sections made so far while a long file is still being read (StudyEngine.readAhead, written by the
 * ingest job): the Summary tab shows them until the summary itself is stored, which removes the draft.
 */
export const summaryDraft = pgTable(
  'summary_draft',
  {
    id: id(),
    fileId: fileId(),
    title: text('title').notNull(),
    sections: jsonb('sections').$type<Summary['sections']>().notNull(),
    /** Every page up to this one was read when the draft was made… */
    pagesRead: integer('pages_read').notNull(),
    /** …of this many. */
    pageCount: integer('page_count').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('summary_draft_file_id_idx').on(table.fileId)],
);

export const mindmap = pgTable(
  'mindmap',
  {
    id: id(),
    fileId: fileId(),
    tree: jsonb('tree').$type<MindmapNode>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('mindmap_file_id_idx').on(table.fileId)],
);

/** A deck of flashcards; `generated` ones are the pipeline's (one per file), the others users' own. */
export const deck = pgTable(
  'deck',
  {
    id: id(),
    fileId: fileId(),
    title: text('title').notNull(),
    generated: boolean('generated').notNull().default(false),
    /**
     * Whose deck it is: null for the generated deck every student of the file studies; a user's own cards ("My
     * cards") belong to that user, so members of a shared course each keep their own.
     */
    ownerId: text('owner_id').references(() => user.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('deck_file_id_idx').on(table.fileId),
    index('deck_owner_idx').on(table.ownerId),
    uniqueIndex('deck_generated_file_idx')
      .on(table.fileId)
      .where(sql`${table.generated}`),
  ],
);

export const flashcard = pgTable(
  'flashcard',
  {
    id: id(),
    deckId: text('deck_id')
      .notNull()
      .references(() => deck.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    front: text('front').notNull(),
    back: text('back').notNull(),
    page: integer('page'),
    position: integer('position').notNull(),
  },
  (table) => [index('flashcard_deck_id_idx').on(table.deckId, table.position)],
);

export const unit = pgTable(
  'unit',
  {
    id: id(),
    fileId: fileId(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    page: integer('page'),
    position: integer('position').notNull(),
  },
  (table) => [index('unit_file_id_idx').on(table.fileId, table.position)],
);

export const lesson = pgTable(
  'lesson',
  {
    id: id(),
    unitId: text('unit_id')
      .notNull()
      .references(() => unit.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    position: integer('position').notNull(),
  },
  (table) => [index('lesson_unit_id_idx').on(table.unitId, table.position)],
);

/** What a challenge type needs beyond its question: the answer, accepted answers, word bank or pairs. */
export type ChallengePayload =
  | Record<string, never>
  | { answer: boolean }
  | { answer: string; acceptedAnswers: string[]; options: string[] }
  | { pairs: Array<{ term: string; definition: string }> };

export const challenge = pgTable(
  'challenge',
  {
    id: id(),
    lessonId: text('lesson_id')
      .notNull()
      .references(() => lesson.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['multiple_choice', 'true_false', 'fill_blank', 'match'] }).notNull(),
    question: text('question').notNull(),
    explanation: text('explanation').notNull(),
    page: integer('page'),
    payload: jsonb('payload').$type<ChallengePayload>().notNull(),
    position: integer('position').notNull(),
  },
  (table) => [index('challenge_lesson_id_idx').on(table.lessonId, table.position)],
);

export const challengeOption = pgTable(
  'challenge_option',
  {
    id: id(),
    challengeId: text('challenge_id')
      .notNull()
      .references(() => challenge.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    correct: boolean('correct').notNull(),
    position: integer('position').notNull(),
  },
  (table) => [index('challenge_option_challenge_id_idx').on(table.challengeId, table.position)],
);

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * A passage of a file for retrieval (the tutor chat): a page's text cut at paragraph and sentence ends, with a
 * full-text vector PostgreSQL computes itself. 'simple' (no stemming, no stop words) works for any language.
 */
export const chunk = pgTable(
  'chunk',
  {
    id: id(),
    fileId: fileId(),
    page: integer('page').notNull(),
    position: integer('position').notNull(),
    text: text('text').notNull(),
    search: tsvector('search')
      .notNull()
      .generatedAlwaysAs(sql`to_tsvector('simple'::regconfig, "text")`),
  },
  (table) => [
    index('chunk_file_id_idx').on(table.fileId, table.position),
    index('chunk_search_idx').using('gin', table.search),
  ],
);
