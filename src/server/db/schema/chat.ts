import { index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { directory, file } from './courses';

/**
 * The tutor chat (DESIGN §5): a user's conversation about one file, or about a whole course (`fileId` null). Kept per
 * user: members of a shared course each have their own history.
 */
export interface ChatCitation {
  fileId: string;
  fileName: string;
  page: number;
  /** The passage the answer draws on, as the document writes it (shortened). */
  quote: string;
}

export const chatMessageRoles = ['user', 'assistant'] as const;
/** 'streaming' while an answer is being written; 'stopped' when the student stopped it; 'failed' with a reason. */
export const chatMessageStatuses = ['complete', 'streaming', 'stopped', 'failed'] as const;

export const chatMessage = pgTable(
  'chat_message',
  {
    id: text('id')
      .primaryKey()
      .$defaultFn(() => crypto.randomUUID()),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    directoryId: text('directory_id')
      .notNull()
      .references(() => directory.id, { onDelete: 'cascade' }),
    /** The file the conversation is about; null for the course-wide conversation. */
    fileId: text('file_id').references(() => file.id, { onDelete: 'cascade' }),
    role: text('role', { enum: chatMessageRoles }).notNull(),
    content: text('content').notNull(),
    citations: jsonb('citations').$type<ChatCitation[]>().notNull().default([]),
    status: text('status', { enum: chatMessageStatuses }).notNull().default('complete'),
    /** A failed answer's reason, as a key of the client's 'chat' namespace. */
    errorKey: text('error_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('chat_message_conversation_idx').on(table.userId, table.directoryId, table.fileId, table.createdAt)],
);
