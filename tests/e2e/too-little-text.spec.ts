import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, navigate, signUp, test } from './fixtures';
import { openFile, trpcQuery, uploadStudyFile } from './study-fixtures';

/**
 * Issue 22, words: a file with only a few lines of running text (a title slide, a scan's caption) cannot give study
 * material. The dashboard marks it, and each study tab says so once with what to do — no failure with a Retry that
 * would only fail again.
 */
test('a file with too little text is marked on the dashboard and explained once on its tabs @mobile', async ({ page }, testInfo) => {
  await signUp(page);
  const note = ['Cell biology', 'Mitosis.', 'Meiosis.'].join('\n');
  const { fileId } = await uploadStudyFile(page, {
    courseName: 'Biology',
    file: { name: 'Title slide.txt', mimeType: 'text/plain', buffer: Buffer.from(note) },
  });
  await expect
    .poll(async () => (await trpcQuery<{ artefacts: { summary?: { status: string | null } } }>(page, 'file.getProcessingStatus', { fileId })).artefacts.summary?.status, {
      timeout: 30_000,
    })
    .toBe('failed');

  await navigate(page, '/dashboard');
  const row = page.getByTestId('dashboard-file').filter({ hasText: 'Title slide.txt' });
  await expect(row.getByTestId('file-too-little-text')).toHaveText('Too little text to study: upload a longer document on the topic.');
  await page.screenshot({ path: testInfo.outputPath('dashboard-too-little-text.png') });

  await openFile(page, fileId);
  for (const tab of ['/summary', '/learn', '/mindmap']) {
    await navigate(page, tab);
    const panel = page.getByTestId('study-too-little-text');
    await expect(panel).toBeVisible();
    await expect(panel).toContainText('Too little text to study');
    await expect(page.getByRole('button', { name: /retry|try again/i })).toHaveCount(0);
  }
  await page.screenshot({ path: testInfo.outputPath('tab-too-little-text.png') });
});

test('a file no card can be made from opens the Flashcards tab with the own decks and one notice', async ({ page }, testInfo) => {
  await signUp(page);
  const buffer = readFileSync(path.join(process.cwd(), 'eval/documents/clinical-statistics-extra-topics-en.docx'));
  const { fileId } = await uploadStudyFile(page, {
    courseName: 'Statistics',
    file: { name: 'Extra topics.docx', mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', buffer },
  });
  await expect
    .poll(async () => (await trpcQuery<{ artefacts: { flashcards?: { status: string | null; errorKey?: string | null } } }>(page, 'file.getProcessingStatus', { fileId })).artefacts.flashcards, {
      timeout: 60_000,
    })
    .toMatchObject({ status: 'failed', errorKey: 'noFlashcards' });
  await openFile(page, fileId);
  await navigate(page, '/decks');
  await expect(page.getByTestId('study-no-generated-cards')).toContainText('No cards could be made from this file');
  await expect(page.getByTestId('study-artefact-failed')).toHaveCount(0);
  // No card yet: not "all caught up".
  await expect(page.getByTestId('decks-summary')).toHaveText('No cards yet. Add the cards you want to learn.');
  await expect(page.getByRole('button', { name: /^retry$/i })).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('decks-no-generated-cards.png') });
});
