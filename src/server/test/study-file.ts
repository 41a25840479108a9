import { and, eq } from 'drizzle-orm';
import { lecturePages } from './chat';
import { deck, file, filePage, flashcard } from '../db/schema';
import type { Services } from '../services';
import { insertLearnPath } from './stats-paths';
import { newStorageKey } from '../storage/blob-storage';
import { generateArtefact, markQueued } from '../study/pipeline/pipeline';

/** The ids a study tab works on in a prepared file: its AI deck and one of its cards, a unit, lesson and challenge. */
export interface StudyFileTarget {
  fileId: string;
  deckId: string;
  cardId: string;
  unitId: string;
  lessonId: string;
  /** The lesson's first challenge. */
  challengeId: string;
  /** All the lesson's challenges (true/false, answered 'true'), in order. */
  lessonChallengeIds: string[];
}

/**
 * Makes `fileId` (a row from insertFile) ready in every way a study tab needs: pages of a real lecture, stored bytes,
 * chunks, summary, mind map and AI deck made by the local engine, and a learn path of one unit with a lesson of two
 * true/false challenges and one of one. Used by the permission matrices (sharing/study-matrix.test.ts,
 * security/access-matrix.test.ts) and the fuzzing of every procedure.
 */
export async function prepareStudyFile(services: Services, fileId: string): Promise<StudyFileTarget> {
  const { db } = services;
  const pipeline = { db, engine: services.engine, log: services.log };
  await db.delete(filePage).where(eq(filePage.fileId, fileId));
  await db.insert(filePage).values(lecturePages.map((text, index) => ({ fileId, pageNumber: index + 1, text })));
  const storageKey = newStorageKey();
  const bytes = new TextEncoder().encode(lecturePages.join('\n'));
  await services.storage.put(storageKey, bytes);
  await db
    .update(file)
    .set({ status: 'ready', pageCount: lecturePages.length, storageKey, size: bytes.byteLength, extension: 'txt', mimeType: 'text/plain' })
    .where(eq(file.id, fileId));
  const kinds = ['chunks', 'summary', 'mindmap', 'flashcards'] as const;
  await markQueued(db, fileId, kinds);
  for (const kind of kinds) {
    const outcome = await generateArtefact(pipeline, fileId, kind);
    if (outcome !== 'ready') throw new Error(`the ${kind} of the test file came out ${outcome}`);
  }
  const path = await insertLearnPath(db, fileId, [[2, 1]]);
  const [generated] = await db.select({ id: deck.id }).from(deck).where(and(eq(deck.fileId, fileId), eq(deck.generated, true)));
  const [card] = await db.select({ id: flashcard.id }).from(flashcard).where(eq(flashcard.deckId, generated?.id ?? '')).limit(1);
  const unit = path.units[0];
  const lesson = unit?.lessons[0];
  if (!generated || !card || !unit || !lesson?.challengeIds[0]) throw new Error('the test file has no deck, card or lesson');
  return { fileId, deckId: generated.id, cardId: card.id, unitId: unit.id, lessonId: lesson.id, challengeId: lesson.challengeIds[0], lessonChallengeIds: lesson.challengeIds };
}
