import { LEARN_AHEAD_MS } from '../../../shared/scheduler';
import type { DeckCounts, DecksFile, SessionCard, SessionDeck, SharedContext } from '../../features/decks/decks-data';
import { allRecords, getRecord, putRecord } from './store';

/**
 * Study sessions kept on this device for review without a connection: each deck's session as the server last
 * answered it (the cards due, with their schedules), for the signed-in user. A rating made since takes the card out
 * or puts its next step in, so a deck reviewed online and then opened offline does not show the same cards again.
 * Offline, the cards due by then are the session (new cards too, within the day's allowance the server gave).
 */
export interface KeptSession {
  /** `${userId}:${deckId}` */
  key: string;
  userId: string;
  deckId: string;
  file: DecksFile;
  context: SharedContext;
  deck: SessionDeck;
  cards: SessionCard[];
  counts: DeckCounts;
  keptAt: number;
}

const keyOf = (userId: string, deckId: string) => `${userId}:${deckId}`;

/** Whether a kept card is to be studied at `now`: new, or due (a card in its learning steps a little ahead, too). */
export function isDue(card: SessionCard, now: number): boolean {
  if (!card.due) return true;
  const ahead = card.phase === 'learning' || card.phase === 'relearning' ? LEARN_AHEAD_MS : 0;
  return card.due.getTime() <= now + ahead;
}

export async function keepSession(session: Omit<KeptSession, 'key' | 'keptAt'>): Promise<void> {
  await putRecord<KeptSession>('sessions', { ...session, key: keyOf(session.userId, session.deckId), keptAt: Date.now() });
}

/** The kept session of a deck with only the cards due at `now`, or null if none was kept. */
export async function keptSession(userId: string, deckId: string, now = Date.now()): Promise<KeptSession | null> {
  const kept = await getRecord<KeptSession>('sessions', keyOf(userId, deckId));
  return kept ? { ...kept, cards: kept.cards.filter((card) => isDue(card, now)) } : null;
}

/** The user's kept sessions that have cards due at `now`, the most recently kept first. */
export async function keptSessions(userId: string, now = Date.now()): Promise<KeptSession[]> {
  const all = await allRecords<KeptSession>('sessions');
  return all
    .filter((kept) => kept.userId === userId)
    .map((kept) => ({ ...kept, cards: kept.cards.filter((card) => isDue(card, now)) }))
    .filter((kept) => kept.cards.length > 0)
    .sort((a, b) => b.keptAt - a.keptAt);
}

/** After a rating: the card leaves the kept session, or comes back as its next step (`requeue`). */
export async function keepRating(userId: string, deckId: string, cardId: string, requeue: SessionCard | null): Promise<void> {
  const kept = await getRecord<KeptSession>('sessions', keyOf(userId, deckId));
  if (!kept) return;
  const cards = kept.cards.filter((card) => card.id !== cardId);
  await putRecord<KeptSession>('sessions', { ...kept, cards: requeue ? [...cards, requeue] : cards });
}
