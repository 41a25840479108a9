import type { Progress } from '../../shared/gamification';
import { PLANS } from '../../shared/plans';
import type { Db } from '../db/client';
import { celebrations } from './quests';
import { settleOnRead } from './streak';

/**
 * The header's counters (`gamification.getProgress`) and what every page may need: the streak settled on the user's
 * local day (0 once broken), balances, the time zone days are counted in, and celebrations not yet seen. Subscribers'
 * hearts are unlimited (spec §6).
 */
export async function getProgress(options: { db: Db; userId: string; now?: Date }): Promise<Progress> {
  const { db, userId, now = new Date() } = options;
  const { row } = await settleOnRead(db, userId, now);
  return {
    streak: row.streak,
    points: row.points,
    stars: row.stars,
    hearts: row.hearts,
    unlimitedHearts: PLANS[row.plan].unlimitedHearts,
    streakFreezes: row.streakFreezes,
    xpTotal: row.xpTotal,
    plan: row.plan,
    timeZone: row.timeZone,
    celebrations: await celebrations(db, userId, row.plan),
  };
}
