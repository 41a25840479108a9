// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { Toaster } from 'sonner';
import superjson from 'superjson';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TooltipProvider } from '../../components/ui/tooltip';
import { closeFileViewer, useFileViewerState } from '../../lib/file-viewer';
import { i18n } from '../../lib/i18n';
import { createQueryClient } from '../../lib/query-client';
import { createTrpcClient, TRPCProvider } from '../../lib/trpc';
import type { SummaryData, SummaryFile } from './summary-data';
import { SummaryPage } from './summary-page';

const FILE = { id: 'file-1', name: 'Cell Biology.pdf', extension: 'pdf' };

function storedSummary(overrides: Partial<SummaryData> = {}): SummaryData {
  return {
    fileId: FILE.id,
    fileName: FILE.name,
    title: 'Cell Biology',
    overview: 'How cells are built, make energy and divide.',
    sections: [
      {
        heading: 'Organelles',
        page: 2,
        points: [
          { text: 'The nucleus stores the genetic information of the cell.', page: 2 },
          { text: 'Mitochondria produce most of the cell’s **ATP**.', page: 3 },
        ],
      },
      { heading: 'Cell Division', page: 5, points: [{ text: 'Mitosis makes two identical nuclei.', page: 6 }] },
    ],
    keyTerms: [
      { term: 'organelle', definition: 'A specialised structure inside a cell.', page: 2 },
      { term: 'ATP', page: 3 },
    ],
    markdown: '# Cell Biology\n\nHow cells are built.\n\n## Organelles\n\n- The nucleus stores … (p. 2)\n',
    createdAt: new Date('2025-03-01T10:00:00Z'),
    ...overrides,
  };
}

interface Call {
  procedure: string;
  input: unknown;
}

/** The app's tRPC endpoint, faked at the network edge: the real client, batching and superjson run. */
function fakeServer(summary: SummaryData | null) {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input), window.location.origin);
    const procedures = url.pathname.replace('/api/trpc/', '').split(',');
    const inputs = (init?.body ? JSON.parse(String(init.body)) : JSON.parse(url.searchParams.get('input') ?? '{}')) as Record<string, { json: unknown }>;
    const answers = procedures.map((procedure, index) => {
      const args = inputs[String(index)]?.json;
      calls.push({ procedure, input: args });
      if (procedure === 'summary.get') return { result: { data: superjson.serialize(summary) } };
      if (procedure === 'file.regenerateArtefact') return { result: { data: superjson.serialize({ fileId: FILE.id, artefact: 'summary', status: 'queued' }) } };
      return { result: { data: superjson.serialize(null) } };
    });
    return new Response(JSON.stringify(answers), { status: 200, headers: { 'Content-Type': 'application/json' } });
  });
  return { calls };
}

/** Shows where the app's file viewer is open, as the viewer dialog would. */
function ViewerProbe() {
  const state = useFileViewerState();
  return <output data-testid="viewer-probe">{state ? `${state.fileId}@${state.page ?? 1}` : 'closed'}</output>;
}

function renderSummary(file: SummaryFile = FILE) {
  const queryClient = createQueryClient();
  const view = render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <TRPCProvider trpcClient={createTrpcClient()} queryClient={queryClient}>
          <TooltipProvider>
            <main>
              <SummaryPage file={file} context={{}} />
            </main>
            <ViewerProbe />
            <Toaster />
          </TooltipProvider>
        </TRPCProvider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return { user: userEvent.setup(), container: view.container };
}

const scrolled: string[] = [];

beforeEach(async () => {
  await i18n.changeLanguage('en');
  scrolled.length = 0;
  // jsdom lays nothing out and has no scrollIntoView; the browser's is stood in for, recording what was scrolled to.
  Element.prototype.scrollIntoView = function scrollIntoView(this: Element) {
    scrolled.push(this.id);
  };
});

