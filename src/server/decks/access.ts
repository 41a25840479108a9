import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { deck, flashcard } from '../db/schema';
import { studyFileAccessOr, type StudyFileAccess } from '../study/access';
import { cardNotFound, deckNotFound } from './errors';

/**
 * Who may use a deck or a card: whoever may study its file (studyFileAccess, the one place that rule lives). A deck
 * or card of a file the caller may not study is refused exactly like an unknown id.
 */
export interface DeckRow {
  id: string;
  fileId: string;
  title: string;
  generated: boolean;
}

export type CardRow = typeof flashcard.$inferSelect;

const deckColumns = { id: deck.id, fileId: deck.fileId, title: deck.title, generated: deck.generated };

export async function deckAccess(db: Db, userId: string, deckId: string): Promise<{ deck: DeckRow; access: StudyFileAccess }> {
  const [row] = await db.select(deckColumns).from(deck).where(eq(deck.id, deckId)).limit(1);
  if (!row) throw deckNotFound();
  return { deck: row, access: await studyFileAccessOr(db, userId, row.fileId, deckNotFound) };
}

export async function cardAccess(
  db: Db,
  userId: string,
  cardId: string,
): Promise<{ card: CardRow; deck: DeckRow; access: StudyFileAccess }> {
  const [row] = await db
    .select({ card: flashcard, deck: deckColumns })
    .from(flashcard)
    .innerJoin(deck, eq(deck.id, flashcard.deckId))
    .where(eq(flashcard.id, cardId))
    .limit(1);
  if (!row) throw cardNotFound();
  return { ...row, access: await studyFileAccessOr(db, userId, row.deck.fileId, cardNotFound) };
}
