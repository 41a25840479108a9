import type { Locator, Page, TestInfo } from '@playwright/test';
import { docxWithParagraphs } from '../../src/server/test/documents';
import { expect, navigate, test } from './fixtures';
import { inBothColourSchemes, studentWithStudyFile, tracePaper, waitForArtefacts } from './study-fixtures';

/**
 * Issue 22: the viewer marks the cited passage, not only the page — opened from a summary point on a PDF (the test
 * paper, drawn by pdf.js, the mark over its text layer) and on a DOCX (the text view, a <mark>), and from a chat
 * citation with its exact quote. The mark is on the page asked for, in view, and holds words of the passage.
 */

/** Content words (five letters or more, lower case) of a text: enough to tell the marked sentence is the right one. */
const wordsOf = (text: string) => new Set((text.toLowerCase().match(/\p{L}{5,}/gu) ?? []).map((word) => word.slice(0, 5)));

/** The words of the mark on page `pageNumber` of the open viewer, checked to be there, in view and on that page. */
async function expectMarkedOn(viewer: Locator, pageNumber: number, passage: string): Promise<void> {
  const marks = viewer.locator(`[data-page-slot="${pageNumber}"] [data-testid="viewer-passage"]`);
  await expect(marks.first()).toBeVisible({ timeout: 15_000 });
  await expect(marks.first()).toBeInViewport();
  // No mark anywhere else.
  await expect(viewer.getByTestId('viewer-passage')).toHaveCount(await marks.count());
  await expect(marks.first()).toContainText(/Cited passage:/);
  const marked = wordsOf((await marks.allTextContents()).join(' ').replace('Cited passage:', ''));
  const shared = [...wordsOf(passage)].filter((word) => marked.has(word));
  expect(shared.length, `marked: ${[...marked].join(' ')}; passage: ${passage}`).toBeGreaterThanOrEqual(2);
}

async function shoot(page: Page, testInfo: TestInfo, name: string) {
  const device = testInfo.project.name === 'mobile' ? 'phone' : 'desktop';
  await page.screenshot({ path: testInfo.outputPath(`${name}-${device}.png`) });
}

/** The first summary point citing a page other than 1, its text and page, once the summary is shown. */
async function pointBeyondFirstPage(page: Page): Promise<{ link: Locator; text: string; pageNumber: number }> {
  await navigate(page, '/summary');
  await expect(page.getByTestId('summary-page')).toBeVisible({ timeout: 15_000 });
  const point = page.getByTestId('summary-point').filter({ has: page.locator('[data-testid="summary-page-link"]:not([data-page="1"])') }).first();
  const link = point.getByTestId('summary-page-link');
  const pageNumber = Number(await link.getAttribute('data-page'));
  const text = (await point.textContent()) ?? '';
  await link.scrollIntoViewIfNeeded();
  await expect(page.getByTestId('loading-overlay')).toBeHidden();
  return { link, text, pageNumber };
}

test('a summary point opens the PDF at its page with its sentence marked @mobile', async ({ page }, testInfo) => {
  test.slow();
  const { fileId } = await studentWithStudyFile(page, { file: await tracePaper('Trace Trees.pdf'), waitFor: 'file' });
  await waitForArtefacts(page, fileId, ['summary']);
  const point = await pointBeyondFirstPage(page);
  expect(point.pageNumber).toBeGreaterThan(1);
  await point.link.click();

  const viewer = page.getByRole('dialog', { name: 'Trace Trees.pdf' });
  await expect(viewer.getByTestId('viewer-page-status')).toHaveText(`Page ${point.pageNumber} of 14`, { timeout: 15_000 });
  await expect(viewer.locator(`[data-page-slot="${point.pageNumber}"]`)).toHaveAttribute('data-rendered', 'true', { timeout: 15_000 });
  await expectMarkedOn(viewer, point.pageNumber, point.text);
  // Brought into view on its page: the page shown is still the one cited.
  await expect(viewer.getByTestId('viewer-page-status')).toHaveText(`Page ${point.pageNumber} of 14`);
  // The marks lie over the drawn words: inside the page, with some size.
  const box = await viewer.getByTestId('viewer-passage').first().boundingBox();
  expect(box?.height ?? 0).toBeGreaterThan(4);
  await shoot(page, testInfo, 'pdf-point-marked');

  // Zooming draws the page again: the mark stays.
  await viewer.getByTestId('viewer-zoom-in').click();
  await expectMarkedOn(viewer, point.pageNumber, point.text);
});

