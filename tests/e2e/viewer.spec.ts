import type { Page } from '@playwright/test';
import { Document, HeadingLevel, Packer, Paragraph, PageBreak } from 'docx';
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import { expect, navigate, signUp, test } from './fixtures';

/**
 * The fullscreen viewer: a PDF made here with pdf-lib is uploaded through POST /api/files, opened from the
 * header's View File button, drawn by pdf.js (page 1 not blank, "Page 1 of 3"), and jumped to page 3; a docx shows
 * its extracted text page by page. Screenshots at desktop and phone width are
 * kept in each test's output folder for a look.
 */

const PAGE_TEXTS = ['Photosynthesis turns light into sugar.', 'Mitochondria release energy.', 'Ribosomes build proteins.'];

async function threePagePdf(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  PAGE_TEXTS.forEach((text, index) => {
    const page = pdf.addPage([595, 842]);
    page.drawRectangle({ x: 0, y: 792, width: 595, height: 50, color: rgb(0.08, 0.5, 0.24) });
    page.drawText(`Chapter ${index + 1}`, { x: 50, y: 740, size: 32, font: bold, color: rgb(0.06, 0.09, 0.16) });
    page.drawText(text, { x: 50, y: 690, size: 18, font });
    for (let line = 0; line < 18; line += 1) {
      page.drawText(`Line ${line + 1} of the notes on page ${index + 1}: cells, tissues, organs and systems.`, {
        x: 50,
        y: 640 - line * 28,
        size: 12,
        font,
        color: rgb(0.2, 0.25, 0.33),
      });
    }
  });
  return Buffer.from(await pdf.save());
}

async function twoPageDocx(): Promise<Buffer> {
  const document = new Document({
    sections: [
      {
        children: [
          new Paragraph({ text: 'Cell membranes', heading: HeadingLevel.HEADING_1 }),
          new Paragraph('The membrane keeps the inside of the cell apart from its surroundings.'),
          new Paragraph('It lets water through by osmosis.'),
          new Paragraph({ children: [new PageBreak()] }),
          new Paragraph({ text: 'Transport', heading: HeadingLevel.HEADING_1 }),
          new Paragraph('Proteins in the membrane move ions across it.'),
        ],
      },
    ],
  });
  return Buffer.from(await Packer.toBuffer(document));
}

const origin = (page: Page) => ({ origin: new URL(page.url()).origin });

async function mutate<T>(page: Page, procedure: string, input: unknown): Promise<T> {
  const response = await page.request.post(`/api/trpc/${procedure}?batch=1`, { data: { 0: { json: input } }, headers: origin(page) });
  expect(response.ok(), `${procedure}: ${response.status()}`).toBe(true);
  const [answer] = (await response.json()) as Array<{ result: { data: { json: T } } }>;
  if (!answer) throw new Error(`${procedure} answered nothing`);
  return answer.result.data.json;
}

async function processingStatus(page: Page, fileId: string): Promise<string> {
  const input = encodeURIComponent(JSON.stringify({ 0: { json: { fileId } } }));
  const response = await page.request.get(`/api/trpc/file.getProcessingStatus?batch=1&input=${input}`);
  const [answer] = (await response.json()) as Array<{ result?: { data: { json: { status: string } } } }>;
  return answer?.result?.data.json.status ?? `error ${response.status()}`;
}

/** Uploads one file through the real endpoint, waits until its text is extracted and makes it the open file. */
async function uploadReadyFile(page: Page, courseId: string, file: { name: string; mimeType: string; buffer: Buffer }) {
  const response = await page.request.post('/api/files', {
    multipart: { directoryId: courseId, files: file },
    headers: origin(page),
  });
  expect(response.status(), await response.text()).toBe(201);
  const { files } = (await response.json()) as { files: Array<{ id: string }> };
  const fileId = files[0]?.id ?? '';
  // On a busy server the file may wait behind others being read (a scan read by OCR): the test gets that time too.
  test.setTimeout(test.info().timeout + 60_000);
  await expect.poll(() => processingStatus(page, fileId), { timeout: 60_000 }).toBe('ready');
  await mutate(page, 'file.setActiveFileId', { fileId });
  return fileId;
}

