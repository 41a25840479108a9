// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TooltipProvider } from '../../components/ui/tooltip';
import { closeFileViewer, useFileViewerState } from '../../lib/file-viewer';
import { i18n } from '../../lib/i18n';
import { chatFailure } from './chat-errors';
import { ChatMarkdown } from './chat-markdown';
import { CitationChip } from './citation-chip';
import { answerAsText } from './citations';

const citations = [
  { fileId: 'file-1', fileName: 'Lecture 3.pdf', page: 4, quote: 'Photosynthesis is the process …' },
  { fileId: 'file-2', fileName: 'Notes.txt', page: 1, quote: 'Chlorophyll absorbs light.' },
];

function ViewerProbe() {
  const state = useFileViewerState();
  return <output data-testid="viewer-probe">{state ? `${state.fileId}@${state.page ?? 1}` : 'closed'}</output>;
}

function show(text: string) {
  return render(
    <I18nextProvider i18n={i18n}>
      <TooltipProvider>
        <ChatMarkdown text={text} citations={citations} />
        <ViewerProbe />
      </TooltipProvider>
    </I18nextProvider>,
  );
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
});
afterEach(() => {
  act(() => closeFileViewer());
  cleanup();
});

describe('an answer’s markdown', () => {
  it('turns [n] markers into chips that open the cited page, and leaves other brackets and code alone', async () => {
    show('Plants make sugar [1] from light [2]. See [3] and `a[1]`.');
    const markers = screen.getAllByTestId('chat-citation-marker');
    expect(markers.map((marker) => marker.textContent)).toEqual(['1', '2']);
    expect(screen.getByTestId('chat-answer-text').textContent).toContain('See [3] and a[1].');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Open Notes at page 1' }));
    expect(screen.getByTestId('viewer-probe').textContent).toBe('file-2@1');
  });

  it('shows HTML and unsafe links from a document or a model as text, never as elements', () => {
    const { container } = show(
      'Quote: <img src=x onerror="alert(1)"> <script>alert(2)</script> [click](javascript:alert(3)) ![pixel](https://tracker.example/p.gif) **bold**',
    );
    expect(container.querySelector('img, script, iframe')).toBeNull();
    const link = screen.getByText('click').closest('a');
    expect(link?.getAttribute('href') ?? '').not.toContain('javascript');
    expect(container.querySelector('strong')?.textContent).toBe('bold');
  });

  it('draws formulas with KaTeX and leaves currency as text', async () => {
    const { container } = show('**Einstein**: $E = mc^2$ [1], and a ticket costs $5.\n\n$$\n\\int_0^1 x\\,dx\n$$');
    const annotations = () => [...container.querySelectorAll('.katex annotation')].map((node) => node.textContent);
    await waitFor(() => expect(annotations()).toEqual(['E = mc^2', '\\int_0^1 x\\,dx']));
    expect(container.querySelector('.katex-display')).not.toBeNull();
    expect(screen.getByTestId('chat-answer-text').textContent).toContain('a ticket costs $5.');
    expect(screen.getAllByTestId('chat-citation-marker').map((marker) => marker.textContent)).toEqual(['1']);
    expect(container.querySelector('a[href^="javascript"]')).toBeNull();
  });

  it('draws no link from a hostile formula', async () => {
    const { container } = show('Try $\\href{javascript:alert(1)}{x}$ here');
    await waitFor(() => expect(container.querySelector('.katex')).not.toBeNull());
    expect(container.querySelector('a')).toBeNull();
  });
});

describe('chat helpers', () => {
  it('copies an answer as plain text, without markdown escapes', () => {
    expect(answerAsText('> The \\<script\\> tag and \\*\\*stars\\*\\* [1]')).toBe('> The <script> tag and **stars** [1]');
  });

  it('reads a refusal of POST /api/chat, the daily limit included, and a failure while streaming', () => {
    const t = i18n.getFixedT('en');
    const limit = chatFailure(
      new Error(JSON.stringify({ error: { code: 'TOO_MANY_REQUESTS', messageKey: 'chatDailyLimitReached', messageParams: { plan: 'Free', limit: 25 } } })),
      t,
    );
    expect(limit).toEqual({
      limitReached: true,
      refused: true,
      message: 'You have used all 25 chat messages of your Free plan today. Upgrade for more, or ask again tomorrow.',
    });
    expect(chatFailure(new Error(JSON.stringify({ error: { messageKey: 'chatMessageTooLong', messageParams: { max: 4000 } } })), t).message).toBe(
      'Your message is too long: a message may have at most 4,000 characters. Shorten it and send it again.',
    );
    expect(chatFailure(new Error('failure.aiTimeout'), t)).toEqual({ limitReached: false, refused: false, message: 'The AI model took too long to answer. Please try again.' });
    expect(chatFailure(new Error('Failed to fetch'), t).message).toBe('The answer was cut off. Check your connection and try again.');
  });
});

describe('a citation chip', () => {
  it("draws the formulas of its quote's tooltip with KaTeX", async () => {
    render(
      <I18nextProvider i18n={i18n}>
        <TooltipProvider delayDuration={0}>
          <CitationChip number={1} citation={{ fileId: 'file-1', fileName: 'Physics.md', page: 2, quote: 'Energy: $E = mc^2$ (costs $5).' }} />
        </TooltipProvider>
      </I18nextProvider>,
    );
    await userEvent.setup().hover(screen.getByTestId('chat-citation'));
    const tooltip = await screen.findByRole('tooltip');
    await waitFor(() => expect(tooltip.querySelector('.katex annotation')?.textContent).toBe('E = mc^2'));
    expect(tooltip.textContent).toContain('(costs $5).');
  });
});
