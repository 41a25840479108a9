import { z } from 'zod';
import { buyStreakFreeze, refillHearts } from '../../gamification/shop';
import { protectedProcedure, router } from '../init';

/**
 * The shop's procedures. The input is a request id only, fresh per click: what is bought, how many and what
 * it costs are the server's to decide, so any other key (a quantity, a cost) is refused.
 */
export const purchaseInput = z.strictObject({ requestId: z.uuid() });

export const shopRouter = router({
  refillHearts: protectedProcedure
    .input(purchaseInput)
    .mutation(({ ctx, input }) => refillHearts({ db: ctx.services.db, userId: ctx.user.id, requestId: input.requestId })),
  buyStreakFreeze: protectedProcedure
    .input(purchaseInput)
    .mutation(({ ctx, input }) => buyStreakFreeze({ db: ctx.services.db, userId: ctx.user.id, requestId: input.requestId })),
});
