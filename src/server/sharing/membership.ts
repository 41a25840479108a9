import { and, eq, inArray, or } from 'drizzle-orm';
import type { Db } from '../db/client';
import {
  challenge,
  challengeAttempt,
  challengeReport,
  cardState,
  chatMessage,
  deck,
  file,
  flashcard,
  lesson,
  lessonProgress,
  reviewLog,
  space,
  spaceInvitation,
  spaceMember,
  unit,
} from '../db/schema';
import type { Tx } from '../study/pipeline/store';
import { requireActor, requireSpace } from './access';
import { spaceErrors } from './errors';
import { findSpace, spaceActor, type SpaceActor } from './permissions';
import { emailOf } from './spaces';

/** The member's side of a shared course (DESIGN §4): accepting an invitation, joining, leaving. */

/** Makes the invitee a member with the invited role and marks the invitation accepted (a revocation is lifted). */
async function accept(db: Db, actor: SpaceActor, userId: string, invitation: { id: string; role: 'viewer' | 'editor' }) {
  await db.transaction(async (tx) => {
    await tx
      .insert(spaceMember)
      .values({ spaceId: actor.space.id, userId, role: invitation.role, isInvited: true })
      .onConflictDoUpdate({
        target: [spaceMember.spaceId, spaceMember.userId],
        set: { role: invitation.role, isInvited: true, revokedAt: null },
      });
    await tx
      .update(spaceInvitation)
      .set({ status: 'accepted', acceptedAt: new Date() })
      .where(eq(spaceInvitation.id, invitation.id));
  });
}

/** `spaces.acceptInvitation({invitationId})`: only the invitation to the caller's own address. */
export async function acceptInvitation(db: Db, userId: string, invitationId: string): Promise<{ spaceId: string; uuid: string }> {
  const [invitation] = await db
    .select({ spaceId: spaceInvitation.spaceId })
    .from(spaceInvitation)
    .where(eq(spaceInvitation.id, invitationId))
    .limit(1);
  if (!invitation) throw spaceErrors.invitationNotFound();
  const row = await findSpace(db, { spaceId: invitation.spaceId });
  if (!row) throw spaceErrors.invitationNotFound();
  const actor = requireActor(await spaceActor(db, userId, row), 'acceptInvitation');
  // The permission model found the caller's own pending invitation; another address's is not theirs to accept.
  if (!actor.invitation || actor.invitation.id !== invitationId) throw spaceErrors.invitationNotFound();
  await accept(db, actor, userId, actor.invitation);
  return { spaceId: row.id, uuid: row.uuid };
}

/**
 * `spaces.joinPublicSpace({uuid})`: joins a public course through its link. Someone with a pending invitation to it
 * joins by accepting that invitation (with its role) rather than as a public-link member.
 */
export async function joinPublicSpace(db: Db, userId: string, uuid: string): Promise<{ spaceId: string; uuid: string }> {
  const actor = await requireSpace(db, userId, { uuid }, 'join');
  if (actor.invitation) {
    await accept(db, actor, userId, actor.invitation);
  } else {
    await db
      .insert(spaceMember)
      .values({ spaceId: actor.space.id, userId, role: 'viewer', isInvited: false })
      .onConflictDoNothing({ target: [spaceMember.spaceId, spaceMember.userId] });
  }
  return { spaceId: actor.space.id, uuid: actor.space.uuid };
}

/**
 * The member's progress in a course's files: challenge attempts, lesson progress and reports, card states and review
 * logs of the course's decks, their own decks there, and their chat messages about the course.
 */
export async function deleteCourseProgress(tx: Tx, userId: string, directoryId: string): Promise<void> {
  const courseFiles = tx.select({ id: file.id }).from(file).where(eq(file.directoryId, directoryId));
  const courseUnits = tx.select({ id: unit.id }).from(unit).where(inArray(unit.fileId, courseFiles));
  const courseChallenges = tx
    .select({ id: challenge.id })
    .from(challenge)
    .innerJoin(lesson, eq(lesson.id, challenge.lessonId))
    .where(inArray(lesson.unitId, courseUnits));
  const courseCards = tx
    .select({ id: flashcard.id })
    .from(flashcard)
    .innerJoin(deck, eq(deck.id, flashcard.deckId))
    .where(inArray(deck.fileId, courseFiles));
  await tx.delete(challengeAttempt).where(and(eq(challengeAttempt.userId, userId), inArray(challengeAttempt.unitId, courseUnits)));
  await tx.delete(lessonProgress).where(and(eq(lessonProgress.userId, userId), inArray(lessonProgress.unitId, courseUnits)));
  await tx.delete(challengeReport).where(and(eq(challengeReport.userId, userId), inArray(challengeReport.challengeId, courseChallenges)));
  await tx.delete(reviewLog).where(and(eq(reviewLog.userId, userId), inArray(reviewLog.cardId, courseCards)));
  await tx.delete(cardState).where(and(eq(cardState.userId, userId), inArray(cardState.cardId, courseCards)));
  await tx.delete(deck).where(and(eq(deck.ownerId, userId), inArray(deck.fileId, courseFiles)));
  await tx
    .delete(chatMessage)
    .where(and(eq(chatMessage.userId, userId), or(eq(chatMessage.directoryId, directoryId), inArray(chatMessage.fileId, courseFiles))));
}

/**
 * `spaces.leaveSpace({spaceId})`: the member removes themselves. Their membership, their invitation (so they can be
 * invited again) and their progress in the course go.
 */
export async function leaveSpace(db: Db, userId: string, spaceId: string): Promise<{ success: true }> {
  const actor = await requireSpace(db, userId, { spaceId }, 'leave');
  const email = await emailOf(db, userId);
  await db.transaction(async (tx) => {
    await tx.select({ id: space.id }).from(space).where(eq(space.id, actor.space.id)).for('update');
    await deleteCourseProgress(tx, userId, actor.space.directoryId);
    await tx.delete(spaceMember).where(and(eq(spaceMember.spaceId, actor.space.id), eq(spaceMember.userId, userId)));
    if (email) {
      await tx.delete(spaceInvitation).where(and(eq(spaceInvitation.spaceId, actor.space.id), eq(spaceInvitation.email, email)));
    }
  });
  return { success: true };
}
