import type { inferRouterOutputs } from '@trpc/server';
import type { TFunction } from 'i18next';
import type { AppRouter } from '../../../server/trpc/router';

type Outputs = inferRouterOutputs<AppRouter>['decks'];

/** A deck as decks.list answers it, with the caller's counts. */
export type DeckSummary = Outputs['list'][number];
export type DeckCounts = DeckSummary['counts'];
/** A card of a study session, with the interval each rating would give. */
export type SessionCard = Outputs['getSession']['cards'][number];
/** The deck a study session is of. */
export type SessionDeck = Outputs['getSession']['deck'];
/** A card as the card list shows it. */
export type DeckCard = Outputs['getCards']['cards'][number];

/** What the tab needs of its file: the viewer opens it at a card's source page, which may be one OCR read poorly. */
export interface DecksFile {
  id: string;
  name: string;
  /** Pages OCR read with low confidence: cards from them say so. */
  lowConfidencePages?: readonly number[] | null;
}

/** ?uuid=&id= of a shared course, passed along with every call. */
export interface SharedContext {
  uuid?: string;
  id?: string;
}

/** A deck's name as shown: the generated deck's own title, or "My cards" in the reader's language. */
export function deckTitle(deck: { title: string; generated: boolean }, t: TFunction): string {
  return deck.generated ? deck.title : t('decks:myCards');
}
