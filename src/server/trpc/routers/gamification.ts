import { getProgress } from '../../users/users';
import { protectedProcedure, router } from '../init';

export const gamificationRouter = router({
  getProgress: protectedProcedure.query(({ ctx }) => getProgress({ db: ctx.services.db, userId: ctx.user.id })),
});
