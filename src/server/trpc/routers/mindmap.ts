import { z } from 'zod';
import { idSchema } from '../../../shared/schemas';
import { studyContextFields } from '../../../shared/shared-context';
import { getMindmap, getMindmapPassage } from '../../mindmap/mindmap';
import { router, studyProcedure } from '../init';

/** The Mindmap tab's procedures (src/server/mindmap/); see README's API section. */
export const mindmapRouter = router({
  get: studyProcedure
    .input(z.object({ fileId: idSchema, ...studyContextFields }))
    .query(({ ctx, input }) => getMindmap(ctx.services.db, ctx.user.id, { fileId: input.fileId, shared: ctx.shared })),
  getPassage: studyProcedure
    .input(z.object({ fileId: idSchema, nodeId: z.string().trim().min(1).max(200), ...studyContextFields }))
    .query(({ ctx, input }) => getMindmapPassage(ctx.services.db, ctx.user.id, { fileId: input.fileId, nodeId: input.nodeId, shared: ctx.shared })),
});
