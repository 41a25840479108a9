import { and, count, desc, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  COURSE_SUBJECTS,
  CONFIRM_MAKE_PRIVATE,
  DEFAULT_COURSE_NAME,
  SHARING_LIMITS,
  type InvitationEntry,
  type MemberEntry,
  type Role,
  type Visibility,
} from '../../shared/sharing';
import { safeProfileImage } from '../../shared/profile';
import { courseNotFound, fileNotFound } from '../courses/errors';
import type { Db } from '../db/client';
import { directory, file, space, spaceFile, spaceInvitation, spaceMember, user } from '../db/schema';
import type { Logger } from '../logger';
import { invitationMail } from '../mail/invitation-mail';
import type { Mailer } from '../mail/mailer';
import { requireSpace, requireSpaceIdAndUuid } from './access';
import { spaceErrors } from './errors';
import { memberCounts } from './spaces';

/** The owner's side of a shared course (spec §4 and §7): creating, settings, files, invitations, members. */

/**
 * `spaces.createSpace`: shares the caller's course. One space per course: asked again (the Share dialog racing itself,
 * two tabs), it answers the course's existing space unchanged instead of failing.
 */
export async function createSpace(
  db: Db,
  userId: string,
  input: { name: string; description: string; visibility: Visibility; directoryId: string },
): Promise<{ id: string; uuid: string }> {
  const [course] = await db
    .select({ id: directory.id, name: directory.name })
    .from(directory)
    .where(and(eq(directory.id, input.directoryId), eq(directory.ownerId, userId)))
    .limit(1);
  if (!course) throw courseNotFound();
  const description = input.description.trim();
  if (description.length > SHARING_LIMITS.descriptionMaxLength) throw spaceErrors.descriptionTooLong();
  const name = input.name.trim() || course.name || DEFAULT_COURSE_NAME;
  await db
    .insert(space)
    .values({ directoryId: course.id, ownerId: userId, name, description, visibility: input.visibility })
    .onConflictDoNothing({ target: space.directoryId });
  const [row] = await db.select({ id: space.id, uuid: space.uuid }).from(space).where(eq(space.directoryId, course.id)).limit(1);
  if (!row) throw courseNotFound();
  return row;
}

/** Tags from the subject list in its spelling, each once, at most SHARING_LIMITS.maxTags. */
export function validTags(tags: readonly string[]): string[] {
  const chosen: string[] = [];
  for (const tag of tags) {
    const subject = COURSE_SUBJECTS.find((candidate) => candidate.toLowerCase() === tag.trim().toLowerCase());
    if (!subject) throw spaceErrors.tagUnknown();
    if (chosen.includes(subject)) throw spaceErrors.tagExists();
    chosen.push(subject);
  }
  if (chosen.length > SHARING_LIMITS.maxTags) throw spaceErrors.tooManyTags();
  return chosen;
}

export type UpdateSpaceInput =
  | { id: string; uuid: string; description: string; tags: string[] }
  | { id: string; uuid: string; visibility: Visibility; confirm?: string | undefined };

/**
 * `spaces.updateSpace`: the course details, or its visibility. Making a public course private while people who joined
 * through its link are members needs `confirm: 'MAKE PRIVATE'` (they lose access; invited members keep it).
 */
export async function updateSpace(db: Db, userId: string, input: UpdateSpaceInput): Promise<{ visibility: Visibility }> {
  const actor = await requireSpaceIdAndUuid(db, userId, { spaceId: input.id, uuid: input.uuid }, 'manage');
  if ('visibility' in input) {
    if (actor.space.visibility === 'public' && input.visibility !== 'public') {
      const { publicMembers } = await memberCounts(db, actor.space.id);
      if (publicMembers > 0 && input.confirm !== CONFIRM_MAKE_PRIVATE) throw spaceErrors.confirmMakePrivate(publicMembers);
    }
    await db.update(space).set({ visibility: input.visibility, updatedAt: new Date() }).where(eq(space.id, actor.space.id));
    return { visibility: input.visibility };
  }
  const description = input.description.trim();
  if (description.length > SHARING_LIMITS.descriptionMaxLength) throw spaceErrors.descriptionTooLong();
  const tags = validTags(input.tags);
  await db.update(space).set({ description, tags, updatedAt: new Date() }).where(eq(space.id, actor.space.id));
  return { visibility: actor.space.visibility };
}

