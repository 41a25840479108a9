// @vitest-environment jsdom
import { createRoute } from '@tanstack/react-router';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PlanSlug } from '../../../shared/plans';
import { i18n } from '../../lib/i18n';
import { rootRoute } from '../../routes/__root';
import { uploadSearchSchema } from '../../routes/upload';
import { billingInfo } from '../../test/billing-info';
import { renderRoutes } from '../../test/render-routes';
import { UploadPage } from './upload-page';
import { fakeServer, installFakeUploads, sentUploads } from './upload-test-server';

await vi.hoisted(async () => (await import('./upload-test-server')).installFetchDelegate());

const COURSE = { id: 'course-1', name: 'Cell Biology', model: 'gpt-4o-mini', language: 'en', createdAt: new Date('2026-01-01'), files: [] };
const OTHER = { ...COURSE, id: 'course-2', name: 'Genetics' };

interface LiveFile {
  id: string;
  name: string;
  extension: string;
  status: 'queued' | 'extracting' | 'ready' | 'failed';
  pageCount: number | null;
  error?: string | null;
  errorKey?: string | null;
  errorParams?: Record<string, string | number> | null;
  progress?: { done: number; total: number } | null;
  unreadablePages?: number[] | null;
  lowConfidencePages?: number[] | null;
}

/** The server's state, changed by the tests between polls. */
let liveFiles: LiveFile[] = [];

function serve(plan: PlanSlug, videoLink?: Parameters<typeof fakeServer>[0]['videoLink']) {
  return fakeServer({
    procedures: {
      'directory.getDirectories': () => [COURSE, OTHER],
      'user.getUserBillingInfo': () => billingInfo({ plan, isProSubscribed: plan === 'pro' }),
      'file.getFilesByIds': (input) => {
        const ids = (input as { fileIds: string[] }).fileIds;
        return liveFiles.filter((file) => ids.includes(file.id)).map((file) => ({ ...file, createdAt: new Date(), directoryId: COURSE.id }));
      },
      'file.retryProcessing': (input) => ({ id: (input as { fileId: string }).fileId, status: 'queued' }),
    },
    videoLink,
  });
}

const testUploadRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/dashboard/upload',
  validateSearch: uploadSearchSchema,
  component: function TestUploadPage() {
    const { directoryId, uuid } = testUploadRoute.useSearch();
    return <UploadPage directoryId={directoryId} uuid={uuid} />;
  },
});
const linkedPages = ['/dashboard', '/settings', '/space/$uuid'].map((path) => createRoute({ getParentRoute: () => rootRoute, path, component: () => null }));

function renderUpload(url = `/dashboard/upload?directoryId=${COURSE.id}`) {
  return renderRoutes([testUploadRoute, ...linkedPages], url);
}

function pdf(name: string, bytes: number): File {
  return new File([new Uint8Array(bytes).fill(37)], name, { type: 'application/pdf' });
}

/** Drops files on the drop zone, as a drag from the desktop does. */
function drop(files: File[]) {
  fireEvent.drop(screen.getByTestId('upload-dropzone'), { dataTransfer: { files, types: ['Files'] } });
}

async function readyPage(plan: PlanSlug) {
  const server = serve(plan);
  const rendered = renderUpload();
  // The page's lazy chunks load first: on a busy machine (the whole suite at once) that can take longer than a second.
  expect(await screen.findByTestId('upload-course-name', {}, { timeout: 5000 })).toHaveProperty('textContent', 'Cell Biology');
  await screen.findByText(new RegExp(`${plan === 'free' ? 'Free' : 'Pro'} plan: `));
  return { server, ...rendered };
}

beforeEach(async () => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  installFakeUploads();
  liveFiles = [];
  await i18n.changeLanguage('en');
});
afterEach(cleanup);

