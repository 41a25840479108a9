import { z } from 'zod';
import { currencySchema, updateProfileSchema } from '../../../shared/profile';
import { idSchema, localeSchema } from '../../../shared/schemas';
import { CLIENT_IP_HEADER } from '../../auth/auth';
import { currencyForUser } from '../../users/currency-detection';
import { setCurrency, updateProfile } from '../../users/profile';
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
  updateProfile: protectedProcedure
    .input(updateProfileSchema)
    .mutation(({ ctx, input }) => updateProfile({ db: ctx.services.db, userId: ctx.user.id, changes: input })),
  setCurrency: protectedProcedure
    .input(z.object({ currency: currencySchema }))
    .mutation(({ ctx, input }) => setCurrency({ db: ctx.services.db, userId: ctx.user.id, currency: input.currency })),
  /** The HTTP layer puts the client's address in CLIENT_IP_HEADER, replacing whatever the client sent under it. */
  detectCurrency: protectedProcedure.query(({ ctx }) =>
    currencyForUser({
      db: ctx.services.db,
      userId: ctx.user.id,
      geoipUrl: ctx.services.config.geoipUrl,
      ip: ctx.headers.get(CLIENT_IP_HEADER),
      log: ctx.log,
    }),
  ),
});
