import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import { REVIEW_LESSON_ID, type LessonResult, type LessonToPlay } from '../../shared/learn';
import { heartsAfterPractice, pointsFor, REVIEW_CHALLENGES, runFigures, starsFor, weaknessOf } from '../../shared/lesson-rules';
import { PLANS } from '../../shared/plans';
import { challenge, challengeAttempt, lesson, lessonProgress, reviewRun, unit, user } from '../db/schema';
import { recordActivity } from '../gamification/activity';
import { studyFileAccess } from '../sharing/study-access';
import { lessonNotFinished, lessonRunAlreadyFinished, lessonRunNotFound, reviewNothingYet } from './errors';
import { playableChallenges, type PlayOptions } from './play';
import { createRun } from './run';

/**
 * Reviewing a file's mistakes (issue 22): one practice run over every lesson of the file the student has completed,
 * asking first the challenges they are weakest at (shared/lesson-rules.ts weaknessOf: misses weigh, fading by the
 * week; right answers take weight off), then those answered longest ago, at most REVIEW_CHALLENGES. Played like a
 * lesson's practice — a miss is asked again until right, no heart lost, +1 heart at the end, 10 points for each
 * challenge right the first time — and finished once (review_run), with every challenge it asked answered right.
 */
export async function getReview(options: PlayOptions & { fileId: string }): Promise<LessonToPlay> {
  const { db, userId } = options;
  const now = options.now ?? new Date();
  const access = await studyFileAccess(db, userId, options.fileId, options.shared);
  const rows = await db
    .select({ challenge })
    .from(challenge)
    .innerJoin(lesson, eq(lesson.id, challenge.lessonId))
    .innerJoin(unit, eq(unit.id, lesson.unitId))
    .innerJoin(lessonProgress, and(eq(lessonProgress.lessonId, lesson.id), eq(lessonProgress.userId, userId), isNotNull(lessonProgress.completedAt)))
    .where(eq(unit.fileId, access.fileId))
    .orderBy(asc(unit.position), asc(lesson.position), asc(challenge.position));
  if (rows.length === 0) throw reviewNothingYet();
  const ids = rows.map((row) => row.challenge.id);
  const attempts = await db
    .select({ challengeId: challengeAttempt.challengeId, status: challengeAttempt.status, createdAt: challengeAttempt.createdAt })
    .from(challengeAttempt)
    .where(and(eq(challengeAttempt.userId, userId), inArray(challengeAttempt.challengeId, ids)));
  const ranked = rows.map(({ challenge: item }, position) => {
    const own = attempts.filter((attempt) => attempt.challengeId === item.id);
    const lastSeen = Math.max(0, ...own.map((attempt) => attempt.createdAt.getTime()));
    return { item, position, weakness: weaknessOf(own, now), lastSeen };
  });
  ranked.sort((a, b) => b.weakness - a.weakness || a.lastSeen - b.lastSeen || a.position - b.position);
  const chosen = ranked.slice(0, REVIEW_CHALLENGES).map(({ item }) => item);

  const run = createRun(options.secret, userId, `${REVIEW_LESSON_ID}:${access.fileId}`, true, now);
  await db.insert(reviewRun).values({ id: run.runId, userId, fileId: access.fileId, challengeIds: chosen.map((item) => item.id), createdAt: now });
  const [owner] = await db.select({ hearts: user.hearts, plan: user.plan }).from(user).where(eq(user.id, userId));
  return {
    // The player names it in the student's language; the ids say it belongs to no single lesson.
    lesson: { id: REVIEW_LESSON_ID, title: '', unitId: '', unitTitle: '', fileId: access.fileId },
    challenges: await playableChallenges(db, userId, chosen, run.runId),
    practice: true,
    review: true,
    runId: run.runId,
    hearts: owner?.hearts ?? 0,
    unlimitedHearts: PLANS[owner?.plan ?? 'free'].unlimitedHearts,
  };
}

/** The end of a review: every challenge it asked answered right; +1 heart; the day's lesson counted; once. */
export async function finishReview(options: PlayOptions & { fileId: string; runId: string }): Promise<LessonResult> {
  const now = options.now ?? new Date();
  const { db, userId } = options;
  const access = await studyFileAccess(db, userId, options.fileId, options.shared);
  return db.transaction(async (tx) => {
    const [owner] = await tx.select({ hearts: user.hearts }).from(user).where(eq(user.id, userId)).for('update');
    const [row] = await tx
      .select()
      .from(reviewRun)
      .where(and(eq(reviewRun.id, options.runId), eq(reviewRun.userId, userId)))
      .for('update');
    if (!owner || !row || row.fileId !== access.fileId) throw lessonRunNotFound();
    if (row.finishedAt) throw lessonRunAlreadyFinished();
    const attempts = await tx
      .select({ challengeId: challengeAttempt.challengeId, status: challengeAttempt.status, timeMs: challengeAttempt.timeToCompleteMs })
      .from(challengeAttempt)
      .where(and(eq(challengeAttempt.userId, userId), eq(challengeAttempt.runId, row.id)));
    const figures = runFigures(row.challengeIds, attempts);
    if (!figures.allRight) throw lessonNotFinished();
    await tx.update(reviewRun).set({ finishedAt: now }).where(eq(reviewRun.id, row.id));
    const hearts = heartsAfterPractice(owner.hearts);
    if (hearts !== owner.hearts) await tx.update(user).set({ hearts }).where(eq(user.id, userId));
    await recordActivity(tx, { userId, kind: 'lesson', now });
    const stars = starsFor(figures.accuracy);
    return {
      stars,
      accuracy: figures.accuracy,
      pointsGained: figures.rightFirstTime * pointsFor(true),
      timeMs: attempts.reduce((sum, attempt) => sum + attempt.timeMs, 0),
      hearts,
      practice: true,
      bestStars: stars,
      askedAgain: figures.askedAgain,
    };
  });
}
