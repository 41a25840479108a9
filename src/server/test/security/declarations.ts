import { randomUUID } from 'node:crypto';
import type { inferRouterInputs } from '@trpc/server';
import { and, eq } from 'drizzle-orm';
import { lessonProgress, spaceInvitation } from '../../db/schema';
import { createRun } from '../../learn/run';
import type { Services } from '../../services';
import { insertCourse, insertFile } from '../courses';
import { callerFor, type TestUser } from '../harness';
import type { SharedCourse } from '../sharing';
import type { AppRouter } from '../../trpc/router';
import { type ActorName, actorOrder, COURSE_NAME, type World } from './world';

/**
 * What every procedure of the API must answer each kind of caller: the declaration table of the whole-API access
 * matrix (access-matrix.test.ts), also the source of the valid inputs the fuzzing starts from (fuzz/). Its type makes a
 * procedure without a declaration a type error; the matrix's completeness test catches it at run time too.
 *
 * A cell is 'allowed' (the call succeeds) or the tRPC code it is refused with. A few procedures answer every caller
 * who gets past access control with a refusal of the domain (nothing to cancel, no hearts to refill): those cells name
 * that code, and the anonymous cell still shows the procedure is guarded.
 *
 * Targets are the world's (world.ts): the owner's public shared course, its visible file ready for every tab (study),
 * its ids. Inputs that destroy what they target build a fresh target per call, so that every cell sees the same world.
 */
type Inputs = inferRouterInputs<AppRouter>;
type PathOf<T> = { [R in keyof T & string]: { [P in keyof T[R] & string]: `${R}.${P}` }[keyof T[R] & string] }[keyof T & string];
export type ProcedurePath = PathOf<Inputs>;
type InputAt<P extends string> = P extends `${infer R}.${infer N}`
  ? R extends keyof Inputs
    ? N extends keyof Inputs[R]
      ? Inputs[R][N]
      : never
    : never
  : never;

export type Outcome =
  | 'allowed'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'BAD_REQUEST'
  | 'CONFLICT'
  | 'PRECONDITION_FAILED'
  | 'TOO_MANY_REQUESTS';

export type Cells = Record<ActorName, Outcome>;

/** One call of the matrix: who calls, in which course (the world's, or one of the procedure's own). */
export interface Cell {
  services: Services;
  world: World;
  course: SharedCourse;
  actor: ActorName;
  /** The caller (null: signed out). */
  user: TestUser | null;
}

export interface Declaration<I> {
  expect: Cells;
  /** A valid input aimed at the course's owner's things (or the caller's own where the procedure has no target). */
  input: (cell: Cell) => I | Promise<I>;
  /** The calls change who belongs to the course: the procedure gets a course of its own (sharedCourse). */
  ownCourse?: boolean;
  /** Why someone outside the course may be shown it (a public course's preview); else they are shown nothing of it. */
  showsCourse?: string;
  /** Why an answer may show other users' ids or usernames (never their email addresses). */
  showsUsers?: string;
}

type Declarations = { [P in ProcedurePath]: Declaration<InputAt<P>> };

// ---- the usual rows ----

function cells(rest: Outcome, cells: Partial<Cells>): Cells {
  return Object.fromEntries(actorOrder.map((actor) => [actor, cells[actor] ?? rest])) as Cells;
}

/** Open to everyone, signed out included. */
const everyone = cells('allowed', {});
/** The caller's own data, with no target: anyone signed in. */
const signedIn = cells('allowed', { anonymous: 'UNAUTHORIZED' });
/** The owner's own things, outside any shared context: the owner alone; for everyone else they do not exist. */
const ownerOnly = cells('NOT_FOUND', { anonymous: 'UNAUTHORIZED', owner: 'allowed' });
/** Studying a file of a public shared course through its link: members and the owner (spec §6). */
const studies = cells('NOT_FOUND', { anonymous: 'UNAUTHORIZED', viewer: 'allowed', editor: 'allowed', publicMember: 'allowed', owner: 'allowed' });
/** A study action the course's owner alone may take: members who study the course are FORBIDDEN, others NOT_FOUND. */
const ownerOfStudy = cells('NOT_FOUND', { anonymous: 'UNAUTHORIZED', viewer: 'FORBIDDEN', editor: 'FORBIDDEN', publicMember: 'FORBIDDEN', owner: 'allowed' });
/** The admin's alone (ADMIN_EMAILS); everyone else, signed out included, is told the procedure does not exist. */
const adminOnly = cells('NOT_FOUND', { admin: 'allowed' });
/** The caller's own, where nobody in the world has anything to act on: the domain's refusal, to anyone signed in. */
const signedInRefused = (code: Outcome) => cells(code, { anonymous: 'UNAUTHORIZED' });
/**
 * A course action on a public course: those it is for are allowed; anyone else signed in may preview the course and
 * so is told FORBIDDEN rather than NOT_FOUND (as in spaces.test.ts).
 */