async function studentWithCourse(page: Page) {
  await signUp(page);
  return mutate<{ id: string }>(page, 'directory.createDirectory', { name: 'Cell Biology' });
}

/** Whether the page's canvas holds anything but white: pdf.js drew the page. */
async function canvasHasInk(page: Page, pageNumber: number): Promise<boolean> {
  return page.evaluate((number) => {
    const canvas = document.querySelector<HTMLCanvasElement>(`[data-page-slot="${number}"] canvas`);
    const context = canvas?.getContext('2d');
    if (!canvas || !context) return false;
    const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
    for (let index = 0; index < data.length; index += 4) {
      if ((data[index] ?? 255) < 200 || (data[index + 1] ?? 255) < 200 || (data[index + 2] ?? 255) < 200) return true;
    }
    return false;
  }, pageNumber);
}

test('a student opens a PDF from the header, reads page 1, jumps to page 3 and closes it', async ({ page }) => {
  const course = await studentWithCourse(page);
  const fileId = await uploadReadyFile(page, course.id, {
    name: 'Cells.pdf',
    mimeType: 'application/pdf',
    buffer: await threePagePdf(),
  });
  await navigate(page, '/summary');

  const viewFile = page.getByTestId('header-view-file');
  await expect(viewFile).toBeEnabled();
  await expect(viewFile).not.toHaveAttribute('aria-disabled', 'true');
  await page.getByTestId('app-header').screenshot({ path: test.info().outputPath('header.png') });
  await viewFile.click();
  const viewer = page.getByRole('dialog', { name: 'Cells.pdf' });
  await expect(viewer).toBeVisible();
  await expect(viewer.getByTestId('viewer-download')).toHaveAttribute('href', `/api/file/${fileId}`);

  const firstPage = viewer.locator('[data-page-slot="1"]');
  await expect(firstPage).toHaveAttribute('data-rendered', 'true', { timeout: 15_000 });
  expect(await canvasHasInk(page, 1)).toBe(true);
  await expect(viewer.getByTestId('viewer-page-input')).toHaveValue('1');
  await expect(viewer.getByTestId('viewer-page-status')).toHaveText('Page 1 of 3');
  await expect(viewer.getByTestId('viewer-controls')).toContainText('of 3');
  // The text layer makes the page's words selectable (and findable).
  await expect(firstPage.getByText('Photosynthesis turns light into sugar.')).toBeAttached();
  await page.screenshot({ path: test.info().outputPath('pdf-desktop.png') });

  await viewer.getByTestId('viewer-page-input').fill('3');
  await viewer.getByTestId('viewer-page-input').press('Enter');
  await expect(viewer.getByTestId('viewer-page-status')).toHaveText('Page 3 of 3');
  await expect(viewer.locator('[data-page-slot="3"]')).toHaveAttribute('data-rendered', 'true');
  await expect(viewer.locator('[data-page-slot="3"]')).toBeInViewport();
  expect(await canvasHasInk(page, 3)).toBe(true);

  await viewer.getByTestId('viewer-previous-page').click();
  await expect(viewer.getByTestId('viewer-page-status')).toHaveText('Page 2 of 3');

  const width = async () => (await viewer.locator('[data-page-slot="2"]').boundingBox())?.width ?? 0;
  const fitted = await width();
  await viewer.getByTestId('viewer-zoom-in').click();
  await expect.poll(width).toBeGreaterThan(fitted * 1.2);
  await expect(viewer.getByTestId('viewer-page-status')).toHaveText('Page 2 of 3');
  await viewer.getByTestId('viewer-zoom-level').click();
  await expect.poll(width).toBeCloseTo(fitted, 0);

  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();
  await expect(viewFile).toBeFocused();

  // On a phone the page controls move to a bar at the bottom, within thumb reach, and the page fits the width.
  await viewFile.click();
  await expect(viewer.locator('[data-page-slot="1"]')).toHaveAttribute('data-rendered', 'true');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(async () => (await viewer.getByTestId('viewer-controls').boundingBox())?.y ?? 0).toBeGreaterThan(780);
  await expect.poll(async () => (await viewer.locator('[data-page-slot="1"]').boundingBox())?.width ?? 0).toBeLessThan(390);
  await page.screenshot({ path: test.info().outputPath('pdf-phone.png') });
});