test('a summary point opens a DOCX in the text view with its sentence marked @mobile', async ({ page }, testInfo) => {
  test.slow();
  const filler = (topic: string, index: number) =>
    `Paragraph ${index} on ${topic} describes the general background of the chapter before the details follow below.`;
  const paragraphs = [
    'Cell biology',
    ...Array.from({ length: 14 }, (_, index) => filler('cells', index + 1)),
    'Osmosis moves water through a semi-permeable membrane from a dilute solution to a concentrated one.',
    'Active transport uses energy from ATP to pump ions against their concentration gradient.',
    'Diffusion spreads molecules from regions of high concentration to regions of low concentration.',
    ...Array.from({ length: 10 }, (_, index) => filler('membranes', index + 15)),
  ];
  const file = { name: 'Membranes.docx', mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', buffer: Buffer.from(await docxWithParagraphs(paragraphs)) };
  const { fileId } = await studentWithStudyFile(page, { file, waitFor: 'file' });
  await waitForArtefacts(page, fileId, ['summary']);
  await navigate(page, '/summary');
  await expect(page.getByTestId('summary-page')).toBeVisible({ timeout: 15_000 });
  const point = page.getByTestId('summary-point').filter({ hasText: /osmosis|active transport|diffusion/i }).first();
  const link = point.getByTestId('summary-page-link');
  const pageNumber = Number(await link.getAttribute('data-page'));
  const text = (await point.textContent()) ?? '';
  await link.scrollIntoViewIfNeeded();
  await link.click();

  const viewer = page.getByRole('dialog', { name: 'Membranes.docx' });
  await expect(viewer.getByTestId('viewer-text')).toBeVisible({ timeout: 15_000 });
  await expectMarkedOn(viewer, pageNumber, text);
  await expect(viewer.locator('mark[data-testid="viewer-passage"]').first()).toBeVisible();
  await inBothColourSchemes(page, testInfo, async (suffix) => {
    await page.waitForTimeout(300);
    await page.screenshot({ path: testInfo.outputPath(`docx-point-marked-${suffix}.png`) });
  });
});

test('a chat citation opens the PDF with its quote marked', async ({ page }, testInfo) => {
  test.slow();
  await studentWithStudyFile(page, { waitFor: ['chunks', 'summary'], timeout: 60_000 });
  await navigate(page, '/chat');
  await page.getByTestId('chat-starter').first().click();
  const answer = page.getByTestId('chat-answer').first();
  await expect(answer).toHaveAttribute('data-status', 'complete', { timeout: 45_000 });
  const chip = answer.getByTestId('chat-citation').first();
  const cited = Number(await chip.getAttribute('data-page'));
  // The chip's tooltip shows the quote it carries.
  await chip.hover();
  const quote = (await page.getByRole('tooltip').first().textContent()) ?? '';
  expect(quote.length).toBeGreaterThan(10);
  await chip.click();

  const viewer = page.getByRole('dialog', { name: 'trace-trees.pdf' });
  await expect(viewer.getByTestId('viewer-page-status')).toHaveText(`Page ${cited} of 14`, { timeout: 15_000 });
  await expectMarkedOn(viewer, cited, quote);
  await expect(viewer.getByTestId('viewer-page-status')).toHaveText(`Page ${cited} of 14`);
  await shoot(page, testInfo, 'pdf-quote-marked');
});

test('a card and a lesson challenge open the PDF with their source sentence marked @mobile', async ({ page }, testInfo) => {
  test.slow();
  const { fileId } = await studentWithStudyFile(page, { waitFor: ['flashcards', 'learn_path'], timeout: 90_000 });
  expect(fileId).not.toBe('');

  // A card, turned over: its source page opens with the sentence it was made from marked.
  await navigate(page, '/decks');
  await page.locator('[data-testid="deck"][data-generated="true"]').getByTestId('deck-study').click();
  await expect(page.getByTestId('study-session')).toBeVisible();
  const front = (await page.getByTestId('flashcard-front').textContent()) ?? '';
  await page.getByTestId('flashcard').click();
  const back = (await page.getByTestId('flashcard-back').textContent()) ?? '';
  const source = page.getByTestId('flashcard-source');
  const cardPage = Number(((await source.textContent()) ?? '').replace(/\D+/g, ''));
  await source.click();
  const viewer = page.getByRole('dialog', { name: 'trace-trees.pdf' });
  await expect(viewer.getByTestId('viewer-page-status')).toHaveText(`Page ${cardPage} of 14`, { timeout: 15_000 });
  await expectMarkedOn(viewer, cardPage, `${front} ${back}`);
  await shoot(page, testInfo, 'pdf-card-marked');
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();

  // A challenge skipped: the feedback's source page opens with the challenge's sentence marked.
  await navigate(page, '/learn');
  await page.locator('[data-testid="learn-lesson"][data-state="current"]').click();
  await expect(page.getByTestId('lesson-player')).toBeVisible();
  const question = await page.getByTestId('challenge-question').innerText();
  await page.getByTestId('lesson-skip').click();
  const explanation = (await page.getByTestId('lesson-explanation').textContent()) ?? '';
  const lessonSource = page.getByTestId('lesson-source');
  const challengePage = Number(((await lessonSource.textContent()) ?? '').replace(/\D+/g, ''));
  await lessonSource.click();
  const lessonViewer = page.getByRole('dialog', { name: 'trace-trees.pdf' });
  await expect(lessonViewer.getByTestId('viewer-page-status')).toHaveText(`Page ${challengePage} of 14`, { timeout: 15_000 });
  await expectMarkedOn(lessonViewer, challengePage, `${question} ${explanation}`);
  await shoot(page, testInfo, 'pdf-challenge-marked');
});
