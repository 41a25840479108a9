import { and, asc, eq, inArray } from 'drizzle-orm';
import type { AnswerResult, LessonReplay, LessonResult, LessonToPlay, PlayChallenge } from '../../shared/learn';
import {
  bestResult,
  canPlay,
  clampAnswerTime,
  heartsAfterAnswer,
  heartsAfterPractice,
  pointsFor,
  runFigures,
  starsFor,
  weaknessOf,
  type HeartsState,
} from '../../shared/lesson-rules';
import { PLANS } from '../../shared/plans';
import type { Db } from '../db/client';
import { recordActivity } from '../gamification/activity';
import { awardPoints } from '../gamification/points';
import { challenge, challengeAttempt, challengeOption, challengeReport, lessonProgress, user } from '../db/schema';
import type { ChallengeAttemptStatus } from '../db/schema/learn';
import type { SharedStudy } from '../sharing/study-access';
import { challengeAccess, lessonAccess, optionsOfChallenges, type ChallengeRow } from './access';
import {
  challengeAlreadyAnswered,
  lessonLocked,
  lessonNotFinished,
  lessonNotFound,
  lessonNotReplayable,
  lessonRunAlreadyFinished,
  lessonRunNotFound,
  outOfHearts,
} from './errors';
import { correctAnswerOf } from '../../shared/judge';
import { judgeAnswer, seededShuffle } from './judge';
import { lessonState } from './path';
import { reviewRunAsking } from './review-run';
import { createRun, runIsOver, verifyRun, type LessonRun } from './run';

/**
 * Playing a lesson: starting a run, answering and skipping its challenges, finishing it. The rules
 * themselves live in src/shared/lesson-rules.ts; here they are applied, each answer in one transaction with the
 * user's row locked, so that two answers at once cannot both spend the last heart or both be counted.
 */
export interface PlayOptions {
  db: Db;
  userId: string;
  /** Signs run ids (the auth secret). */
  secret: string;
  now?: Date;
  /** The shared-course context (studyFileAccess); hearts, attempts and progress stay the caller's own. */
  shared?: SharedStudy | undefined;
}

async function lockedUser(db: Db, userId: string) {
  const [row] = await db
    .select({ hearts: user.hearts, points: user.points, stars: user.stars, plan: user.plan })
    .from(user)
    .where(eq(user.id, userId))
    .for('update');
  if (!row) throw new Error(`user ${userId} vanished`);
  return row;
}

async function lessonFinishedAt(db: Db, userId: string, lessonId: string) {
  const [row] = await db
    .select()
    .from(lessonProgress)
    .where(and(eq(lessonProgress.userId, userId), eq(lessonProgress.lessonId, lessonId)))
    .limit(1);
  return row ?? null;
}

function toPlay(item: ChallengeRow, options: { id: string; text: string }[], runId: string, reported: boolean): PlayChallenge {
  const base = { id: item.id, question: item.question, page: item.page, reported };
  const payload = item.payload;
  switch (item.type) {
    case 'multiple_choice':
      return { ...base, type: 'multiple_choice', options };
    case 'true_false':
      return { ...base, type: 'true_false' };
    case 'fill_blank':
      return { ...base, type: 'fill_blank', options: 'options' in payload ? [...payload.options] : [] };
    case 'match': {
      const pairs = 'pairs' in payload ? payload.pairs : [];
      return {
        ...base,
        type: 'match',
        terms: pairs.map((pair) => pair.term),
        definitions: seededShuffle(
          pairs.map((pair) => pair.definition),
          `${runId}:${item.id}`,
        ),
      };
    }
  }
}

/** The challenges ordered by the student's weakness at each, the weakest first (ties in the lesson's order). */
async function weakestFirst<T extends { id: string }>(db: Db, userId: string, rows: readonly T[], now: Date): Promise<T[]> {
  if (rows.length === 0) return [...rows];
  const attempts = await db
    .select({ challengeId: challengeAttempt.challengeId, status: challengeAttempt.status, createdAt: challengeAttempt.createdAt })
    .from(challengeAttempt)
    .where(and(eq(challengeAttempt.userId, userId), inArray(challengeAttempt.challengeId, rows.map((row) => row.id))));
  const weakness = new Map(rows.map((row) => [row.id, weaknessOf(attempts.filter((attempt) => attempt.challengeId === row.id), now)]));
  return rows
    .map((row, position) => ({ row, position }))
    .sort((a, b) => (weakness.get(b.row.id) ?? 0) - (weakness.get(a.row.id) ?? 0) || a.position - b.position)
    .map(({ row }) => row);
}

