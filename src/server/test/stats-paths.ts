import type { ChallengeAttemptStatus } from '../db/schema/learn';
import type { Db } from '../db/client';
import { challenge, challengeAttempt, lesson, unit } from '../db/schema';

/**
 * Learn paths and attempt histories written straight into the database, for the statistics' tests and benchmark:
 * they are about what the statistics compute, not about playing lessons (src/server/learn does that).
 */
export interface PathShape {
  units: Array<{ id: string; title: string; lessons: Array<{ id: string; title: string; challengeIds: string[] }> }>;
}

/** A learn path for `fileId`: `shape[u][l]` is the number of challenges of lesson l of unit u. */
export async function insertLearnPath(db: Db, fileId: string, shape: number[][]): Promise<PathShape> {
  const units: PathShape['units'] = [];
  const challengeRows: Array<typeof challenge.$inferInsert> = [];
  for (const [unitIndex, lessons] of shape.entries()) {
    const [unitRow] = await db
      .insert(unit)
      .values({ fileId, title: `Unit ${unitIndex + 1}`, description: 'About the unit', position: unitIndex })
      .returning({ id: unit.id, title: unit.title });
    if (!unitRow) throw new Error('no unit inserted');
    const lessonRows = lessons.length
      ? await db
          .insert(lesson)
          .values(lessons.map((_, lessonIndex) => ({ unitId: unitRow.id, title: `Lesson ${unitIndex + 1}.${lessonIndex + 1}`, position: lessonIndex })))
          .returning({ id: lesson.id, title: lesson.title, position: lesson.position })
      : [];
    lessonRows.sort((left, right) => left.position - right.position);
    const unitEntry: PathShape['units'][number] = { ...unitRow, lessons: [] };
    for (const [lessonIndex, lessonRow] of lessonRows.entries()) {
      const challengeIds = Array.from({ length: lessons[lessonIndex] ?? 0 }, () => crypto.randomUUID());
      challengeIds.forEach((id, position) =>
        challengeRows.push({
          id,
          lessonId: lessonRow.id,
          type: 'true_false',
          question: `Question ${position + 1} of ${lessonRow.title}?`,
          explanation: 'Because.',
          payload: { answer: true },
          position,
        }),
      );
      unitEntry.lessons.push({ id: lessonRow.id, title: lessonRow.title, challengeIds });
    }
    units.push(unitEntry);
  }
  for (let start = 0; start < challengeRows.length; start += 1_000) {
    await db.insert(challenge).values(challengeRows.slice(start, start + 1_000));
  }
  return { units };
}

export interface AttemptRow {
  userId: string;
  challengeId: string;
  lessonId: string;
  unitId: string;
  status: ChallengeAttemptStatus;
  timeToCompleteMs: number;
  createdAt: Date;
  /** The lesson run the attempt belongs to. */
  runId: string;
}

/** Inserts attempts in batches (one statement per `batch` rows). */
export async function insertAttempts(db: Db, rows: readonly AttemptRow[], batch = 2_000): Promise<void> {
  for (let start = 0; start < rows.length; start += batch) {
    await db.insert(challengeAttempt).values(rows.slice(start, start + batch));
  }
}
