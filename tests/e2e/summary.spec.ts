import type { Page, TestInfo } from '@playwright/test';
import { pdfWithPages } from '../../src/server/test/documents';
import { expect, navigate, test } from './fixtures';
import { inBothColourSchemes, studentWithStudyFile, tracePaper, trpcQuery, waitForArtefacts } from './study-fixtures';

/**
 * The Summary tab on real uploads: a 14-page paper (the test paper, trace-trees.pdf) is uploaded through POST /api/files and
 * summarised by the local study engine; the student reads the sections and key terms, opens a cited page in the
 * viewer, uses the contents, copies the summary and prints it. A document whose headings carry <script>, <img onerror>
 * and markdown shows them as text. Screenshots (light and dark, desktop and phone) go to each test's output folder.
 */

/** Light and dark screenshots of the screen and of the key terms, named after the project (desktop, phone). */
async function screenshots(page: Page, testInfo: TestInfo, name: string) {
  await inBothColourSchemes(page, testInfo, async (suffix) => {
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: testInfo.outputPath(`${name}-${suffix}.png`) });
    await page.getByTestId('summary-key-terms').screenshot({ path: testInfo.outputPath(`${name}-key-terms-${suffix}.png`) });
  });
  await page.evaluate(() => window.scrollTo(0, 0));
}

test('a student reads the summary of an uploaded paper, opens a cited page, copies and prints it @mobile', async ({ page, context }, testInfo) => {
  test.slow();
  const phone = testInfo.project.name === 'mobile';
  if (!phone) await page.setViewportSize({ width: 1280, height: 800 });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const { fileId } = await studentWithStudyFile(page, { file: await tracePaper('Trace Trees.pdf'), waitFor: 'file' });
  await waitForArtefacts(page, fileId, ['summary']);
  const stored = await trpcQuery<{ markdown: string; sections: Array<{ heading: string }>; keyTerms: unknown[] }>(page, 'summary.get', { fileId });

  await navigate(page, '/summary');
  const summary = page.getByTestId('summary-page');
  await expect(summary).toBeVisible({ timeout: 15_000 });
  await expect(page).toHaveTitle('Summary · StudyPath');
  await expect(page.getByTestId('summary-file-name')).toHaveText('Trace Trees.pdf');
  await expect(page.getByRole('heading', { level: 1 })).not.toBeEmpty();
  await expect(page.getByTestId('summary-overview')).toBeVisible();

  // Every stored section and key term is on the page, in order.
  const sections = page.getByTestId('summary-section');
  await expect(sections).toHaveCount(stored.sections.length);
  expect(stored.sections.length).toBeGreaterThan(1);
  await expect(page.getByTestId('summary-section-heading').first()).toBeVisible();
  await expect(page.getByTestId('summary-term')).toHaveCount(stored.keyTerms.length);
  expect(stored.keyTerms.length).toBeGreaterThan(0);
  await screenshots(page, testInfo, 'summary');

  // The contents: beside the summary on a wide screen, folded above it on a phone; choosing scrolls to the section.
  const last = sections.last();
  if (phone) {
    await expect(page.getByTestId('summary-toc')).toBeHidden();
    await page.getByTestId('summary-toc-toggle').click();
    await page.getByTestId('summary-toc-collapsible').screenshot({ path: testInfo.outputPath('contents-phone.png') });
    // Entries: the overview, each section, the key terms.
    await page.getByTestId('summary-toc-collapsible').getByTestId('summary-toc-entry').nth(stored.sections.length).click();
    await expect(page.getByTestId('summary-toc-toggle')).toHaveAttribute('aria-expanded', 'false');
  } else {
    const contents = page.getByTestId('summary-toc');
    await expect(contents.getByTestId('summary-toc-entry')).toHaveCount(stored.sections.length + 2);
    const lastEntry = contents.getByTestId('summary-toc-entry').nth(stored.sections.length);
    await lastEntry.click();
    await expect(lastEntry).toHaveAttribute('aria-current', 'location');
    // Still in view after scrolling: sticky.
    await expect(contents).toBeInViewport();
  }
  await expect(last.getByTestId('summary-section-heading')).toBeInViewport();

  // A point cites its page; the viewer opens there.
  const cited = page.locator('[data-testid="summary-page-link"]:not([data-page="1"])').first();
  const citedPage = Number(await cited.getAttribute('data-page'));
  expect(citedPage).toBeGreaterThan(1);
  await cited.scrollIntoViewIfNeeded();
  await expect(page.getByTestId('loading-overlay')).toBeHidden();
  await cited.click();
  const viewer = page.getByRole('dialog', { name: 'Trace Trees.pdf' });
  await expect(viewer).toBeVisible();
  await expect(viewer.getByTestId('viewer-page-status')).toHaveText(`Page ${citedPage} of 14`, { timeout: 15_000 });
  await expect(viewer.locator(`[data-page-slot="${citedPage}"]`)).toHaveAttribute('data-rendered', 'true', { timeout: 15_000 });
  await page.screenshot({ path: testInfo.outputPath(`viewer-at-page-${phone ? 'phone' : 'desktop'}.png`) });
  await viewer.getByTestId('viewer-close').click();
  await expect(viewer).toBeHidden();

  // Copy hands out the summary's markdown.
  await page.getByTestId('summary-copy').click();
  await expect(page.getByText('Summary copied as Markdown')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(stored.markdown);

  // Print / Save as PDF opens the browser's dialog; the print stylesheet leaves only the summary.
  await page.evaluate(() => {
    const calls: string[] = [];
    (window as unknown as { printCalls: string[] }).printCalls = calls;
    window.print = () => calls.push(document.title);
  });
  await page.getByTestId('summary-print').click();
  expect(await page.evaluate(() => (window as unknown as { printCalls: string[] }).printCalls)).toHaveLength(1);
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('[data-summary-print]')).toBeVisible();
  for (const hidden of [page.getByTestId('summary-copy'), page.getByTestId('summary-toc-collapsible'), page.locator('header').first()]) {
    await expect(hidden).toBeHidden();
  }
  if (!phone) await expect(page.getByTestId('sidebar')).toBeHidden();
  await page.screenshot({ path: testInfo.outputPath(`print-${phone ? 'phone' : 'desktop'}.png`), fullPage: true });
  await page.emulateMedia({ media: 'screen' });
  await expect(page.getByTestId('summary-copy')).toBeVisible();

  // Regenerate asks first, shows the summary being made again, then the new one.
  await page.getByTestId('summary-regenerate').click();
  const confirm = page.getByRole('alertdialog', { name: 'Make a new summary?' });
  // The local engine makes a summary in well under a second: the "being made" state may last a frame or two, so it is
  // watched for from before the click rather than looked for after the toast.
  const generating = page.getByTestId('study-generating').waitFor({ state: 'attached', timeout: 15_000 });
  await confirm.getByRole('button', { name: 'Make a new summary' }).click();
  await expect(page.getByText('A new summary is being made.')).toBeVisible();
  await generating;
  await expect(page.getByTestId('summary-page')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('summary-section')).toHaveCount(stored.sections.length);
});

