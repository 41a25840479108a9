import { and, asc, desc, eq, isNull, or, sql } from 'drizzle-orm';
import { cardTextProblem, type CardSide } from '../../shared/decks';
import { regenerateArtefact } from '../courses/files';
import type { Db } from '../db/client';
import { cardState, deck, file, flashcard } from '../db/schema';
import type { StudyQueue } from '../study/pipeline/jobs';
import { studyFileAccess, studyFileAction, studyOwnerOnly, type SharedStudy } from '../sharing/study-access';
import { cardAccess, checkDeckWritable, deckAccess } from './access';
import { deckCounts, type DeckCounts } from './counts';
import { cardTextRefused } from './errors';
import { phaseOf } from './scheduler';

/**
 * A file's decks and their cards: the generated deck the study pipeline makes (replaced whole when made again,
 * `ownerId` null: every student of the file studies it) and each user's own deck, "My cards" (`ownerId` the user),
 * made the first time they add a card to the file. `shared` is the shared-course context (studyFileAccess).
 */

/** The title stored for a file's own deck; the client shows it in the reader's language. */
export const USER_DECK_TITLE = 'My cards';
/** flashcard.kind of a card a person wrote (generated ones are 'definition', 'cloze' or 'concept'). */
export const USER_CARD_KIND = 'custom';

export interface DeckSummary {
  id: string;
  fileId: string;
  title: string;
  generated: boolean;
  updatedAt: Date;
  counts: DeckCounts;
}

const emptyCounts = (): DeckCounts => ({ total: 0, new: 0, learning: 0, due: 0, toStudy: 0, toStudyBy: { new: 0, learning: 0, due: 0 }, newLeftToday: 0, nextDue: null });

/** The file's decks the caller may see (the generated one first, then their own), each with the caller's counts. */
export async function listDecks(options: {
  db: Db;
  userId: string;
  fileId: string;
  shared?: SharedStudy | undefined;
  now?: Date;
}): Promise<DeckSummary[]> {
  const { db, userId, fileId, now = new Date() } = options;
  await studyFileAccess(db, userId, fileId, options.shared);
  const decks = await db
    .select({ id: deck.id, fileId: deck.fileId, title: deck.title, generated: deck.generated, updatedAt: deck.updatedAt })
    .from(deck)
    .where(and(eq(deck.fileId, fileId), or(isNull(deck.ownerId), eq(deck.ownerId, userId))))
    .orderBy(desc(deck.generated), asc(deck.createdAt));
  const counts = await deckCounts(db, { userId, now, fileId });
  return decks.map((row) => ({ ...row, counts: counts.get(row.id) ?? emptyCounts() }));
}

/** A deck's cards in order, each with where the caller stands with it. */
export async function getCards(options: { db: Db; userId: string; deckId: string; shared?: SharedStudy | undefined }) {
  const { db, userId, deckId } = options;
  const { deck: found, access } = await deckAccess(db, userId, deckId, options.shared);
  const rows = await db
    .select({ card: flashcard, state: cardState.state, due: cardState.due })
    .from(flashcard)
    .leftJoin(cardState, and(eq(cardState.cardId, flashcard.id), eq(cardState.userId, userId)))
    .where(eq(flashcard.deckId, deckId))
    .orderBy(asc(flashcard.position));
  return {
    deck: found,
    fileName: access.fileName,
    cards: rows.map(({ card, state, due }) => ({
      id: card.id,
      front: card.front,
      back: card.back,
      page: card.page,
      kind: card.kind,
      phase: phaseOf(state === null ? null : { state }),
      due,
    })),
  };
}