afterEach(() => {
  act(() => closeFileViewer());
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('SummaryPage', () => {
  it('shows the title, overview, sections with their points and the key terms, each with its source page', async () => {
    const server = fakeServer(storedSummary());
    renderSummary();
    expect(await screen.findByTestId('summary-page', {}, { timeout: 5_000 })).toBeTruthy();
    expect(server.calls).toContainEqual({ procedure: 'summary.get', input: { fileId: FILE.id } });

    expect(screen.getByRole('heading', { level: 1, name: 'Cell Biology' })).toBeTruthy();
    expect(screen.getByTestId('summary-file-name').textContent).toBe('Cell Biology.pdf');
    expect(screen.getByTestId('summary-meta').textContent).toBe('2 sections · 2 key terms · 1 min read');
    expect(screen.getByTestId('summary-overview').textContent).toContain('How cells are built, make energy and divide.');

    const sections = screen.getAllByTestId('summary-section');
    // Numbered in order (no heading has a number of its own); the number is read out with the heading.
    expect(sections.map((section) => within(section).getByTestId('summary-section-heading').textContent)).toEqual(['1 Organelles', '2 Cell Division']);
    const first = sections[0]!;
    expect(within(first).getAllByTestId('summary-page-link').map((link) => link.textContent)).toEqual(['p. 2', 'p. 2', 'p. 3']);
    expect(within(first).getByText('ATP', { selector: 'strong' })).toBeTruthy();

    const terms = screen.getAllByTestId('summary-term');
    expect(terms.map((term) => within(term).getByTestId('summary-term-name').textContent)).toEqual(['Organelle', 'ATP']);
    expect(within(terms[0]!).getByTestId('summary-term-definition').textContent).toBe('A specialised structure inside a cell.');
    expect(within(terms[1]!).getByRole('button', { name: 'Open page 3 in the file viewer' })).toBeTruthy();
    // A description list as screen readers expect it: each group a <div> of the <dl> holding only <dt> and <dd>.
    const described = [...document.querySelectorAll('dt')].map((dt) => dt.parentElement!);
    expect(described).toHaveLength(1);
    for (const group of described) {
      expect(group.parentElement?.tagName).toBe('DL');
      expect([...group.children].map((child) => child.tagName)).toEqual(['DT', 'DD']);
    }
  });

  it('marks the points and terms from a page OCR read with low confidence, and only those', async () => {
    fakeServer(storedSummary());
    const { user } = renderSummary({ ...FILE, lowConfidencePages: [3, 9] });
    await screen.findByTestId('summary-page', {}, { timeout: 5_000 });

    const marked = 'From a page read with low confidence (p. 3) — check it against the page.';
    const marks = screen.getAllByTestId('low-confidence-mark');
    // The point on p. 3 and the key term ATP (p. 3); nothing on pp. 2, 5 and 6.
    expect(marks.map((mark) => mark.getAttribute('data-page'))).toEqual(['3', '3']);
    const [point, term] = marks;
    expect(point!.closest('[data-testid="summary-point"]')?.textContent).toContain('Mitochondria produce most');
    expect(term!.closest('[data-testid="summary-term"]')?.textContent).toContain('ATP');
    expect(screen.getAllByRole('button', { name: marked })).toHaveLength(2);

    // A tap shows what the mark means (a tooltip alone never opens on a touch screen).
    await user.click(point!);
    expect((await screen.findByRole('tooltip')).textContent).toBe(marked);

    await act(() => i18n.changeLanguage('de'));
    expect(screen.getAllByRole('button', { name: 'Stammt von einer Seite, die mit geringer Sicherheit gelesen wurde (S. 3) – prüfe es anhand der Seite.' })).toHaveLength(2);
  });

  it('marks nothing for a file whose pages were all read well', async () => {
    fakeServer(storedSummary());
    renderSummary({ ...FILE, lowConfidencePages: null });
    await screen.findByTestId('summary-page', {}, { timeout: 5_000 });
    expect(screen.queryAllByTestId('low-confidence-mark')).toHaveLength(0);
  });

  it('opens the file viewer at the page a point cites', async () => {
    fakeServer(storedSummary());
    const { user } = renderSummary();
    const section = (await screen.findAllByTestId('summary-section', {}, { timeout: 5_000 }))[1]!;
    expect(screen.getByTestId('viewer-probe').textContent).toBe('closed');
    await user.click(within(section).getAllByRole('button', { name: 'Open page 6 in the file viewer' })[0]!);
    expect(screen.getByTestId('viewer-probe').textContent).toBe(`${FILE.id}@6`);
  });

  it('lists the overview, every section and the key terms as contents that scroll to them', async () => {
    fakeServer(storedSummary());
    const { user } = renderSummary();
    const contents = await screen.findByTestId('summary-toc', {}, { timeout: 5_000 });
    expect(within(contents).getAllByTestId('summary-toc-entry').map((entry) => entry.textContent)).toEqual([
      'Overview',
      '1Organelles',
      '2Cell Division',
      'Key terms',
    ]);
    await user.click(within(contents).getByRole('button', { name: '2 Cell Division' }));
    expect(scrolled).toEqual(['summary-section-2']);
    expect(document.activeElement?.textContent).toBe('2 Cell Division');

    // On a phone the same contents fold away, and close again once a section is chosen.
    const folded = screen.getByTestId('summary-toc-collapsible');
    const toggle = within(folded).getByTestId('summary-toc-toggle');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    await user.click(within(folded).getByRole('button', { name: 'Key terms' }));
    expect(scrolled).toEqual(['summary-section-2', 'summary-key-terms']);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
  });

  it('renders tables, code and math, and shows HTML from a document as text without running or fetching anything', async () => {
    fakeServer(
      storedSummary({
        title: '<script>alert(1)</script> **Web** notes',
        overview: 'Pages show <img src=x onerror="alert(2)"> as text; a ticket costs $5 and a meal $10.',
        sections: [
          {
            heading: '# 1. Injection',
            page: 1,
            points: [
              { text: 'A [link](javascript:alert(3)) and ![pixel](https://tracker.example/p.png) stay inert.', page: 1 },
              { text: '| Attack | Defence |\n| --- | --- |\n| XSS | Escaping |', page: 2 },
              { text: 'Run `npm test` or:\n\n```\nconst safe = escape(input);\n```', page: 2 },
              { text: 'Energy: $$E = mc^2$$', page: 3 },
            ],
          },
        ],
        keyTerms: [{ term: '<b>escaping</b>', definition: '<iframe src="https://evil.example"></iframe>', page: 1 }],
      }),
    );
    const { container } = renderSummary();
    await screen.findByTestId('summary-page', {}, { timeout: 5_000 });

    expect(screen.getByTestId('summary-title').textContent).toBe('<script>alert(1)</script> Web notes');
    expect(screen.getByText('Web', { selector: 'strong' })).toBeTruthy();
    expect(screen.getByTestId('summary-overview').textContent).toContain('Pages show <img src=x onerror="alert(2)"> as text; a ticket costs $5 and a meal $10.');
    expect(screen.getByTestId('summary-section-heading').textContent).toBe('1 # 1. Injection');
    expect(screen.getByTestId('summary-term-name').textContent).toBe('<b>escaping</b>');
    for (const selector of ['script', 'img', 'iframe', 'b', '[onerror]']) expect(container.querySelector(selector), selector).toBeNull();
    expect(container.querySelector('a[href^="javascript"]')).toBeNull();
    // A link whose address is unsafe keeps its words and loses the link.
    expect(screen.getByText('link').tagName).toBe('SPAN');
    expect(screen.getByTestId('summary-image-placeholder').textContent).toBe('pixel');

    const table = container.querySelector('table');
    expect(Array.from(table?.querySelectorAll('th, td') ?? [], (cell) => cell.textContent)).toEqual(['Attack', 'Defence', 'XSS', 'Escaping']);
    expect(container.querySelector('pre code')?.textContent).toBe('const safe = escape(input);\n');
    expect(screen.getByText('npm test', { selector: 'code' })).toBeTruthy();
    expect(container.querySelector('.katex annotation')?.textContent).toBe('E = mc^2');
  });

  it('copies the summary as markdown and says so', async () => {
    fakeServer(storedSummary());
    const { user } = renderSummary();
    await user.click(await screen.findByTestId('summary-copy', {}, { timeout: 5_000 }));
    expect(await screen.findByText('Summary copied as Markdown')).toBeTruthy();
    expect(await navigator.clipboard.readText()).toBe(storedSummary().markdown);
  });

  it('prints with the summary’s title as the document title, then puts the title back', async () => {
    fakeServer(storedSummary());
    const { user } = renderSummary();
    const printed: string[] = [];
    vi.spyOn(window, 'print').mockImplementation(() => printed.push(document.title));
    await user.click(await screen.findByRole('button', { name: 'Print / Save as PDF' }, { timeout: 5_000 }));
    expect(printed).toEqual(['Cell Biology']);
    act(() => {
      window.dispatchEvent(new Event('afterprint'));
    });
    expect(document.title).toBe('Summary · StudyPath');
  });

  it('makes a new summary only after the student confirms', async () => {
    const server = fakeServer(storedSummary());
    const { user } = renderSummary();
    await user.click(await screen.findByTestId('summary-regenerate', {}, { timeout: 5_000 }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Make a new summary?' });
    expect(dialog.textContent).toContain('The current summary of “Cell Biology.pdf” is replaced');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(server.calls.some((call) => call.procedure === 'file.regenerateArtefact')).toBe(false);

    await user.click(screen.getByTestId('summary-regenerate'));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Make a new summary' }));
    expect(await screen.findByText('A new summary is being made.')).toBeTruthy();
    expect(server.calls).toContainEqual({ procedure: 'file.regenerateArtefact', input: { fileId: FILE.id, artefact: 'summary' } });
  });

  it('says so when the summary is not stored yet, and checks again on request', async () => {
    const server = fakeServer(null);
    const { user } = renderSummary();
    const missing = await screen.findByTestId('summary-missing');
    expect(within(missing).getByRole('heading').textContent).toBe('The summary is not here yet');
    await user.click(within(missing).getByRole('button', { name: 'Check again' }));
    expect(server.calls.filter((call) => call.procedure === 'summary.get')).toHaveLength(2);
  });

  it('speaks German', async () => {
    await i18n.changeLanguage('de');
    fakeServer(storedSummary());
    renderSummary();
    await screen.findByTestId('summary-page', {}, { timeout: 5_000 });
    expect(screen.getByTestId('summary-meta').textContent).toBe('2 Abschnitte · 2 Schlüsselbegriffe · 1 Min. Lesezeit');
    expect(screen.getAllByTestId('summary-page-link')[0]?.textContent).toBe('S. 2');
    expect(screen.getByRole('button', { name: 'Drucken / Als PDF speichern' })).toBeTruthy();
  });
});
