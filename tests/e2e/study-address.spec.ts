import type { Page } from '@playwright/test';
import { expect, navigate, test } from './fixtures';
import { studentWithStudyFile, tracePaper, trpcQuery, uploadStudyFile, waitForArtefacts } from './study-fixtures';

/**
 * Issue 22, links and places: a student's own file is in the address of every study tab (`?id=`), so a page can be
 * bookmarked, sent or gone back to, and it shows that file — not whichever file happens to be open.
 */

const activeFileId = async (page: Page) => (await trpcQuery<{ id: string } | null>(page, 'file.getActiveFile', undefined))?.id;
const addressId = (page: Page) => new URL(page.url()).searchParams.get('id');
/** The file the tab shows: named in the header's breadcrumbs on a computer, in the summary's own title on a phone. */
async function expectFile(page: Page, isMobile: boolean, name: string) {
  if (!isMobile) await expect(page.getByTestId('header-breadcrumbs')).toContainText(name);
  else await expect(page.getByTestId('summary-page').first()).toContainText(name.replace(/\.pdf$/, ''));
}

test('the study tabs carry the open file in the address; a bookmarked address opens its file @mobile', async ({ page, consoleErrors, isMobile }, testInfo) => {
  test.slow();
  const first = await studentWithStudyFile(page, { waitFor: ['summary'], timeout: 90_000 });
  const second = await uploadStudyFile(page, { courseName: 'Databases', file: await tracePaper('second-paper.pdf') });
  await waitForArtefacts(page, second.fileId, ['summary'], 90_000);

  // A study tab opened without a file in its address gets the open file's, in place (no extra history entry).
  await navigate(page, '/summary');
  await expect.poll(() => addressId(page)).toBe(first.fileId);
  await expectFile(page, isMobile, 'trace-trees.pdf');
  // Every tab carries it (the header's tabs on a computer, the bottom bar's on a phone).
  await page.getByTestId(isMobile ? 'bottom-tab-learn' : 'header-tab-learn').click();
  await expect(page).toHaveURL(/\/learn\?/);
  expect(addressId(page)).toBe(first.fileId);

  // Choosing the other file on the dashboard puts it into the address.
  await navigate(page, '/dashboard');
  await page.getByTestId('dashboard-file').filter({ hasText: 'second-paper.pdf' }).getByRole('button').first().click();
  await expect(page).toHaveURL(/\/summary\?/);
  expect(addressId(page)).toBe(second.fileId);
  await expectFile(page, isMobile, 'second-paper.pdf');
  await expect(page.getByTestId('summary-page').first()).toBeVisible();

  // A bookmark of the first file's summary shows the first file (it is opened), though the second was open.
  await navigate(page, `/summary?id=${first.fileId}`);
  await expectFile(page, isMobile, 'trace-trees.pdf');
  await expect(page.getByTestId('summary-page').first()).toBeVisible();
  await expect.poll(() => activeFileId(page)).toBe(first.fileId);
  expect(addressId(page)).toBe(first.fileId);

  // Back to the second file's address: the second file again.
  await page.goBack();
  await expect.poll(() => addressId(page)).toBe(second.fileId);
  await expectFile(page, isMobile, 'second-paper.pdf');
  await expect.poll(() => activeFileId(page)).toBe(second.fileId);

  // An address with a file that is not the student's (or no longer exists) says so, and shows no other file's summary.
  consoleErrors.allow(/Failed to load resource: the server responded with a status of 404/);
  await page.goto('/summary?id=00000000-0000-4000-8000-000000000000');
  await expect(page.getByTestId('study-file-unavailable')).toBeVisible();
  await expect(page.getByTestId('study-file-unavailable')).toContainText('This file isn’t available');
  await expect(page.getByTestId('summary-page')).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('file-unavailable.png') });
  expect(await activeFileId(page)).toBe(second.fileId);
});
