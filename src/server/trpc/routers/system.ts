import { publicProcedure, router } from '../init';

/** What the client needs to know about this deployment; nothing secret. */
export const systemRouter = router({
  getPublicConfig: publicProcedure.query(({ ctx }) => ({ feedbackUrl: ctx.services.config.feedbackUrl })),
});
