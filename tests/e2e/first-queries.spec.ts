import { FIRST_QUERY_PATHS, PAGE_QUERIES } from '../../src/shared/first-queries';
import { VIEWPORT_COOKIE } from '../../src/shared/viewport-cookie';
import { expect, navigate, signUp, test } from './fixtures';
import { studentWithStudyFile, trpcMutation } from './study-fixtures';

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

test('the Summary tab draws the open file\'s summary from the page, asking the API neither for it nor for the file\'s status', async ({ page }) => {
  test.setTimeout(120_000);
  await studentWithStudyFile(page, { waitFor: ['summary'], timeout: 60_000 });
  const asked: string[] = [];
  page.on('request', (request) => {
    const match = /\/api\/trpc\/([^?]+)/.exec(request.url());
    if (match && request.method() === 'GET') asked.push(...match[1]!.split(','));
  });
  await navigate(page, '/summary');
  await expect(page.getByTestId('summary-point').first()).toBeVisible();
  expect(asked.filter((path) => ([...FIRST_QUERY_PATHS, 'file.getProcessingStatus', PAGE_QUERIES['/summary'].query] as readonly string[]).includes(path))).toEqual([]);
});

test("a signed-in page the server does not render shows the shell's frame before any script has run, and the app replaces it", async ({ page, browser }, testInfo) => {
  await signUp(page);
  // A first visit from this device: the server does not know the window's width (server-rendered.spec.ts has the rest).
  const cookies = (await page.context().cookies()).filter((cookie) => cookie.name !== VIEWPORT_COOKIE);
  // The same student with no scripts at all: what a phone shows while they download.
  for (const [name, viewport] of [['phone', { width: 390, height: 844 }], ['desktop', { width: 1440, height: 900 }]] as const) {
    const bare = await browser.newContext({ viewport, javaScriptEnabled: false });
    await bare.addCookies(cookies);
    const before = await bare.newPage();
    await before.goto('/dashboard');
    await expect(before.getByTestId('app-frame')).toBeVisible();
    await expect(before.getByRole('status')).toHaveText('Loading…');
    await before.screenshot({ path: testInfo.outputPath(`app-frame-${name}.png`) });
    await bare.close();
  }
  await navigate(page, '/dashboard');
  await expect(page.getByTestId('app-frame')).toHaveCount(0);
  await expect(page.getByTestId('dashboard-empty')).toBeVisible();
});
