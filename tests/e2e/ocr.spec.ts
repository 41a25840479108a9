import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, navigate, signUp, test } from './fixtures';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { openFile, trpcMutation, trpcQuery, uploadStudyFile, waitForArtefacts } from './study-fixtures';

/**
 * The walk: a student uploads a photo of a page of notes from the upload page, watches it being read, sees it
 * ready, opens it in View File — the picture beside its recognised text — and studies it: the summary is made from the
 * words OCR read off the photo.
 */
const photo = {
  name: 'Distance ladder photo.jpg',
  mimeType: 'image/jpeg',
  buffer: readFileSync(path.resolve('tests/fixtures/ocr/photo-exif-rotated.jpg')),
};

// Pages read by OCR take seconds each alone and several times that while the other browser tests keep both cores busy.
test('a student uploads a photo of notes, sees its text beside the picture and studies it', async ({ page }) => {
  test.setTimeout(300_000);
  await signUp(page);
  const course = await trpcMutation<{ id: string }>(page, 'directory.createDirectory', { name: 'Astronomy' });
  await navigate(page, `/dashboard/upload?directoryId=${course.id}`);
  await expect(page.getByTestId('upload-course-name')).toHaveText('Astronomy');
  await page.getByTestId('upload-input').setInputFiles([photo]);
  await expect(page.getByTestId('upload-file-name')).toHaveText(photo.name);
  await page.getByTestId('upload-submit').click();
  const uploaded = page.getByTestId('uploaded-file');
  // Read by OCR: "Reading page 1 of 1…" while it is, then ready with its one page.
  await expect(uploaded).toHaveAttribute('data-status', 'ready', { timeout: 150_000 });
  await expect(uploaded).toContainText('Ready · 1 page');
  await page.screenshot({ path: test.info().outputPath('ocr-upload-ready.png') });

  const [file] = await trpcQuery<{ id: string; extension: string }[]>(page, 'directory.getAzureDirectoryFiles', { directoryId: course.id });
  expect(file?.extension).toBe('jpg');
  const fileId = file?.id ?? '';
  await waitForArtefacts(page, fileId, ['summary'], 90_000);
  await openFile(page, fileId);
  await navigate(page, '/summary');
  await expect(page.getByTestId('summary-page').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('main')).toContainText(/distance/i);
  await page.screenshot({ path: test.info().outputPath('ocr-summary.png'), fullPage: true });

  await page.getByTestId('header-view-file').click();
  const viewer = page.getByRole('dialog', { name: photo.name });
  await expect(viewer.getByTestId('viewer-image-picture')).toBeVisible();
  await expect(viewer.getByTestId('viewer-ocr-text')).toContainText('The distance ladder begins with the measurement of');
  await page.screenshot({ path: test.info().outputPath('ocr-viewer-desktop.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(viewer.getByTestId('viewer-image-picture')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('ocr-viewer-phone.png') });
});

test('study items from a page read with low confidence say so, and a scanned PDF is read page by page and shows its recognised text beside the page', async ({
  page,
}) => {
  test.setTimeout(480_000);
  await signUp(page);
  // A real photo of a book page, sent as a small, blurred, heavily compressed JPEG: read, but with low confidence.
  const blurred = await sharp(readFileSync(path.resolve('tests/fixtures/ocr/photo-notes-2.jpg'))).resize(600).blur(1).jpeg({ quality: 25 }).toBuffer();
  const lowConfidence = { name: 'Cook book photo.jpg', mimeType: 'image/jpeg', buffer: blurred };
  const { fileId } = await uploadStudyFile(page, { courseName: 'Cooking', file: lowConfidence });
  await waitForArtefacts(page, fileId, ['summary'], 90_000);
  const status = await trpcQuery<{ lowConfidencePages: number[] | null }>(page, 'file.getProcessingStatus', { fileId });
  expect(status.lowConfidencePages).toEqual([1]);
  await openFile(page, fileId);
  await navigate(page, '/summary');
  await expect(page.getByTestId('low-confidence-mark').first()).toBeVisible({ timeout: 30_000 });
  await page.screenshot({ path: test.info().outputPath('ocr-low-confidence-summary.png'), fullPage: true });

  // A four-page scan through the upload page: the upload list says which page is being read.
  const scan = await PDFDocument.create();
  for (const name of ['handout-p1.jpg', 'handout-p2.jpg', 'handout-p3.jpg', 'german-notes.jpg']) {
    const image = await scan.embedJpg(readFileSync(path.resolve('tests/fixtures/ocr', name)));
    scan.addPage([595, 842]).drawImage(image, { x: 0, y: 0, width: 595, height: 842 });
  }
  const course = await trpcMutation<{ id: string }>(page, 'directory.createDirectory', { name: 'Astronomy' });
  await navigate(page, `/dashboard/upload?directoryId=${course.id}`);
  await page
    .getByTestId('upload-input')
    .setInputFiles([{ name: 'Scanned handout.pdf', mimeType: 'application/pdf', buffer: Buffer.from(await scan.save()) }]);
  await page.getByTestId('upload-submit').click();
  await expect(page.getByTestId('uploaded-file-progress')).toContainText(/Reading page [1-4] of 4…/, { timeout: 30_000 });
  await expect(page.getByTestId('uploaded-file')).toHaveAttribute('data-status', 'ready', { timeout: 240_000 });
  await expect(page.getByTestId('uploaded-file')).toContainText('Ready · 4 pages');
  const [scanned] = await trpcQuery<{ id: string }[]>(page, 'directory.getAzureDirectoryFiles', { directoryId: course.id });
  const uploaded = { fileId: scanned?.id ?? '' };
  await waitForArtefacts(page, uploaded.fileId, ['summary'], 180_000);
  await openFile(page, uploaded.fileId);
  await navigate(page, '/summary');
  await page.getByTestId('header-view-file').click();
  const viewer = page.getByRole('dialog', { name: 'Scanned handout.pdf' });
  await expect(viewer.getByTestId('viewer-ocr-panel')).toContainText('a fundamental problem in astronomy', { timeout: 30_000 });
  await page.screenshot({ path: test.info().outputPath('ocr-scanned-pdf-viewer.png') });
});
