import type { Page } from '@playwright/test';
import { docxWithParagraphs, pdfWithPages } from '../../src/server/test/documents';
import { expect, navigate, signUp, test } from './fixtures';
import { trpcMutation } from './study-fixtures';

/**
 * The upload walk: the upload page of a course, per-file progress, files becoming Ready on the dashboard, the
 * server refusing a disguised executable, the Free plan's one file per upload with its Upgrade button, and a PDF
 * without text that ends failed with its reason, Retry and Delete.
 */

interface UploadFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

async function createCourse(page: Page, name: string): Promise<string> {
  await page.getByTestId('dashboard-empty-create').click();
  await page.getByTestId('create-course-name').fill(name);
  await page.getByTestId('create-course-submit').click();
  await expect(page.getByTestId('dashboard-course-name')).toHaveText(name);
  const headingId = await page.getByTestId('dashboard-course-name').getAttribute('id');
  return headingId?.replace('course-', '') ?? '';
}

/** Signs up, creates a course and opens its upload page from the course card's Upload button. */
async function openUploadPage(page: Page, courseName: string): Promise<string> {
  await signUp(page);
  const courseId = await createCourse(page, courseName);
  await page.getByTestId('course-upload').click();
  await page.waitForURL(`**/dashboard/upload?directoryId=${courseId}`);
  await expect(page.getByTestId('upload-course-name')).toHaveText(courseName);
  return courseId;
}

async function textPdf(name: string, pages: string[][]): Promise<UploadFile> {
  const bytes = await pdfWithPages(pages.map((lines) => lines.map((text) => ({ text }))));
  return { name, mimeType: 'application/pdf', buffer: Buffer.from(bytes) };
}

/** Enough pages of text that, with the upload throttled, the progress bar has time to be seen moving. */
function lecturePages(topic: string, count: number): string[][] {
  return Array.from({ length: count }, (_, page) =>
    Array.from({ length: 40 }, (_, line) => `${topic}, page ${page + 1}, line ${line + 1}: cells divide by mitosis and meiosis.`),
  );
}

async function choose(page: Page, files: UploadFile[]) {
  await page.getByTestId('upload-input').setInputFiles(files);
}

test('a student uploads two files, watches each upload finish and sees them ready on the dashboard @mobile', async ({ page }) => {
  await openUploadPage(page, 'Cell Biology');
  const pdf = await textPdf('Mitosis.pdf', lecturePages('Mitosis', 30));
  const docx = {
    name: 'Meiosis notes.docx',
    mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    buffer: Buffer.from(await docxWithParagraphs(['Meiosis', 'Meiosis makes four cells with half the chromosomes.'])),
  };

  // A slow line, so that the upload is seen in progress rather than done at once.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 40 * 1024 });

  await choose(page, [pdf]);
  await expect(page.getByTestId('upload-file-name')).toHaveText('Mitosis.pdf');
  await page.getByTestId('upload-submit').click();
  const progress = page.getByRole('progressbar', { name: 'Upload progress of Mitosis.pdf' });
  await expect(progress).toBeVisible();
  await expect.poll(async () => Number(await progress.getAttribute('aria-valuenow'))).toBeGreaterThan(0);
  await expect(page.getByTestId('upload-done')).toHaveText('Your file is uploaded.', { timeout: 20_000 });
  const uploaded = page.getByTestId('uploaded-file');
  await expect(uploaded).toHaveText(/Mitosis\.pdf(Uploaded — reading…|Ready · 30 pages)/);
  await expect(uploaded).toHaveAttribute('data-status', 'ready', { timeout: 20_000 });
  await expect(uploaded).toContainText('Ready · 30 pages');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });

  await page.getByTestId('upload-more').click();
  await choose(page, [docx]);
  await page.getByTestId('upload-submit').click();
  await expect(page.getByTestId('uploaded-file')).toHaveAttribute('data-status', 'ready', { timeout: 20_000 });

  // More courses than one screen holds: "Go to course" must land on this one, not on the top of the dashboard.
  for (const name of ['Anatomy', 'Botany', 'Chemistry', 'Dermatology', 'Ecology', 'Forensics', 'Genetics', 'Histology']) {
    await trpcMutation(page, 'directory.createDirectory', { name });
  }
  await page.getByTestId('upload-go-to-course').click();
  await page.waitForURL(/\/dashboard#course-/);
  const landed = page.locator('[data-testid="dashboard-course"][data-highlighted="true"]');
  await expect(landed).toHaveCount(1);
  await expect(landed.getByTestId('dashboard-course-name')).toHaveText('Cell Biology');
  await expect(landed).toHaveAttribute('aria-current', 'location');
  await expect(landed.getByTestId('dashboard-course-name')).toBeInViewport();
  const files = page.getByTestId('dashboard-file');
  await expect(files).toHaveCount(2);
  for (const name of ['Mitosis.pdf', 'Meiosis notes.docx']) {
    const row = files.filter({ hasText: name });
    await expect(row.getByTestId('file-status')).toHaveText('Ready');
  }
  await expect(files.filter({ hasText: 'Mitosis.pdf' }).getByTestId('file-pages')).toHaveText('30 pages');
});

