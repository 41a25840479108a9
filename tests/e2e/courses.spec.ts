import type { Page } from '@playwright/test';
import { expect, signUp, test } from './fixtures';

/**
 * The course walk on the dashboard: create a course (submit disabled while blank), find it in the sidebar,
 * rename it (an identical name just closes), delete it after typing its exact name, and see the empty state again.
 */

async function openCourseMenuItem(page: Page, item: 'course-rename' | 'course-delete') {
  await page.getByTestId('course-menu').click();
  await page.getByTestId(item).click();
}

test('a student creates, renames and deletes a course from the dashboard', async ({ page }) => {
  await signUp(page);
  await expect(page.getByTestId('dashboard-empty')).toBeVisible();

  await page.getByTestId('dashboard-empty-create').click();
  const submit = page.getByTestId('create-course-submit');
  await expect(submit).toBeDisabled();
  await page.getByTestId('create-course-name').fill('   ');
  await expect(submit).toBeDisabled();
  await page.getByTestId('create-course-name').fill('  Cell Biology  ');
  await submit.click();
  await expect(page.getByText('Course created successfully')).toBeVisible();
  await expect(page.getByTestId('dashboard-course-name')).toHaveText('Cell Biology');
  await expect(page.getByTestId('sidebar-course')).toHaveText('Cell BiologyNo files yet');

  await page.getByTestId('sidebar-search').fill('biol');
  await expect(page.getByTestId('sidebar-search-results').locator('mark')).toHaveText('Biol');
  await page.getByTestId('sidebar-search').fill('');

  await openCourseMenuItem(page, 'course-rename');
  await page.getByTestId('rename-submit').click();
  await expect(page.getByTestId('rename-dialog')).toBeHidden();
  await openCourseMenuItem(page, 'course-rename');
  await page.getByTestId('rename-input').fill('Molecular Biology');
  await page.getByTestId('rename-submit').click();
  await expect(page.getByText('Course renamed successfully')).toBeVisible();
  await expect(page.getByTestId('dashboard-course-name')).toHaveText('Molecular Biology');
  await expect(page.getByTestId('sidebar-course')).toContainText('Molecular Biology');

  await openCourseMenuItem(page, 'course-delete');
  const deleteButton = page.getByTestId('delete-course-submit');
  await expect(deleteButton).toBeDisabled();
  await page.getByTestId('delete-course-input').fill('Cell Biology');
  await page.getByTestId('delete-course-input').press('Enter');
  await expect(page.getByText("Course name doesn't match. Please try again.")).toBeVisible();
  await expect(deleteButton).toBeDisabled();
  await page.getByTestId('delete-course-input').fill('Molecular Biology');
  await deleteButton.click();
  await expect(page.getByText('Course deleted successfully')).toBeVisible();
  await expect(page.getByTestId('dashboard-empty')).toBeVisible();
  await expect(page.getByTestId('sidebar-course')).toHaveCount(0);
});

async function createCourse(page: Page, name: string) {
  await page.getByTestId('dashboard-empty-create').click();
  await page.getByTestId('create-course-name').fill(name);
  await page.getByTestId('create-course-submit').click();
  await expect(page.getByTestId('dashboard-course-name')).toHaveText(name);
}

test('a failed course deletion brings the course back with the message of spec §8', async ({ page, consoleErrors }) => {
  consoleErrors.allow(/status of 500/);
  await signUp(page);
  await createCourse(page, 'Statistics');
  await page.route('**/api/trpc/directory.deleteDirectory**', (route) => route.fulfill({ status: 500, body: 'down' }));

  await openCourseMenuItem(page, 'course-delete');
  await page.getByTestId('delete-course-input').fill('Statistics');
  await page.getByTestId('delete-course-submit').click();
  await expect(page.getByText('Failed to delete course. Please try again')).toBeVisible();
  await expect(page.getByTestId('dashboard-course-name')).toHaveText('Statistics');
});

test('deleting a course that is already gone says so and empties the list', async ({ page, consoleErrors }) => {
  consoleErrors.allow(/status of 404/);
  await signUp(page);
  await createCourse(page, 'Algebra');
  const courseId = (await page.getByTestId('dashboard-course-name').getAttribute('id'))?.replace('course-', '');
  await openCourseMenuItem(page, 'course-delete');
  // Gone behind the dialog's back, as if deleted in another tab.
  const response = await page.request.post('/api/trpc/directory.deleteDirectory?batch=1', {
    data: { 0: { json: { id: courseId } } },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(response.ok()).toBe(true);

  await page.getByTestId('delete-course-input').fill('Algebra');
  await page.getByTestId('delete-course-submit').click();
  await expect(page.getByText('Course has already been deleted. Try to refresh the page.')).toBeVisible();
  await expect(page.getByTestId('dashboard-empty')).toBeVisible();
});
