import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { XP_MILESTONES, dailyQuestKinds, type DailyQuestKind, type QuestCelebration, type Quests } from '../../shared/gamification';
import { dailyQuestProgress, localDay, nextLocalMidnight } from '../../shared/gamification-rules';
import { PLANS, type PlanSlug } from '../../shared/plans';
import type { Db } from '../db/client';
import { dailyActivity, questCompletion } from '../db/schema';
import { readUser } from './streak';

/**
 * Quests: the day's quests of the plan (challenges, flashcards, messages) counted on the user's local day,
 * starting again at their midnight, and the XP milestones. Completing happens where the activity or the points are
 * recorded (activity.ts, points.ts); here they are read, and their celebrations shown once and acknowledged.
 */

export async function getQuests(options: { db: Db; userId: string; now?: Date }): Promise<Quests> {
  const { db, userId, now = new Date() } = options;
  const owner = await readUser(db, userId);
  const day = localDay(owner.timeZone, now);
  const [counters] = await db
    .select({ challenges: dailyActivity.challenges, flashcards: dailyActivity.flashcards, messages: dailyActivity.messages })
    .from(dailyActivity)
    .where(and(eq(dailyActivity.userId, userId), eq(dailyActivity.day, day)))
    .limit(1);
  const completions = await db
    .select({ questId: questCompletion.questId })
    .from(questCompletion)
    .where(and(eq(questCompletion.userId, userId), or(eq(questCompletion.period, day), eq(questCompletion.period, 'once'))));
  const completed = new Set(completions.map((row) => row.questId));
  return {
    day,
    resetsAt: nextLocalMidnight(owner.timeZone, now).toISOString(),
    daily: dailyQuestProgress(PLANS[owner.plan].activityTargets, counters ?? { challenges: 0, flashcards: 0, messages: 0 }, completed),
    milestones: XP_MILESTONES.map((milestone) => ({
      id: milestone.id,
      threshold: milestone.threshold,
      points: milestone.points,
      progress: Math.min(owner.xpTotal, milestone.threshold),
      completed: completed.has(milestone.id),
    })),
  };
}

/** Celebrations shown at most at once (the rest follow once these are acknowledged). */
const CELEBRATIONS_MAX = 20;

function dailyKindOf(questId: string): DailyQuestKind | undefined {
  return dailyQuestKinds.find((kind) => questId === `daily-${kind}`);
}

/** Completed quests whose celebration the user has not seen, oldest first. */
export async function celebrations(db: Db, userId: string, plan: PlanSlug): Promise<QuestCelebration[]> {
  const rows = await db
    .select({ questId: questCompletion.questId, period: questCompletion.period, points: questCompletion.points })
    .from(questCompletion)
    .where(and(eq(questCompletion.userId, userId), isNull(questCompletion.seenAt)))
    .orderBy(asc(questCompletion.completedAt), asc(questCompletion.questId))
    .limit(CELEBRATIONS_MAX);
  return rows.flatMap((row): QuestCelebration[] => {
    const daily = dailyKindOf(row.questId);
    if (daily) return [{ ...row, kind: daily, target: PLANS[plan].activityTargets[daily] }];
    const milestone = XP_MILESTONES.find((item) => item.id === row.questId);
    return milestone ? [{ ...row, kind: 'milestone', target: milestone.threshold }] : [];
  });
}

/** Marks the caller's celebrations seen; another user's completions are never touched (the user id is in the key). */
export async function acknowledgeQuests(options: {
  db: Db;
  userId: string;
  completions: { questId: string; period: string }[];
  now?: Date;
}): Promise<{ acknowledged: number }> {
  const { db, userId, completions, now = new Date() } = options;
  if (completions.length === 0) return { acknowledged: 0 };
  const keys = completions.map((item) => sql`(${item.questId}, ${item.period})`);
  const updated = await db
    .update(questCompletion)
    .set({ seenAt: now })
    .where(
      and(
        eq(questCompletion.userId, userId),
        isNull(questCompletion.seenAt),
        inArray(questCompletion.questId, completions.map((item) => item.questId)),
        sql`(${questCompletion.questId}, ${questCompletion.period}) in (${sql.join(keys, sql`, `)})`,
      ),
    )
    .returning({ questId: questCompletion.questId });
  return { acknowledged: updated.length };
}