export async function getLesson(options: PlayOptions & { lessonId: string }): Promise<LessonToPlay> {
  const { db, userId } = options;
  const { lesson } = await lessonAccess(db, userId, options.lessonId, options.shared);
  const state = await lessonState(db, userId, lesson.fileId, lesson.id);
  if (state === 'locked') throw lessonLocked();
  const [owner] = await db.select({ hearts: user.hearts, plan: user.plan }).from(user).where(eq(user.id, userId));
  const hearts: HeartsState = {
    hearts: owner?.hearts ?? 0,
    unlimited: PLANS[owner?.plan ?? 'free'].unlimitedHearts,
    practice: state === 'completed',
  };
  if (!canPlay(hearts)) throw outOfHearts();
  const run = createRun(options.secret, userId, lesson.id, hearts.practice, options.now);
  const inOrder = await db.select().from(challenge).where(eq(challenge.lessonId, lesson.id)).orderBy(asc(challenge.position));
  // Practice draws first on what the student got wrong (shared/lesson-rules.ts weaknessOf); a first play goes in order.
  const rows = hearts.practice ? await weakestFirst(db, userId, inOrder, options.now ?? new Date()) : inOrder;
  const challenges = await playableChallenges(db, userId, rows, run.runId);
  return { lesson, challenges, practice: hearts.practice, runId: run.runId, hearts: hearts.hearts, unlimitedHearts: hearts.unlimited };
}

/** The challenges as the player gets them, in the given order: no answers, the caller's reports marked. */
export async function playableChallenges(db: Db, userId: string, rows: readonly (typeof challenge.$inferSelect)[], runId: string): Promise<PlayChallenge[]> {
  const ids = rows.map((row) => row.id);
  const optionRows =
    ids.length === 0
      ? []
      : await db
          .select({ id: challengeOption.id, text: challengeOption.text, challengeId: challengeOption.challengeId })
          .from(challengeOption)
          .where(inArray(challengeOption.challengeId, ids))
          .orderBy(asc(challengeOption.position));
  const reported =
    ids.length === 0
      ? new Set<string>()
      : new Set(
          (
            await db
              .select({ challengeId: challengeReport.challengeId })
              .from(challengeReport)
              .where(and(eq(challengeReport.userId, userId), inArray(challengeReport.challengeId, ids)))
          ).map((row) => row.challengeId),
        );
  return rows.map((row) =>
    toPlay(
      row,
      optionRows.filter((option) => option.challengeId === row.id).map(({ id, text }) => ({ id, text })),
      runId,
      reported.has(row.id),
    ),
  );
}

interface AttemptInput {
  challengeId: string;
  runId: string;
  timeToCompleteMs: number;
}

/**
 * What an answer and a skip share: the user's row locked, the challenge one the caller may study, in the lesson the
 * run was made for, the run not over, the lesson still open, not yet answered right in this run, hearts left.
 */
async function prepareAttempt(tx: Db, options: PlayOptions & AttemptInput) {
  const { userId } = options;
  const owner = await lockedUser(tx, userId);
  const { challenge: item, lesson } = await challengeAccess(tx, userId, options.challengeId, options.shared);
  const lessonRun = verifyRun(options.secret, userId, lesson.id, options.runId);
  // Not a run of the challenge's lesson: a review of the file's mistakes that asked this challenge (review.ts), or nothing.
  const run = lessonRun ?? (await reviewRunAsking(tx, userId, options.runId, item.id, lesson.fileId));
  if (lessonRun) {
    const progress = await lessonFinishedAt(tx, userId, lesson.id);
    if (runIsOver(lessonRun, progress?.updatedAt)) throw lessonRunAlreadyFinished();
  }
  if ((await lessonState(tx, userId, lesson.fileId, lesson.id)) === 'locked') throw lessonLocked();
  // A challenge answered wrong or skipped is asked again later in the run (shared/lesson-rules.ts); one answered right is done.
  const earlier = await tx
    .select({ status: challengeAttempt.status })
    .from(challengeAttempt)
    .where(and(eq(challengeAttempt.userId, userId), eq(challengeAttempt.runId, run.runId), eq(challengeAttempt.challengeId, item.id)));
  if (earlier.some((attempt) => attempt.status === 'correct')) throw challengeAlreadyAnswered();
  const hearts: HeartsState = { hearts: owner.hearts, unlimited: PLANS[owner.plan].unlimitedHearts, practice: run.practice };
  if (!canPlay(hearts)) throw outOfHearts();
  return { owner, item, lesson, run, hearts, firstAnswer: earlier.length === 0 };
}

