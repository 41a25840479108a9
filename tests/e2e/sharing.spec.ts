import type { Page, TestInfo } from '@playwright/test';
import { expect, navigate, signUp, test, waitForApp } from './fixtures';
import { inBothColourSchemes, openFile, uploadStudyFile, waitForArtefacts } from './study-fixtures';

/**
 * Shared courses (issue 8) walked by two students: the owner shares a course by its link, a second student joins
 * it from the link and studies its summary in the shared context, then the owner makes the course private and the
 * second student's access ends with a plain message. Screenshots of the dialog, the link page and /courses are taken
 * on the way (light and dark, desktop and phone widths).
 */
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

async function screenshots(page: Page, testInfo: TestInfo, name: string, sizes = [DESKTOP, PHONE]) {
  for (const size of sizes) {
    await page.setViewportSize(size);
    await inBothColourSchemes(page, testInfo, async (suffix) => {
      const device = size.width < 500 ? 'phone' : 'desktop';
      // Let the colours' transitions finish before the picture.
      await page.waitForTimeout(400);
      await page.screenshot({ path: testInfo.outputPath(`${name}-${suffix.replace(/^desktop|^phone/, device)}.png`) });
    });
  }
  await page.setViewportSize(DESKTOP);
}

test('a course shared by link is joined, studied read-only, and closed by making it private', async ({ page, browser, consoleErrors }, testInfo) => {
  test.setTimeout(180_000);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);

  // The owner uploads the paper and opens Share: the course gets a public space and its link is copied.
  await signUp(page);
  const { fileId } = await uploadStudyFile(page, { courseName: 'Compilers' });
  await waitForArtefacts(page, fileId, ['summary'], 90_000);
  await openFile(page, fileId);
  await navigate(page, '/summary');
  await page.getByTestId('header-share').click();
  await expect(page.getByText('Share link copied to clipboard!')).toBeVisible();
  const dialog = page.getByTestId('share-dialog');
  await expect(dialog).toBeVisible();
  const link = await dialog.getByTestId('share-link').inputValue();
  expect(link).toMatch(/\/space\/[0-9a-f-]{36}$/);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  await dialog.getByTestId('share-tab-details').click();
  await expect(dialog.getByTestId('details-description')).not.toHaveValue('', { timeout: 15_000 });
  await expect(dialog.getByTestId('details-regenerate')).toBeEnabled({ timeout: 15_000 });
  // The header (and its Share button) is for wider screens; the dialog on a phone is shot from the link page below.
  await screenshots(page, testInfo, 'share-details', [DESKTOP]);
  await dialog.getByTestId('share-tab-settings').click();
  await screenshots(page, testInfo, 'share-settings', [DESKTOP]);
  await dialog.getByTestId('share-tab-content').click();
  await screenshots(page, testInfo, 'share-content', [DESKTOP]);
  await page.keyboard.press('Escape');

  // A second student signs up in a browser of their own, opens the link and joins.
  const memberContext = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
  const member = await memberContext.newPage();
  consoleErrors.watch(member);
  await signUp(member);
  await navigate(member, '/courses');
  await expect(member.getByTestId('course-card').filter({ hasText: 'Compilers' })).toBeVisible();
  await screenshots(member, testInfo, 'courses');
  await navigate(member, new URL(link).pathname);
  await expect(member.getByTestId('space-name')).toHaveText('Compilers');
  await screenshots(member, testInfo, 'space-landing');
  await member.getByTestId('space-join').click();
  await member.waitForURL(/\/summary\?uuid=[0-9a-f-]{36}&id=/);
  await waitForApp(member);
  await expect(member.getByTestId('header-shared-name')).toHaveText('Shared: Compilers');
  await expect(member.getByTestId('header-shared-access')).toHaveText('Read only');
  await expect(member.getByTestId('summary-page')).toBeVisible({ timeout: 15_000 });
  await expect(member.getByTestId('shared-course').filter({ hasText: 'Compilers' })).toBeVisible();
  await screenshots(member, testInfo, 'shared-summary', [DESKTOP]);
  const studyUrl = member.url();

  // The owner's link page offers the same dialog, on a phone as well.
  await navigate(page, new URL(link).pathname);
  await page.setViewportSize(PHONE);
  await page.getByTestId('space-manage').click();
  await expect(dialog.getByTestId('member-row')).toHaveCount(1);
  await screenshots(page, testInfo, 'share-settings', [PHONE]);
  await page.keyboard.press('Escape');
  await page.setViewportSize(DESKTOP);

  // The owner makes the course private: a member joined by the link, so 'MAKE PRIVATE' must be typed.
  await navigate(page, '/summary');
  await page.getByTestId('header-share').click();
  await expect(dialog.getByTestId('member-row')).toHaveCount(1);
  await dialog.getByTestId('share-visibility-toggle').click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm.getByRole('button', { name: 'Make Private' })).toBeDisabled();
  await confirm.getByRole('textbox').fill('MAKE PRIVATE');
  await confirm.getByRole('button', { name: 'Make Private' }).click();
  await expect(page.getByText('Sharing settings updated successfully!')).toBeVisible();
  await expect(dialog.getByTestId('share-visibility')).toHaveText('Private');

  // The second student's access has ended: the study tab and the link both say so plainly.
  consoleErrors.allow(/status of 404/);
  await member.goto(studyUrl);
  await expect(member.getByTestId('study-shared-unavailable')).toContainText('This course isn’t available');
  await navigate(member, new URL(link).pathname);
  await expect(member.getByTestId('space-not-found')).toContainText('This course isn’t available');
  await memberContext.close();
});
