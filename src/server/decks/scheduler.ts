import type { cardState, CardStateSnapshot } from '../db/schema';
import type { ScheduleColumns } from '../../shared/scheduler';

/**
 * The scheduler itself (ts-fsrs, shared with the study session and the offline review) is src/shared/scheduler.ts;
 * here is what the server adds: the stored row's type and the snapshot a review_log row keeps for undo.
 */
export { intervalsOf, phaseOf, rate, type ScheduleColumns } from '../../shared/scheduler';

export type CardStateRow = typeof cardState.$inferSelect;
/** The columns of card_state that hold the schedule (everything but the keys and updatedAt) are ScheduleColumns. */
type StoredSchedule = Omit<CardStateRow, 'userId' | 'cardId' | 'updatedAt'>;
// The shared type and the table's columns must not drift apart: each must be assignable to the other.
const _sameColumns: [StoredSchedule, ScheduleColumns] extends [ScheduleColumns, StoredSchedule] ? true : never = true;
void _sameColumns;

/** The schedule as review_log keeps it (JSON), so an undo can put it back exactly. */
export function snapshotOf(row: ScheduleColumns): CardStateSnapshot {
  return {
    stability: row.stability,
    difficulty: row.difficulty,
    elapsedDays: row.elapsedDays,
    scheduledDays: row.scheduledDays,
    learningSteps: row.learningSteps,
    reps: row.reps,
    lapses: row.lapses,
    state: row.state,
    due: row.due.toISOString(),
    lastReview: row.lastReview ? row.lastReview.toISOString() : null,
  };
}

export function scheduleColumnsFromSnapshot(snapshot: CardStateSnapshot): ScheduleColumns {
  return { ...snapshot, due: new Date(snapshot.due), lastReview: snapshot.lastReview ? new Date(snapshot.lastReview) : null };
}