describe('the course of an upload', () => {
  it('names the course and the plan’s limits', async () => {
    await readyPage('free');
    expect(screen.getByTestId('upload-dropzone').textContent).toContain('Free plan: 1 file per upload, up to 500 MB each');
    expect(screen.getByTestId('upload-dropzone').textContent).toContain('PDF, Word (DOC, DOCX), PowerPoint (PPTX), text (TXT), Markdown notes (MD) or images (JPG, PNG, WebP)');
    expect(document.title).toContain('Upload files');
  });

  it('lets the student pick one of their courses when the link names none', async () => {
    serve('free');
    const { router, user } = renderUpload('/dashboard/upload');
    const choices = await screen.findAllByTestId('upload-pick-course');
    expect(choices.map((choice) => choice.textContent)).toEqual(['Cell Biology0 files', 'Genetics0 files']);
    await user.click(choices[1]!);
    expect(await screen.findByTestId('upload-course-name')).toHaveProperty('textContent', 'Genetics');
    expect(router.state.location.search).toEqual({ directoryId: 'course-2' });
  });

  it('says plainly when the course is unknown or someone else’s, with the way back', async () => {
    serve('free');
    renderUpload('/dashboard/upload?directoryId=not-mine');
    expect(await screen.findByRole('heading', { name: 'Course not found' })).toBeTruthy();
    expect(screen.getByTestId('upload-not-found-dashboard').getAttribute('href')).toBe('/dashboard');
    expect(screen.queryByTestId('upload-dropzone')).toBeNull();
  });
});

describe('pre-checks before anything is sent', () => {
  it('marks a file of the wrong type and the second file on Free, with Upgrade to the plans', async () => {
    const { user } = await readyPage('free');
    drop([pdf('Lecture.pdf', 10), new File(['MZ'], 'setup.exe')]);

    const rows = await screen.findAllByTestId('upload-file');
    expect(rows.map((row) => within(row).getByTestId('upload-file-name').textContent)).toEqual(['Lecture.pdf', 'setup.exe']);
    expect(within(rows[1]!).getByTestId('upload-file-problem').textContent).toBe('This file is not a PDF, Word, PowerPoint, text, Markdown or image file.');
    expect(screen.getByTestId('upload-precheck-message').textContent).toBe('Files per upload on your Free plan: 1. Upgrade for more.');
    expect(within(screen.getByTestId('upload-precheck')).getByTestId('upload-upgrade').getAttribute('href')).toBe('/settings?mode=plans');
    expect(screen.getByTestId('upload-submit')).toHaveProperty('disabled', true);

    await user.click(within(rows[1]!).getByRole('button', { name: 'Remove setup.exe' }));
    expect(screen.getAllByTestId('upload-file')).toHaveLength(1);
    expect(screen.queryByTestId('upload-precheck')).toBeNull();
    expect(screen.getByTestId('upload-submit')).toHaveProperty('disabled', false);
    expect(sentUploads).toHaveLength(0);
  });

  it('refuses a file over the plan’s size with the server’s message', async () => {
    await readyPage('pro');
    const big = pdf('Atlas.pdf', 10);
    Object.defineProperty(big, 'size', { value: 101 * 1024 * 1024 });
    drop([big]);
    expect((await screen.findByTestId('upload-file-problem')).textContent).toBe('Atlas.pdf is larger than the 100 MB your plan allows.');
    expect(screen.getByTestId('upload-submit')).toHaveProperty('disabled', true);
  });

  it('adds a file chosen twice only once', async () => {
    await readyPage('pro');
    const file = pdf('Lecture.pdf', 10);
    drop([file]);
    drop([file]);
    expect(await screen.findAllByTestId('upload-file')).toHaveLength(1);
  });
});

