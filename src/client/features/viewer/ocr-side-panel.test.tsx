// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../lib/i18n';
import { OcrSidePanel, type OcrPages } from './ocr-side-panel';
import type { OcrPage } from './ocr-text';

/** A scanned PDF beside a page of its own text: page 1 has a text layer, 2 and 4 were read by OCR, 3 could not be. */
const PAGES: OcrPage[] = [
  { pageNumber: 1, heading: 'Contents', text: 'Contents\n\n1 Cells', ocrConfidence: null },
  { pageNumber: 2, heading: null, text: 'The cel1 membrane is semi-permeab1e.', ocrConfidence: 41.6 },
  { pageNumber: 4, heading: null, text: 'Mitochondria make ATP.', ocrConfidence: 93 },
];

function ocrOf(overrides: Partial<OcrPages> = {}): OcrPages {
  return { status: 'success', pages: new Map(PAGES.map((page) => [page.pageNumber, page])), truncated: false, refetch: vi.fn(), ...overrides };
}

function renderPanel(pageNumber: number, ocr: OcrPages = ocrOf(), onClose = vi.fn()) {
  render(
    <I18nextProvider i18n={i18n}>
      <OcrSidePanel pageNumber={pageNumber} ocr={ocr} unreadable={pageNumber === 3} onClose={onClose} />
    </I18nextProvider>,
  );
  return screen.getByTestId('viewer-ocr-panel');
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
});
afterEach(cleanup);

describe('the recognised text beside a scanned PDF', () => {
  it('shows the text of the page being read, marked when it was read with low confidence', () => {
    const panel = renderPanel(2);
    expect(screen.getByRole('complementary', { name: 'Recognised text Page 2' })).toBe(panel);
    expect(screen.getByTestId('viewer-ocr-low-confidence').textContent).toBe(
      'Read with low confidence (42\u00a0%). Check the text against the page image.',
    );
    expect(screen.getByText('The cel1 membrane is semi-permeab1e.')).toBeTruthy();
    expect(screen.getByTestId('viewer-ocr-copy')).toBeTruthy();
  });

  it('reads a well-read page without a warning', () => {
    renderPanel(4);
    expect(screen.queryByTestId('viewer-ocr-low-confidence')).toBeNull();
    expect(screen.getByTestId('viewer-ocr-confidence').textContent).toBe('93\u00a0% confidence');
  });

  it('says a page could not be read, and points to the page itself for a page with its own text', () => {
    renderPanel(3);
    expect(screen.getByTestId('viewer-ocr-unreadable').textContent).toBe('This page could not be read.');
    expect(screen.queryByTestId('viewer-ocr-copy')).toBeNull();
    cleanup();
    renderPanel(1);
    expect(screen.getByTestId('viewer-ocr-own-text').textContent).toBe('This page has a text layer of its own: select its text right on the page.');
  });

  it('says when a page lies past the text the server sent, and closes', async () => {
    const onClose = vi.fn();
    renderPanel(9, ocrOf({ truncated: true }), onClose);
    expect(screen.getByText("The recognised text of this page is not shown here: the file's text is too long.")).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Hide the recognised text' }));
    expect(onClose).toHaveBeenCalledOnce();
  });
});