async function recordAttempt(
  tx: Db,
  options: { userId: string; item: ChallengeRow; unitId: string; run: LessonRun; status: ChallengeAttemptStatus; timeMs: number; now: Date },
) {
  await tx.insert(challengeAttempt).values({
    userId: options.userId,
    challengeId: options.item.id,
    lessonId: options.item.lessonId,
    unitId: options.unitId,
    status: options.status,
    timeToCompleteMs: clampAnswerTime(options.timeMs),
    practice: options.run.practice,
    runId: options.run.runId,
    createdAt: options.now,
  });
}

export async function submitAnswer(
  options: PlayOptions & AttemptInput & { optionId?: string | undefined; answer?: string | undefined },
): Promise<AnswerResult> {
  const now = options.now ?? new Date();
  return options.db.transaction(async (tx) => {
    const { owner, item, lesson, run, hearts, firstAnswer } = await prepareAttempt(tx, options);
    const optionRows =
      item.type === 'multiple_choice'
        ? await tx
            .select({ id: challengeOption.id, text: challengeOption.text, correct: challengeOption.correct })
            .from(challengeOption)
            .where(eq(challengeOption.challengeId, item.id))
        : [];
    const judgement = judgeAnswer(item, optionRows, { optionId: options.optionId, answer: options.answer });
    await recordAttempt(tx, {
      userId: options.userId,
      item,
      unitId: lesson.unitId,
      run,
      status: judgement.correct ? 'correct' : 'incorrect',
      timeMs: options.timeToCompleteMs,
      now,
    });
    const heartsNow = heartsAfterAnswer(hearts, judgement.correct);
    // Points for a challenge answered right the first time only (shared/lesson-rules.ts).
    const pointsGained = pointsFor(judgement.correct && firstAnswer);
    if (heartsNow !== owner.hearts) await tx.update(user).set({ hearts: heartsNow }).where(eq(user.id, options.userId));
    if (pointsGained > 0) await awardPoints(tx, options.userId, pointsGained, now);
    await recordActivity(tx, { userId: options.userId, kind: 'challenge', now });
    return {
      correct: judgement.correct,
      explanation: item.explanation,
      page: item.page,
      correctAnswer: judgement.correctAnswer,
      hearts: heartsNow,
      pointsGained,
      outOfHearts: !canPlay({ ...hearts, hearts: heartsNow }),
    };
  });
}

/** A skip is recorded as an attempt of its own: no heart lost, no points; the right answer is shown. */
export async function skipChallenge(options: PlayOptions & AttemptInput): Promise<AnswerResult> {
  const now = options.now ?? new Date();
  return options.db.transaction(async (tx) => {
    const { item, lesson, run, hearts } = await prepareAttempt(tx, options);
    const optionRows =
      item.type === 'multiple_choice'
        ? await tx
            .select({ id: challengeOption.id, text: challengeOption.text, correct: challengeOption.correct })
            .from(challengeOption)
            .where(eq(challengeOption.challengeId, item.id))
        : [];
    await recordAttempt(tx, { userId: options.userId, item, unitId: lesson.unitId, run, status: 'skipped', timeMs: options.timeToCompleteMs, now });
    return {
      correct: false,
      explanation: item.explanation,
      page: item.page,
      correctAnswer: correctAnswerOf(item, optionRows),
      hearts: hearts.hearts,
      pointsGained: 0,
      outOfHearts: false,
    };
  });
}

export { correctAnswerOf } from '../../shared/judge';

/**
 * Finishing a run: every challenge answered right (those answered wrong or skipped were asked again), hearts left
 * (unless they do not count). Accuracy by first answers over the lesson's challenges, 1–3 stars, the best result kept
 * (completed on the first finish), the user's stars raised by what the lesson's best stars rose, +1 heart after
 * practice. A run finishes once.
 */
export async function finishLesson(options: PlayOptions & { lessonId: string; runId: string }): Promise<LessonResult> {
  const now = options.now ?? new Date();
  const { db, userId } = options;
  return db.transaction(async (tx) => {
    const owner = await lockedUser(tx, userId);
    const { lesson } = await lessonAccess(tx, userId, options.lessonId, options.shared);
    const run = verifyRun(options.secret, userId, lesson.id, options.runId);
    if (!run) throw lessonRunNotFound();
    const stored = await lessonFinishedAt(tx, userId, lesson.id);
    if (runIsOver(run, stored?.updatedAt)) throw lessonRunAlreadyFinished();
    const hearts: HeartsState = { hearts: owner.hearts, unlimited: PLANS[owner.plan].unlimitedHearts, practice: run.practice };
    if (!canPlay(hearts)) throw outOfHearts();
    return settleRun(tx, { userId, owner, lesson, runId: run.runId, practice: run.practice, stored, now, allRightNeeded: true });
  });
}

