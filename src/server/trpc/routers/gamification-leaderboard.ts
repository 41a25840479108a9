import { z } from 'zod';
import { leaderboardPeriods } from '../../../shared/gamification';
import { getLeaderboard } from '../../gamification/leaderboard';
import { protectedProcedure } from '../init';

export const leaderboardInput = z.strictObject({ period: z.enum(leaderboardPeriods) });

/** `gamification.getLeaderboard({period})`: plugged into the gamification router. */
export const getLeaderboardProcedure = protectedProcedure
  .input(leaderboardInput)
  .query(({ ctx, input }) => getLeaderboard({ db: ctx.services.db, userId: ctx.user.id, period: input.period }));
