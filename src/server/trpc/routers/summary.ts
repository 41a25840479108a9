import { z } from 'zod';
import { idSchema } from '../../../shared/schemas';
import { studyContextFields } from '../../../shared/shared-context';
import { getSummary, getSummaryDraft } from '../../summary/summary';
import { router, studyProcedure } from '../init';

/** The Summary tab's procedure (src/server/summary/); see README's API section. */
export const summaryRouter = router({
  get: studyProcedure
    .input(z.object({ fileId: idSchema, ...studyContextFields }))
    .query(({ ctx, input }) => getSummary(ctx.services.db, ctx.user.id, input.fileId, ctx.shared)),
  /** The sections summarised so far while a long file is read (null when none); the tab shows them until `get` answers. */
  getDraft: studyProcedure
    .input(z.object({ fileId: idSchema, ...studyContextFields }))
    .query(({ ctx, input }) => getSummaryDraft(ctx.services.db, ctx.user.id, input.fileId, ctx.shared)),
});