/** `spaces.toggleContentVisibility`: shows or hides one file of the course; one must stay visible. */
export async function toggleContentVisibility(
  db: Db,
  userId: string,
  input: { spaceId: string; uuid: string; fileId: string; isVisible: boolean },
): Promise<{ fileId: string; isVisible: boolean }> {
  const actor = await requireSpaceIdAndUuid(db, userId, { spaceId: input.spaceId, uuid: input.uuid }, 'manage');
  const spaceId = actor.space.id;
  await db.transaction(async (tx) => {
    // Serialises toggles of one space, so two hides at once cannot leave no file visible.
    await tx.select({ id: space.id }).from(space).where(eq(space.id, spaceId)).for('update');
    const [target] = await tx
      .select({ id: file.id })
      .from(file)
      .where(and(eq(file.id, input.fileId), eq(file.directoryId, actor.space.directoryId)))
      .limit(1);
    if (!target) throw fileNotFound();
    if (!input.isVisible) {
      const [others] = await tx
        .select({ visible: count() })
        .from(file)
        .where(
          and(
            eq(file.directoryId, actor.space.directoryId),
            ne(file.id, target.id),
            sql`coalesce((select ${spaceFile.isVisible} from ${spaceFile} where ${spaceFile.spaceId} = ${spaceId} and ${spaceFile.fileId} = ${file.id}), true)`,
          ),
        );
      if ((others?.visible ?? 0) === 0) throw spaceErrors.lastVisibleFile();
    }
    await tx
      .insert(spaceFile)
      .values({ spaceId, fileId: target.id, isVisible: input.isVisible })
      .onConflictDoUpdate({ target: [spaceFile.spaceId, spaceFile.fileId], set: { isVisible: input.isVisible, updatedAt: new Date() } });
  });
  return { fileId: input.fileId, isVisible: input.isVisible };
}

/** `spaces.getInvitations` (owner only): newest first. */
export async function getInvitations(db: Db, userId: string, spaceId: string): Promise<InvitationEntry[]> {
  const actor = await requireSpace(db, userId, { spaceId }, 'manage');
  const rows = await db
    .select({ id: spaceInvitation.id, email: spaceInvitation.email, role: spaceInvitation.role, status: spaceInvitation.status, createdAt: spaceInvitation.createdAt })
    .from(spaceInvitation)
    .where(eq(spaceInvitation.spaceId, actor.space.id))
    .orderBy(desc(spaceInvitation.createdAt), asc(spaceInvitation.id));
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}

/** `spaces.getMembers` (owner only): the active members (revoked ones are not members), oldest first. */
export async function getMembers(db: Db, userId: string, spaceId: string): Promise<MemberEntry[]> {
  const actor = await requireSpace(db, userId, { spaceId }, 'manage');
  const rows = await db
    .select({
      id: spaceMember.id,
      userId: spaceMember.userId,
      name: user.name,
      username: user.displayUsername,
      fallbackUsername: user.username,
      email: user.email,
      image: user.image,
      role: spaceMember.role,
      isInvited: spaceMember.isInvited,
      joinedAt: spaceMember.createdAt,
    })
    .from(spaceMember)
    .innerJoin(user, eq(user.id, spaceMember.userId))
    .where(and(eq(spaceMember.spaceId, actor.space.id), isNull(spaceMember.revokedAt)))
    .orderBy(asc(spaceMember.createdAt), asc(spaceMember.id));
  return rows.map(({ fallbackUsername, joinedAt, ...row }) => ({
    ...row,
    username: row.username ?? fallbackUsername,
    image: safeProfileImage(row.image),
    joinedAt: joinedAt.toISOString(),
  }));
}

/**
 * `spaces.removeMember` (owner only) revokes a member's access: the row stays with `revokedAt` (their progress too, in
 * case they are invited back) and their pending invitation goes.
 */
export async function removeMember(db: Db, userId: string, input: { spaceId: string; memberId: string }): Promise<{ success: true }> {
  const actor = await requireSpace(db, userId, { spaceId: input.spaceId }, 'manage');
  const [member] = await db
    .select({ id: spaceMember.id, email: user.email, revokedAt: spaceMember.revokedAt })
    .from(spaceMember)
    .innerJoin(user, eq(user.id, spaceMember.userId))
    .where(and(eq(spaceMember.id, input.memberId), eq(spaceMember.spaceId, actor.space.id)))
    .limit(1);
  if (!member) throw spaceErrors.memberNotFound();
  await db.transaction(async (tx) => {
    if (!member.revokedAt) await tx.update(spaceMember).set({ revokedAt: new Date() }).where(eq(spaceMember.id, member.id));
    await tx
      .delete(spaceInvitation)
      .where(
        and(
          eq(spaceInvitation.spaceId, actor.space.id),
          eq(spaceInvitation.email, member.email.trim().toLowerCase()),
          eq(spaceInvitation.status, 'pending'),
        ),
      );
  });
  return { success: true };
}

const emailSchema = z.email();

