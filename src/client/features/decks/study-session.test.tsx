// @vitest-environment jsdom
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { closeFileViewer, useFileViewerState } from '../../lib/file-viewer';
import { i18n } from '../../lib/i18n';
import { fakeTrpcServer } from '../../test/fake-trpc-server';
import { renderSignedIn } from '../../test/render-signed-in';
import type { DeckCounts, DecksFile, SessionCard } from './decks-data';
import { StudySession } from './study-session';

const MINUTE = 60_000;
const counts: DeckCounts = { total: 2, new: 2, learning: 0, due: 0, toStudy: 2, toStudyBy: { new: 2, learning: 0, due: 0 }, newLeftToday: 20, nextDue: null };

function card(id: string, front: string, back: string, page: number | null): SessionCard {
  return {
    id,
    deckId: 'deck-1',
    front,
    back,
    page,
    kind: 'basic',
    phase: 'new',
    due: null,
    schedule: null,
    intervals: { again: MINUTE, hard: 6 * MINUTE, good: 10 * MINUTE, easy: 4 * 24 * 60 * MINUTE },
  };
}

const CARDS = [card('c1', 'What does ATP store?', 'Energy for the cell.', 3), card('c2', 'What is osmosis?', 'Water moving through a membrane.', 5)];

function ViewerProbe() {
  const state = useFileViewerState();
  return (
    <output data-testid="viewer-probe" data-passage={state?.passage}>
      {state ? `${state.fileId}@${state.page ?? 1}` : 'closed'}
    </output>
  );
}

function renderSession(file: DecksFile, cards: SessionCard[] = CARDS) {
  const server = fakeTrpcServer({
    'decks.getSession': () => ({
      data: { deck: { id: 'deck-1', fileId: file.id, title: 'Cell Biology', generated: true, ownerId: 'user-1' }, cards, counts, newCardsPerDay: 20 },
    }),
    'decks.review': () => ({ data: { reviewId: 'r1', requeue: null, counts: { ...counts, new: 1, toStudy: 1, toStudyBy: { new: 1, learning: 0, due: 0 } } } }),
  });
  const rendered = renderSignedIn(
    <>
      <StudySession file={file} deckId="deck-1" context={{}} onExit={() => undefined} />
      <ViewerProbe />
    </>,
  );
  return { server, ...rendered };
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
  window.scrollTo = () => undefined;
});

afterEach(() => {
  act(() => closeFileViewer());
  cleanup();
  vi.unstubAllGlobals();
});

describe('a flashcard from a page OCR read with low confidence', () => {
  it('says so beside its source page on the back, and a card from a well-read page does not', async () => {
    const { user } = renderSession({ id: 'file-1', name: 'Cells.pdf', lowConfidencePages: [3] });
    await screen.findByTestId('study-session', {}, { timeout: 5_000 });

    await user.click(screen.getByTestId('session-flip'));
    const back = screen.getByTestId('flashcard-back');
    expect(within(back).getByTestId('flashcard-source').textContent).toBe('Source: page 3');
    const mark = within(back).getByRole('button', { name: 'From a page read with low confidence (p. 3) — check it against the page.' });
    expect(mark.dataset.page).toBe('3');
    await user.click(within(back).getByTestId('flashcard-source'));
    expect(screen.getByTestId('viewer-probe').textContent).toBe('file-1@3');
    // The viewer marks the card's source on the page: its front and back are the hint.
    expect(screen.getByTestId('viewer-probe').dataset.passage).toBe('What does ATP store?\nEnergy for the cell.');
    act(() => closeFileViewer());

    await user.click(screen.getByTestId('rate-good'));
    expect(await screen.findByText('What is osmosis?', { selector: '[data-testid="flashcard-front"] p' })).toBeTruthy();
    await user.click(screen.getByTestId('session-flip'));
    const next = screen.getByTestId('flashcard-back');
    expect(within(next).getByTestId('flashcard-source').textContent).toBe('Source: page 5');
    expect(within(next).queryByTestId('low-confidence-mark')).toBeNull();
  });

  it('marks no card of a file whose pages were all read well', async () => {
    const { user } = renderSession({ id: 'file-1', name: 'Cells.pdf', lowConfidencePages: null });
    await screen.findByTestId('study-session', {}, { timeout: 5_000 });
    await user.click(screen.getByTestId('session-flip'));
    expect(within(screen.getByTestId('flashcard-back')).getByTestId('flashcard-source').textContent).toBe('Source: page 3');
    expect(screen.queryByTestId('low-confidence-mark')).toBeNull();
  });
});

describe("the decks' counts after a rating", () => {
  it('are marked out of date once a rating is saved, so the overview refetches them even when the session ended first', async () => {
    const { user, queryClient, server } = renderSession({ id: 'file-1', name: 'Cells.pdf', lowConfidencePages: null });
    const listKey = [['decks', 'list'], { input: { fileId: 'file-1' }, type: 'query' }];
    queryClient.setQueryData(listKey, [{ id: 'deck-1', counts }]);
    await screen.findByTestId('study-session', {}, { timeout: 5_000 });
    expect(queryClient.getQueryState(listKey)?.isInvalidated).toBe(false);

    await user.click(screen.getByTestId('session-flip'));
    await user.click(screen.getByTestId('rate-good'));
    await vi.waitFor(() => expect(server.calls.map((call) => call.procedure)).toContain('decks.review'));
    await vi.waitFor(() => expect(queryClient.getQueryState(listKey)?.isInvalidated).toBe(true));
  });
});

describe('a flashcard with maths', () => {
  it('draws its formulas with KaTeX on the front and the back, and leaves currency as text', async () => {
    const { user } = renderSession({ id: 'file-1', name: 'Physics.md', lowConfidencePages: [] }, [
      card('m1', 'What is $E = mc^2$?', 'Energy equals mass times $c^2$; a ticket costs $5.', 2),
    ]);
    await screen.findByTestId('study-session', {}, { timeout: 5_000 });
    const front = screen.getByTestId('flashcard-front');
    await waitFor(() => expect(front.querySelector('.katex annotation')?.textContent).toBe('E = mc^2'));
    expect(front.textContent).not.toContain('$E');

    await user.click(screen.getByTestId('session-flip'));
    const back = screen.getByTestId('flashcard-back');
    expect([...back.querySelectorAll('.katex annotation')].map((node) => node.textContent)).toEqual(['E = mc^2', 'c^2']);
    expect(back.textContent).toContain('a ticket costs $5.');
  });
});
