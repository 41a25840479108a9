import { and, asc, count, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import {
  COURSE_SUBJECTS,
  SHARING_LIMITS,
  type CourseSubjectFilter,
  type DirectoryShared,
  type MyInvitation,
  type PublicCourse,
  type SharedContext,
  type SharedCourseWithFiles,
  type SpaceContent,
  type SpaceFileEntry,
  type SpaceSummary,
  type UserSpaces,
} from '../../shared/sharing';
import { courseNotFound, fileNotFound } from '../courses/errors';
import type { Db } from '../db/client';
import { directory, file, space, spaceFile, spaceInvitation, spaceMember, user } from '../db/schema';
import { requireSpace } from './access';
import { spaceErrors } from './errors';
import { can, spaceActor, spaceActors, spaceColumns, type SpaceActor, type SpaceRow } from './permissions';

/** The reads of shared courses (spec §7 "Spaces"); every one asks the permission model first. */

const spaceDetails = {
  ...spaceColumns,
  description: space.description,
  tags: space.tags,
  hasGeneratedDescription: space.hasGeneratedDescription,
  createdAt: space.createdAt,
};
type SpaceDetails = SpaceRow & { description: string; tags: string[]; hasGeneratedDescription: boolean; createdAt: Date };

/** A file's visibility in the space of its course (no space_file row: visible). */
const isVisibleColumn = (spaceId: SQL | string) =>
  sql<boolean>`coalesce((select ${spaceFile.isVisible} from ${spaceFile} where ${spaceFile.spaceId} = ${spaceId} and ${spaceFile.fileId} = ${file.id}), true)`;

async function details(db: Db, spaceId: string): Promise<SpaceDetails> {
  const [row] = await db.select(spaceDetails).from(space).where(eq(space.id, spaceId)).limit(1);
  if (!row) throw spaceErrors.notFound();
  return row;
}

function summary(actor: SpaceActor, row: SpaceDetails): SpaceSummary {
  const activeMember = actor.member && !actor.member.revokedAt ? actor.member : null;
  return {
    id: row.id,
    uuid: row.uuid,
    name: row.name,
    description: row.description,
    tags: row.tags,
    visibility: row.visibility,
    isOwner: actor.kind === 'owner',
    hasGeneratedDescription: row.hasGeneratedDescription,
    membershipId: activeMember?.id ?? null,
    role: actor.kind === 'owner' ? 'owner' : (activeMember?.role ?? actor.invitation?.role ?? 'viewer'),
    directoryId: row.directoryId,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The course's files with their visibility in the space. Whoever may manage the space (its owner) sees all of them;
 * everyone else the visible ones only.
 */
async function spaceFiles(db: Db, actor: SpaceActor): Promise<SpaceFileEntry[]> {
  const rows = await db
    .select({ fileId: file.id, name: file.name, extension: file.extension, isVisible: isVisibleColumn(actor.space.id) })
    .from(file)
    .where(eq(file.directoryId, actor.space.directoryId))
    .orderBy(asc(file.createdAt), asc(file.id));
  const seesAll = can(actor, 'manage');
  return rows
    .filter((row) => seesAll || row.isVisible)
    .map((row) => ({ fileId: row.fileId, file: { name: row.name, extension: row.extension }, isVisible: row.isVisible }));
}

/** Active members (not revoked) of a space, and how many of them joined through the public link. */
export async function memberCounts(db: Db, spaceId: string): Promise<{ members: number; publicMembers: number }> {
  const [row] = await db
    .select({
      members: count(),
      publicMembers: sql<number>`count(*) filter (where not ${spaceMember.isInvited})`.mapWith(Number),
    })
    .from(spaceMember)
    .where(and(eq(spaceMember.spaceId, spaceId), isNull(spaceMember.revokedAt)));
  return { members: row?.members ?? 0, publicMembers: row?.publicMembers ?? 0 };
}

/** `spaces.getSpaceContent({spaceId} | {uuid})`: the landing page and the Share dialog. */
export async function getSpaceContent(db: Db, userId: string, by: { spaceId: string } | { uuid: string }): Promise<SpaceContent> {
  const actor = await requireSpace(db, userId, by, 'preview');
  const row = await details(db, actor.space.id);
  const [owner] = await db.select({ name: user.name }).from(user).where(eq(user.id, row.ownerId)).limit(1);
  const counts = await memberCounts(db, row.id);
  return {
    ...summary(actor, row),
    ownerName: owner?.name ?? '',
    files: await spaceFiles(db, actor),
    memberCount: counts.members,
    publicMemberCount: can(actor, 'manage') ? counts.publicMembers : 0,
    access: {
      canStudy: can(actor, 'study'),
      canJoin: can(actor, 'join'),
      canAcceptInvitation: can(actor, 'acceptInvitation'),
      canEditFiles: can(actor, 'editFiles'),
      canManage: can(actor, 'manage'),
      canLeave: can(actor, 'leave'),
    },
    invitationId: can(actor, 'acceptInvitation') ? (actor.invitation?.id ?? null) : null,
  };
}

/** `spaces.getSharedContext({uuid, id})`: the header of a study tab opened with a shared context. */
export async function getSharedContext(db: Db, userId: string, input: { uuid: string; id: string }): Promise<SharedContext> {
  const actor = await requireSpace(db, userId, { uuid: input.uuid }, 'study');
  const [row] = await db
    .select({ fileName: file.name, extension: file.extension, videoId: file.videoId, directoryName: directory.name, isVisible: isVisibleColumn(actor.space.id) })
    .from(file)
    .innerJoin(directory, eq(directory.id, file.directoryId))
    .where(and(eq(file.id, input.id), eq(file.directoryId, actor.space.directoryId)))
    .limit(1);
  if (!row || (!row.isVisible && !can(actor, 'manage'))) throw fileNotFound();
  return {
    spaceName: actor.space.name,
    sharedSpaceId: actor.space.id,
    fileName: row.fileName,
    extension: row.extension,
    videoId: row.videoId,
    directoryName: row.directoryName,
    directoryId: actor.space.directoryId,
    uuid: actor.space.uuid,
    id: input.id,
    canEdit: can(actor, 'editFiles'),
    isOwner: actor.kind === 'owner',
  };
}

/** The spaces the caller is an active member of and may study now, with what they are to each. */
async function memberSpaces(db: Db, userId: string): Promise<Array<{ actor: SpaceActor; row: SpaceDetails }>> {
  const rows = await db
    .select(spaceDetails)
    .from(space)
    .innerJoin(spaceMember, eq(spaceMember.spaceId, space.id))
    .where(and(eq(spaceMember.userId, userId), isNull(spaceMember.revokedAt)))
    .orderBy(desc(space.createdAt), asc(space.id));
  const actors = await spaceActors(db, userId, rows);
  return rows.flatMap((row) => {
    const actor = actors.get(row.id);
    return actor && can(actor, 'study') ? [{ actor, row }] : [];
  });
}

/** `spaces.getUserSpaces`: owned spaces and the ones the caller may study as a member. */
export async function getUserSpaces(db: Db, userId: string): Promise<UserSpaces> {
  const ownedRows = await db.select(spaceDetails).from(space).where(eq(space.ownerId, userId)).orderBy(desc(space.createdAt), asc(space.id));
  const ownedActors = await spaceActors(db, userId, ownedRows);
  const owned: SpaceSummary[] = ownedRows.flatMap((row) => {
    const actor = ownedActors.get(row.id);
    return actor ? [summary(actor, row)] : [];
  });
  const member = (await memberSpaces(db, userId)).map(({ actor, row }) => summary(actor, row));
  return { owned, member };
}

/** `spaces.getAllSharedCoursesWithFiles`: the courses shared with the caller, with the files they may study. */
export async function getAllSharedCoursesWithFiles(db: Db, userId: string): Promise<SharedCourseWithFiles[]> {
  const courses: SharedCourseWithFiles[] = [];
  for (const { actor, row } of await memberSpaces(db, userId)) {
    const files = await spaceFiles(db, actor);
    courses.push({
      id: row.id,
      uuid: row.uuid,
      name: row.name,
      membershipId: actor.member?.id ?? '',
      files: files.filter((entry) => entry.isVisible).map((entry) => ({ id: entry.fileId, ...entry.file })),
      createdAt: row.createdAt.toISOString(),
    });
  }
  return courses;
}

/**
 * `spaces.isDirectoryShared({directoryId})`: whether a course has a space. Its owner learns either way; anyone else
 * only about a space they may preview (else the course is not found, as for an unknown id).
 */
export async function isDirectoryShared(db: Db, userId: string, directoryId: string): Promise<DirectoryShared> {
  const [row] = await db
    .select(spaceColumns)
    .from(space)
    .where(eq(space.directoryId, directoryId))
    .limit(1);
  if (row) {
    const actor = await spaceActor(db, userId, row);
    if (!can(actor, 'preview')) throw courseNotFound();
    return { isShared: true, spaceInfo: { id: row.id, uuid: row.uuid, visibility: row.visibility, isOwner: actor.kind === 'owner' } };
  }
  const [course] = await db
    .select({ id: directory.id })
    .from(directory)
    .where(and(eq(directory.id, directoryId), eq(directory.ownerId, userId)))
    .limit(1);
  if (!course) throw courseNotFound();
  return { isShared: false, spaceInfo: null };
}

/** `%`, `_` and `\` typed into the search are literal characters, not patterns. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** `spaces.listPublicCourses({search, subject})`: public courses, newest first, one page. */
export async function listPublicCourses(
  db: Db,
  userId: string,
  input: { search?: string | undefined; subject?: CourseSubjectFilter | undefined },
): Promise<PublicCourse[]> {
  const search = input.search?.trim() ?? '';
  if (search.length > SHARING_LIMITS.searchMaxLength) throw spaceErrors.searchTooLong();
  const conditions: SQL[] = [eq(space.visibility, 'public')];
  if (search) {
    const pattern = likePattern(search);
    conditions.push(
      sql`(${space.name} ilike ${pattern} or ${space.description} ilike ${pattern} or exists (select 1 from jsonb_array_elements_text(${space.tags}) as tag(name) where tag.name ilike ${pattern}))`,
    );
  }
  const subject = input.subject && input.subject !== 'All' && (COURSE_SUBJECTS as readonly string[]).includes(input.subject) ? input.subject : null;
  if (subject) conditions.push(sql`${space.tags} @> ${JSON.stringify([subject])}::jsonb`);
  const rows = await db
    .select({
      ...spaceDetails,
      ownerName: user.name,
      fileCount: sql<number>`(select count(*) from ${file} where ${file.directoryId} = ${space.directoryId} and ${isVisibleColumn(sql`${space.id}`)})`.mapWith(Number),
      memberCount: sql<number>`(select count(*) from ${spaceMember} where ${spaceMember.spaceId} = ${space.id} and ${spaceMember.revokedAt} is null)`.mapWith(Number),
    })
    .from(space)
    .innerJoin(user, eq(user.id, space.ownerId))
    .where(and(...conditions))
    .orderBy(desc(space.createdAt), asc(space.id))
    .limit(SHARING_LIMITS.publicCoursesPageSize);
  const actors = await spaceActors(db, userId, rows);
  const courses: PublicCourse[] = [];
  for (const row of rows) {
    const actor = actors.get(row.id);
    courses.push({
      id: row.id,
      uuid: row.uuid,
      name: row.name,
      description: row.description,
      tags: row.tags,
      ownerName: row.ownerName,
      fileCount: row.fileCount,
      memberCount: row.memberCount,
      createdAt: row.createdAt.toISOString(),
      joined: actor ? can(actor, 'study') : false,
    });
  }
  return courses;
}

/** The caller's address as invitations store it (lower-case), or null for an unknown user. */
export async function emailOf(db: Db, userId: string): Promise<string | null> {
  const [row] = await db.select({ email: user.email }).from(user).where(eq(user.id, userId)).limit(1);
  return row ? row.email.trim().toLowerCase() : null;
}

/** `spaces.getMyInvitations`: pending invitations to the caller's address that they may accept. */
export async function getMyInvitations(db: Db, userId: string): Promise<MyInvitation[]> {
  const email = await emailOf(db, userId);
  if (!email) return [];
  const rows = await db
    .select({
      id: spaceInvitation.id,
      role: spaceInvitation.role,
      createdAt: spaceInvitation.createdAt,
      space: spaceColumns,
      ownerName: user.name,
    })
    .from(spaceInvitation)
    .innerJoin(space, eq(space.id, spaceInvitation.spaceId))
    .innerJoin(user, eq(user.id, space.ownerId))
    .where(and(eq(spaceInvitation.email, email), eq(spaceInvitation.status, 'pending')))
    .orderBy(desc(spaceInvitation.createdAt), asc(spaceInvitation.id));
  const actors = await spaceActors(db, userId, rows.map((row) => row.space));
  const invitations: MyInvitation[] = [];
  for (const row of rows) {
    const actor = actors.get(row.space.id);
    if (!actor || !can(actor, 'acceptInvitation') || actor.invitation?.id !== row.id) continue;
    invitations.push({
      id: row.id,
      spaceId: row.space.id,
      uuid: row.space.uuid,
      spaceName: row.space.name,
      ownerName: row.ownerName,
      role: row.role,
      createdAt: row.createdAt.toISOString(),
    });
  }
  return invitations;
}
