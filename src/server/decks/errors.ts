import { AppError } from '../errors';
import type { CardSide, CardTextProblem } from '../../shared/decks';
import { CARD_SIDE_MAX } from '../../shared/decks';

/**
 * The flashcards tab's refusals. As for files and courses, a deck or card the caller may not study answers NOT_FOUND
 * exactly like one that does not exist, so ids cannot be probed.
 */
export const deckNotFound = () =>
  new AppError({ code: 'NOT_FOUND', userMessage: 'Deck not found. Try to refresh the page.', messageKey: 'deckNotFound' });

export const cardNotFound = () =>
  new AppError({ code: 'NOT_FOUND', userMessage: 'Card not found. Try to refresh the page.', messageKey: 'cardNotFound' });

export const nothingToUndo = () =>
  new AppError({
    code: 'CONFLICT',
    userMessage: 'There is no rating to undo. Only the last rating of a session can be undone.',
    messageKey: 'nothingToUndo',
  });

const SIDE_NAMES: Record<CardSide, string> = { front: 'front', back: 'back' };

/** One side of a card that cannot be stored: empty, or longer than CARD_SIDE_MAX once trimmed. */
export function cardTextRefused(side: CardSide, problem: CardTextProblem) {
  if (problem === 'empty') {
    return new AppError({
      code: 'BAD_REQUEST',
      userMessage: `The ${SIDE_NAMES[side]} of the card is empty. Write something on it.`,
      messageKey: side === 'front' ? 'cardFrontEmpty' : 'cardBackEmpty',
    });
  }
  return new AppError({
    code: 'BAD_REQUEST',
    userMessage: `The ${SIDE_NAMES[side]} of a card can hold at most ${CARD_SIDE_MAX.toLocaleString('en')} characters. Shorten it or split it into several cards.`,
    messageKey: side === 'front' ? 'cardFrontTooLong' : 'cardBackTooLong',
    messageParams: { max: CARD_SIDE_MAX },
  });
}

/** A member of a shared course changing the generated deck, which belongs to the course. */
export const deckGeneratedReadOnly = () =>
  new AppError({
    code: 'FORBIDDEN',
    userMessage: 'Only the course owner can change this deck. Add your own cards to My cards instead.',
    messageKey: 'deckGeneratedReadOnly',
  });