test('the server refuses an executable renamed to .pdf, and the file stays chosen', async ({ page, consoleErrors }) => {
  consoleErrors.allow(/status of 415/);
  await openUploadPage(page, 'Security');
  const executable = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(62), Buffer.from('PE\0\0'), Buffer.alloc(400, 0x90)]);
  await choose(page, [{ name: 'lecture.pdf', mimeType: 'application/pdf', buffer: executable }]);
  await expect(page.getByTestId('upload-file-problem')).toHaveCount(0);
  await page.getByTestId('upload-submit').click();
  await expect(page.getByTestId('upload-error-message')).toHaveText('lecture.pdf: This file is not a PDF, Word, PowerPoint, text, Markdown or image file.');
  await expect(page.getByTestId('upload-upgrade')).toHaveCount(0);
  await expect(page.getByTestId('upload-file-name')).toHaveText('lecture.pdf');
  await expect(page.getByTestId('upload-submit')).toBeDisabled();

  await page.getByTestId('upload-file-remove').click();
  await choose(page, [{ name: 'setup.exe', mimeType: 'application/octet-stream', buffer: executable }]);
  await expect(page.getByTestId('upload-file-problem')).toHaveText('This file is not a PDF, Word, PowerPoint, text, Markdown or image file.');
  await expect(page.getByTestId('upload-submit')).toBeDisabled();
});

test('on the Free plan a second file in one upload is refused with an Upgrade button to the plans', async ({ page }) => {
  const courseId = await openUploadPage(page, 'History');
  // The sidebar's upload action leads to the same course.
  await expect(page.getByTestId('sidebar-upload')).toHaveAttribute('href', `/dashboard/upload?directoryId=${courseId}`);
  await choose(page, [await textPdf('Rome.pdf', [['Rome was founded in 753 BC.']]), await textPdf('Greece.pdf', [['Athens and Sparta.']])]);
  await expect(page.getByTestId('upload-files').getByTestId('upload-file')).toHaveCount(2);
  await expect(page.getByTestId('upload-precheck-message')).toHaveText('Files per upload on your Free plan: 1. Upgrade for more.');
  await expect(page.getByTestId('upload-submit')).toBeDisabled();

  await page.getByTestId('upload-upgrade').click();
  await page.waitForURL('**/settings?mode=plans');
});

