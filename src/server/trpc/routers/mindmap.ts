import { z } from 'zod';
import { idSchema } from '../../../shared/schemas';
import { sharedContextFields } from '../../../shared/shared-context';
import { getMindmap, getMindmapPassage } from '../../mindmap/mindmap';
import { protectedProcedure, router } from '../init';

/** The Mindmap tab's procedures (src/server/mindmap/); see README's API section. */
export const mindmapRouter = router({
  get: protectedProcedure
    .input(z.object({ fileId: idSchema, ...sharedContextFields }))
    .query(({ ctx, input }) => getMindmap(ctx.services.db, ctx.user.id, input)),
  getPassage: protectedProcedure
    .input(z.object({ fileId: idSchema, nodeId: z.string().trim().min(1).max(200), ...sharedContextFields }))
    .query(({ ctx, input }) => getMindmapPassage(ctx.services.db, ctx.user.id, input)),
});
