import type { Page, TestInfo } from '@playwright/test';
import { DESKTOP, expect, navigate, PHONE, signUp, test, waitForApp } from './fixtures';
import { finishBySkipping } from './lesson-fixtures';
import { inBothColourSchemes, openFile, originHeader, trpcMutation, trpcQuery, uploadStudyFile, waitForArtefacts, waitForFile } from './study-fixtures';

/**
 * Shared courses walked by two students: the owner shares a course by its link, a second student joins
 * it from the link, reads its summary and plays a lesson in the shared context, the owner hides one of the course's
 * files and then makes the course private, and the second student's access ends with a plain message. Screenshots of the dialog, the link page and /courses are taken
 * on the way (light and dark, desktop and phone widths).
 */
async function screenshots(page: Page, testInfo: TestInfo, name: string, sizes = [DESKTOP, PHONE]) {
  for (const size of sizes) {
    await page.setViewportSize(size);
    await inBothColourSchemes(page, testInfo, async (suffix) => {
      const device = size.width < 500 ? 'phone' : size.width < 1000 ? 'tablet' : 'desktop';
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
  const { courseId, fileId } = await uploadStudyFile(page, { courseName: 'Compilers' });
  // A second file, a short text, so that the owner can hide one and keep one visible.
  const notes = await page.request.post('/api/files', {
    multipart: {
      directoryId: courseId,
      files: { name: 'Tracing notes.txt', mimeType: 'text/plain', buffer: Buffer.from('Trace trees record hot loops.\n\nA trace is compiled once it is hot.\n') },
    },
    headers: originHeader(page),
  });
  expect(notes.status(), await notes.text()).toBe(201);
  await waitForArtefacts(page, fileId, ['summary', 'learn_path'], 90_000);
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
  // Copy and print are the member's too; making the summary again is the owner's.
  await expect(member.getByTestId('summary-copy')).toBeVisible();
  await expect(member.getByTestId('summary-regenerate')).toHaveCount(0);
  await expect(member.getByTestId('shared-course').filter({ hasText: 'Compilers' })).toBeVisible();
  await screenshots(member, testInfo, 'shared-summary', [DESKTOP]);
  const studyUrl = member.url();
  const sharedCourse = member.getByTestId('shared-course').filter({ hasText: 'Compilers' });
  await expect(sharedCourse.getByText('Tracing notes.txt')).toBeVisible();

  // The member studies a lesson of the shared file: their own run, through the shared context.
  await member.getByTestId('header-tab-learn').click();
  await member.waitForURL(/\/learn\?uuid=[0-9a-f-]{36}&id=/);
  await expect(member.getByTestId('learn-path')).toBeVisible({ timeout: 30_000 });
  await member.getByTestId('learn-lesson').first().click();
  await member.waitForURL(/\/lesson\/.+uuid=/);
  await finishBySkipping(member);
  await expect(member.getByTestId('finish-stars')).toHaveAttribute('data-stars', '1');

  // The owner hides the notes: 'HIDE FILE' typed; the member's course no longer lists them.
  await page.getByTestId('header-share').click();
  await dialog.getByTestId('share-tab-content').click();
  const notesRow = dialog.getByTestId('content-file').filter({ hasText: 'Tracing notes.txt' });
  await notesRow.getByTestId('content-switch').click();
  const hide = page.getByRole('alertdialog');
  await hide.getByRole('textbox').fill('HIDE FILE');
  await hide.getByRole('button', { name: /hide/i }).click();
  await expect(page.getByText('Content visibility updated')).toBeVisible();
  await page.keyboard.press('Escape');
  await member.reload();
  await waitForApp(member);
  await expect(member.getByTestId('shared-course').filter({ hasText: 'Compilers' })).toBeVisible();
  await expect(member.getByTestId('shared-course').filter({ hasText: 'Compilers' }).getByText('Tracing notes.txt')).toHaveCount(0);

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

  // The second student's access has ended: the study tab and the link both say so plainly. The browser logs the
  // refusals (404, and the link's 403: its page's query goes alone since the shell's come in the page).
  consoleErrors.allow(/status of 404/);
  consoleErrors.allow(/\/space\/[\w-]+: Failed to load resource: the server responded with a status of 403/);
  await member.goto(studyUrl);
  await expect(member.getByTestId('study-shared-unavailable')).toContainText('This course isn’t available');
  await navigate(member, new URL(link).pathname);
  await expect(member.getByTestId('space-not-found')).toContainText('This course isn’t available');
  await memberContext.close();
});

test("a member views a shared course's text and video files and reads its Share dialog without managing it", async ({ page, browser, consoleErrors }, testInfo) => {
  test.setTimeout(120_000);
  await signUp(page);
  const course = await trpcMutation<{ id: string }>(page, 'directory.createDirectory', { name: 'Botany' });
  const text = await page.request.post('/api/files', {
    multipart: { directoryId: course.id, files: { name: 'Leaf notes.txt', mimeType: 'text/plain', buffer: Buffer.from('Stomata open in the light.\n\nGuard cells swell with water.\n') } },
    headers: originHeader(page),
  });
  expect(text.status(), await text.text()).toBe(201);
  const video = await page.request.post('/api/files', {
    data: { directoryId: course.id, videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', transcript: 'Roots take up water. Leaves lose it through stomata.' },
    headers: originHeader(page),
  });
  expect(video.status(), await video.text()).toBe(201);
  const [textId, videoId] = await Promise.all(
    [text, video].map(async (response) => ((await response.json()) as { files: Array<{ id: string }> }).files[0]?.id ?? ''),
  );
  for (const fileId of [textId ?? '', videoId ?? '']) {
    await expect.poll(async () => (await trpcQuery<{ status: string }>(page, 'file.getProcessingStatus', { fileId })).status, { timeout: 30_000 }).toBe('ready');
  }
  const space = await trpcMutation<{ id: string; uuid: string }>(page, 'spaces.createSpace', { name: 'Botany', description: 'Plants and how they work.', visibility: 'public', directoryId: course.id });

  const memberContext = await browser.newContext({ viewport: DESKTOP });
  const member = await memberContext.newPage();
  consoleErrors.watch(member);
  // The video site, faked at the network edge.
  await member.route('https://www.youtube-nocookie.com/**', (route) => route.fulfill({ contentType: 'text/html', body: '<body style="margin:0;background:#0f172a;color:#e2e8f0">Video</body>' }));
  await signUp(member);
  await navigate(member, `/space/${space.uuid}`);
  await member.getByRole('button', { name: 'Join course' }).click();
  await member.waitForURL(/\/summary\?uuid=/);

  // The text file through the viewer, read through the course's link.
  await navigate(member, `/summary?uuid=${space.uuid}&id=${textId}`);
  await member.getByTestId('header-view-file').click();
  const viewer = member.getByTestId('file-viewer');
  await expect(viewer).toContainText('Guard cells swell with water.');
  await expect(viewer.getByTestId('viewer-download')).toHaveAttribute('href', `/api/file/${textId}?uuid=${space.uuid}`);
  const download = await member.request.get(`/api/file/${textId}?uuid=${space.uuid}`);
  expect(await download.text()).toContain('Stomata open in the light.');
  await viewer.getByTestId('viewer-close').click();

  // The video link plays, its transcript below.
  await navigate(member, `/summary?uuid=${space.uuid}&id=${videoId}`);
  await member.getByTestId('header-view-file').click();
  await expect(viewer.getByTestId('viewer-video')).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&rel=0');
  await expect(member.getByTestId('viewer-transcript')).toContainText('Roots take up water.');
  await member.screenshot({ path: testInfo.outputPath('member-video.png') });
  await viewer.getByTestId('viewer-close').click();

  // The Share dialog: details to read, no visibility switches.
  await member.getByTestId('header-share').click();
  const dialog = member.getByTestId('share-dialog');
  await dialog.getByTestId('share-tab-details').click();
  await expect(dialog.getByTestId('details-read-only')).toContainText('Plants and how they work.');
  await expect(dialog.getByTestId('details-form')).toHaveCount(0);
  await screenshots(member, testInfo, 'member-details', [DESKTOP, { width: 800, height: 900 }]);
  await dialog.getByTestId('share-tab-content').click();
  await expect(dialog.getByTestId('content-owner-only')).toHaveText('Only the course owner can manage content visibility.');
  await expect(dialog.getByTestId('content-switch')).toHaveCount(0);
  await screenshots(member, testInfo, 'member-content', [DESKTOP, { width: 800, height: 900 }]);
  await member.keyboard.press('Escape');

  // The sidebar's search finds the shared course's files, the match highlighted.
  await member.getByTestId('sidebar-search').fill('leaf');
  const results = member.getByTestId('sidebar-search-results');
  await expect(results.locator('mark')).toHaveText('Leaf');
  await expect(results).toContainText('Leaf notes.txt');
  await member.screenshot({ path: testInfo.outputPath('member-search.png') });
  await results.getByText('notes.txt').click();
  await member.waitForURL(new RegExp(`/summary\\?uuid=${space.uuid}&id=${textId}`));
});

// Issue 22, "Sharing is surprising": one click still shares publicly and copies the link (spec §4), and the student is
// told what happened, can take it back in one click, and reaches Save details at every size.
const PUBLIC_SENTENCE = 'Public: anyone with the link can join; listed in Find a course';
const DIALOG_SIZES = [
  { width: 1366, height: 800 },
  { width: 1440, height: 900 },
  { width: 1280, height: 720 },
  { width: 390, height: 844 },
  { width: 360, height: 640 },
];

/** A course with one short text file, read and ready; its name is the test's own, so /courses can be searched for it. */
async function courseWithNotes(page: Page, name: string): Promise<{ courseId: string; fileId: string }> {
  const uploaded = await uploadStudyFile(page, {
    courseName: name,
    file: { name: 'Leaf notes.txt', mimeType: 'text/plain', buffer: Buffer.from('Stomata open in the light.\n\nGuard cells swell with water.\n') },
  });
  await waitForFile(page, uploaded.fileId);
  return uploaded;
}

/** Save details is inside the viewport, whole, and nothing covers it. */
async function expectSaveInView(page: Page) {
  const save = page.getByTestId('share-dialog').getByTestId('details-save');
  const viewport = page.viewportSize();
  const box = await save.boundingBox();
  expect(box, 'Save details has a box').not.toBeNull();
  if (!box || !viewport) return;
  expect(box.y, `Save details' top at ${viewport.width}×${viewport.height}`).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height, `Save details' bottom at ${viewport.width}×${viewport.height}`).toBeLessThanOrEqual(viewport.height);
  expect(box.x + box.width, `Save details' right edge at ${viewport.width}×${viewport.height}`).toBeLessThanOrEqual(viewport.width);
  // Playwright's actionability check: visible, stable, enabled and receiving the click at its point.
  await save.click({ trial: true });
}

test('one click on Share opens the dialog saying what sharing did, one toast per save, Make Private takes the course off /courses', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.setViewportSize({ width: 1366, height: 800 });
  await signUp(page);
  const name = `Botany ${Date.now().toString(36)}`;
  const { fileId } = await courseWithNotes(page, name);
  await openFile(page, fileId);
  await navigate(page, '/summary');

  await page.getByTestId('header-share').click();
  const dialog = page.getByTestId('share-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('share-visibility')).toHaveText(PUBLIC_SENTENCE);
  await expect(dialog.getByTestId('share-visibility-toggle')).toHaveText('Make Private');
  await expect(dialog.getByTestId('share-visibility')).toBeInViewport();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await dialog.getByTestId('share-link').inputValue());
  // Sharing and copying are one toast; the description and tags made for the new course are one more, not two.
  const toasts = page.locator('[data-sonner-toast]');
  await expect(toasts.filter({ hasText: 'Course shared successfully!' })).toHaveCount(1);
  await expect(toasts.filter({ hasText: 'Course shared successfully!' })).toContainText('Share link copied to clipboard!');
  await expect(toasts.filter({ hasText: 'Description generated successfully!' })).toHaveCount(1, { timeout: 15_000 });
  await expect(toasts.filter({ hasText: 'Description generated successfully!' })).toContainText('Tags generated successfully!');
  await expect(toasts).toHaveCount(2);
  await page.screenshot({ path: testInfo.outputPath('issue22-share-settings-1366.png') });

  // Course Details: Save details in view at every size, and one save gives one toast.
  await dialog.getByTestId('share-tab-details').click();
  await expect(dialog.getByTestId('details-regenerate')).toBeEnabled({ timeout: 15_000 });
  for (const size of DIALOG_SIZES) {
    await page.setViewportSize(size);
    await expectSaveInView(page);
    await page.screenshot({ path: testInfo.outputPath(`issue22-share-details-${size.width}x${size.height}.png`) });
  }
  await page.setViewportSize({ width: 1366, height: 800 });
  await dialog.getByTestId('details-suggestions').getByRole('button', { name: 'Biology' }).click();
  await dialog.getByTestId('details-save').click();
  const saved = toasts.filter({ hasText: 'Course details updated successfully!' });
  await expect(saved).toHaveCount(1);
  await page.waitForTimeout(1_000);
  await expect(saved).toHaveCount(1);

  // Listed in Find a course while public; Make Private, one click from the first tab, takes it off.
  const listed = async () => {
    const courses = await trpcQuery<Array<{ name: string }>>(page, 'spaces.listPublicCourses', { search: name });
    return courses.map((course) => course.name);
  };
  expect(await listed()).toEqual([name]);
  await dialog.getByTestId('share-tab-settings').click();
  await dialog.getByTestId('share-visibility-toggle').click();
  await expect(page.getByText('Sharing settings updated successfully!')).toBeVisible();
  await expect(dialog.getByTestId('share-visibility')).toHaveText('Private');
  await expect(dialog.getByTestId('share-visibility-toggle')).toHaveText('Make Public');
  await page.keyboard.press('Escape');
  await navigate(page, '/courses');
  await page.getByTestId('courses-search').fill(name);
  await expect(page.getByTestId('courses-page')).toBeVisible();
  await expect(page.getByTestId('course-card').filter({ hasText: name })).toHaveCount(0);
  expect(await listed()).toEqual([]);
});

test('on a phone, Share is in the course menu and the file menu, and the dialog fits @mobile', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await signUp(page);
  const name = `Geology ${Date.now().toString(36)}`;
  await courseWithNotes(page, name);
  await navigate(page, '/dashboard');
  const course = page.getByTestId('dashboard-course').filter({ hasText: name });

  // The course menu: the course becomes public, its link is copied, the dialog says so.
  await course.getByTestId('course-menu').click();
  await page.getByTestId('course-share').click();
  const dialog = page.getByTestId('share-dialog');
  await expect(dialog.getByTestId('share-visibility')).toHaveText(PUBLIC_SENTENCE);
  await expect(dialog.getByTestId('share-visibility-toggle')).toBeInViewport();
  const link = await dialog.getByTestId('share-link').inputValue();
  expect(link).toMatch(/\/space\/[0-9a-f-]{36}$/);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Description generated successfully!' })).toHaveCount(1, { timeout: 15_000 });
  await page.screenshot({ path: testInfo.outputPath('issue22-phone-share-settings.png') });
  await dialog.getByTestId('share-tab-details').click();
  await expect(dialog.getByTestId('details-regenerate')).toBeEnabled({ timeout: 15_000 });
  await expectSaveInView(page);
  await page.screenshot({ path: testInfo.outputPath('issue22-phone-share-details.png') });
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  // The file menu: the same course, shared already, so the same link comes back.
  await page.evaluate(() => navigator.clipboard.writeText(''));
  await course.getByTestId('file-menu').click();
  await page.getByTestId('file-menu-share').click();
  await expect(dialog.getByTestId('share-visibility')).toHaveText(PUBLIC_SENTENCE);
  await expect(dialog.getByTestId('share-link')).toHaveValue(link);
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  await page.setViewportSize({ width: 360, height: 640 });
  await dialog.getByTestId('share-tab-details').click();
  await expectSaveInView(page);
  await page.screenshot({ path: testInfo.outputPath('issue22-phone-share-details-360.png') });
});
