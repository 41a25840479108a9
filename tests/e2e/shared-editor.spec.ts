import { DESKTOP, expect, navigate, PHONE, screenshotAtSizes, signUp, test, waitForApp } from './fixtures';
import { originHeader, trpcMutation, trpcQuery } from './study-fixtures';

/**
 * An editor of a shared course accepts the invitation from the sidebar, uploads into the course, renames a file from the
 * sidebar and asks the course-wide tutor.
 */
const notes = (name: string, text: string) => ({ name, mimeType: 'text/plain', buffer: Buffer.from(text) });

test('an invited editor accepts from the sidebar, uploads into the shared course, renames its file and asks the course tutor', async ({ page, browser, consoleErrors }, testInfo) => {
  test.setTimeout(180_000);
  await signUp(page);
  const course = await trpcMutation<{ id: string }>(page, 'directory.createDirectory', { name: 'Genetics' });
  const first = await page.request.post('/api/files', {
    multipart: { directoryId: course.id, files: notes('Mendel.txt', 'Mendel bred peas.\n\nDominant and recessive alleles explain the ratios.\n') },
    headers: originHeader(page),
  });
  expect(first.status(), await first.text()).toBe(201);
  const space = await trpcMutation<{ id: string; uuid: string }>(page, 'spaces.createSpace', { name: 'Genetics', description: '', visibility: 'private', directoryId: course.id });

  const editorContext = await browser.newContext({ viewport: DESKTOP });
  const editor = await editorContext.newPage();
  consoleErrors.watch(editor);
  const credentials = await signUp(editor);
  await trpcMutation(page, 'spaces.addMember', { spaceId: space.id, uuid: space.uuid, email: credentials.email, role: 'editor' });
  // Signed in with the invited address, the editor finds the invitation in the sidebar and accepts it there.
  await navigate(editor, '/dashboard');
  const invitations = editor.getByTestId('shared-invitations');
  await expect(invitations).toContainText('Genetics');
  await invitations.getByRole('button', { name: /Genetics/ }).click();
  await expect(editor.getByText('Invitation accepted')).toBeVisible();
  await editor.waitForURL(new RegExp(`/space/${space.uuid}$`));
  await expect(invitations).toHaveCount(0);
  await expect(editor.getByTestId('space-upload')).toBeVisible();
  await screenshotAtSizes(editor, testInfo, 'space-editor');
  await editor.getByTestId('space-upload').click();
  await editor.waitForURL(/\/dashboard\/upload\?directoryId=.+&uuid=/);
  await waitForApp(editor);
  await expect(editor.getByTestId('upload-course-name')).toHaveText('Genetics');
  await screenshotAtSizes(editor, testInfo, 'upload-shared');
  await editor.getByTestId('upload-input').setInputFiles([notes('Morgan.txt', 'Morgan studied fruit flies.\n\nGenes lie on chromosomes.\n')]);
  await editor.getByTestId('upload-submit').click();
  await expect(editor.getByTestId('upload-done')).toBeVisible();
  await expect(editor.getByTestId('uploaded-file-status')).toHaveText(/Ready/, { timeout: 30_000 });
  const sharedCourse = editor.getByTestId('shared-course').filter({ hasText: 'Genetics' });
  await expect(sharedCourse.getByText('Morgan.txt')).toBeVisible();
  await screenshotAtSizes(editor, testInfo, 'upload-shared-done', [DESKTOP]);

  // Rename from the sidebar.
  await sharedCourse.getByRole('button', { name: 'Rename Morgan.txt' }).click();
  await editor.getByTestId('rename-input').fill('Morgan flies');
  await screenshotAtSizes(editor, testInfo, 'rename-shared', [DESKTOP]);
  await editor.getByTestId('rename-submit').click();
  await expect(editor.getByText('File renamed successfully')).toBeVisible();
  await expect(sharedCourse.getByText('Morgan flies.txt')).toBeVisible();

  // The owner sees the file in their own course.
  const own = await trpcQuery<Array<{ id: string; files: Array<{ name: string }> }>>(page, 'directory.getDirectories', undefined);
  expect(own.find((entry) => entry.id === course.id)?.files.map((file) => file.name).sort()).toEqual(['Mendel.txt', 'Morgan flies.txt']);

  // The course-wide tutor in the shared course.
  await sharedCourse.getByText('Mendel.txt').click();
  await editor.waitForURL(/\/summary\?uuid=/);
  const url = new URL(editor.url());
  await navigate(editor, `/chat${url.search}`);
  await editor.getByTestId('chat-scope-course').click();
  await expect(editor.getByTestId('chat-subtitle')).toContainText('Genetics');
  await editor.getByTestId('chat-input').fill('What did Morgan study?');
  await editor.getByTestId('chat-input').press('Enter');
  await expect(editor.getByTestId('chat-answer').first()).toHaveAttribute('data-status', 'complete', { timeout: 45_000 });
  await screenshotAtSizes(editor, testInfo, 'chat-shared-course', [DESKTOP]);
  await editor.getByTestId('chat-clear').click();
  await editor.getByRole('alertdialog').getByRole('button', { name: 'Clear chat' }).click();
  await expect(editor.getByText('Chat cleared')).toBeVisible();
  await expect(editor.getByTestId('chat-empty')).toBeVisible();
  await sharedCourse.getByText('Mendel.txt').hover();
  await editor.screenshot({ path: testInfo.outputPath('sidebar-hover.png'), clip: { x: 0, y: 250, width: 300, height: 250 } });

  const phoneContext = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, storageState: await editorContext.storageState() });
  const phone = await phoneContext.newPage();
  await navigate(phone, `/space/${space.uuid}`);
  await phone.screenshot({ path: testInfo.outputPath('space-touch.png') });
  await phone.getByTestId('mobile-menu-button').click();
  await expect(phone.getByTestId('mobile-drawer')).toBeVisible();
  await phone.waitForTimeout(500);
  await phone.screenshot({ path: testInfo.outputPath('drawer-touch.png') });
});
