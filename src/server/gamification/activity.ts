import { and, eq, sql } from 'drizzle-orm';
import { DAILY_QUEST_POINTS, type DailyQuestKind } from '../../shared/gamification';
import { dailyQuestId, dailyQuestsReached, localDay, type ActivityCounters, type DateString } from '../../shared/gamification-rules';
import { PLANS } from '../../shared/plans';
import type { Db } from '../db/client';
import { dailyActivity, questCompletion } from '../db/schema';
import { awardPoints } from './points';
import { applyStreak, lockUser } from './streak';

/**
 * What the user did, counted on their local day, inside the transaction of the action itself: a challenge
 * answered, a flashcard rated (or a rating undone: delta −1, never below 0), a tutor question answered, a lesson
 * finished. A lesson or a flashcard counts the day for the streak. A counter reaching its daily target completes the
 * day's quest (one quest_completion per quest and day) and awards DAILY_QUEST_POINTS.
 *
 * The user's row is locked first, as every other change to balances does, so activities at the same time are counted
 * one after the other: a quest is completed and paid once.
 */
export type ActivityKind = 'challenge' | 'flashcard' | 'message' | 'lesson';

const counterOf = {
  challenge: 'challenges',
  flashcard: 'flashcards',
  message: 'messages',
  lesson: 'lessons',
} as const satisfies Record<ActivityKind, keyof typeof dailyActivity.$inferSelect>;

const questOf: Partial<Record<ActivityKind, DailyQuestKind>> = {
  challenge: 'challenges',
  flashcard: 'flashcards',
  message: 'messages',
};

/** Kinds that count the day for the streak. */
const streakKinds = new Set<ActivityKind>(['lesson', 'flashcard']);

export interface RecordedActivity {
  day: DateString;
  counters: ActivityCounters & { lessons: number };
  streak: number;
  /** Daily quest ids completed by this activity. */
  completedQuests: string[];
}

export async function recordActivity(
  tx: Db,
  options: { userId: string; kind: ActivityKind; delta?: 1 | -1; now: Date },
): Promise<RecordedActivity> {
  const { userId, kind, now } = options;
  const delta = options.delta ?? 1;
  const owner = await lockUser(tx, userId);
  const day = localDay(owner.timeZone, now);
  const column = dailyActivity[counterOf[kind]];
  const returning = {
    challenges: dailyActivity.challenges,
    flashcards: dailyActivity.flashcards,
    messages: dailyActivity.messages,
    lessons: dailyActivity.lessons,
  };
  let counters: RecordedActivity['counters'];
  if (delta < 0) {
    // Taking one back: only a day that has the row, and never below 0.
    const [row] = await tx
      .update(dailyActivity)
      .set({ [counterOf[kind]]: sql`greatest(${column} - 1, 0)` })
      .where(and(eq(dailyActivity.userId, userId), eq(dailyActivity.day, day)))
      .returning(returning);
    counters = row ?? { challenges: 0, flashcards: 0, messages: 0, lessons: 0 };
    return { day, counters, streak: owner.streak, completedQuests: [] };
  }
  const [row] = await tx
    .insert(dailyActivity)
    .values({ userId, day, [counterOf[kind]]: 1 })
    .onConflictDoUpdate({ target: [dailyActivity.userId, dailyActivity.day], set: { [counterOf[kind]]: sql`${column} + 1` } })
    .returning(returning);
  if (!row) throw new Error('no daily activity written');
  counters = row;

  let streak = owner.streak;
  if (streakKinds.has(kind)) streak = (await applyStreak(tx, userId, owner, day, true)).streak;

  const completedQuests: string[] = [];
  const quest = questOf[kind];
  if (quest) {
    const reached = dailyQuestsReached(PLANS[owner.plan].activityTargets, counters, new Set()).filter((item) => item === quest);
    for (const reachedKind of reached) {
      const inserted = await tx
        .insert(questCompletion)
        .values({ userId, questId: dailyQuestId(reachedKind), period: day, points: DAILY_QUEST_POINTS, completedAt: now })
        .onConflictDoNothing()
        .returning({ questId: questCompletion.questId });
      if (inserted.length === 0) continue;
      completedQuests.push(dailyQuestId(reachedKind));
      await awardPoints(tx, userId, DAILY_QUEST_POINTS, now);
    }
  }
  return { day, counters, streak, completedQuests };
}