const onPublicCourse = (allowed: ActorName[]) =>
  cells('FORBIDDEN', { anonymous: 'UNAUTHORIZED', ...Object.fromEntries(allowed.map((actor) => [actor, 'allowed'])) });

// ---- targets ----

const noInput = () => undefined;
const shared = (cell: Cell) => ({ uuid: cell.course.uuid, id: cell.course.visibleFile.id });
const studied = (cell: Cell) => ({ fileId: cell.world.study.fileId, ...shared(cell) });
const sharedFlags = (cell: Cell) => ({ isShared: true, sharedSpaceId: cell.course.spaceId });
const userId = (cell: Cell) => cell.user?.user.id ?? 'signed-out';

let fresh = 0;
/** A course of the owner's made for one call. */
async function freshCourse(cell: Cell): Promise<string> {
  return (await insertCourse(cell.services, cell.course.owner, { name: `Disposable course ${(fresh += 1)}` })).id;
}
/** A file of the shared course (visible in it: no space_file row) made for one call. */
async function freshFile(cell: Cell, status: 'ready' | 'failed' = 'ready'): Promise<string> {
  const row = await insertFile(cell.services, cell.course.owner, cell.course.courseId, {
    name: `Disposable ${(fresh += 1)}.pdf`,
    status,
    storageKey: status === 'failed' ? `missing/${randomUUID()}` : null,
  });
  return row.id;
}
/** A card the owner wrote in their own cards of the studied file, made for one call. */
async function ownerCard(cell: Cell): Promise<string> {
  const card = await callerFor(cell.services, cell.course.owner).decks.createCard({ fileId: cell.world.study.fileId, front: 'Owner Q', back: 'Owner A' });
  return card.id;
}
/** A run of the studied lesson made for the caller, as learn.getLesson makes it. */
const runFor = (cell: Cell) => createRun(cell.services.config.authSecret, userId(cell), cell.world.study.lessonId, false).runId;

/** A run in which the caller has answered every challenge (where they may): what learn.finishLesson finishes. */
async function answeredRun(cell: Cell): Promise<string> {
  const runId = runFor(cell);
  const caller = callerFor(cell.services, cell.user);
  for (const challengeId of cell.world.study.lessonChallengeIds) {
    await caller.learn
      .submitAnswer({ challengeId, runId, answer: 'true', timeToCompleteMs: 1000, ...shared(cell) })
      // Refused to whoever may not study the course; finishLesson is then refused to them as well.
      .catch(() => undefined);
  }
  return runId;
}

/**
 * The studied lesson finished by the caller (where they may), so that it may be replayed offline. Every challenge is
 * skipped: no points, so the declarations after these (the shop's) still find the actors as poor as before.
 */
async function finishedLesson(cell: Cell): Promise<string> {
  const runId = runFor(cell);
  const caller = callerFor(cell.services, cell.user);
  for (const challengeId of cell.world.study.lessonChallengeIds) {
    await caller.learn.skipChallenge({ challengeId, runId, timeToCompleteMs: 1000, ...shared(cell) }).catch(() => undefined);
  }
  await caller.learn.finishLesson({ lessonId: cell.world.study.lessonId, runId, ...shared(cell) }).catch(() => undefined);
  return cell.world.study.lessonId;
}

/**
 * The studied file with its first lesson completed by the caller (written directly: no points earned, as above), so
 * that its mistakes can be reviewed (learn.getReview).
 */
