// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { Toaster } from 'sonner';
import superjson from 'superjson';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { videoEmbedUrl } from '../../../shared/video-link';
import { closeFileViewer, openFileViewer, useFileViewer } from '../../lib/file-viewer';
import { i18n } from '../../lib/i18n';
import { createQueryClient } from '../../lib/query-client';
import { createTrpcClient, TRPCProvider } from '../../lib/trpc';
import { FileViewerDialog } from './file-viewer-dialog';
import { VIDEO_LOAD_TIMEOUT_MS } from './video-view';

/** What file.getFilePages answers for one file id; an Error answers as the server's NOT_FOUND. */
interface StoredFile {
  file: {
    id: string;
    name: string;
    extension: string;
    status: 'queued' | 'extracting' | 'ready' | 'failed';
    pageCount: number | null;
    createdAt: Date;
    error: string | null;
    errorKey?: string | null;
    errorParams?: Record<string, string | number> | null;
    videoId: string | null;
    stored: boolean;
    progress?: { done: number; total: number } | null;
    unreadablePages?: number[] | null;
    lowConfidencePages?: number[] | null;
  };
  /** `ocrConfidence`: null (a page with its own text) unless given. */
  pages: Array<{ pageNumber: number; heading: string | null; text: string; ocrConfidence?: number | null }>;
  truncated?: boolean;
}

/** The app's tRPC endpoint, faked at the network edge: the real client, links and superjson run. */
function fakeFilePagesServer(files: StoredFile[]) {
  const calls: Array<{ fileId: string; withText?: boolean }> = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const url = new URL(input instanceof Request ? input.url : String(input), window.location.origin);
    const procedures = url.pathname.replace('/api/trpc/', '').split(',');
    const inputs = JSON.parse(url.searchParams.get('input') ?? '{}') as Record<string, { json: { fileId: string; withText?: boolean } }>;
    let status = 200;
    const answers = procedures.map((procedure, index) => {
      const args = inputs[String(index)]?.json;
      const stored = files.find((entry) => entry.file.id === args?.fileId);
      if (procedure !== 'file.getFilePages' || !args || !stored) {
        status = 404;
        const data = { code: 'NOT_FOUND', httpStatus: 404, appCode: 'NOT_FOUND', messageKey: 'fileNotFound' };
        return { error: { json: { message: 'File not found. Try to refresh the page.', code: -32004, data } } };
      }
      calls.push(args);
      const pages = args.withText === false ? [] : stored.pages.map((page) => ({ ocrConfidence: null, ...page }));
      const answer = { file: stored.file, pages, totalPages: stored.pages.length, truncated: stored.truncated ?? false };
      return { result: { data: superjson.serialize(answer) } };
    });
    return new Response(JSON.stringify(answers), { status, headers: { 'Content-Type': 'application/json' } });
  });
  return { calls };
}

function storedFile(overrides: Partial<StoredFile['file']>, pages: StoredFile['pages'] = []): StoredFile {
  return {
    file: {
      id: crypto.randomUUID(),
      name: 'Cells.pptx',
      extension: 'pptx',
      status: 'ready',
      pageCount: pages.length,
      createdAt: new Date('2025-01-01T00:00:00Z'),
      error: null,
      videoId: null,
      stored: true,
      ...overrides,
    },
    pages,
  };
}

function ViewButton({ file }: { file: { id: string; extension: string } }) {
  const { viewFile } = useFileViewer();
  // eslint-disable-next-line i18next/no-literal-string -- a test's own button
  return <button onClick={() => viewFile(file)}>view</button>;
}

function renderViewer(children?: React.ReactNode) {
  const queryClient = createQueryClient();
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <TRPCProvider trpcClient={createTrpcClient()} queryClient={queryClient}>
          {children}
          <FileViewerDialog />
          <Toaster />
        </TRPCProvider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return userEvent.setup();
}

function open(fileId: string, page?: number) {
  act(() => openFileViewer({ fileId, page }));
  return screen.getByTestId('file-viewer');
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
});

