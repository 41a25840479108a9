import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { fileExtensions, fileStatuses } from '../../../shared/courses';
import { user } from './auth';

/** A course (spec §3 "Directory/course"): a user's folder of files, with the AI model and language it studies in. */
export const directory = pgTable(
  'directory',
  {
    id: text('id')
      .primaryKey()
      .$defaultFn(() => crypto.randomUUID()),
    ownerId: text('owner_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    model: text('model').notNull().default('gpt-4o-mini'),
    language: text('language', { enum: ['en', 'de'] })
      .notNull()
      .default('en'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('directory_owner_id_idx').on(table.ownerId)],
);

/**
 * An uploaded document or video link (spec §3 "File"). The owner is kept next to the course so that every access
 * check is one indexed lookup. `storageKey` is null for video links, whose transcript is stored as pages.
 */
export const file = pgTable(
  'file',
  {
    id: text('id')
      .primaryKey()
      .$defaultFn(() => crypto.randomUUID()),
    directoryId: text('directory_id')
      .notNull()
      .references(() => directory.id, { onDelete: 'cascade' }),
    ownerId: text('owner_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    extension: text('extension', { enum: fileExtensions }).notNull(),
    mimeType: text('mime_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    storageKey: text('storage_key'),
    pageCount: integer('page_count'),
    status: text('status', { enum: fileStatuses }).notNull().default('queued'),
    /** Why extraction failed, in English; `errorKey` (namespace 'ingest' of the client) and its params translate it. */
    error: text('error'),
    errorKey: text('error_key'),
    errorParams: jsonb('error_params').$type<Record<string, string | number>>(),
    videoId: text('video_id'),
    /** While pages are read by OCR: how many of how many (the upload list shows "Reading page 3 of 12…"). */
    progress: jsonb('progress').$type<{ done: number; total: number }>(),
    /** Pages OCR could not read: the file is ready without them, and its status names them. */
    unreadablePages: jsonb('unreadable_pages').$type<number[]>(),
    /** Pages OCR read with low confidence (under LOW_CONFIDENCE): study items from them say so. */
    lowConfidencePages: jsonb('low_confidence_pages').$type<number[]>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('file_directory_id_idx').on(table.directoryId),
    index('file_owner_id_idx').on(table.ownerId),
    // The worker's sweep (src/server/ingest/queued-files.ts) reads only files waiting for or in text extraction.
    index('file_waiting_idx')
      .on(table.status, table.createdAt)
      .where(sql`${table.status} in ('queued', 'extracting')`),
  ],
);

/** The extracted text of one page (or section, for formats without pages) of a file. */
export const filePage = pgTable(
  'file_page',
  {
    fileId: text('file_id')
      .notNull()
      .references(() => file.id, { onDelete: 'cascade' }),
    pageNumber: integer('page_number').notNull(),
    text: text('text').notNull(),
    heading: text('heading'),
    /** A page read by OCR: tesseract's mean word confidence, 0–100; null for a page with a text layer. */
    ocrConfidence: integer('ocr_confidence'),
  },
  (table) => [primaryKey({ columns: [table.fileId, table.pageNumber] })],
);

/**
 * How much of a metered allowance a user has used in one period: uploads per calendar month, later chat messages per
 * day, mind maps, AI decks. Counted up when something is made and never down when it is deleted, so that deleting
 * does not give an allowance back. Read and changed only through src/server/usage/usage-counters.ts.
 */
export const usageCounter = pgTable(
  'usage_counter',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** What is counted, e.g. 'uploads'. */
    kind: text('kind').notNull(),
    /** The period counted in, UTC: '2026-11' for a month, '2026-11-05' for a day. */
    period: text('period').notNull(),
    count: integer('count').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.kind, table.period] })],
);
