import type { LessonReplay } from '../../../shared/learn';
import { allRecords, getRecord, putRecord } from './store';

/**
 * Finished lessons kept on this device to replay without a connection (learn.getReplay: the lesson with its answer
 * key), per user, with the course context they were played in. Kept when a lesson is finished and for the finished
 * lessons of a learn path the student opens; replaced when kept again (a day later, or after a regeneration).
 */
export interface KeptLesson {
  /** `${userId}:${lessonId}` */
  key: string;
  userId: string;
  lessonId: string;
  replay: LessonReplay;
  context: { uuid?: string; id?: string };
  keptAt: number;
}

/** A kept lesson is fetched again after this long (its challenges may have been regenerated meanwhile). */
export const KEPT_LESSON_FRESH_MS = 24 * 60 * 60 * 1000;

const keyOf = (userId: string, lessonId: string) => `${userId}:${lessonId}`;

export async function keepLesson(userId: string, replay: LessonReplay, context: KeptLesson['context']): Promise<void> {
  const lessonId = replay.lesson.id;
  await putRecord<KeptLesson>('lessons', { key: keyOf(userId, lessonId), userId, lessonId, replay, context, keptAt: Date.now() });
}

export const keptLesson = (userId: string, lessonId: string) => getRecord<KeptLesson>('lessons', keyOf(userId, lessonId));

/** The user's kept lessons, the most recently kept first. */
export async function keptLessons(userId: string): Promise<KeptLesson[]> {
  const all = await allRecords<KeptLesson>('lessons');
  return all.filter((kept) => kept.userId === userId).sort((a, b) => b.keptAt - a.keptAt);
}

/** Of `lessonIds`, those not kept yet or kept longer ago than KEPT_LESSON_FRESH_MS. */
export async function lessonsToKeep(userId: string, lessonIds: readonly string[], now = Date.now()): Promise<string[]> {
  const kept = new Map((await keptLessons(userId)).map((lesson) => [lesson.lessonId, lesson.keptAt]));
  return lessonIds.filter((id) => {
    const at = kept.get(id);
    return at === undefined || now - at > KEPT_LESSON_FRESH_MS;
  });
}
