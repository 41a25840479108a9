// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import superjson from 'superjson';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../lib/i18n';
import { renderSignedIn } from '../../test/render-signed-in';
import { closeLoadingOverlay, useLoadingOverlayState } from '../ui/loading-overlay-store';
import { ArtefactFrame } from './artefact-frame';

type Status = 'queued' | 'running' | 'ready' | 'failed' | null;
interface Artefact {
  status: Status;
  error?: string | null;
  errorKey?: string | null;
  errorParams?: Record<string, string | number> | null;
}

const FILE = { id: 'file-1', name: 'Cell Biology.pdf', extension: 'pdf', status: 'ready', pageCount: 3, createdAt: new Date(), videoId: null, directory: { id: 'course-1', name: 'Biology', model: 'gpt4o-mini', language: 'en', createdAt: new Date() } };

/** The tRPC endpoint faked at the network edge: the real client, batching and superjson run. */
function fakeServer(options: {
  file: typeof FILE | null;
  fileStatus?: string;
  progress?: { done: number; total: number };
  summary: Artefact;
  /** The artefact `summary` describes (the summary's unless said). */
  kind?: string;
}) {
  const calls: { procedure: string; input: unknown }[] = [];
  const state = { summary: options.summary };
  const described = options.kind ?? 'summary';
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input), window.location.origin);
    const procedures = url.pathname.replace('/api/trpc/', '').split(',');
    const inputs = (init?.body ? JSON.parse(String(init.body)) : JSON.parse(url.searchParams.get('input') ?? '{}')) as Record<string, { json: unknown }>;
    const answers = procedures.map((procedure, index) => {
      calls.push({ procedure, input: inputs[String(index)]?.json });
      const ready: Artefact = { status: 'ready' };
      const blank = { error: null, errorKey: null, errorParams: null };
      if (procedure === 'file.getActiveFile') return { result: { data: superjson.serialize(options.file) } };
      if (procedure === 'file.getProcessingStatus') {
        const artefacts = Object.fromEntries(
          ['chunks', 'summary', 'mindmap', 'flashcards', 'learn_path'].map((kind) => [kind, { ...blank, ...(kind === described ? state.summary : ready) }]),
        );
        const progress = options.progress ?? null;
        return { result: { data: superjson.serialize({ status: options.fileStatus ?? 'ready', ...blank, pageCount: 3, progress, artefacts }) } };
      }
      if (procedure === 'file.regenerateArtefact') {
        state.summary = { status: 'queued' };
        return { result: { data: superjson.serialize({ fileId: FILE.id, artefact: 'summary', status: 'queued' }) } };
      }
      return { result: { data: superjson.serialize(null) } };
    });
    return new Response(JSON.stringify(answers), { status: 200, headers: { 'Content-Type': 'application/json' } });
  });
  return { calls };
}

function OverlayProbe() {
  const overlay = useLoadingOverlayState();
  return <output data-testid="overlay-probe">{overlay ? overlay.type : 'closed'}</output>;
}

function renderFrame(page: 'summary' | 'decks' = 'summary') {
  return renderSignedIn(
    <>
      <ArtefactFrame page={page} noFile={<p>{'no file open'}</p>}>
        {(file) => <p>{`the ${page} of ${file.name}`}</p>}
      </ArtefactFrame>
      <OverlayProbe />
    </>,
  ).user;
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
});

