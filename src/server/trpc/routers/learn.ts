import {
  finishLessonInput,
  finishReviewInput,
  learnPathInput,
  lessonInput,
  reportInput,
  skipChallengeInput,
  submitAnswerInput,
  syncReplayInput,
} from '../../../shared/learn';
import { getPath } from '../../learn/path';
import { finishLesson, getLesson, getReplay, skipChallenge, submitAnswer, syncReplay } from '../../learn/play';
import { reportChallenge, unreportChallenge } from '../../learn/report';
import { finishReview, getReview } from '../../learn/review';
import { router, studyProcedure } from '../init';

/**
 * The Exams tab's learn procedures; see README's API section. Access goes through the lesson's or the
 * challenge's file (studyFileAccess, with the shared context `uuid` — or for reports the flags — when given); the rules are src/shared/lesson-rules.ts, applied in src/server/learn/.
 */
export const learnRouter = router({
  getPath: studyProcedure
    .input(learnPathInput)
    .query(({ ctx, input }) => getPath({ db: ctx.services.db, userId: ctx.user.id, fileId: input.fileId, shared: ctx.shared })),
  // A mutation: it starts a run (a new run id each call).
  getLesson: studyProcedure
    .input(lessonInput)
    .mutation(({ ctx, input }) =>
      getLesson({
        db: ctx.services.db,
        userId: ctx.user.id,
        secret: ctx.services.config.authSecret,
        lessonId: input.lessonId,
        shared: ctx.shared,
      }),
    ),
  submitAnswer: studyProcedure.input(submitAnswerInput).mutation(({ ctx, input }) =>
    submitAnswer({
      db: ctx.services.db,
      userId: ctx.user.id,
      secret: ctx.services.config.authSecret,
      challengeId: input.challengeId,
      runId: input.runId,
      optionId: input.optionId,
      answer: input.answer,
      timeToCompleteMs: input.timeToCompleteMs,
      shared: ctx.shared,
    }),
  ),
  skipChallenge: studyProcedure.input(skipChallengeInput).mutation(({ ctx, input }) =>
    skipChallenge({
      db: ctx.services.db,
      userId: ctx.user.id,
      secret: ctx.services.config.authSecret,
      challengeId: input.challengeId,
      runId: input.runId,
      timeToCompleteMs: input.timeToCompleteMs,
      shared: ctx.shared,
    }),
  ),
  finishLesson: studyProcedure
    .input(finishLessonInput)
    .mutation(({ ctx, input }) =>
      finishLesson({
        db: ctx.services.db,
        userId: ctx.user.id,
        secret: ctx.services.config.authSecret,
        lessonId: input.lessonId,
        runId: input.runId,
        shared: ctx.shared,
      }),
    ),
  // A mutation like getLesson: it starts a practice run over the file's finished lessons, the weakest challenges first.
  getReview: studyProcedure
    .input(learnPathInput)
    .mutation(({ ctx, input }) =>
      getReview({ db: ctx.services.db, userId: ctx.user.id, secret: ctx.services.config.authSecret, fileId: input.fileId, shared: ctx.shared }),
    ),
  finishReview: studyProcedure
    .input(finishReviewInput)
    .mutation(({ ctx, input }) =>
      finishReview({
        db: ctx.services.db,
        userId: ctx.user.id,
        secret: ctx.services.config.authSecret,
        fileId: input.fileId,
        runId: input.runId,
        shared: ctx.shared,
      }),
    ),
  // A mutation like getLesson: it starts a (practice) run.
  getReplay: studyProcedure
    .input(lessonInput)
    .mutation(({ ctx, input }) =>
      getReplay({ db: ctx.services.db, userId: ctx.user.id, secret: ctx.services.config.authSecret, lessonId: input.lessonId, shared: ctx.shared }),
    ),
  syncReplay: studyProcedure.input(syncReplayInput).mutation(({ ctx, input }) =>
    syncReplay({
      db: ctx.services.db,
      userId: ctx.user.id,
      secret: ctx.services.config.authSecret,
      lessonId: input.lessonId,
      replayId: input.replayId,
      playedAt: input.playedAt,
      answers: input.answers,
      shared: ctx.shared,
    }),
  ),
  reportChallenge: studyProcedure
    .input(reportInput)
    .mutation(({ ctx, input }) => reportChallenge({ db: ctx.services.db, userId: ctx.user.id, challengeId: input.challengeId, shared: ctx.shared })),
  unreportChallenge: studyProcedure
    .input(reportInput)
    .mutation(({ ctx, input }) =>
      unreportChallenge({
        db: ctx.services.db,
        userId: ctx.user.id,
        challengeId: input.challengeId,
        isShared: input.isShared,
        shared: ctx.shared,
      }),
    ),
});
