import {
  finishLessonInput,
  learnPathInput,
  lessonInput,
  reportInput,
  skipChallengeInput,
  submitAnswerInput,
} from '../../../shared/learn';
import { getPath } from '../../learn/path';
import { finishLesson, getLesson, skipChallenge, submitAnswer } from '../../learn/play';
import { reportChallenge, unreportChallenge } from '../../learn/report';
import { sharedOf, sharedOfFlags } from '../../sharing/study-access';
import { protectedProcedure, router } from '../init';

/**
 * The Exams tab's learn procedures (issue 6); see README's API section. Access goes through the lesson's or the
 * challenge's file (studyFileAccess, with the shared context `uuid` — or for reports the flags — when given); the rules are src/shared/lesson-rules.ts, applied in src/server/learn/.
 */
export const learnRouter = router({
  getPath: protectedProcedure
    .input(learnPathInput)
    .query(({ ctx, input }) => getPath({ db: ctx.services.db, userId: ctx.user.id, fileId: input.fileId, shared: sharedOf(input) })),
  // A mutation: it starts a run (a new run id each call).
  getLesson: protectedProcedure
    .input(lessonInput)
    .mutation(({ ctx, input }) =>
      getLesson({
        db: ctx.services.db,
        userId: ctx.user.id,
        secret: ctx.services.config.authSecret,
        lessonId: input.lessonId,
        shared: sharedOf(input),
      }),
    ),
  submitAnswer: protectedProcedure.input(submitAnswerInput).mutation(({ ctx, input }) =>
    submitAnswer({
      db: ctx.services.db,
      userId: ctx.user.id,
      secret: ctx.services.config.authSecret,
      challengeId: input.challengeId,
      runId: input.runId,
      optionId: input.optionId,
      answer: input.answer,
      timeToCompleteMs: input.timeToCompleteMs,
      shared: sharedOf(input),
    }),
  ),
  skipChallenge: protectedProcedure.input(skipChallengeInput).mutation(({ ctx, input }) =>
    skipChallenge({
      db: ctx.services.db,
      userId: ctx.user.id,
      secret: ctx.services.config.authSecret,
      challengeId: input.challengeId,
      runId: input.runId,
      timeToCompleteMs: input.timeToCompleteMs,
      shared: sharedOf(input),
    }),
  ),
  finishLesson: protectedProcedure
    .input(finishLessonInput)
    .mutation(({ ctx, input }) =>
      finishLesson({
        db: ctx.services.db,
        userId: ctx.user.id,
        secret: ctx.services.config.authSecret,
        lessonId: input.lessonId,
        runId: input.runId,
        shared: sharedOf(input),
      }),
    ),
  reportChallenge: protectedProcedure
    .input(reportInput)
    .mutation(({ ctx, input }) => reportChallenge({ db: ctx.services.db, userId: ctx.user.id, challengeId: input.challengeId, shared: sharedOfFlags(input) })),
  unreportChallenge: protectedProcedure
    .input(reportInput)
    .mutation(({ ctx, input }) =>
      unreportChallenge({
        db: ctx.services.db,
        userId: ctx.user.id,
        challengeId: input.challengeId,
        isShared: input.isShared,
        shared: sharedOfFlags(input),
      }),
    ),
});