afterEach(() => {
  closeLoadingOverlay();
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the study frame', () => {
  it('shows what the route gives for no open file', async () => {
    fakeServer({ file: null, summary: { status: null } });
    renderFrame();
    expect(await screen.findByText('no file open')).toBeTruthy();
  });

  it('shows the artefact once it is ready', async () => {
    fakeServer({ file: FILE, summary: { status: 'ready' } });
    renderFrame();
    expect(await screen.findByText('the summary of Cell Biology.pdf')).toBeTruthy();
    expect(screen.getByTestId('overlay-probe').textContent).toBe('closed');
  });

  it("shows the progress while it is being made, with the tab's loading overlay", async () => {
    fakeServer({ file: FILE, summary: { status: 'running' } });
    renderFrame();
    const panel = await screen.findByTestId('study-generating');
    expect(panel.textContent).toContain('Writing your summary…');
    expect(screen.getByTestId('study-step-summary').textContent).toContain('In progress');
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).not.toBe('0');
    expect(screen.getByTestId('overlay-probe').textContent).toBe('summary');
    expect(screen.queryByText(/the summary of/)).toBeNull();
  });

  it('shows the file being read before anything is made', async () => {
    fakeServer({ file: FILE, fileStatus: 'extracting', summary: { status: null } });
    renderFrame();
    expect((await screen.findByTestId('study-generating')).textContent).toContain('Reading your file…');
  });

  it('says which page OCR is reading while it reads a scan', async () => {
    fakeServer({ file: FILE, fileStatus: 'extracting', progress: { done: 5, total: 8 }, summary: { status: null } });
    renderFrame();
    await screen.findByTestId('study-generating');
    expect(screen.getByTestId('study-reading-progress').textContent).toBe('Reading page 6 of 8…');
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('6');
  });

  it('says why it failed in the reader’s language, and Retry makes it again', async () => {
    const { calls } = fakeServer({
      file: FILE,
      summary: { status: 'failed', errorKey: 'aiTimeout', error: 'The model did not answer in time.' },
    });
    const user = renderFrame();
    expect((await screen.findByTestId('study-failure-reason')).textContent).toBe('The AI model did not answer in time. Please try again.');
    expect(screen.queryByRole('link', { name: 'See plans' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(calls.some((call) => call.procedure === 'file.regenerateArtefact')).toBe(true));
    expect(calls.find((call) => call.procedure === 'file.regenerateArtefact')?.input).toEqual({ fileId: FILE.id, artefact: 'summary' });
    expect(await screen.findByTestId('study-generating')).toBeTruthy();
  });

  it.each([
    ['en', 'Too little text to study', 'Upload a longer document'],
    ['de', 'Zu wenig Text zum Lernen', 'Längeres Dokument hochladen'],
  ])('says once that the file has too little text and what to do, with no Retry that would only fail again (%s)', async (language, title, upload) => {
    await i18n.changeLanguage(language);
    fakeServer({ file: FILE, summary: { status: 'failed', errorKey: 'tooLittleText', error: 'The document has too little running text to summarise.' } });
    renderFrame();
    const panel = await screen.findByTestId('study-too-little-text');
    expect(screen.getByRole('heading').textContent).toBe(title);
    expect(panel.textContent).toContain('Cell Biology.pdf');
    expect(screen.getByRole('link', { name: upload }).getAttribute('href')).toBe('/dashboard/upload?directoryId=course-1');
    expect(screen.queryAllByRole('button')).toEqual([]);
    expect(screen.queryByTestId('study-artefact-failed')).toBeNull();
  });

  it('opens the Flashcards tab when no card could be made from the file, saying why, with no Retry', async () => {
    fakeServer({ file: FILE, kind: 'flashcards', summary: { status: 'failed', errorKey: 'noFlashcards', error: 'The document has no definitions or key sentences to make cards from.' } });
    renderFrame('decks');
    expect((await screen.findByTestId('study-no-generated-cards')).textContent).toContain('No cards could be made from this file');
    expect(screen.getByText('the decks of Cell Biology.pdf')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(screen.queryByTestId('study-artefact-failed')).toBeNull();
  });

  it('offers the plans next to Retry when the allowance is used up, in German too', async () => {
    await i18n.changeLanguage('de');
    fakeServer({
      file: FILE,
      summary: { status: 'failed', errorKey: 'mindMapQuota', errorParams: { plan: 'Free', limit: 10 }, error: 'Your Free plan allows 10 mind maps a month.' },
    });
    renderFrame();
    const reason = await screen.findByTestId('study-failure-reason');
    expect(reason.textContent).toContain('10');
    expect(reason.textContent).not.toContain('Your Free plan');
    expect(screen.getByRole('link', { name: 'Tarife ansehen' }).getAttribute('href')).toBe('/settings?mode=plans');
  });
});
