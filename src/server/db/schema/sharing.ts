import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { directory, file } from './courses';

/**
 * Shared courses (spec §3 "Space", DESIGN §5): a course (directory) shared as a space, at most one per course.
 * Public spaces are open to anyone with the link (`/space/{uuid}`); private ones to invited people only. Who may do
 * what is decided in one place, src/server/sharing/permissions.ts.
 */
export const spaceVisibilities = ['private', 'public', 'shared'] as const;
export type SpaceVisibility = (typeof spaceVisibilities)[number];

export const space = pgTable(
  'space',
  {
    id: text('id')
      .primaryKey()
      .$defaultFn(() => crypto.randomUUID()),
    /** The id in share links; a second random id, so that knowing a space's id is not enough to open it. */
    uuid: text('uuid')
      .notNull()
      .unique()
      .$defaultFn(() => crypto.randomUUID()),
    directoryId: text('directory_id')
      .notNull()
      .references(() => directory.id, { onDelete: 'cascade' }),
    ownerId: text('owner_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** Subject tags from the spec's list (§9 course subject filter, without 'All'). */
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    visibility: text('visibility', { enum: spaceVisibilities }).notNull().default('public'),
    hasGeneratedDescription: boolean('has_generated_description').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('space_directory_idx').on(table.directoryId),
    index('space_owner_idx').on(table.ownerId),
    index('space_visibility_idx').on(table.visibility, table.createdAt),
  ],
);

/** A file's visibility in its course's space; a file without a row is visible (spec §3: isVisible defaults to true). */
export const spaceFile = pgTable(
  'space_file',
  {
    spaceId: text('space_id')
      .notNull()
      .references(() => space.id, { onDelete: 'cascade' }),
    fileId: text('file_id')
      .notNull()
      .references(() => file.id, { onDelete: 'cascade' }),
    isVisible: boolean('is_visible').notNull().default(true),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.spaceId, table.fileId] })],
);

export const spaceRoles = ['viewer', 'editor'] as const;
export type SpaceRole = (typeof spaceRoles)[number];

/**
 * A member of a space: joined through an invitation (`isInvited`) or the public link. Revoking access keeps the row
 * with `revokedAt`, so that a revoked member's old link does not let them back in through a public course; a new
 * invitation from the owner lifts it.
 */
export const spaceMember = pgTable(
  'space_member',
  {
    id: text('id')
      .primaryKey()
      .$defaultFn(() => crypto.randomUUID()),
    spaceId: text('space_id')
      .notNull()
      .references(() => space.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    role: text('role', { enum: spaceRoles }).notNull().default('viewer'),
    isInvited: boolean('is_invited').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('space_member_space_user_idx').on(table.spaceId, table.userId), index('space_member_user_idx').on(table.userId)],
);

export const invitationStatuses = ['pending', 'accepted'] as const;

/** An invitation by email (kept lower-case; one per space and address), pending until the invitee accepts it. */
export const spaceInvitation = pgTable(
  'space_invitation',
  {
    id: text('id')
      .primaryKey()
      .$defaultFn(() => crypto.randomUUID()),
    spaceId: text('space_id')
      .notNull()
      .references(() => space.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role', { enum: spaceRoles }).notNull().default('viewer'),
    status: text('status', { enum: invitationStatuses }).notNull().default('pending'),
    invitedBy: text('invited_by')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('space_invitation_space_email_idx').on(table.spaceId, table.email),
    index('space_invitation_email_idx').on(table.email).where(sql`${table.status} = 'pending'`),
  ],
);