async function reviewableFile(cell: Cell) {
  if (cell.user) {
    await cell.services.db
      .insert(lessonProgress)
      .values({ userId: cell.user.user.id, lessonId: cell.world.study.lessonId, unitId: cell.world.study.unitId, completedAt: new Date(), completions: 1 })
      .onConflictDoNothing();
  }
  return studied(cell);
}

/**
 * A review of the studied file started and answered by the caller (where they may): each challenge skipped, then
 * answered right when asked again — no points, so the actors stay as poor as before. A made-up run for the others.
 */
async function answeredReview(cell: Cell): Promise<{ fileId: string; runId: string }> {
  const caller = callerFor(cell.services, cell.user);
  const input = await reviewableFile(cell);
  const review = await caller.learn.getReview(input).catch(() => null);
  if (!review) return { fileId: input.fileId, runId: `r1.${randomUUID()}` };
  for (const item of review.challenges) {
    await caller.learn.skipChallenge({ challengeId: item.id, runId: review.runId, timeToCompleteMs: 1000, ...shared(cell) });
    await caller.learn.submitAnswer({ challengeId: item.id, runId: review.runId, answer: 'true', timeToCompleteMs: 1000, ...shared(cell) });
  }
  return { fileId: input.fileId, runId: review.runId };
}

/** The course's invitation that is pending when the world is made (the pending invitee's), looked up once. */
const invitations = new WeakMap<SharedCourse, Promise<string>>();
function pendingInvitation(cell: Cell): Promise<string> {
  const known = invitations.get(cell.course);
  if (known) return known;
  const found = cell.services.db
    .select({ id: spaceInvitation.id })
    .from(spaceInvitation)
    .where(and(eq(spaceInvitation.spaceId, cell.course.spaceId), eq(spaceInvitation.status, 'pending')))
    .then(([row]) => {
      if (!row) throw new Error('the course has no pending invitation');
      return row.id;
    });
  invitations.set(cell.course, found);
  return found;
}

const preview = 'a public course is previewed by anyone signed in (spec §6: the /space landing page)';

