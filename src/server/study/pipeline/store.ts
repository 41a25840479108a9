import { and, eq } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import {
  challenge,
  challengeOption,
  chunk,
  deck,
  flashcard,
  lesson,
  mindmap,
  summary,
  unit,
  type ChallengePayload,
} from '../../db/schema';
import { summaryToMarkdown, type Challenge, type Deck, type LearnPath, type Mindmap, type Summary } from '../../../shared/artefacts';
import type { TextChunk } from '../engines/chunks';
import { dropSummaryDraft } from './read-ahead';

/**
 * Writing a file's artefacts. Each function replaces what the file had of that artefact (deleting first, children go
 * with their parents by cascade) and must run inside the caller's transaction, so a reader sees the old version or
 * the new one, never half of either, and a re-run leaves exactly the rows one run leaves.
 */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Rows per INSERT: far below PostgreSQL's 65,535 parameters for any of these tables. */
const BATCH_ROWS = 1000;

async function insertBatched<T extends PgTable>(tx: Tx, table: T, rows: T['$inferInsert'][]): Promise<void> {
  for (let start = 0; start < rows.length; start += BATCH_ROWS) {
    await tx.insert(table).values(rows.slice(start, start + BATCH_ROWS));
  }
}

export async function storeChunks(tx: Tx, fileId: string, chunks: TextChunk[]): Promise<void> {
  await tx.delete(chunk).where(eq(chunk.fileId, fileId));
  await insertBatched(
    tx,
    chunk,
    chunks.map(({ page, position, text }) => ({ fileId, page, position, text })),
  );
}

export async function storeSummary(tx: Tx, fileId: string, value: Summary): Promise<void> {
  // The sections shown while the file was read give way to the summary.
  await dropSummaryDraft(tx, fileId);
  await tx.delete(summary).where(eq(summary.fileId, fileId));
  await tx.insert(summary).values({ fileId, markdown: summaryToMarkdown(value), content: value });
}

export async function storeMindmap(tx: Tx, fileId: string, value: Mindmap): Promise<void> {
  await tx.delete(mindmap).where(eq(mindmap.fileId, fileId));
  await tx.insert(mindmap).values({ fileId, tree: value.root });
}

/** Replaces the file's generated deck; decks users made themselves are left alone. */
export async function storeDeck(tx: Tx, fileId: string, value: Deck): Promise<void> {
  await tx.delete(deck).where(and(eq(deck.fileId, fileId), eq(deck.generated, true)));
  const deckId = crypto.randomUUID();
  await tx.insert(deck).values({ id: deckId, fileId, title: value.title, generated: true });
  await insertBatched(
    tx,
    flashcard,
    value.cards.map((card, position) => ({ deckId, kind: card.kind, front: card.front, back: card.back, page: card.page, position })),
  );
}

function payloadOf(item: Challenge): ChallengePayload {
  switch (item.type) {
    case 'multiple_choice':
      return {};
    case 'true_false':
      return { answer: item.answer };
    case 'fill_blank':
      return { answer: item.answer, acceptedAnswers: item.acceptedAnswers, options: item.options };
    case 'match':
      return { pairs: item.pairs };
  }
}

/** Replaces the file's learn path: units → lessons → challenges → options, ids made here so each level is one batch. */
export async function storeLearnPath(tx: Tx, fileId: string, value: LearnPath): Promise<void> {
  await tx.delete(unit).where(eq(unit.fileId, fileId));
  const units: (typeof unit.$inferInsert)[] = [];
  const lessons: (typeof lesson.$inferInsert)[] = [];
  const challenges: (typeof challenge.$inferInsert)[] = [];
  const options: (typeof challengeOption.$inferInsert)[] = [];
  value.units.forEach((unitValue, unitPosition) => {
    const unitId = crypto.randomUUID();
    units.push({ id: unitId, fileId, title: unitValue.title, description: unitValue.description, page: unitValue.page, position: unitPosition });
    unitValue.lessons.forEach((lessonValue, lessonPosition) => {
      const lessonId = crypto.randomUUID();
      lessons.push({ id: lessonId, unitId, title: lessonValue.title, position: lessonPosition });
      lessonValue.challenges.forEach((item, challengePosition) => {
        const challengeId = crypto.randomUUID();
        challenges.push({
          id: challengeId,
          lessonId,
          type: item.type,
          question: item.question,
          explanation: item.explanation,
          page: item.page,
          payload: payloadOf(item),
          position: challengePosition,
        });
        if (item.type === 'multiple_choice') {
          item.options.forEach((option, position) =>
            options.push({ challengeId, text: option.text, correct: option.correct, position }),
          );
        }
      });
    });
  });
  await insertBatched(tx, unit, units);
  await insertBatched(tx, lesson, lessons);
  await insertBatched(tx, challenge, challenges);
  await insertBatched(tx, challengeOption, options);
}
