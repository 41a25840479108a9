// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import superjson from 'superjson';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { closeFileViewer, openFileViewer } from '../../lib/file-viewer';
import { i18n } from '../../lib/i18n';
import { createQueryClient } from '../../lib/query-client';
import { createTrpcClient, TRPCProvider } from '../../lib/trpc';
import { FileViewerDialog } from './file-viewer-dialog';

/**
 * The viewer on a Markdown note (issue 26): the dialog opens the note's lazily loaded view, which fetches the file's
 * bytes from GET /api/file/{id} and shows them formatted, a card per page. The network is faked at its edge (fetch):
 * file.getFilePages answers the file's facts, /api/file/{id} its bytes; everything of the app runs.
 */

const NOTE = `---
title: Verwaltungsrecht
tags: [law, notes]
---
# Verwaltungsakt

Ein **Verwaltungsakt** ist nach [[VwVfG#§ 35|§ 35 VwVfG]] jede hoheitliche Maßnahme. Siehe auch [[Rechtsbehelfe]].

<script>window.__pwned = 1</script>

<img src="x" onerror="window.__pwned = 2"> <a href="javascript:window.__pwned = 3">click</a> <b onclick="window.__pwned = 4">fett</b>

## Merkmale

| Merkmal | Bedeutung |
| --- | --- |
| Regelung | verbindliche Rechtsfolge |
| Einzelfall | konkret-individuell |

- [x] Behörde
- [ ] Außenwirkung
  - nested item

# Energie

Die kinetische Energie ist $E = \\frac{1}{2}mv^2$ und wächst mit $x^2$.

$$
a^2 + b^2 = c^2
$$

> [!note] Merke
> Energie bleibt erhalten.

Glycolysis happens in the cytoplasm. Mitochondria produce most of the cell's ATP in the inner membrane. Oxygen is the final electron acceptor.

# Widerspruch

Der Widerspruch ist binnen eines Monats einzulegen.[^frist] ==Wichtig== für die Klausur.

\`\`\`js
const deadline = 'ein Monat';
\`\`\`

[^frist]: § 70 VwGO.
`;

interface Stored {
  id: string;
  name: string;
  extension: string;
  status: 'queued' | 'extracting' | 'ready' | 'failed';
  bytes: string | null;
}

/** file.getFilePages answers the file; /api/file/{id} its bytes (500 when `bytes` is null). Counts the byte requests. */
function fakeServer(files: Stored[]) {
  const byteRequests: string[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input), window.location.origin);
    const fileMatch = /^\/api\/file\/([^/]+)$/.exec(url.pathname);
    if (fileMatch) {
      byteRequests.push(`${url.pathname} ${init?.credentials ?? ''}`);
      const stored = files.find((file) => file.id === fileMatch[1]);
      if (!stored || stored.bytes === null) return new Response('failed', { status: 500 });
      return new Response(stored.bytes, { status: 200, headers: { 'Content-Type': 'text/markdown; charset=utf-8' } });
    }
    const inputs = JSON.parse(url.searchParams.get('input') ?? '{}') as Record<string, { json: { fileId: string } }>;
    const answers = Object.values(inputs).map(({ json }) => {
      const stored = files.find((file) => file.id === json.fileId)!;
      const file = {
        id: stored.id,
        name: stored.name,
        extension: stored.extension,
        status: stored.status,
        pageCount: 3,
        createdAt: new Date('2026-01-01T00:00:00Z'),
        error: stored.status === 'failed' ? 'This file is damaged and cannot be read.' : null,
        videoId: null,
        stored: true,
      };
      return { result: { data: superjson.serialize({ file, pages: [], totalPages: 3, truncated: false }) } };
    });
    return new Response(JSON.stringify(answers), { status: 200, headers: { 'Content-Type': 'application/json' } });
  });
  return { byteRequests };
}

function note(overrides: Partial<Stored> = {}): Stored {
  return { id: crypto.randomUUID(), name: 'Verwaltungsrecht.md', extension: 'md', status: 'ready', bytes: NOTE, ...overrides };
}