test('the PDF viewer is not part of the first load, and a failed load offers Retry', async ({ page, consoleErrors }) => {
  consoleErrors.allow(/status of 503/);
  const course = await studentWithCourse(page);
  await uploadReadyFile(page, course.id, { name: 'Cells.pdf', mimeType: 'application/pdf', buffer: await threePagePdf() });

  const pdfRequests: string[] = [];
  page.on('request', (request) => {
    if (/pdf-viewer|pdf\.worker/.test(request.url())) pdfRequests.push(request.url());
  });
  let failing = true;
  await page.route('**/api/file/**', (route) => (failing ? route.fulfill({ status: 503, body: 'unavailable' }) : route.fallback()));
  await navigate(page, '/summary');
  expect(pdfRequests, 'pdf.js is not part of the first load').toEqual([]);

  await page.getByTestId('header-view-file').click();
  const viewer = page.getByTestId('file-viewer');
  await expect(viewer.getByTestId('viewer-pdf-error')).toContainText('The PDF could not be loaded.');
  expect(pdfRequests.some((url) => url.includes('pdf-viewer'))).toBe(true);

  failing = false;
  await viewer.getByTestId('viewer-retry').click();
  await expect(viewer.locator('[data-page-slot="1"]')).toHaveAttribute('data-rendered', 'true', { timeout: 15_000 });
  await expect(viewer.getByTestId('viewer-page-status')).toHaveText('Page 1 of 3');
});

test('a docx opens as its text, page by page', async ({ page }) => {
  const course = await studentWithCourse(page);
  await uploadReadyFile(page, course.id, {
    name: 'Membranes.docx',
    mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    buffer: await twoPageDocx(),
  });
  await navigate(page, '/summary');
  await page.getByTestId('header-view-file').click();

  const viewer = page.getByRole('dialog', { name: 'Membranes.docx' });
  const pages = viewer.getByTestId('viewer-text-page');
  await expect(pages.first()).toContainText('Page 1');
  await expect(viewer.getByTestId('viewer-text')).toContainText('The membrane keeps the inside of the cell apart from its surroundings.');
  await expect(viewer.getByTestId('viewer-text')).toContainText('Proteins in the membrane move ions across it.');
  await expect(viewer.getByTestId('viewer-download')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('docx-desktop.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(viewer.getByTestId('viewer-controls')).toContainText('of');
  await page.screenshot({ path: test.info().outputPath('docx-phone.png') });

  await viewer.getByRole('button', { name: 'Close viewer' }).click();
  await expect(viewer).toBeHidden();
});

test('a video link plays in the viewer, 16:9 and with autoplay', async ({ page }) => {
  // The video site, faked at the network edge: the test never leaves the machine.
  await page.route('https://www.youtube-nocookie.com/**', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: '<body style="margin:0;height:100vh;display:grid;place-items:center;background:#0f172a;color:#e2e8f0;font:600 20px sans-serif">Video</body>',
    }),
  );
  const course = await studentWithCourse(page);
  const response = await page.request.post('/api/files', {
    data: {
      directoryId: course.id,
      videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      transcript: 'Plants turn light into sugar. The sugar feeds the plant.',
    },
    headers: origin(page),
  });
  expect(response.status(), await response.text()).toBe(201);
  const { files } = (await response.json()) as { files: Array<{ id: string }> };
  const fileId = files[0]?.id ?? '';
  // On a busy server the file may wait behind others being read (a scan read by OCR): the test gets that time too.
  test.setTimeout(test.info().timeout + 60_000);
  await expect.poll(() => processingStatus(page, fileId), { timeout: 60_000 }).toBe('ready');
  await mutate(page, 'file.setActiveFileId', { fileId });
  await navigate(page, '/summary');

  await page.getByTestId('header-view-file').click();
  const player = page.getByTestId('file-viewer').getByTestId('viewer-video');
  await expect(player).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&rel=0');
  await expect(player.contentFrame().getByText('Video')).toBeVisible();
  await expect(page.getByTestId('viewer-transcript')).toContainText('Plants turn light into sugar.');
  const box = await player.boundingBox();
  expect((box?.width ?? 0) / (box?.height ?? 1)).toBeCloseTo(16 / 9, 1);
  await page.screenshot({ path: test.info().outputPath('video-desktop.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath('video-phone.png') });
});