/** The address as invitations keep it (trimmed, lower-case), or the spec's refusal for a blank or invalid one. */
export function invitationEmail(raw: string): string {
  const email = raw.trim().toLowerCase();
  if (!email) throw spaceErrors.emailRequired();
  if (email.length > SHARING_LIMITS.emailMaxLength) throw spaceErrors.emailTooLong();
  if (!emailSchema.safeParse(email).success) throw spaceErrors.emailInvalid();
  return email;
}

/** PostgreSQL's unique_violation: a second invitation to the same address that raced the first. */
const isUniqueViolation = (error: unknown): boolean => {
  for (let cause: unknown = error; cause instanceof Error; cause = cause.cause) {
    if ((cause as { code?: unknown }).code === '23505') return true;
  }
  return false;
};

export interface AddMemberDependencies {
  db: Db;
  log: Logger;
  appUrl: string;
  /** Null when SMTP_URL is not set: the invitation is made and nothing is sent. */
  mailer: Mailer | null;
}

/**
 * `spaces.addMember` (owner only) invites an address: a pending invitation the invitee accepts in the app after signing
 * in with that address, and an email with the link when SMTP is configured (sent after the invitation is stored; a
 * failed send is logged and does not fail the invitation). An address whose member was revoked or left can be invited
 * again; one with a pending invitation or an active invited membership cannot.
 */
export async function addMember(
  deps: AddMemberDependencies,
  userId: string,
  input: { spaceId: string; uuid: string; email: string; role: Role },
): Promise<InvitationEntry & { emailSent: boolean }> {
  const { db } = deps;
  const email = invitationEmail(input.email);
  const actor = await requireSpaceIdAndUuid(db, userId, { spaceId: input.spaceId, uuid: input.uuid }, 'manage');
  const spaceId = actor.space.id;
  const [owner] = await db.select({ email: user.email, name: user.name }).from(user).where(eq(user.id, actor.space.ownerId)).limit(1);
  if (owner && owner.email.trim().toLowerCase() === email) throw spaceErrors.inviteSelf();

  let invitation: { id: string; createdAt: Date };
  try {
    invitation = await db.transaction(async (tx) => {
      // Serialises invitations to one space: the limit and the duplicate check hold under concurrent invites.
      await tx.select({ id: space.id }).from(space).where(eq(space.id, spaceId)).for('update');
      const [existing] = await tx
        .select({ id: spaceInvitation.id, status: spaceInvitation.status })
        .from(spaceInvitation)
        .where(and(eq(spaceInvitation.spaceId, spaceId), eq(spaceInvitation.email, email)))
        .limit(1);
      if (existing) {
        const [active] = await tx
          .select({ id: spaceMember.id })
          .from(spaceMember)
          .innerJoin(user, eq(user.id, spaceMember.userId))
          .where(and(eq(spaceMember.spaceId, spaceId), sql`lower(${user.email}) = ${email}`, isNull(spaceMember.revokedAt)))
          .limit(1);
        if (existing.status === 'pending' || active) throw spaceErrors.alreadyInvited();
        // Accepted once, but the member was revoked (or left): a new pending invitation lets them back in.
        const [renewed] = await tx
          .update(spaceInvitation)
          .set({ status: 'pending', role: input.role, invitedBy: userId, createdAt: new Date(), acceptedAt: null })
          .where(eq(spaceInvitation.id, existing.id))
          .returning({ id: spaceInvitation.id, createdAt: spaceInvitation.createdAt });
        if (!renewed) throw spaceErrors.notFound();
        return renewed;
      }
      const [held] = await tx.select({ invitations: count() }).from(spaceInvitation).where(eq(spaceInvitation.spaceId, spaceId));
      if ((held?.invitations ?? 0) >= SHARING_LIMITS.maxInvitationsPerSpace) throw spaceErrors.tooManyInvitations();
      const [created] = await tx
        .insert(spaceInvitation)
        .values({ spaceId, email, role: input.role, invitedBy: userId })
        .returning({ id: spaceInvitation.id, createdAt: spaceInvitation.createdAt });
      if (!created) throw spaceErrors.notFound();
      return created;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw spaceErrors.alreadyInvited();
    throw error;
  }

  let emailSent = false;
  if (deps.mailer) {
    const [invitee] = await db.select({ locale: user.locale }).from(user).where(sql`lower(${user.email}) = ${email}`).limit(1);
    emailSent = await deps.mailer.send(
      invitationMail({
        to: email,
        locale: invitee?.locale ?? null,
        inviterName: owner?.name ?? '',
        courseName: actor.space.name,
        role: input.role,
        uuid: actor.space.uuid,
        appUrl: deps.appUrl,
      }),
    );
    if (!emailSent) deps.log.warn({ spaceId, invitationId: invitation.id }, 'invitation saved, but its email was not sent');
  }
  return { id: invitation.id, email, role: input.role, status: 'pending', createdAt: invitation.createdAt.toISOString(), emailSent };
}