test('markup in a document shows as text on the summary, and nothing in it runs', async ({ page }, testInfo) => {
  test.slow();
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  // Every request the page makes: an <img> from the document would fetch its source.
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  const pdf = await pdfWithPages([
    [
      { text: '<script>alert("xss")</script> **Web** Security', size: 22 },
      { text: 'A cross-site scripting attack hides a script element inside text that a page shows to its visitors.' },
      { text: 'The attacker writes an image tag with an error handler into a comment so that the browser runs code.' },
      { text: 'A safe page shows **markup as plain text** and never runs the code inside it.' },
      { text: 'Escaping is the process that turns special characters into harmless text.' },
      { text: 'Sanitisers remove dangerous attributes from untrusted markup before it reaches the page.' },
    ],
    [
      { text: '<img src=x onerror=alert(1)> Defences', size: 22 },
      { text: 'A content security policy is a header that tells the browser which scripts may run.' },
      { text: 'Input validation is the check that rejects unexpected characters before they are stored.' },
      { text: 'Output encoding is the step that converts special characters into entities before they are shown.' },
      { text: 'A browser treats text as code only when the page inserts it as markup.' },
    ],
  ]);
  const file = { name: 'Web Security.pdf', mimeType: 'application/pdf', buffer: Buffer.from(pdf) };
  const { fileId } = await studentWithStudyFile(page, { file, waitFor: 'file' });

  // Straight to the tab while the summary is still being made: it appears once it is ready.
  await navigate(page, '/summary');
  await expect(page.getByTestId('summary-page')).toBeVisible({ timeout: 30_000 });
  await waitForArtefacts(page, fileId, ['summary']);

  await expect(page.getByTestId('summary-title')).toHaveText('<script>alert("xss")</script> Web Security');
  await expect(page.getByTestId('summary-title').locator('strong')).toHaveText('Web');
  const headings = page.getByTestId('summary-section-heading');
  await expect(headings.filter({ hasText: '<img src=x onerror=alert(1)> Defences' })).toHaveCount(1);
  await expect(page.getByTestId('summary-overview')).toContainText('<script>alert("xss")</script>');
  // Markdown reads as markdown: bold words, nothing more.
  await expect(page.getByTestId('summary-section').locator('strong').filter({ hasText: 'markup as plain text' })).toHaveCount(1);

  const article = page.locator('[data-summary-print]');
  for (const selector of ['script', 'img', '[onerror]', 'iframe']) await expect(article.locator(selector)).toHaveCount(0);
  await page.waitForTimeout(500);
  expect(dialogs).toEqual([]);
  expect(requests.filter((url) => /\/x$|\/x\?/.test(url))).toEqual([]);
  await page.screenshot({ path: testInfo.outputPath('summary-markup-as-text.png'), fullPage: true });
});
