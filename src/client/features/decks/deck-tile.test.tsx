// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n';
import { renderSignedIn } from '../../test/render-signed-in';
import type { DeckSummary } from './decks-data';
import { DeckTile } from './deck-tile';

beforeEach(() => {
  window.scrollTo = () => undefined;
});
afterEach(cleanup);

const generatedDeck: DeckSummary = {
  id: 'deck-1',
  fileId: 'file-1',
  title: 'Cell Biology',
  generated: true,
  updatedAt: new Date('2026-01-01'),
  counts: { total: 3, new: 3, learning: 0, due: 0, toStudy: 3, toStudyBy: { new: 3, learning: 0, due: 0 }, newLeftToday: 20, nextDue: null },
};

function renderTile() {
  const ignore = () => undefined;
  return renderSignedIn(
    <DeckTile deck={generatedDeck} onStudy={ignore} onManage={ignore} onAddCard={ignore} onExport={ignore} onRegenerate={ignore} exporting={null} />,
  );
}

describe('the deck the study engine made', () => {
  // The default engine is offline and makes its deck from the document's own sentences: it is no "AI deck".
  it.each([
    ['en', 'Generated deck · 3 cards', 'Make again'],
    ['de', 'Automatisch erstellter Stapel · 3 Karten', 'Neu erstellen'],
  ])('is called what it is, in its label and its menu (%s)', async (language, label, regenerate) => {
    await i18n.changeLanguage(language);
    const { user } = renderTile();
    expect((await screen.findByTestId('deck-total', {}, { timeout: 5_000 })).textContent).toBe(label);
    await user.click(screen.getByTestId('deck-menu'));
    expect((await screen.findByTestId('deck-regenerate')).textContent).toBe(regenerate);
    expect(document.body.textContent).not.toMatch(/\bAI\b|\bKI\b/);
  });
});
