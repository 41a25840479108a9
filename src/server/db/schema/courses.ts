import { bigint, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
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
    error: text('error'),
    videoId: text('video_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('file_directory_id_idx').on(table.directoryId), index('file_owner_id_idx').on(table.ownerId)],
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
  },
  (table) => [primaryKey({ columns: [table.fileId, table.pageNumber] })],
);