function renderViewer() {
  const queryClient = createQueryClient();
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <TRPCProvider trpcClient={createTrpcClient()} queryClient={queryClient}>
          <FileViewerDialog />
        </TRPCProvider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

async function openNote(stored: Stored, request: { page?: number; passage?: string } = {}) {
  act(() => openFileViewer({ fileId: stored.id, ...request }));
  const dialog = screen.getByTestId('file-viewer');
  await within(dialog).findAllByTestId('viewer-note-page', {}, { timeout: 5_000 });
  return dialog;
}

declare global {
  interface Window {
    __pwned?: number;
  }
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
  delete window.__pwned;
});

afterEach(() => {
  act(() => closeFileViewer());
  cleanup();
  vi.unstubAllGlobals();
});

describe('the Markdown note view', () => {
  it('shows the note formatted, one card per page (its top-level sections), with "Page n of N"', async () => {
    const stored = note();
    const server = fakeServer([stored]);
    renderViewer();
    const dialog = await openNote(stored);

    expect(dialog.dataset.kind).toBe('markdown');
    const pages = within(dialog).getAllByTestId('viewer-note-page');
    expect(pages.map((page) => page.getAttribute('data-page-slot'))).toEqual(['1', '2', '3']);
    expect(within(pages[0]!).getByRole('heading', { level: 1, name: 'Verwaltungsakt' })).toBeTruthy();
    // The subsection stays in its page.
    expect(within(pages[0]!).getByRole('heading', { level: 2, name: 'Merkmale' })).toBeTruthy();
    expect(within(pages[1]!).getByRole('heading', { level: 1, name: 'Energie' })).toBeTruthy();
    expect(within(pages[0]!).getByText('Page 1')).toBeTruthy();
    expect(within(dialog).getByTestId('viewer-page-status').textContent).toBe('Page 1 of 3');
    expect(server.byteRequests).toEqual([`/api/file/${stored.id} same-origin`]);

    // Bold, a table with its header row, a task list (nested), a code block, a highlight, a callout as a quote.
    expect(within(pages[0]!).getByText('Verwaltungsakt', { selector: 'strong' })).toBeTruthy();
    const table = within(pages[0]!).getByRole('table');
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Merkmal', 'Bedeutung']);
    expect(within(table).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['Regelung', 'verbindliche Rechtsfolge', 'Einzelfall', 'konkret-individuell']);
    expect(within(dialog).getByTestId('viewer-note-table').className).toContain('overflow-x-auto');
    const boxes = within(pages[0]!).getAllByRole('checkbox') as HTMLInputElement[];
    expect(boxes.map((box) => box.checked)).toEqual([true, false]);
    expect(within(pages[0]!).getByText('nested item').closest('ul')?.parentElement?.closest('ul')).toBeTruthy();
    expect(within(pages[2]!).getByText("const deadline = 'ein Monat';", { exact: false }).closest('pre')).toBeTruthy();
    expect(within(pages[2]!).getByText('Wichtig').tagName).toBe('MARK');
    const quote = pages[1]!.querySelector('blockquote');
    // An Obsidian callout: its type, its title on a line of its own.
    expect(quote?.getAttribute('data-callout')).toBe('note');
    expect(quote?.firstElementChild?.textContent).toBe('Merke');
    expect(quote?.querySelector('p')?.textContent).toBe('Energie bleibt erhalten.');
    // A footnote: its mark in the text, its text after the pages.
    expect(within(dialog).getByTestId('viewer-note-footnotes').textContent).toContain('§ 70 VwGO.');
    expect(within(dialog).getByTestId('viewer-note-footnotes').textContent).toContain('Footnotes');
  });

  it('reads wikilinks as their text and shows nothing of the front matter', async () => {
    const stored = note();
    fakeServer([stored]);
    renderViewer();
    const dialog = await openNote(stored);
    const text = within(dialog).getByTestId('markdown-note').textContent ?? '';

    expect(text).toContain('jede hoheitliche Maßnahme');
    expect(text).toContain('nach § 35 VwVfG jede');
    expect(text).toContain('Siehe auch Rechtsbehelfe.');
    expect(text).not.toContain('[[');
    expect(text).not.toContain('title: Verwaltungsrecht');
    expect(text).not.toContain('tags:');
    expect(text).not.toContain('---');
  });

  it('draws $…$ and $$…$$ with KaTeX', async () => {
    const stored = note();
    fakeServer([stored]);
    renderViewer();
    const dialog = await openNote(stored);
    const energy = within(dialog).getAllByTestId('viewer-note-page')[1]!;

    expect(energy.querySelectorAll('.katex').length).toBe(3);
    expect(energy.querySelector('.katex-display')).toBeTruthy();
    // KaTeX's MathML keeps the formula's source as its annotation.
    const sources = [...energy.querySelectorAll('annotation')].map((annotation) => annotation.textContent);
    expect(sources).toEqual(['E = \\frac{1}{2}mv^2', 'x^2', 'a^2 + b^2 = c^2']);
    expect(energy.textContent).not.toContain('$');
  });

  it('keeps the note’s HTML only sanitised: no script, no event handler, no javascript: link, no image fetched', async () => {
    const stored = note();
    fakeServer([stored]);
    renderViewer();
    const dialog = await openNote(stored);
    const article = within(dialog).getByTestId('markdown-note');

    expect(article.querySelector('script')).toBeNull();
    expect(article.innerHTML).not.toContain('__pwned');
    expect(article.querySelector('[onerror], [onclick]')).toBeNull();
    expect(window.__pwned).toBeUndefined();
    // The bold from HTML stays bold, without its handler.
    expect(within(article).getByText('fett').tagName).toBe('B');
    // The javascript: link is text.
    const click = within(article).getByText('click');
    expect(click.closest('a')).toBeNull();
    // No <img>: a placeholder with its name.
    expect(article.querySelector('img')).toBeNull();
    expect(within(article).getByTestId('viewer-note-image').textContent).toContain('x');
  });

  it('opened at a page, marks that page as cited and the passage in it', async () => {
    const stored = note();
    fakeServer([stored]);
    renderViewer();
    const dialog = await openNote(stored, { page: 2, passage: 'Most ATP is made by mitochondria at their inner membrane.' });

    const cited = dialog.querySelectorAll('[data-cited="true"]');
    expect(cited).toHaveLength(1);
    expect(cited[0]?.getAttribute('data-page-slot')).toBe('2');
    expect(within(cited[0] as HTMLElement).getByTestId('viewer-note-cited').textContent).toBe('Cited');
    const marks = within(dialog).getAllByTestId('viewer-passage');
    expect(marks.every((mark) => mark.closest('[data-page-slot]') === cited[0])).toBe(true);
    expect(marks[0]?.getAttribute('data-passage-mark')).toBe('first');
    expect(marks.map((mark) => mark.textContent).join('')).toBe("Cited passage: Mitochondria produce most of the cell's ATP in the inner membrane.");
    expect(within(marks[0]!).getByText('Cited passage:').className).toContain('sr-only');
    expect(within(dialog).getByTestId('viewer-page-status').textContent).toBe('Page 2 of 3');

    await act(() => i18n.changeLanguage('de'));
    expect(within(dialog).getByText('Zitierte Stelle:')).toBeTruthy();
    expect(within(dialog).getByTestId('viewer-note-cited').textContent).toBe('Zitiert');
    expect(within(dialog).getByTestId('viewer-note-footnotes').textContent).toContain('Fußnoten');
  });

  it('marks nothing as cited when opened without a page', async () => {
    const stored = note();
    fakeServer([stored]);
    renderViewer();
    const dialog = await openNote(stored);

    expect(dialog.querySelector('[data-cited]')).toBeNull();
    expect(within(dialog).queryByTestId('viewer-passage')).toBeNull();
  });

  it('says a note is still being read, and a failed fetch of its bytes with Retry', async () => {
    const reading = note({ status: 'extracting' });
    const broken = note({ bytes: null });
    const server = fakeServer([reading, broken]);
    renderViewer();

    act(() => openFileViewer({ fileId: reading.id }));
    expect((await screen.findByTestId('viewer-not-ready', {}, { timeout: 5_000 })).textContent).toContain('Reading the text of this file…');
    expect(server.byteRequests).toEqual([]);

    act(() => openFileViewer({ fileId: broken.id }));
    const failed = await screen.findByTestId('viewer-text-error', {}, { timeout: 10_000 });
    expect(failed.textContent).toContain('The text of this file could not be loaded.');
    broken.bytes = '# Back\n\nThe note is here again.';
    await userEvent.setup().click(within(failed).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('The note is here again.')).toBeTruthy();
  }, 15_000);
});