test('a PDF without a text layer fails with its reason, and can be retried or deleted from the dashboard', async ({ page }) => {
  // Read twice, each time perhaps behind other files being read on a busy server.
  test.setTimeout(150_000);
  await openUploadPage(page, 'Scans');
  await choose(page, [await textPdf('Scanned.pdf', [[], []])]);
  await page.getByTestId('upload-submit').click();
  const uploaded = page.getByTestId('uploaded-file');
  await expect(uploaded).toHaveAttribute('data-status', 'failed', { timeout: 60_000 });
  await expect(page.getByTestId('uploaded-file-reason')).toContainText('No readable text found in this file');
  await expect(page.getByTestId('uploaded-file-retry')).toBeVisible();

  await navigate(page, '/dashboard');
  const row = page.getByTestId('dashboard-file');
  await expect(row.getByTestId('file-status')).toHaveText('Failed');
  await expect(row.getByTestId('file-failure-reason')).toContainText('No readable text found in this file');

  const retried = page.waitForResponse((response) => response.url().includes('file.retryProcessing') && response.ok());
  await row.getByTestId('file-retry').click();
  await retried;
  // Queued again (the list refreshed after the retry: not the old failure still on screen), read again, and failed
  // again for the same reason.
  await expect(row).not.toHaveAttribute('data-status', 'failed');
  await expect(row).toHaveAttribute('data-status', 'failed', { timeout: 90_000 });
  await expect(row.getByTestId('file-failure-reason')).toContainText('No readable text found in this file');

  await row.getByTestId('file-failure-delete').click();
  await page.getByRole('button', { name: 'Delete file' }).click();
  await expect(page.getByTestId('dashboard-file')).toHaveCount(0);
  await expect(page.getByTestId('dashboard-course')).toContainText('No files yet');
});

test('an unknown course says so with a way back, and without a course the student picks one @mobile', async ({ page }) => {
  await signUp(page);
  await createCourse(page, 'Physics');
  await navigate(page, '/dashboard/upload?directoryId=no-such-course');
  await expect(page.getByRole('heading', { name: 'Course not found' })).toBeVisible();
  await page.getByTestId('upload-not-found-dashboard').click();
  await page.waitForURL('**/dashboard');

  await navigate(page, '/dashboard/upload');
  await page.getByTestId('upload-pick-course').filter({ hasText: 'Physics' }).click();
  await expect(page.getByTestId('upload-course-name')).toHaveText('Physics');
});

test('a video link is checked as it is typed and added with its pasted transcript', async ({ page, consoleErrors }) => {
  consoleErrors.allow(/status of 403/);
  await openUploadPage(page, 'Lectures');
  const url = page.getByTestId('upload-video-url');
  await url.fill('https://www.youtube.com/watch?v=short');
  await expect(page.getByTestId('upload-video-hint')).toContainText('11-character video ID');
  await expect(url).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByTestId('upload-video-submit')).toBeDisabled();
  await url.fill('https://youtu.be/dQw4w9WgXcQ');
  await expect(page.getByTestId('upload-video-hint')).toHaveText('Video found: dQw4w9WgXcQ');
  await expect(page.getByTestId('upload-video-submit')).toBeEnabled();

  // Longer than the Free plan's 30 minutes: refused, with the way to a plan that allows it.
  await page.getByTestId('upload-video-transcript-toggle').click();
  const transcript = page.getByTestId('upload-video-transcript');
  await transcript.fill('0:00\nWelcome to the lecture on cells.\n45:00\nThat is all for today.');
  await page.getByTestId('upload-video-submit').click();
  await expect(page.getByTestId('upload-video-error')).toContainText('30');
  await expect(page.getByTestId('upload-video-error').getByTestId('upload-upgrade')).toBeVisible();

  await transcript.fill('0:00\nWelcome to the lecture on cells.\n12:30\nCells divide by mitosis.');
  await page.getByTestId('upload-video-submit').click();
  const added = page.getByTestId('upload-video-added').getByTestId('uploaded-file');
  await expect(added).toHaveAttribute('data-status', 'ready');
  await expect(url).toHaveValue('');

  await navigate(page, '/dashboard');
  await expect(page.getByTestId('dashboard-file').getByTestId('file-status')).toHaveText('Ready');
});
