import { pdfWithPages } from '../../src/server/test/documents';
import { expect, signUp, test } from './fixtures';

/**
 * The whole walk, through the UI only: create a course → upload a PDF on its upload page → watch it become
 * ready → open it in the viewer → rename the file and the course → delete the course after typing its name.
 */
test('a student creates a course, uploads a PDF, reads it, renames it and deletes the course @mobile', async ({ page }, testInfo) => {
  // Courses, uploads and the viewer in one walk: longer than a single-feature test.
  test.slow();
  const phone = testInfo.project.name === 'mobile';
  await signUp(page);

  await page.getByTestId('dashboard-empty-create').click();
  await page.getByTestId('create-course-name').fill('Plant Physiology');
  await page.getByTestId('create-course-submit').click();
  await expect(page.getByText('Course created successfully')).toBeVisible();

  await page.getByTestId('course-upload').click();
  await page.waitForURL(/\/dashboard\/upload\?directoryId=/);
  const pdf = await pdfWithPages([
    [{ text: 'Photosynthesis' }, { text: 'Chloroplasts turn light, water and carbon dioxide into glucose.' }],
    [{ text: 'Respiration' }, { text: 'Mitochondria release the energy stored in glucose.' }],
  ]);
  // Dropped on the drop zone, as a drag from the desktop does: a real DataTransfer holding a real File.
  const dataTransfer = await page.evaluateHandle((bytes) => {
    const transfer = new DataTransfer();
    transfer.items.add(new File([new Uint8Array(bytes)], 'Week 1.pdf', { type: 'application/pdf' }));
    return transfer;
  }, Array.from(pdf));
  const dropZone = page.getByTestId('upload-dropzone');
  await dropZone.dispatchEvent('dragenter', { dataTransfer });
  await dropZone.dispatchEvent('dragover', { dataTransfer });
  await dropZone.dispatchEvent('drop', { dataTransfer });
  await expect(page.getByTestId('upload-file-name')).toHaveText('Week 1.pdf');
  await page.getByTestId('upload-submit').click();
  await expect(page.getByTestId('uploaded-file')).toHaveAttribute('data-status', 'ready', { timeout: 20_000 });
  await expect(page.getByTestId('uploaded-file')).toContainText('Ready · 2 pages');

  await page.getByTestId('upload-go-to-course').click();
  const row = page.getByTestId('dashboard-file').filter({ hasText: 'Week 1.pdf' });
  await expect(row.getByTestId('file-status')).toHaveText('Ready');

  await row.getByRole('button', { name: 'Actions for file Week 1.pdf' }).click();
  await page.getByTestId('file-menu-view').click();
  const viewer = page.getByRole('dialog', { name: 'Week 1.pdf' });
  await expect(viewer.locator('[data-page-slot="1"]')).toHaveAttribute('data-rendered', 'true', { timeout: 15_000 });
  await expect(viewer.getByTestId('viewer-page-status')).toHaveText('Page 1 of 2');
  await expect(viewer.getByText('Chloroplasts turn light, water and carbon dioxide into glucose.')).toBeAttached();
  const fileUrl = await viewer.getByTestId('viewer-download').getAttribute('href');
  expect(fileUrl).toMatch(/^\/api\/file\/[\w-]+$/);
  expect((await page.request.get(fileUrl!)).status()).toBe(200);
  await page.screenshot({ path: testInfo.outputPath(`viewer-${phone ? 'phone' : 'desktop'}.png`) });
  await viewer.getByTestId('viewer-close').click();
  await expect(viewer).toBeHidden();

  await row.getByRole('button', { name: 'Actions for file Week 1.pdf' }).click();
  await page.getByRole('menuitem', { name: 'Rename' }).click();
  await page.getByTestId('rename-input').fill('Week 1 - Energy.pdf');
  await page.getByTestId('rename-submit').click();
  await expect(page.getByText('File renamed successfully')).toBeVisible();
  await expect(page.getByTestId('dashboard-file')).toContainText('Week 1 - Energy.pdf');

  await page.getByTestId('course-menu').click();
  await page.getByTestId('course-rename').click();
  await page.getByTestId('rename-input').fill('Plant Biology');
  await page.getByTestId('rename-submit').click();
  await expect(page.getByText('Course renamed successfully')).toBeVisible();
  await expect(page.getByTestId('dashboard-course-name')).toHaveText('Plant Biology');

  await page.getByTestId('course-menu').click();
  await page.getByTestId('course-delete').click();
  await expect(page.getByTestId('delete-course-submit')).toBeDisabled();
  await page.getByTestId('delete-course-input').fill('Plant Physiology');
  await expect(page.getByTestId('delete-course-submit')).toBeDisabled();
  await page.getByTestId('delete-course-input').fill('Plant Biology');
  await page.getByTestId('delete-course-submit').click();
  await expect(page.getByText('Course deleted successfully')).toBeVisible();
  await expect(page.getByTestId('dashboard-empty')).toBeVisible();

  // The course's file went with it: its bytes are no longer served.
  expect((await page.request.get(fileUrl!)).status()).toBe(404);
});
