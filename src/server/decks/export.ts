import type { Db } from '../db/client';
import type { SharedStudy } from '../sharing/study-access';
import { getCards } from './decks';

/**
 * A deck as a file to take elsewhere: CSV (Front, Back, Page) for spreadsheets, and a tab-separated text file with
 * the header lines Anki 2.1.55+ reads (File → Import), so the cards arrive as Basic notes in a deck of that name.
 */
export type DeckExportFormat = 'csv' | 'anki';

export interface DeckExport {
  fileName: string;
  mimeType: string;
  content: string;
}

/** A field quoted as RFC 4180 does when it holds the separator, a quote or a line break (Anki reads the same). */
function quoted(value: string, separator: string): string {
  return value.includes(separator) || /["\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/**
 * Spreadsheets run a cell that starts with = + - @ (or a tab or carriage return) as a formula; a card made from an
 * uploaded document must never do that, so such a cell starts with an apostrophe, which spreadsheets hide.
 */
function inert(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

export function deckCsv(cards: Array<{ front: string; back: string; page: number | null }>): string {
  const lines = [['Front', 'Back', 'Page'], ...cards.map((card) => [card.front, card.back, card.page === null ? '' : String(card.page)])];
  // CRLF as RFC 4180 says; the byte-order mark makes Excel read UTF-8 (umlauts, symbols) correctly.
  return `\uFEFF${lines.map((cells) => cells.map((cell) => quoted(inert(cell), ',')).join(',')).join('\r\n')}\r\n`;
}

/** One line of a header value: no line breaks or tabs. */
const headerValue = (value: string) => value.replace(/[\t\r\n]+/g, ' ').trim();

export function deckAnkiText(title: string, cards: Array<{ front: string; back: string; page: number | null }>): string {
  const header = ['#separator:tab', '#html:false', `#deck:${headerValue(title)}`, '#columns:Front\tBack\tTags', '#tags column:3'];
  const rows = cards.map((card) =>
    [card.front, card.back, card.page === null ? 'studypath' : `studypath page-${card.page}`].map((field) => quoted(field, '\t')).join('\t'),
  );
  return `${[...header, ...rows].join('\n')}\n`;
}

/** A file name from the deck's title: letters, digits, spaces and dashes kept, at most 80 characters. */
export function exportFileName(title: string, extension: string): string {
  const base = title
    .normalize('NFC')
    .replace(/[^\p{L}\p{N} _-]+/gu, ' ')
    .trim()
    .replace(/\s+/g, '-')
    .slice(0, 80);
  return `${base || 'flashcards'}.${extension}`;
}

export async function exportDeck(options: {
  db: Db;
  userId: string;
  deckId: string;
  format: DeckExportFormat;
  shared?: SharedStudy | undefined;
}): Promise<DeckExport> {
  const { deck, fileName, cards } = await getCards(options);
  // A file's own deck is "My cards" in every file; named after its file, it stays apart from the others in Anki.
  const title = deck.generated ? deck.title : `${fileName.replace(/\.[^.]+$/, '')} – ${deck.title}`;
  if (options.format === 'csv') {
    return { fileName: exportFileName(title, 'csv'), mimeType: 'text/csv;charset=utf-8', content: deckCsv(cards) };
  }
  return { fileName: exportFileName(title, 'txt'), mimeType: 'text/plain;charset=utf-8', content: deckAnkiText(title, cards) };
}
