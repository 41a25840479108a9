import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { deck, flashcard } from '../db/schema';
import { studyFileAccessOr, type SharedStudy, type StudyFileAccess } from '../sharing/study-access';
import { cardNotFound, deckGeneratedReadOnly, deckNotFound } from './errors';

/**
 * Who may use a deck or a card: whoever may study its file (studyFileAccess, the one place that rule lives, with the
 * shared context when given), and of a user's own deck ("My cards", `ownerId` set) only that user. A deck or card of
 * a file the caller may not study, or of another user's deck, is refused exactly like an unknown id.
 */
export interface DeckRow {
  id: string;
  fileId: string;
  title: string;
  generated: boolean;
  /** null: the generated deck every student of the file studies; else the user whose own deck this is. */
  ownerId: string | null;
}

export type CardRow = typeof flashcard.$inferSelect;

const deckColumns = { id: deck.id, fileId: deck.fileId, title: deck.title, generated: deck.generated, ownerId: deck.ownerId };

/** Whether `userId` may see the deck: the file's shared deck, or their own. */
const deckVisibleTo = (row: DeckRow, userId: string) => row.ownerId === null || row.ownerId === userId;

export async function deckAccess(
  db: Db,
  userId: string,
  deckId: string,
  shared?: SharedStudy | undefined,
): Promise<{ deck: DeckRow; access: StudyFileAccess }> {
  const [row] = await db.select(deckColumns).from(deck).where(eq(deck.id, deckId)).limit(1);
  if (!row || !deckVisibleTo(row, userId)) throw deckNotFound();
  return { deck: row, access: await studyFileAccessOr(db, userId, row.fileId, deckNotFound, shared) };
}

export async function cardAccess(
  db: Db,
  userId: string,
  cardId: string,
  shared?: SharedStudy | undefined,
): Promise<{ card: CardRow; deck: DeckRow; access: StudyFileAccess }> {
  const [row] = await db
    .select({ card: flashcard, deck: deckColumns })
    .from(flashcard)
    .innerJoin(deck, eq(deck.id, flashcard.deckId))
    .where(eq(flashcard.id, cardId))
    .limit(1);
  if (!row || !deckVisibleTo(row.deck, userId)) throw cardNotFound();
  return { ...row, access: await studyFileAccessOr(db, userId, row.deck.fileId, cardNotFound, shared) };
}

/**
 * Changing a deck's cards: one's own deck, or the shared (generated) deck for the file's owner only — a member of a
 * shared course studies the generated deck but writes cards into their own.
 */
export function checkDeckWritable(found: DeckRow, access: StudyFileAccess, userId: string): void {
  if (found.ownerId === userId) return;
  if (found.ownerId === null && access.role === 'owner') return;
  throw deckGeneratedReadOnly();
}
