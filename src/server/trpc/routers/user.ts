import { z } from 'zod';
import { idSchema, localeSchema } from '../../../shared/schemas';
import { getBillingInfo, getUser, setLocale, setTimeZone } from '../../users/users';
import { protectedProcedure, router } from '../init';

export const userRouter = router({
  getUser: protectedProcedure
    .input(z.object({ id: idSchema }))
    .query(({ ctx, input }) => getUser({ db: ctx.services.db, actorId: ctx.user.id, userId: input.id })),
  getUserBillingInfo: protectedProcedure.query(({ ctx }) => getBillingInfo({ db: ctx.services.db, userId: ctx.user.id })),
  setLocale: protectedProcedure
    .input(z.object({ locale: localeSchema }))
    .mutation(({ ctx, input }) => setLocale({ db: ctx.services.db, userId: ctx.user.id, locale: input.locale })),
  setTimeZone: protectedProcedure
    .input(z.object({ timeZone: z.string().max(1000) }))
    .mutation(({ ctx, input }) => setTimeZone({ db: ctx.services.db, userId: ctx.user.id, timeZone: input.timeZone })),
});