afterEach(() => {
  act(() => closeFileViewer());
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('FileViewerDialog', () => {
  it('shows a pptx as its slides’ text under "Slide N" headings, with the name, the download and "of n"', async () => {
    const deck = storedFile({ name: 'Cells.pptx' }, [
      { pageNumber: 1, heading: 'What is a cell?', text: 'The smallest unit of life.\n\nEvery organism has cells.' },
      { pageNumber: 2, heading: null, text: 'Membranes enclose the cytoplasm.' },
    ]);
    const server = fakeFilePagesServer([deck]);
    renderViewer();
    const dialog = open(deck.file.id);

    const slides = await within(dialog).findAllByTestId('viewer-text-page');
    expect(slides).toHaveLength(2);
    expect(screen.getByRole('dialog', { name: 'Cells.pptx' })).toBe(dialog);
    expect(within(slides[0]!).getByText('Slide 1')).toBeTruthy();
    expect(within(slides[0]!).getByRole('heading', { name: 'What is a cell?' })).toBeTruthy();
    expect(within(slides[0]!).getAllByText(/./, { selector: 'p' }).map((paragraph) => paragraph.textContent)).toEqual([
      'The smallest unit of life.',
      'Every organism has cells.',
    ]);
    expect(within(slides[1]!).getByText('Slide 2')).toBeTruthy();
    expect(within(dialog).getByText('of 2')).toBeTruthy();
    expect(within(dialog).getByTestId('viewer-page-status').textContent).toBe('Slide 1 of 2');
    expect(within(dialog).getByTestId('viewer-download').getAttribute('href')).toBe(`/api/file/${deck.file.id}`);
    expect(within(dialog).getByTestId('viewer-download').getAttribute('download')).toBe('Cells.pptx');
    // The file's facts first, its text only for a text view.
    expect(server.calls).toEqual([
      { fileId: deck.file.id, withText: false },
      { fileId: deck.file.id },
    ]);
  });

  it('headings say "Page N" for a docx and a plain txt file, and a cut answer says where the rest is', async () => {
    const notes = storedFile({ name: 'Notes.txt', extension: 'txt' }, [{ pageNumber: 1, heading: null, text: 'Osmosis.' }]);
    notes.truncated = true;
    fakeFilePagesServer([notes]);
    renderViewer();
    const dialog = open(notes.file.id);

    expect(await within(dialog).findByText('Page 1')).toBeTruthy();
    expect(within(dialog).getByText('Osmosis.')).toBeTruthy();
    expect(within(dialog).getByTestId('viewer-text-truncated').textContent).toBe(
      'Showing the first 1 of 1 pages. Download the file to read the rest.',
    );
  });

  it('marks the cited passage on the page it opens at and says what the mark is', async () => {
    const essay = storedFile({ name: 'Essay.docx', extension: 'docx' }, [
      { pageNumber: 1, heading: null, text: 'Mitochondria produce ATP through cellular respiration.' },
      {
        pageNumber: 2,
        heading: 'Respiration',
        text: 'Glycolysis happens in the cytoplasm.\n\nMitochondria produce most of the cell’s ATP in the inner membrane. Oxygen is the final electron acceptor.',
      },
    ]);
    fakeFilePagesServer([essay]);
    renderViewer();
    act(() => openFileViewer({ fileId: essay.file.id, page: 2, passage: 'Most ATP is made by mitochondria at their inner membrane.' }));
    const dialog = screen.getByTestId('file-viewer');

    const marks = await within(dialog).findAllByTestId('viewer-passage');
    expect(marks).toHaveLength(1);
    const [mark] = marks;
    // On the page opened, not on page 1, which says something alike.
    expect(mark?.closest('[data-page-slot]')?.getAttribute('data-page-slot')).toBe('2');
    expect(mark?.tagName).toBe('MARK');
    expect(mark?.textContent).toBe('Cited passage: Mitochondria produce most of the cell’s ATP in the inner membrane.');
    expect(within(mark!).getByText('Cited passage:').className).toContain('sr-only');
    // The paragraph reads as before around the mark.
    expect(mark?.parentElement?.textContent).toBe('Cited passage: Mitochondria produce most of the cell’s ATP in the inner membrane. Oxygen is the final electron acceptor.');

    await i18n.changeLanguage('de');
    expect(await within(dialog).findByText('Zitierte Stelle:')).toBeTruthy();
  });

  it('marks nothing when the passage is not on the page', async () => {
    const notes = storedFile({ name: 'Notes.txt', extension: 'txt' }, [{ pageNumber: 1, heading: null, text: 'Osmosis moves water across a membrane.' }]);
    fakeFilePagesServer([notes]);
    renderViewer();
    act(() => openFileViewer({ fileId: notes.file.id, page: 1, passage: 'The French Revolution began in 1789.' }));
    const dialog = screen.getByTestId('file-viewer');

    expect(await within(dialog).findByText('Osmosis moves water across a membrane.')).toBeTruthy();
    expect(within(dialog).queryByTestId('viewer-passage')).toBeNull();
  });

  it('says a file is still being read, without asking for its text yet', async () => {
    const queued = storedFile({ name: 'Essay.docx', extension: 'docx', status: 'extracting' });
    const server = fakeFilePagesServer([queued]);
    renderViewer();
    const dialog = open(queued.file.id);

    expect((await within(dialog).findByTestId('viewer-not-ready')).textContent).toContain('Reading the text of this file…');
    expect(server.calls.every((call) => call.withText === false)).toBe(true);
  });

  it('gives a failed file its reason, translated when it has a key, and still offers the download', async () => {
    const failed = storedFile({
      name: 'Scan.docx',
      extension: 'docx',
      status: 'failed',
      error: 'This file is damaged and cannot be read.',
      errorKey: 'corrupt',
    });
    fakeFilePagesServer([failed]);
    renderViewer();
    await i18n.changeLanguage('de');
    const dialog = open(failed.file.id);

    const message = await within(dialog).findByTestId('viewer-failed');
    expect(message.textContent).toContain('Diese Datei konnte nicht gelesen werden.');
    expect(message.textContent).toContain(i18n.t('ingest:corrupt'));
    expect(within(message).getByTestId('viewer-download')).toBeTruthy();
  });

  it('shows a photo beside the text OCR read from it, marking text read with low confidence', async () => {
    const photo = storedFile({ name: 'Whiteboard.jpg', extension: 'jpg', pageCount: 1, lowConfidencePages: [1] }, [
      { pageNumber: 1, heading: null, text: 'Mitosis has four phases.\n\nProphase comes first.', ocrConfidence: 55.4 },
    ]);
    fakeFilePagesServer([photo]);
    renderViewer();
    const dialog = open(photo.file.id);

    const text = await within(dialog).findByTestId('viewer-ocr-page');
    expect(dialog.dataset.kind).toBe('image');
    const picture = within(dialog).getByRole('img', { name: 'Whiteboard.jpg' });
    expect(picture.getAttribute('src')).toBe(`/api/file/${photo.file.id}`);
    expect(within(dialog).getByRole('region', { name: 'Image: Whiteboard.jpg' }).contains(picture)).toBe(true);
    expect(within(dialog).getByTestId('viewer-subtitle').textContent).toBe('jpg');
    // The picture and its text side by side from lg up, one above the other below.
    const columns = within(dialog).getByTestId('viewer-image-pane').parentElement!;
    expect(columns.className).toContain('flex-col');
    expect(columns.className).toContain('lg:grid-cols-');
    expect(within(dialog).getByRole('heading', { name: 'Recognised text' })).toBeTruthy();
    expect(within(text).getByTestId('viewer-ocr-low-confidence').textContent).toBe(
      'Read with low confidence (55\u00a0%). Check the text against the page image.',
    );
    expect(within(text).getByTestId('viewer-ocr-text-body').textContent).toBe('Mitosis has four phases.Prophase comes first.');
    expect(within(dialog).getByTestId('viewer-ocr-copy')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Zoom in' })).toBeTruthy();

    await act(() => i18n.changeLanguage('de'));
    expect(within(dialog).getByTestId('viewer-ocr-low-confidence').textContent).toBe(
      'Mit geringer Sicherheit gelesen (55\u00a0%). Prüfe den Text anhand des Seitenbilds.',
    );
  });

  it('gives a photo read with good confidence its text without a warning', async () => {
    const photo = storedFile({ name: 'Notes.png', extension: 'png', pageCount: 1 }, [
      { pageNumber: 1, heading: null, text: 'Osmosis moves water.', ocrConfidence: 92 },
    ]);
    fakeFilePagesServer([photo]);
    renderViewer();
    const dialog = open(photo.file.id);

    const text = await within(dialog).findByTestId('viewer-ocr-page');
    expect(within(text).getByTestId('viewer-ocr-confidence').textContent).toBe('92\u00a0% confidence');
    expect(within(text).queryByTestId('viewer-ocr-low-confidence')).toBeNull();
    expect(within(text).getByText('Osmosis moves water.')).toBeTruthy();
  });

  it('shows a photo while its text is being read, and the text once it is ready', async () => {
    const photo = storedFile({ name: 'Board.webp', extension: 'webp', status: 'extracting', pageCount: null, progress: { done: 0, total: 1 } });
    const server = fakeFilePagesServer([photo]);
    renderViewer();
    const dialog = open(photo.file.id);

    expect((await within(dialog).findByTestId('viewer-ocr-reading')).textContent).toBe('Reading the text of this image…');
    expect(within(dialog).getByRole('img', { name: 'Board.webp' })).toBeTruthy();
    expect(server.calls.every((call) => call.withText === false)).toBe(true);

    Object.assign(photo.file, { status: 'ready', pageCount: 1, progress: null });
    photo.pages = [{ pageNumber: 1, heading: null, text: 'Meiosis halves the chromosomes.', ocrConfidence: 88 }];
    expect(await within(dialog).findByText('Meiosis halves the chromosomes.', {}, { timeout: 6_000 })).toBeTruthy();
  }, 10_000);

  it('says when the page of a photo could not be read, and why a photo failed', async () => {
    const unreadable = storedFile({ name: 'Blur.jpeg', extension: 'jpeg', pageCount: 1, unreadablePages: [1] });
    const failed = storedFile({
      name: 'Dark.png',
      extension: 'png',
      status: 'failed',
      error: 'No readable text found in this image.',
      errorKey: 'noTextInImage',
    });
    fakeFilePagesServer([unreadable, failed]);
    renderViewer();

    let dialog = open(unreadable.file.id);
    expect((await within(dialog).findByTestId('viewer-ocr-unreadable')).textContent).toBe('This page could not be read.');

    await act(() => i18n.changeLanguage('de'));
    dialog = open(failed.file.id);
    const reason = await within(dialog).findByTestId('viewer-ocr-failed');
    expect(reason.textContent).toBe('Aus diesem Bild konnte kein Text gelesen werden.In diesem Bild wurde kein lesbarer Text gefunden.');
    expect(within(dialog).getByRole('img', { name: 'Dark.png' })).toBeTruthy();
  });

  it("shows 'Unsupported file type' for any other extension", async () => {
    const odt = storedFile({ name: 'Thesis.odt', extension: 'odt' });
    fakeFilePagesServer([odt]);
    renderViewer();
    const dialog = open(odt.file.id);

    expect((await within(dialog).findByTestId('viewer-unsupported')).textContent).toContain('Unsupported file type');
  });

  it('plays a video link 16:9 with autoplay, with its transcript below and no download', async () => {
    const video = storedFile({ name: 'Photosynthesis', extension: 'txt', videoId: 'dQw4w9WgXcQ', stored: false }, [
      { pageNumber: 1, heading: null, text: 'Plants turn light into sugar.' },
    ]);
    fakeFilePagesServer([video]);
    renderViewer();
    const dialog = open(video.file.id);

    const player = await within(dialog).findByTestId('viewer-video');
    expect(player.getAttribute('src')).toBe(videoEmbedUrl('dQw4w9WgXcQ'));
    expect(player.getAttribute('src')).toContain('autoplay=1');
    expect(player.getAttribute('allow')).toContain('autoplay');
    expect(player.parentElement?.className).toContain('aspect-video');
    expect((await within(dialog).findByTestId('viewer-transcript')).textContent).toContain('Plants turn light into sugar.');
    expect(within(dialog).queryByTestId('viewer-download')).toBeNull();
  });

  it("says 'Unable to load video.' (and 'Failed to load video') when offline, and loads the player on Retry", async () => {
    const video = storedFile({ name: 'Photosynthesis', extension: 'txt', videoId: 'dQw4w9WgXcQ', stored: false });
    fakeFilePagesServer([video]);
    const offline = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const user = renderViewer();
    const dialog = open(video.file.id);

    expect((await within(dialog).findByTestId('viewer-video-error')).textContent).toContain('Unable to load video.');
    expect(within(dialog).queryByTestId('viewer-video')).toBeNull();
    expect(await screen.findByText('Failed to load video')).toBeTruthy();

    offline.mockReturnValue(true);
    await user.click(within(dialog).getByRole('button', { name: 'Retry' }));
    expect(within(dialog).getByTestId('viewer-video').getAttribute('src')).toBe(videoEmbedUrl('dQw4w9WgXcQ'));
  });

  it("gives up on a player that does not load in time with 'Unable to load video.'", async () => {
    const video = storedFile({ name: 'Photosynthesis', extension: 'txt', videoId: 'dQw4w9WgXcQ', stored: false });
    fakeFilePagesServer([video]);
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderViewer();
    const dialog = open(video.file.id);
    const player = await within(dialog).findByTestId('viewer-video');

    act(() => {
      vi.advanceTimersByTime(VIDEO_LOAD_TIMEOUT_MS - 1_000);
    });
    expect(within(dialog).getByTestId('viewer-video')).toBe(player);
    act(() => {
      vi.advanceTimersByTime(1_000);
    });
    expect(within(dialog).getByTestId('viewer-video-error').textContent).toContain('Unable to load video.');
  });

  it('keeps a player that has loaded, however long it plays', async () => {
    const video = storedFile({ name: 'Photosynthesis', extension: 'txt', videoId: 'dQw4w9WgXcQ', stored: false });
    fakeFilePagesServer([video]);
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderViewer();
    const dialog = open(video.file.id);

    fireEvent.load(await within(dialog).findByTestId('viewer-video'));
    act(() => {
      vi.advanceTimersByTime(VIDEO_LOAD_TIMEOUT_MS * 3);
    });
    expect(within(dialog).getByTestId('viewer-video')).toBeTruthy();
    expect(within(dialog).queryByTestId('viewer-video-error')).toBeNull();
  });

  it("says 'No video URL found' for a video link without an id and 'Failed to load video URL' for a broken one", async () => {
    const missing = storedFile({ name: 'Lecture video', extension: 'txt', videoId: null, stored: false });
    const broken = storedFile({ name: 'Other video', extension: 'txt', videoId: 'javascript:alert(1)', stored: false });
    fakeFilePagesServer([missing, broken]);
    renderViewer();

    let dialog = open(missing.file.id);
    expect((await within(dialog).findByTestId('viewer-video-no-url')).textContent).toContain('No video URL found');

    dialog = open(broken.file.id);
    expect((await within(dialog).findByTestId('viewer-video-url-failed')).textContent).toContain('Failed to load video URL');
    expect(within(dialog).queryByTestId('viewer-video')).toBeNull();
  });

  it("explains a file that is not the user's (or gone) without a Retry that cannot help", async () => {
    fakeFilePagesServer([]);
    renderViewer();
    const dialog = open(crypto.randomUUID());

    const message = await within(dialog).findByTestId('viewer-error');
    expect(message.textContent).toContain('This file could not be opened.');
    expect(message.textContent).toContain('File not found. Try to refresh the page.');
    expect(within(message).queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('closes with Escape and with the close button', async () => {
    const deck = storedFile({}, [{ pageNumber: 1, heading: null, text: 'Cells.' }]);
    fakeFilePagesServer([deck]);
    const user = renderViewer();

    open(deck.file.id);
    await screen.findByText('Cells.');
    await user.keyboard('{Escape}');
    expect(screen.queryByTestId('file-viewer')).toBeNull();

    open(deck.file.id);
    await user.click(await screen.findByRole('button', { name: 'Close viewer' }));
    expect(screen.queryByTestId('file-viewer')).toBeNull();
  });
});

describe('useFileViewer', () => {
  it("opens a viewable file, and for any other type says 'Fullscreen view is not supported for {EXT} files yet.'", async () => {
    const deck = storedFile({}, [{ pageNumber: 1, heading: null, text: 'Cells.' }]);
    fakeFilePagesServer([deck]);
    const user = renderViewer(
      <>
        <ViewButton file={{ id: 'odt-1', extension: 'odt' }} />
        <ViewButton file={{ id: deck.file.id, extension: 'pptx' }} />
      </>,
    );
    const [odt, pptx] = screen.getAllByRole('button', { name: 'view' });

    await user.click(odt!);
    expect(await screen.findByText('Fullscreen view is not supported for ODT files yet.')).toBeTruthy();
    expect(screen.queryByTestId('file-viewer')).toBeNull();

    await user.click(pptx!);
    expect(await screen.findByText('Cells.')).toBeTruthy();
  });
});