/**
 * The end of a run whose attempts are stored: every challenge answered (and, for a run played here, answered right),
 * the figures of shared/lesson-rules.ts runFigures, 1–3 stars, the best result kept (completed on the first finish),
 * the user's stars raised by what the lesson's best stars rose, +1 heart after practice, the day's lesson counted.
 */
async function settleRun(
  tx: Db,
  options: {
    userId: string;
    owner: { hearts: number; stars: number };
    lesson: { id: string; unitId: string };
    runId: string;
    practice: boolean;
    stored: typeof lessonProgress.$inferSelect | null;
    now: Date;
    /** When the run was played, if not now (a replay played offline): the day its lesson counts for. */
    playedAt?: Date;
    /**
     * Every challenge must have been answered right (a run played with the server, which asked the missed ones
     * again); a replay sent from offline carries each challenge's first answer only.
     */
    allRightNeeded: boolean;
  },
): Promise<LessonResult> {
  const { userId, owner, lesson, stored, now } = options;
  const run = { runId: options.runId, practice: options.practice };
  const challengeIds = (await tx.select({ id: challenge.id }).from(challenge).where(eq(challenge.lessonId, lesson.id))).map((row) => row.id);
  const attempts = await tx
    .select({ challengeId: challengeAttempt.challengeId, status: challengeAttempt.status, timeMs: challengeAttempt.timeToCompleteMs })
    .from(challengeAttempt)
    .where(and(eq(challengeAttempt.userId, userId), eq(challengeAttempt.runId, run.runId)));
  const attempted = new Set(attempts.map((attempt) => attempt.challengeId));
  if (challengeIds.length === 0 || challengeIds.some((id) => !attempted.has(id))) throw lessonNotFinished();
  const figures = runFigures(challengeIds, attempts);
  if (options.allRightNeeded && !figures.allRight) throw lessonNotFinished();
  const { accuracy } = figures;
  const stars = starsFor(accuracy);
  const before = { stars: stored?.bestStars ?? 0, accuracy: stored?.bestAccuracy ?? 0 };
  const best = bestResult(before, { stars, accuracy });
  await tx
    .insert(lessonProgress)
    .values({
      userId,
      lessonId: lesson.id,
      unitId: lesson.unitId,
      completedAt: now,
      bestStars: best.stars,
      bestAccuracy: best.accuracy,
      completions: 1,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: [lessonProgress.userId, lessonProgress.lessonId],
      set: {
        completedAt: stored?.completedAt ?? now,
        bestStars: best.stars,
        bestAccuracy: best.accuracy,
        completions: (stored?.completions ?? 0) + 1,
        updatedAt: now,
      },
    });
  const heartsNow = run.practice ? heartsAfterPractice(owner.hearts) : owner.hearts;
  await tx
    .update(user)
    .set({ hearts: heartsNow, stars: owner.stars + Math.max(0, best.stars - before.stars) })
    .where(eq(user.id, userId));
  await recordActivity(tx, { userId, kind: 'lesson', now: options.playedAt ?? now });
  return {
    stars,
    accuracy,
    pointsGained: figures.rightFirstTime * pointsFor(true),
    timeMs: attempts.reduce((sum, attempt) => sum + attempt.timeMs, 0),
    hearts: heartsNow,
    practice: run.practice,
    bestStars: best.stars,
    askedAgain: figures.askedAgain,
  };
}

