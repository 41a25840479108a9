import { FIRST_QUERY_PATHS } from '../../src/shared/first-queries';
import { expect, navigate, signUp, test } from './fixtures';
import { trpcMutation } from './study-fixtures';

/**
 * Issue 21: a signed-in page carries the answers to the shell's first queries (shared/first-queries.ts), so the shell
 * and the dashboard draw their courses, counters and plan from the page, without a round trip to the API first.
 */
test('the dashboard draws its courses and counters from the page, asking the API for none of them', async ({ page }) => {
  await signUp(page);
  await trpcMutation(page, 'directory.createDirectory', { name: 'Marine Biology' });
  await trpcMutation(page, 'directory.createDirectory', { name: 'Medieval History' });

  const asked: string[] = [];
  page.on('request', (request) => {
    const match = /\/api\/trpc\/([^?]+)/.exec(request.url());
    if (match && request.method() === 'GET') asked.push(...match[1]!.split(','));
  });
  await navigate(page, '/dashboard');
  await expect(page.getByTestId('dashboard-course-name')).toHaveCount(2);
  await expect(page.getByTestId('dashboard-course-name').filter({ hasText: 'Marine Biology' })).toBeVisible();
  await expect(page.getByTestId('sidebar-course')).toHaveCount(2);
  await expect(page.getByTestId('progress-points')).toBeVisible();
  // What the page drew it with came in the page; what the shell asks later (a minute on) is not counted here.
  expect(asked.filter((path) => (FIRST_QUERY_PATHS as readonly string[]).includes(path))).toEqual([]);

  // The answers are the user's at the time of the page: a course created since is there on the next page.
  await trpcMutation(page, 'directory.createDirectory', { name: 'Organic Chemistry' });
  await navigate(page, '/dashboard');
  await expect(page.getByTestId('sidebar-course')).toHaveCount(3);
});