export const declarations: Declarations = {
  // ---- user: the caller's own account ----
  'user.getUser': { expect: ownerOnly, input: (c) => ({ id: c.course.owner.user.id }) },
  'user.getUserBillingInfo': { expect: signedIn, input: noInput },
  'user.setLocale': { expect: signedIn, input: () => ({ locale: 'en' }) },
  'user.setTimeZone': { expect: signedIn, input: () => ({ timeZone: 'Europe/Berlin' }) },
  'user.updateProfile': { expect: signedIn, input: (c) => ({ name: c.user?.user.name ?? 'Nobody' }) },
  'user.setCurrency': { expect: signedIn, input: () => ({ currency: 'eur' }) },
  'user.detectCurrency': { expect: signedIn, input: noInput },

  // ---- courses and files: the owner's alone (members reach files through the shared context only) ----
  'directory.getDirectories': { expect: signedIn, input: noInput },
  'directory.getActiveDirectoryId': { expect: signedIn, input: noInput },
  'directory.getActiveDirectoryFromActiveFile': { expect: signedIn, input: noInput },
  'directory.createDirectory': { expect: signedIn, input: () => ({ name: 'Matrix course' }) },
  'directory.deleteDirectory': { expect: ownerOnly, input: async (c) => ({ id: await freshCourse(c) }) },
  'directory.renameDirectory': { expect: ownerOnly, input: async (c) => ({ directoryId: await freshCourse(c), newName: 'Renamed course' }) },
  'directory.getAzureDirectoryFiles': { expect: ownerOnly, input: (c) => ({ directoryId: c.course.courseId }) },

  'file.getActiveFile': { expect: signedIn, input: noInput },
  'file.setActiveFileId': { expect: ownerOnly, input: (c) => ({ fileId: c.world.study.fileId }) },
  'file.setActiveFileAndRevalidate': { expect: ownerOnly, input: (c) => ({ fileId: c.world.study.fileId }) },
  // Answers only the caller's own files among those asked for: an empty list to everyone else.
  'file.getFilesByIds': { expect: signedIn, input: (c) => ({ fileIds: [c.world.study.fileId, c.course.hiddenFile.id] }) },
  'file.deleteFile': { expect: ownerOnly, input: async (c) => ({ fileId: await freshFile(c) }) },
  // Editors rename the course's files (the permission model's editFiles); viewers and link members are read-only.
  'file.renameFile': {
    expect: cells('NOT_FOUND', { anonymous: 'UNAUTHORIZED', viewer: 'FORBIDDEN', publicMember: 'FORBIDDEN', editor: 'allowed', owner: 'allowed' }),
    input: async (c) => ({ fileId: await freshFile(c), newName: `Renamed ${(fresh += 1)}.pdf`, ...shared(c) }),
  },
  'file.getFileExtension': { expect: studies, input: studied },
  'file.getProcessingStatus': { expect: studies, input: studied },
  'file.getFilePages': { expect: studies, input: (c) => ({ ...studied(c), withText: true }) },
  'file.regenerateArtefact': { expect: ownerOfStudy, input: async (c) => ({ fileId: await freshFile(c), artefact: 'summary', ...shared(c) }) },
  'file.retryProcessing': { expect: ownerOnly, input: async (c) => ({ fileId: await freshFile(c, 'failed') }) },

  // ---- gamification and the shop: the caller's own ----
  'gamification.getProgress': { expect: signedIn, input: noInput },
  'gamification.getStreak': { expect: signedIn, input: () => ({}) },
  'gamification.getLeaderboard': {
    expect: signedIn,
    input: () => ({ period: 'all' }),
    showsUsers: 'the leaderboard ranks every student by username (spec §4)',
  },
  'gamification.getQuests': { expect: signedIn, input: noInput },
  'gamification.acknowledgeQuests': { expect: signedIn, input: () => ({ completions: [] }) },
  // Nobody in the world has points to spend (and hearts are full): the shop's own refusal, once signed in.
  'shop.refillHearts': { expect: signedInRefused('BAD_REQUEST'), input: () => ({ requestId: randomUUID() }) },
  'shop.buyStreakFreeze': { expect: signedInRefused('BAD_REQUEST'), input: () => ({ requestId: randomUUID() }) },

  'system.getPublicConfig': { expect: everyone, input: noInput },

  // ---- the study tabs through the shared course's link ----
  'summary.get': { expect: studies, input: studied },
  'summary.getDraft': { expect: studies, input: studied },
  'mindmap.get': { expect: studies, input: studied },
  'mindmap.getPassage': { expect: studies, input: (c) => ({ ...studied(c), nodeId: c.world.mindmapNodeId }) },
  'decks.list': { expect: studies, input: studied },
  'decks.getCards': { expect: studies, input: (c) => ({ deckId: c.world.study.deckId, ...shared(c) }) },
  'decks.getSession': { expect: studies, input: (c) => ({ deckId: c.world.study.deckId, ...shared(c) }) },
  'decks.review': { expect: studies, input: (c) => ({ cardId: c.world.study.cardId, rating: 3, durationMs: 1200, ...shared(c) }) },
  // Undoes the caller's own last rating: those who never rated a card (refused by decks.review) have nothing to undo.
  'decks.undoReview': { expect: { ...studies, stranger: 'CONFLICT', admin: 'CONFLICT', revokedMember: 'CONFLICT', pendingInvitee: 'CONFLICT' }, input: shared },
  'decks.reviewsToday': { expect: signedIn, input: noInput },
  'decks.createCard': { expect: studies, input: (c) => ({ ...studied(c), front: 'Matrix Q', back: 'Matrix A' }) },
  // The owner's own cards ("My cards") are theirs alone: for members of the course as for anyone else they do not exist.
  'decks.updateCard': { expect: ownerOnly, input: async (c) => ({ cardId: await ownerCard(c), front: 'Changed Q', back: 'Changed A', ...shared(c) }) },
  'decks.deleteCard': { expect: ownerOnly, input: async (c) => ({ cardId: await ownerCard(c), ...shared(c) }) },
  'decks.generate': { expect: ownerOfStudy, input: async (c) => ({ fileId: await freshFile(c), ...shared(c) }) },
  'decks.exportCsv': { expect: studies, input: (c) => ({ deckId: c.world.study.deckId, ...shared(c) }) },
  'decks.exportAnki': { expect: studies, input: (c) => ({ deckId: c.world.study.deckId, ...shared(c) }) },

  'chat.history': { expect: studies, input: studied },
  'chat.usage': { expect: signedIn, input: noInput },
  'chat.clear': { expect: studies, input: studied },
  'chat.supportIdentity': { expect: signedIn, input: noInput },
  'chat.suggestions': { expect: studies, input: studied },

  'learn.getPath': { expect: studies, input: studied },
  'learn.getLesson': { expect: studies, input: (c) => ({ lessonId: c.world.study.lessonId, ...shared(c) }) },
  'learn.submitAnswer': {
    expect: studies,
    input: (c) => ({ challengeId: c.world.study.challengeId, runId: runFor(c), answer: 'true', timeToCompleteMs: 2000, ...shared(c) }),
  },
  'learn.skipChallenge': {
    expect: studies,
    input: (c) => ({ challengeId: c.world.study.challengeId, runId: runFor(c), timeToCompleteMs: 1500, ...shared(c) }),
  },
  'learn.finishLesson': { expect: studies, input: async (c) => ({ lessonId: c.world.study.lessonId, runId: await answeredRun(c), ...shared(c) }) },
  'learn.getReplay': { expect: studies, input: async (c) => ({ lessonId: await finishedLesson(c), ...shared(c) }) },
  'learn.getReview': { expect: studies, input: reviewableFile },
  'learn.finishReview': { expect: studies, input: async (c) => ({ ...(await answeredReview(c)), ...shared(c) }) },
  'learn.syncReplay': {
    expect: studies,
    input: async (c) => ({
      lessonId: await finishedLesson(c),
      replayId: randomUUID(),
      playedAt: new Date(),
      answers: c.world.study.lessonChallengeIds.map((challengeId) => ({ challengeId, skipped: true, timeToCompleteMs: 1000 })),
      ...shared(c),
    }),
  },
  'learn.reportChallenge': { expect: studies, input: (c) => ({ challengeId: c.world.study.challengeId, ...sharedFlags(c) }) },
  // Spec §3: a report made in a shared course cannot be withdrawn there, not even by its owner.
  'learn.unreportChallenge': {
    expect: { ...studies, viewer: 'FORBIDDEN', editor: 'FORBIDDEN', publicMember: 'FORBIDDEN', owner: 'FORBIDDEN' },
    input: (c) => ({ challengeId: c.world.study.challengeId, ...sharedFlags(c) }),
  },

  'stats.getLessonStats': { expect: studies, input: (c) => ({ lessonId: c.world.study.lessonId, ...sharedFlags(c) }) },
  'stats.getUnitStats': { expect: studies, input: (c) => ({ unitId: c.world.study.unitId, ...sharedFlags(c) }) },
  'stats.getOverallStats': { expect: studies, input: (c) => ({ fileId: c.world.study.fileId, ...sharedFlags(c) }) },

  // ---- sharing ----
  'spaces.getSharedContext': { expect: onPublicCourse(['viewer', 'editor', 'publicMember', 'owner']), input: (c) => ({ uuid: c.course.uuid, id: c.world.study.fileId }) },
  'spaces.getUserSpaces': { expect: signedIn, input: noInput },
  'spaces.getAllSharedCoursesWithFiles': { expect: signedIn, input: noInput },
  'spaces.getSpaceContent': {
    expect: cells('allowed', { anonymous: 'UNAUTHORIZED', revokedMember: 'FORBIDDEN' }),
    input: (c) => ({ spaceId: c.course.spaceId }),
    showsCourse: preview,
  },
  'spaces.getSpaceByUuid': {
    expect: cells('allowed', { anonymous: 'UNAUTHORIZED', revokedMember: 'FORBIDDEN' }),
    input: (c) => ({ uuid: c.course.uuid }),
    showsCourse: preview,
  },
  'spaces.removeMember': { expect: onPublicCourse(['owner']), ownCourse: true, input: (c) => ({ spaceId: c.course.spaceId, memberId: c.course.memberIds.viewer ?? randomUUID() }) },
  'spaces.updateSpace': {
    expect: onPublicCourse(['owner']),
    input: (c) => ({ id: c.course.spaceId, uuid: c.course.uuid, description: 'Cells and tissues.', tags: ['Biology'] }),
  },
  'spaces.generateDescriptionAndTags': {
    expect: onPublicCourse(['owner']),
    input: (c) => ({ spaceId: c.course.spaceId, userId: userId(c), onlyDescription: true }),
  },
  'spaces.getInvitations': { expect: onPublicCourse(['owner']), input: (c) => ({ spaceId: c.course.spaceId }) },
  'spaces.getMembers': { expect: onPublicCourse(['owner']), input: (c) => ({ spaceId: c.course.spaceId }) },
  // Asked again by the owner it answers the existing space; for anyone else the course does not exist.
  'spaces.createSpace': { expect: ownerOnly, input: (c) => ({ name: COURSE_NAME, directoryId: c.course.courseId }) },
  'spaces.addMember': {
    expect: onPublicCourse(['owner']),
    input: (c) => ({ spaceId: c.course.spaceId, uuid: c.course.uuid, email: `invited${(fresh += 1)}@example.test`, role: 'viewer' }),
  },
  'spaces.toggleContentVisibility': {
    expect: onPublicCourse(['owner']),
    input: (c) => ({ spaceId: c.course.spaceId, uuid: c.course.uuid, fileId: c.course.hiddenFile.id, isVisible: false }),
  },
  'spaces.isDirectoryShared': {
    expect: cells('allowed', { anonymous: 'UNAUTHORIZED', revokedMember: 'NOT_FOUND' }),
    input: (c) => ({ directoryId: c.course.courseId }),
    showsCourse: preview,
  },
  'spaces.acceptInvitation': {
    expect: onPublicCourse(['pendingInvitee']),
    ownCourse: true,
    input: async (c) => ({ invitationId: await pendingInvitation(c) }),
  },
  // Through the link: those not in the course yet (a revoked member is not let back in by the link).
  'spaces.joinPublicSpace': {
    expect: onPublicCourse(['stranger', 'admin', 'pendingInvitee']),
    ownCourse: true,
    input: (c) => ({ uuid: c.course.uuid }),
    showsCourse: preview,
  },
  'spaces.leaveSpace': {
    expect: onPublicCourse(['viewer', 'editor', 'publicMember']),
    ownCourse: true,
    input: (c) => ({ spaceId: c.course.spaceId }),
  },
  'spaces.listPublicCourses': { expect: signedIn, input: () => ({ search: COURSE_NAME }), showsCourse: preview },
  'spaces.getMyInvitations': { expect: signedIn, input: noInput },

  // ---- billing (a fake Stripe at the network edge) ----
  'subscription.getAllPlanPricing': { expect: everyone, input: () => ({ environment: 'test' }) },
  'subscription.createStripeSession': { expect: signedIn, input: () => ({ plan: 'pro', interval: 'monthly', currency: 'usd', isTrial: false }) },
  // Nobody in the world has a Stripe customer or subscription: each is the caller's own, refused by the domain.
  'subscription.createPortalSession': { expect: signedInRefused('BAD_REQUEST'), input: () => ({}) },
  'subscription.cancelTrial': { expect: signedInRefused('BAD_REQUEST'), input: () => ({}) },
  'subscription.cancelSubscription': { expect: signedInRefused('BAD_REQUEST'), input: () => ({}) },
  'subscription.resubscribe': { expect: signedInRefused('BAD_REQUEST'), input: () => ({}) },

  // ---- admin ----
  'admin.isAdmin': { expect: everyone, input: noInput },
  'admin.listUsers': { expect: adminOnly, input: () => ({ page: 1, pageSize: 20 }), showsUsers: 'the admin lists every user (spec §7 /admin)' },
  'admin.setUserPlan': { expect: adminOnly, input: (c) => ({ userId: c.course.owner.user.id, plan: 'free' }) },
  'admin.listReportedChallenges': {
    expect: adminOnly,
    input: noInput,
    showsUsers: 'the admin reviews reported challenges',
    showsCourse: 'the admin reviews reported challenges with their files',
  },
  'admin.dismissReports': { expect: adminOnly, input: (c) => ({ challengeId: c.world.study.challengeId }) },
  'admin.getLesson': {
    expect: adminOnly,
    input: (c) => ({ lessonId: c.world.study.lessonId }),
    showsCourse: 'the admin reviews a reported lesson with the file it comes from (spec §7 /admin)',
  },
};
