import { z } from 'zod';
import { PLAN_SLUGS } from '../../../shared/plans';
import { idSchema } from '../../../shared/schemas';
import {
  adminNotFound,
  dismissReports,
  getLessonForReview,
  isAdmin,
  listReportedChallenges,
  listUsers,
  setUserPlan,
} from '../../admin/admin';
import { publicProcedure, router } from '../init';

/** Only the accounts of ADMIN_EMAILS; everyone else, signed out included, is told the procedure does not exist. */
const adminProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.user || !isAdmin(ctx.services.config, ctx.user.email)) throw adminNotFound();
  return next({ ctx: { ...ctx, user: ctx.user } });
});

const ADMIN_USERS_PAGE_SIZE = 20;

export const adminRouter = router({
  /** Whether to show the Admin link: the one admin procedure that answers everyone (false when signed out). */
  isAdmin: publicProcedure.query(({ ctx }) => ({ isAdmin: isAdmin(ctx.services.config, ctx.user?.email) })),
  listUsers: adminProcedure
    .input(
      z.object({
        search: z.string().max(200).optional(),
        page: z.number().int().min(1).max(100_000).default(1),
        pageSize: z.number().int().min(1).max(100).default(ADMIN_USERS_PAGE_SIZE),
      }),
    )
    .query(({ ctx, input }) => listUsers({ db: ctx.services.db, ...input })),
  setUserPlan: adminProcedure
    .input(z.object({ userId: idSchema, plan: z.enum(PLAN_SLUGS) }))
    .mutation(({ ctx, input }) =>
      setUserPlan({ db: ctx.services.db, log: ctx.log, adminId: ctx.user.id, userId: input.userId, plan: input.plan }),
    ),
  listReportedChallenges: adminProcedure.query(({ ctx }) => listReportedChallenges({ db: ctx.services.db })),
  dismissReports: adminProcedure
    .input(z.object({ challengeId: idSchema }))
    .mutation(({ ctx, input }) =>
      dismissReports({ db: ctx.services.db, log: ctx.log, adminId: ctx.user.id, challengeId: input.challengeId }),
    ),
  getLesson: adminProcedure
    .input(z.object({ lessonId: idSchema }))
    .query(({ ctx, input }) => getLessonForReview({ db: ctx.services.db, lessonId: input.lessonId })),
});