/** How long after it was played a replay made offline is still counted when it is sent. */
export const OFFLINE_REPLAY_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * A finished lesson to replay without a connection: the lesson as learn.getLesson answers it, with its answer key
 * (each challenge's options with their correct flags, payload, explanation and page), so the player judges offline
 * exactly as the server will (src/shared/judge.ts). Only a lesson the caller has completed: they have seen its
 * answers, and a first play (hearts, unlocking) stays on the server.
 */
export async function getReplay(options: PlayOptions & { lessonId: string }): Promise<LessonReplay> {
  const { db, userId } = options;
  const { lesson } = await lessonAccess(db, userId, options.lessonId, options.shared);
  if ((await lessonState(db, userId, lesson.fileId, lesson.id)) !== 'completed') throw lessonNotReplayable();
  const toPlay = await getLesson(options);
  const ids = toPlay.challenges.map((item) => item.id);
  const rows = ids.length === 0 ? [] : await db.select().from(challenge).where(inArray(challenge.id, ids));
  const optionRows = await optionsOfChallenges(db, ids);
  const key: LessonReplay['key'] = {};
  for (const row of rows) {
    key[row.id] = {
      type: row.type,
      payload: row.payload,
      options: optionRows.filter((option) => option.challengeId === row.id).map(({ id, text, correct }) => ({ id, text, correct })),
      explanation: row.explanation,
      page: row.page,
    };
  }
  return { ...toPlay, practice: true, key };
}

/**
 * A replay played offline, sent once the connection is back: every challenge of the lesson answered or skipped once,
 * each judged here again (never trusted from the client), stored as a practice run under the client's `replayId`,
 * then settled as learn.finishLesson settles a run: points for correct answers, +1 heart, the lesson's best result.
 * Counted for when it was played (within 30 days). Sent again — a lost reply, two tabs — it answers the same result
 * and changes nothing.
 */
export async function syncReplay(
  options: PlayOptions & {
    lessonId: string;
    replayId: string;
    playedAt: Date;
    answers: readonly { challengeId: string; optionId?: string | undefined; answer?: string | undefined; skipped?: boolean | undefined; timeToCompleteMs: number }[];
  },
): Promise<LessonResult> {
  const now = options.now ?? new Date();
  const playedAt = new Date(Math.min(now.getTime(), Math.max(options.playedAt.getTime(), now.getTime() - OFFLINE_REPLAY_MAX_AGE_MS)));
  const { db, userId } = options;
  return db.transaction(async (tx) => {
    // The user's row locked first: the same replay sent twice at once is settled once, the other sees its attempts.
    const owner = await lockedUser(tx, userId);
    const { lesson } = await lessonAccess(tx, userId, options.lessonId, options.shared);
    const earlier = await tx
      .select({ challengeId: challengeAttempt.challengeId, status: challengeAttempt.status, timeMs: challengeAttempt.timeToCompleteMs, lessonId: challengeAttempt.lessonId })
      .from(challengeAttempt)
      .where(and(eq(challengeAttempt.userId, userId), eq(challengeAttempt.runId, options.replayId)));
    if (earlier.length > 0) {
      if (earlier.some((attempt) => attempt.lessonId !== lesson.id)) throw lessonNotFound();
      const stored = await lessonFinishedAt(tx, userId, lesson.id);
      const figures = runFigures([...new Set(earlier.map((attempt) => attempt.challengeId))], earlier);
      return {
        stars: starsFor(figures.accuracy),
        accuracy: figures.accuracy,
        pointsGained: figures.rightFirstTime * pointsFor(true),
        timeMs: earlier.reduce((sum, attempt) => sum + attempt.timeMs, 0),
        hearts: owner.hearts,
        practice: true,
        bestStars: stored?.bestStars ?? 0,
        askedAgain: figures.askedAgain,
      };
    }
    if ((await lessonState(tx, userId, lesson.fileId, lesson.id)) !== 'completed') throw lessonNotReplayable();
    const rows = await tx.select().from(challenge).where(eq(challenge.lessonId, lesson.id));
    const given = new Map(options.answers.map((answer) => [answer.challengeId, answer]));
    if (rows.length === 0 || given.size !== options.answers.length || rows.length !== given.size || rows.some((row) => !given.has(row.id))) {
      throw lessonNotFinished();
    }
    const optionRows = await optionsOfChallenges(tx, rows.map((row) => row.id));
    const run = { runId: options.replayId, lessonId: lesson.id, practice: true, startedAt: playedAt };
    let points = 0;
    for (const row of rows) {
      const answer = given.get(row.id);
      if (!answer) throw lessonNotFinished();
      const item = { ...row, unitId: lesson.unitId } as ChallengeRow;
      const correct = answer.skipped
        ? false
        : judgeAnswer(
            item,
            optionRows.filter((option) => option.challengeId === row.id),
            { optionId: answer.optionId, answer: answer.answer },
          ).correct;
      await recordAttempt(tx, {
        userId,
        item,
        unitId: lesson.unitId,
        run,
        status: answer.skipped ? 'skipped' : correct ? 'correct' : 'incorrect',
        timeMs: answer.timeToCompleteMs,
        now: playedAt,
      });
      points += pointsFor(correct);
      if (!answer.skipped) await recordActivity(tx, { userId, kind: 'challenge', now: playedAt });
    }
    if (points > 0) await awardPoints(tx, userId, points, playedAt);
    const stored = await lessonFinishedAt(tx, userId, lesson.id);
    return settleRun(tx, { userId, owner, lesson, runId: options.replayId, practice: true, stored, now, playedAt, allRightNeeded: false });
  });
}