/** Both sides trimmed, or the refusal that names the side and the problem. */
function checkedSides(sides: Record<CardSide, string>): Record<CardSide, string> {
  for (const side of ['front', 'back'] as const) {
    const problem = cardTextProblem(sides[side]);
    if (problem) throw cardTextRefused(side, problem);
  }
  return { front: sides.front.trim(), back: sides.back.trim() };
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The user's own deck of the file, made on first use; the file row is locked so that two first cards make one deck. */
async function userDeckOf(tx: Tx, fileId: string, userId: string): Promise<string> {
  await tx.select({ id: file.id }).from(file).where(eq(file.id, fileId)).for('update');
  const [existing] = await tx
    .select({ id: deck.id })
    .from(deck)
    .where(and(eq(deck.fileId, fileId), eq(deck.generated, false), eq(deck.ownerId, userId)))
    .orderBy(asc(deck.createdAt))
    .limit(1);
  if (existing) return existing.id;
  const [made] = await tx
    .insert(deck)
    .values({ fileId, title: USER_DECK_TITLE, generated: false, ownerId: userId })
    .returning({ id: deck.id });
  if (!made) throw new Error('no deck inserted');
  return made.id;
}

/** Adds a card at the end of a deck, or of the caller's own deck of the file ("My cards", made on demand). */
export async function createCard(
  options: { db: Db; userId: string; front: string; back: string; shared?: SharedStudy | undefined } & (
    | { deckId: string }
    | { fileId: string }
  ),
) {
  const { db, userId, shared } = options;
  const sides = checkedSides(options);
  const deckPlace = async (deckId: string) => {
    const found = await deckAccess(db, userId, deckId, shared);
    checkDeckWritable(found.deck, found.access, userId);
    return { kind: 'deck' as const, deckId: found.deck.id };
  };
  const place =
    'deckId' in options
      ? await deckPlace(options.deckId)
      : { kind: 'file' as const, fileId: (await studyFileAccess(db, userId, options.fileId, shared)).fileId };
  return db.transaction(async (tx) => {
    const target = place.kind === 'deck' ? place.deckId : await userDeckOf(tx, place.fileId, userId);
    const [last] = await tx
      .select({ position: sql<number | null>`max(${flashcard.position})` })
      .from(flashcard)
      .where(eq(flashcard.deckId, target));
    const [card] = await tx
      .insert(flashcard)
      .values({ deckId: target, kind: USER_CARD_KIND, ...sides, page: null, position: (last?.position ?? -1) + 1 })
      .returning();
    await tx.update(deck).set({ updatedAt: new Date() }).where(eq(deck.id, target));
    if (!card) throw new Error('no card inserted');
    return card;
  });
}

/** Changes a card's text; the caller's schedule of it stays. */
export async function updateCard(options: {
  db: Db;
  userId: string;
  cardId: string;
  front: string;
  back: string;
  shared?: SharedStudy | undefined;
}) {
  const { db, userId, cardId } = options;
  const sides = checkedSides(options);
  const { deck: owner, access } = await cardAccess(db, userId, cardId, options.shared);
  checkDeckWritable(owner, access, userId);
  const [card] = await db.update(flashcard).set(sides).where(eq(flashcard.id, cardId)).returning();
  await db.update(deck).set({ updatedAt: new Date() }).where(eq(deck.id, owner.id));
  if (!card) throw new Error('card vanished while updating');
  return card;
}

/** Deletes a card with every user's schedule and ratings of it. */
export async function deleteCard(options: { db: Db; userId: string; cardId: string; shared?: SharedStudy | undefined }) {
  const { db, userId, cardId } = options;
  const { deck: owner, access } = await cardAccess(db, userId, cardId, options.shared);
  checkDeckWritable(owner, access, userId);
  await db.delete(flashcard).where(eq(flashcard.id, cardId));
  await db.update(deck).set({ updatedAt: new Date() }).where(eq(deck.id, owner.id));
  return { cardId, deckId: owner.id };
}

/**
 * Makes the file's AI deck again through the study pipeline (file.regenerateArtefact): refused over the plan's
 * monthly AI-deck allowance; the pipeline counts the deck when it stores it. The course owner's alone: a member of a
 * shared course is refused (FORBIDDEN), and the deck is made on the owner's plan.
 */
export async function generateDeck(options: {
  db: Db;
  studyQueue: StudyQueue | null;
  userId: string;
  fileId: string;
  shared?: SharedStudy | undefined;
}) {
  const access = await studyFileAction(options.db, options.userId, options.fileId, options.shared, 'manage', studyOwnerOnly);
  return regenerateArtefact({ db: options.db, studyQueue: options.studyQueue, userId: access.ownerId, fileId: access.fileId, artefact: 'flashcards' });
}
