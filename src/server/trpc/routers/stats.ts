import { lessonStatsInput, overallStatsInput, unitStatsInput } from '../../../shared/stats';
import { getLessonStats, getOverallStats, getUnitStats } from '../../stats/stats';
import { router, studyProcedure } from '../init';

/**
 * The Exams tab's statistics (spec §3, §7; README "API"): the caller's own attempts per lesson, per unit and
 * overall (one file, or all their files), computed in SQL (src/server/stats). `isShared`/`sharedSpaceId` are the
 * spec's shared flags; the numbers are the caller's own in a shared space too, and access is studyFileAccess's.
 */
export const statsRouter = router({
  getLessonStats: studyProcedure
    .input(lessonStatsInput)
    .query(({ ctx, input }) => getLessonStats({ db: ctx.services.db, userId: ctx.user.id, lessonId: input.lessonId, shared: ctx.shared })),
  getUnitStats: studyProcedure
    .input(unitStatsInput)
    .query(({ ctx, input }) => getUnitStats({ db: ctx.services.db, userId: ctx.user.id, unitId: input.unitId, shared: ctx.shared })),
  getOverallStats: studyProcedure
    .input(overallStatsInput)
    .query(({ ctx, input }) => getOverallStats({ db: ctx.services.db, userId: ctx.user.id, fileId: input.fileId, shared: ctx.shared })),
});
