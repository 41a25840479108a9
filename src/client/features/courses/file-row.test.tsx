// @vitest-environment jsdom
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../lib/i18n';
import type { CourseFile } from './course-list';
import { FileRow, type FileRowActions } from './file-row';

function courseFile(overrides: Partial<CourseFile>): CourseFile {
  return {
    id: 'file-1',
    name: 'Scan.pdf',
    extension: 'pdf',
    status: 'ready',
    pageCount: 12,
    createdAt: new Date('2026-01-01T00:00:00Z'),
    error: null,
    errorKey: null,
    errorParams: null,
    progress: null,
    unreadablePages: null,
    lowConfidencePages: null,
    tooLittleText: false,
    isVideo: false,
    ...overrides,
  };
}

const actions: FileRowActions = { onOpen: vi.fn(), onRename: vi.fn(), onDelete: vi.fn(), onRetry: vi.fn() };

function renderRows(files: CourseFile[], onShare?: () => void) {
  render(
    <I18nextProvider i18n={i18n}>
      <ul>
        {files.map((file) => (
          <FileRow key={file.id} file={file} active={false} opening={false} retrying={false} actions={actions} onShare={onShare} />
        ))}
      </ul>
    </I18nextProvider>,
  );
  return screen.getAllByTestId('dashboard-file');
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
});
afterEach(cleanup);

describe('FileRow and OCR', () => {
  it('says which page OCR is reading while the file is extracting, never past the last', () => {
    const [reading, lastPage, queued] = renderRows([
      courseFile({ id: 'a', status: 'extracting', pageCount: null, progress: { done: 4, total: 20 } }),
      courseFile({ id: 'b', status: 'extracting', pageCount: null, progress: { done: 20, total: 20 } }),
      courseFile({ id: 'c', status: 'queued', pageCount: null }),
    ]);
    expect(within(reading!).getByTestId('file-progress').textContent).toBe('Reading page 5 of 20…');
    expect(within(lastPage!).getByTestId('file-progress').textContent).toBe('Reading page 20 of 20…');
    expect(within(queued!).queryByTestId('file-progress')).toBeNull();
    expect(within(reading!).getByTestId('file-status').textContent).toBe('Extracting');
  });

  it('names the pages OCR could not read under a ready file, as a list in the reader’s language', async () => {
    const [several, one, all] = renderRows([
      courseFile({ id: 'a', unreadablePages: [9, 4, 7] }),
      courseFile({ id: 'b', unreadablePages: [4] }),
      courseFile({ id: 'c', unreadablePages: null }),
    ]);
    expect(within(several!).getByTestId('unreadable-pages').textContent).toBe('Pages 4, 7 and 9 could not be read.');
    expect(within(one!).getByTestId('unreadable-pages').textContent).toBe('Page 4 could not be read.');
    expect(within(all!).queryByTestId('unreadable-pages')).toBeNull();

    await act(() => i18n.changeLanguage('de'));
    expect(within(several!).getByTestId('unreadable-pages').textContent).toBe('Die Seiten 4, 7 und 9 konnten nicht gelesen werden.');
    expect(within(one!).getByTestId('unreadable-pages').textContent).toBe('Seite 4 konnte nicht gelesen werden.');
  });

  it('sums up a long list of unreadable pages instead of naming them all', () => {
    const pages = Array.from({ length: 40 }, (_, index) => index + 1);
    const [row] = renderRows([courseFile({ pageCount: 300, unreadablePages: pages })]);
    expect(within(row!).getByTestId('unreadable-pages').textContent).toBe('Pages 1, 2, 3, 4, 5, 6, 7, 8, 9 and 31 more could not be read.');
  });

  it('marks a ready file with too little text to study, once, and no other', () => {
    renderRows([courseFile({ id: 'short', name: 'Slides.pptx', tooLittleText: true }), courseFile({ id: 'long', name: 'Script.pdf' })]);
    const marks = screen.getAllByTestId('file-too-little-text');
    expect(marks).toHaveLength(1);
    expect(marks[0]?.textContent).toBe('Too little text to study: upload a longer document on the topic.');
    expect(marks[0]?.closest('li')?.textContent).toContain('Slides.pptx');
  });

  it('shows a video link as a video, and a text file as text (both are stored as text)', () => {
    renderRows([courseFile({ id: 'video', name: 'Lecture 3', extension: 'txt', isVideo: true }), courseFile({ id: 'notes', name: 'Notes.txt', extension: 'txt' })]);
    const [video, notes] = screen.getAllByTestId('dashboard-file');
    expect(video?.querySelector('svg.lucide-video')).not.toBeNull();
    expect(video?.textContent).toContain('Video');
    expect(notes?.querySelector('svg.lucide-video')).toBeNull();
    expect(notes?.querySelector('svg.lucide-file-text')).not.toBeNull();
    expect(notes?.textContent).toContain('txt');
  });

  it('shows a photo with the image icon', () => {
    const [photo, scan] = renderRows([courseFile({ id: 'a', name: 'Board.png', extension: 'png', pageCount: 1 }), courseFile({ id: 'b' })]);
    expect(photo!.querySelector('svg.lucide-file-image')).not.toBeNull();
    expect(scan!.querySelector('svg.lucide-file-image')).toBeNull();
  });
});

describe("FileRow's menu", () => {
  it("offers Share course, which shares the file's course (the way to share on a phone)", async () => {
    const onShare = vi.fn();
    renderRows([courseFile({})], onShare);
    const user = userEvent.setup();
    await user.click(screen.getByTestId('file-menu'));
    const share = await screen.findByTestId('file-menu-share');
    expect(share.textContent).toBe('Share course');
    await user.click(share);
    expect(onShare).toHaveBeenCalledTimes(1);
  });

  it('has no Share without a course to share', async () => {
    renderRows([courseFile({})]);
    await userEvent.setup().click(screen.getByTestId('file-menu'));
    await screen.findByRole('menuitem', { name: 'Rename' });
    expect(screen.queryByTestId('file-menu-share')).toBeNull();
  });
});
