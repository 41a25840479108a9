import { lectureWithScans } from '../../src/server/test/documents';
import { expect, navigate, signUp, test } from './fixtures';
import { openFile, uploadStudyFile } from './study-fixtures';

/**
 * Issue 21: the summary of a long file appears section by section. A lecture of three typed pages and three scanned
 * ones is uploaded; while OCR reads the scans, the Summary tab shows the typed pages' sections with how far reading has
 * come, and the finished summary takes their place.
 */
test('while a long file is read, the summary tab shows the sections read so far, then the finished summary', async ({ page }) => {
  // OCR takes seconds a page alone, several times that while the other browser tests keep both cores busy.
  test.setTimeout(300_000);
  await signUp(page);
  const buffer = Buffer.from(await lectureWithScans(['handout-p1.jpg', 'handout-p2.jpg', 'handout-p3.jpg']));
  const { fileId } = await uploadStudyFile(page, { courseName: 'Biology', file: { name: 'Cell biology.pdf', mimeType: 'application/pdf', buffer } });
  await openFile(page, fileId);
  await navigate(page, '/summary');

  const draft = page.getByTestId('summary-draft');
  await expect(draft).toBeVisible({ timeout: 120_000 });
  await expect(page.getByTestId('summary-draft-progress')).toHaveText('Summarising while the file is read: pages 1–3 of 6 so far');
  await expect(draft.getByTestId('summary-draft-section').first()).toBeVisible();
  await expect(draft.getByTestId('summary-point').first()).toBeVisible();
  await expect(page.getByTestId('summary-draft-rest')).toContainText('3 more pages are still being read.');
  await page.screenshot({ path: test.info().outputPath('summary-draft.png'), fullPage: true });

  await expect(page.getByTestId('summary-page')).toBeVisible({ timeout: 240_000 });
  await expect(draft).toBeHidden();
  await expect(page.getByTestId('summary-section').first()).toBeVisible();
});