describe('one multipart upload', () => {
  it('sends the course and the files in order and shows each file’s progress, then their live state', async () => {
    const { server, user } = await readyPage('pro');
    drop([pdf('One.pdf', 100), pdf('Two.pdf', 300)]);
    await user.click(await screen.findByRole('button', { name: 'Upload 2 files' }));

    expect(sentUploads).toHaveLength(1);
    const request = sentUploads[0]!;
    expect([request.method, request.url]).toEqual(['POST', '/api/files']);
    expect(request.body?.get('directoryId')).toBe('course-1');
    expect(request.body?.getAll('files').map((file) => (file as File).name)).toEqual(['One.pdf', 'Two.pdf']);

    // 200 of 400 request bytes: the first file is through, a third of the second.
    request.progress(200, 400);
    const bars = await screen.findAllByRole('progressbar');
    expect(bars.map((bar) => bar.getAttribute('aria-label'))).toEqual(['Upload progress of One.pdf', 'Upload progress of Two.pdf']);
    await waitFor(() => expect(bars.map((bar) => bar.getAttribute('aria-valuenow'))).toEqual(['100', '33']));
    expect(screen.getByTestId('upload-submit').textContent).toBe('Uploading… 50\u00a0%');

    const coursesBefore = server.callsOf('directory.getDirectories').length;
    liveFiles = [
      { id: 'f1', name: 'One.pdf', extension: 'pdf', status: 'extracting', pageCount: null },
      { id: 'f2', name: 'Two.pdf', extension: 'pdf', status: 'queued', pageCount: null },
    ];
    request.respond(201, { files: liveFiles.map(({ id, name, extension }) => ({ id, name, extension, status: 'queued' })) });

    expect((await screen.findByTestId('upload-done')).textContent).toBe('Your 2 files are uploaded.');
    const uploaded = screen.getAllByTestId('uploaded-file');
    expect(uploaded.map((row) => within(row).getByTestId('uploaded-file-status').textContent)).toEqual([
      'Uploaded — reading…',
      'Uploaded — reading…',
    ]);
    await waitFor(() => expect(server.callsOf('directory.getDirectories').length).toBeGreaterThan(coursesBefore));

    // The list keeps asking while files are read, and stops once none is.
    liveFiles = [
      { ...liveFiles[0]!, status: 'ready', pageCount: 3 },
      { ...liveFiles[1]!, status: 'failed', error: 'The English text, used only without a key.', errorKey: 'noText' },
    ];
    await waitFor(() => expect(screen.getAllByTestId('uploaded-file-status')[0]!.textContent).toBe('Ready · 3 pages'), { timeout: 5000 });
    expect(screen.getAllByTestId('uploaded-file-status')[1]!.textContent).toBe(
      'Failed — No text found in this file. Scanned documents need a text layer (OCR) first.',
    );
    expect(screen.getByTestId('upload-done-note').textContent).toBe(
      'We’ve finished reading them. The list below shows which are ready to study and why any could not be read.',
    );
    const polls = server.callsOf('file.getFilesByIds').length;
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(server.callsOf('file.getFilesByIds').length).toBe(polls);

    await user.click(screen.getByTestId('uploaded-file-retry'));
    await waitFor(() => expect(server.callsOf('file.retryProcessing').map((call) => call.input)).toEqual([{ fileId: 'f2' }]));

    expect(screen.getByTestId('upload-go-to-course').getAttribute('href')).toBe('/dashboard#course-course-1');
    await user.click(screen.getByTestId('upload-more'));
    expect(screen.queryAllByTestId('upload-file')).toHaveLength(0);
    expect(screen.getByTestId('upload-dropzone')).toBeTruthy();
  }, 15_000);

  it('stops saying it is reading the file once it is Ready', async () => {
    const { user } = await readyPage('pro');
    drop([pdf('Notes.pdf', 100)]);
    await user.click(await screen.findByRole('button', { name: 'Upload file' }));
    liveFiles = [{ id: 'n1', name: 'Notes.pdf', extension: 'pdf', status: 'extracting', pageCount: null }];
    sentUploads[0]!.respond(201, { files: [{ id: 'n1', name: 'Notes.pdf', extension: 'pdf', status: 'queued' }] });
    const note = await screen.findByTestId('upload-done-note');
    await waitFor(() => expect(note.textContent).toBe('We’re reading it now. You can study it as soon as it shows Ready — no need to stay on this page.'));

    liveFiles = [{ ...liveFiles[0]!, status: 'ready', pageCount: 2 }];
    await waitFor(() => expect(screen.getByTestId('uploaded-file-status').textContent).toBe('Ready · 2 pages'), { timeout: 5000 });
    expect(screen.getByTestId('upload-done-note').textContent).toBe('It’s ready: you can study it now.');
  }, 15_000);

  it('says which page OCR is reading while it reads a scan or a photo, then names the pages it could not read', async () => {
    const { user } = await readyPage('pro');
    drop([pdf('Scan.pdf', 10), new File([new Uint8Array(10).fill(1)], 'Board.jpg', { type: 'image/jpeg' })]);
    expect(screen.queryAllByTestId('upload-file-problem')).toHaveLength(0);
    await user.click(await screen.findByRole('button', { name: 'Upload 2 files' }));
    liveFiles = [
      { id: 's1', name: 'Scan.pdf', extension: 'pdf', status: 'extracting', pageCount: 12, progress: { done: 2, total: 12 } },
      { id: 'p1', name: 'Board.jpg', extension: 'jpg', status: 'extracting', pageCount: 1, progress: { done: 0, total: 1 } },
    ];
    sentUploads[0]!.respond(201, { files: liveFiles.map(({ id, name, extension }) => ({ id, name, extension, status: 'queued' })) });

    const rows = await screen.findAllByTestId('uploaded-file');
    await waitFor(() => expect(within(rows[0]!).getByTestId('uploaded-file-status').textContent).toBe('Reading page 3 of 12…'));
    expect(within(rows[1]!).getByTestId('uploaded-file-status').textContent).toBe('Reading page 1 of 1…');
    expect(within(rows[0]!).getByRole('progressbar', { name: 'Reading progress of Scan.pdf' }).getAttribute('aria-valuenow')).toBe('17');
    // A photo has the image icon; a scanned PDF keeps the document one.
    expect(rows[1]!.querySelector('svg.lucide-file-image')).not.toBeNull();
    expect(rows[0]!.querySelector('svg.lucide-file-image')).toBeNull();

    // The list keeps polling while OCR reads: the page moves on, and never past the last.
    liveFiles = [{ ...liveFiles[0]!, progress: { done: 12, total: 12 } }, liveFiles[1]!];
    await waitFor(() => expect(within(rows[0]!).getByTestId('uploaded-file-status').textContent).toBe('Reading page 12 of 12…'), { timeout: 5000 });

    liveFiles = [
      { ...liveFiles[0]!, status: 'ready', progress: null, unreadablePages: [9, 4, 7] },
      { ...liveFiles[1]!, status: 'ready', progress: null, unreadablePages: [4] },
    ];
    await waitFor(() => expect(within(rows[0]!).getByTestId('uploaded-file-status').textContent).toBe('Ready · 12 pages'), { timeout: 5000 });
    expect(within(rows[0]!).getByTestId('unreadable-pages').textContent).toBe('Pages 4, 7 and 9 could not be read.');
    expect(within(rows[1]!).getByTestId('unreadable-pages').textContent).toBe('Page 4 could not be read.');
    expect(screen.queryByRole('progressbar')).toBeNull();

    await i18n.changeLanguage('de');
    expect(within(rows[0]!).getByTestId('unreadable-pages').textContent).toBe('Die Seiten 4, 7 und 9 konnten nicht gelesen werden.');
    expect(within(rows[1]!).getByTestId('unreadable-pages').textContent).toBe('Seite 4 konnte nicht gelesen werden.');
  }, 15_000);

  it('shows a plan-limit refusal in the reader’s words with Upgrade, and keeps the files', async () => {
    const { user } = await readyPage('free');
    drop([pdf('Week 4.pdf', 50)]);
    await user.click(await screen.findByRole('button', { name: 'Upload file' }));
    sentUploads[0]!.respond(403, {
      error: {
        code: 'FORBIDDEN',
        message: 'You have used all 3 uploads of your Free plan this month. Upgrade for more.',
        messageKey: 'uploadMonthlyLimitReached',
        messageParams: { plan: 'Free', limit: 3, left: 0, count: 1 },
      },
    });
    expect((await screen.findByTestId('upload-error-message')).textContent).toBe(
      'You have used all 3 uploads of your Free plan this month. Upgrade for more.',
    );
    expect(within(screen.getByTestId('upload-error')).getByTestId('upload-upgrade').getAttribute('href')).toBe('/settings?mode=plans');
    expect(screen.getByTestId('upload-file-name').textContent).toBe('Week 4.pdf');
    expect(screen.getByTestId('upload-submit')).toHaveProperty('disabled', true);

    await i18n.changeLanguage('de');
    expect((await screen.findByTestId('upload-error-message')).textContent).toBe(
      'Du hast diesen Monat alle 3 Uploads deines Free-Plans genutzt. Upgrade für mehr.',
    );
  });

  it('shows a refusal no plan lifts without Upgrade, and falls back to the server’s message for an unknown key', async () => {
    const { user } = await readyPage('free');
    drop([pdf('lecture.pdf', 50)]);
    await user.click(await screen.findByRole('button', { name: 'Upload file' }));
    sentUploads[0]!.respond(415, {
      error: {
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message: 'lecture.pdf: This file is not a PDF, Word, PowerPoint, text, Markdown or image file.',
        messageKey: 'uploadRefusedFile',
        messageParams: { name: 'lecture.pdf', reason: 'This file is not a PDF, Word, PowerPoint, text, Markdown or image file.' },
      },
    });
    expect((await screen.findByTestId('upload-error-message')).textContent).toBe('lecture.pdf: This file is not a PDF, Word, PowerPoint, text, Markdown or image file.');
    expect(screen.queryByTestId('upload-upgrade')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Remove lecture.pdf' }));
    drop([pdf('other.pdf', 50)]);
    await user.click(await screen.findByRole('button', { name: 'Upload file' }));
    sentUploads[1]!.respond(400, { error: { code: 'BAD_REQUEST', message: 'A brand-new refusal.', messageKey: 'uploadSomethingNew' } });
    expect((await screen.findByTestId('upload-error-message')).textContent).toBe('A brand-new refusal.');
  });

  it('keeps the files after a network failure and sends them again on Retry', async () => {
    const { user } = await readyPage('pro');
    drop([pdf('A.pdf', 10), pdf('B.pdf', 10)]);
    await user.click(await screen.findByRole('button', { name: 'Upload 2 files' }));
    sentUploads[0]!.failNetwork();
    const alert = await screen.findByTestId('upload-error');
    expect(alert.getAttribute('data-tone')).toBe('offline');
    expect(screen.getAllByTestId('upload-file-name').map((name) => name.textContent)).toEqual(['A.pdf', 'B.pdf']);

    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(sentUploads).toHaveLength(2);
    expect(sentUploads[1]!.body?.getAll('files').map((file) => (file as File).name)).toEqual(['A.pdf', 'B.pdf']);
  });
});

describe('a video link', () => {
  it('is judged as it is typed with the spec’s rule, and sent as JSON with the pasted transcript', async () => {
    const answers = { status: 201, body: { files: [{ id: 'v1', name: 'Lecture video', extension: 'txt', status: 'queued' }] } };
    const server = serve('free', () => answers);
    const { user } = renderUpload();
    const field = await screen.findByTestId('upload-video-url');
    const submit = screen.getByTestId('upload-video-submit');
    const hint = screen.getByTestId('upload-video-hint');

    await user.type(field, 'youtu.be/abc');
    expect(hint.textContent).toBe('A YouTube link, like youtube.com/watch?v=… or youtu.be/…');
    await user.tab();
    expect(hint.textContent).toContain('Paste a YouTube link with an 11-character video ID');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(submit).toHaveProperty('disabled', true);

    await user.clear(field);
    await user.type(field, 'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42');
    expect(hint.textContent).toBe('Video found: dQw4w9WgXcQ');
    expect(field.getAttribute('aria-invalid')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Paste transcript (optional)' }));
    await user.type(screen.getByTestId('upload-video-transcript'), 'Today: mitosis.');
    liveFiles = [{ id: 'v1', name: 'Lecture video', extension: 'txt', status: 'extracting', pageCount: null }];
    await user.click(submit);

    await waitFor(() =>
      expect(server.videoRequests).toEqual([
        { directoryId: 'course-1', videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42', transcript: 'Today: mitosis.' },
      ]),
    );
    expect((await screen.findByTestId('uploaded-file-status')).textContent).toBe('Uploaded — reading…');
    expect(field).toHaveProperty('value', '');
  });

  it('shows a plan limit on the video with Upgrade', async () => {
    serve('free', () => ({
      status: 403,
      body: { error: { code: 'FORBIDDEN', message: 'This video is about 45 minutes long; your Free plan allows videos of up to 30 minutes. Upgrade for more.', messageKey: 'uploadVideoTooLong', messageParams: { plan: 'Free', limit: 30, minutes: 45 } } },
    }));
    const { user } = renderUpload();
    await user.type(await screen.findByTestId('upload-video-url'), 'https://youtu.be/dQw4w9WgXcQ');
    await user.click(screen.getByTestId('upload-video-submit'));
    const alert = await screen.findByTestId('upload-video-error');
    expect(alert.textContent).toContain('your Free plan allows videos of up to 30 minutes');
    expect(within(alert).getByTestId('upload-upgrade').getAttribute('href')).toBe('/settings?mode=plans');
  });
});

describe('an editor’s upload into a shared course (?uuid=)', () => {
  const SPACE_UUID = '5f0c2a4e-8d1b-4c3a-9e7f-1a2b3c4d5e6f';
  const SHARED_COURSE = 'course-9';

  function space(canEditFiles: boolean) {
    return {
      id: 'space-1',
      uuid: SPACE_UUID,
      name: 'Shared Genetics',
      description: '',
      tags: [],
      visibility: 'private',
      isOwner: false,
      hasGeneratedDescription: false,
      membershipId: 'member-1',
      role: canEditFiles ? 'editor' : 'viewer',
      directoryId: SHARED_COURSE,
      createdAt: '2026-01-01T00:00:00.000Z',
      ownerName: 'Olivia',
      files: [],
      memberCount: 2,
      access: { canStudy: true, canJoin: false, canAcceptInvitation: false, canEditFiles, canManage: false, canLeave: true },
      invitationId: null,
    };
  }

  /** The owner's files: the member reads each one's state through the space, never among their own files. */
  function serveShared(canEditFiles: boolean, videoLink?: Parameters<typeof fakeServer>[0]['videoLink']) {
    return fakeServer({
      procedures: {
        'spaces.getSpaceByUuid': () => space(canEditFiles),
        'user.getUserBillingInfo': () => billingInfo(),
        'file.getProcessingStatus': (input) => {
          const file = liveFiles.find((entry) => entry.id === (input as { fileId: string }).fileId);
          return { status: file?.status ?? 'queued', pageCount: file?.pageCount ?? null, error: null, errorKey: null, errorParams: null, artefacts: {} };
        },
      },
      videoLink,
    });
  }

  const sharedUrl = `/dashboard/upload?directoryId=${SHARED_COURSE}&uuid=${SPACE_UUID}`;

  it('names the shared course, sends ?uuid= with the upload, and refreshes the shared courses afterwards', async () => {
    const server = serveShared(true);
    const { user } = renderUpload(sharedUrl);
    expect(await screen.findByTestId('upload-course-name')).toHaveProperty('textContent', 'Shared Genetics');
    expect(server.callsOf('directory.getDirectories')).toHaveLength(0);
    expect(server.callsOf('spaces.getSpaceByUuid').map((call) => call.input)).toEqual([{ uuid: SPACE_UUID }]);
    expect(screen.getByTestId('upload-back-to-space').getAttribute('href')).toBe(`/space/${SPACE_UUID}`);
    expect(screen.queryByTestId('upload-switch-course')).toBeNull();
    // The owner's plan counts, which the editor does not know: no plan limits of the editor's own are shown.
    expect(screen.getByTestId('upload-dropzone').textContent).not.toContain('Free plan');

    drop([pdf('Genes.pdf', 100)]);
    await user.click(await screen.findByRole('button', { name: 'Upload file' }));
    const request = sentUploads[0]!;
    expect([request.method, request.url]).toEqual(['POST', `/api/files?uuid=${SPACE_UUID}`]);
    expect(request.body?.get('directoryId')).toBe(SHARED_COURSE);

    liveFiles = [{ id: 'f9', name: 'Genes.pdf', extension: 'pdf', status: 'ready', pageCount: 4 }];
    request.respond(201, { files: [{ id: 'f9', name: 'Genes.pdf', extension: 'pdf', status: 'queued' }] });
    expect((await screen.findByTestId('upload-done')).textContent).toBe('Your file is uploaded.');
    await waitFor(() => expect(screen.getByTestId('uploaded-file-status').textContent).toBe('Ready · 4 pages'));
    expect(server.callsOf('file.getProcessingStatus').at(-1)?.input).toEqual({ fileId: 'f9', uuid: SPACE_UUID, id: 'f9' });
    expect(server.callsOf('file.getFilesByIds')).toHaveLength(0);
    // Every shared-course query is refreshed, the sidebar's list among them: the page's own one is asked again.
    await waitFor(() => expect(server.callsOf('spaces.getSpaceByUuid').length).toBeGreaterThan(1));
    expect(screen.getByTestId('upload-go-to-course').getAttribute('href')).toBe(`/space/${SPACE_UUID}`);
  });

  it('sends a video link with ?uuid= too', async () => {
    const server = serveShared(true, () => ({ status: 201, body: { files: [{ id: 'v9', name: 'Lecture video', extension: 'txt', status: 'queued' }] } }));
    const { user } = renderUpload(sharedUrl);
    await user.type(await screen.findByTestId('upload-video-url'), 'https://youtu.be/dQw4w9WgXcQ');
    await user.click(screen.getByTestId('upload-video-submit'));
    await waitFor(() => expect(server.videoTargets).toEqual([`/api/files?uuid=${SPACE_UUID}`]));
    expect(server.videoRequests).toEqual([{ directoryId: SHARED_COURSE, videoUrl: 'https://youtu.be/dQw4w9WgXcQ' }]);
  });

  it('offers no upload to a viewer, nor into another course than the space’s', async () => {
    serveShared(false);
    renderUpload(sharedUrl);
    expect(await screen.findByRole('heading', { name: 'Course not found' })).toBeTruthy();
    expect(screen.queryByTestId('upload-dropzone')).toBeNull();
    cleanup();

    serveShared(true);
    renderUpload(`/dashboard/upload?directoryId=course-1&uuid=${SPACE_UUID}`);
    expect(await screen.findByRole('heading', { name: 'Course not found' })).toBeTruthy();
    expect(screen.queryByTestId('upload-dropzone')).toBeNull();
  });
});
