import { z } from 'zod';
import { leaderboardPeriods } from '../../../shared/gamification';
import { getLeaderboard } from '../../gamification/leaderboard';
import { acknowledgeQuests, getQuests } from '../../gamification/quests';
import { getProgress } from '../../gamification/progress';
import { getStreak } from '../../gamification/streak';
import { protectedProcedure, router } from '../init';

/** 'YYYY-MM' of a real month (years 2000–2999). */
const monthSchema = z.string().regex(/^2\d{3}-(0[1-9]|1[0-2])$/, 'A month is written YYYY-MM.');

/** A completed quest as the client got it in a celebration: a quest id and its period (a day or 'once'). */
const completionSchema = z.strictObject({
  questId: z.string().min(1).max(64),
  period: z.union([z.literal('once'), z.string().regex(/^\d{4}-\d{2}-\d{2}$/)]),
});

export const gamificationRouter = router({
  getProgress: protectedProcedure.query(({ ctx }) => getProgress({ db: ctx.services.db, userId: ctx.user.id })),
  getStreak: protectedProcedure
    .input(z.strictObject({ month: monthSchema.optional() }).optional())
    .query(({ ctx, input }) => getStreak({ db: ctx.services.db, userId: ctx.user.id, month: input?.month })),
  getLeaderboard: protectedProcedure
    .input(z.strictObject({ period: z.enum(leaderboardPeriods) }))
    .query(({ ctx, input }) => getLeaderboard({ db: ctx.services.db, userId: ctx.user.id, period: input.period })),
  getQuests: protectedProcedure.query(({ ctx }) => getQuests({ db: ctx.services.db, userId: ctx.user.id })),
  acknowledgeQuests: protectedProcedure
    .input(z.strictObject({ completions: z.array(completionSchema).max(50) }))
    .mutation(({ ctx, input }) => acknowledgeQuests({ db: ctx.services.db, userId: ctx.user.id, completions: input.completions })),
});
