import type { Browser, Page } from '@playwright/test';
import { expect, navigate, newCredentials, signIn, signUp, test, waitForApp } from './fixtures';
import { trpcMutation, trpcQuery, uploadStudyFile, waitForArtefacts } from './study-fixtures';

/**
 * /admin: the account of ADMIN_EMAILS lists users, changes a plan and dismisses a reported challenge;
 * anyone else finds no Admin link and gets the 404 page. The server of this run has
 * ADMIN_EMAILS=admin@e2e.studypath.test,phone-admin@e2e.studypath.test (playwright.config.ts).
 */
const ADMINS = {
  desktop: { name: 'Ada Admin', username: 'ada_admin', email: 'admin@e2e.studypath.test', password: 'correct horse battery staple' },
  mobile: { name: 'Pia Admin', username: 'pia_admin', email: 'phone-admin@e2e.studypath.test', password: 'correct horse battery staple' },
};

/**
 * Signs the project's admin in on `page` (one account per project, as the projects run at once), making the account
 * first unless an earlier try of this run made it.
 */
async function signInAsAdmin(page: Page) {
  const admin = test.info().project.name === 'mobile' ? ADMINS.mobile : ADMINS.desktop;
  const origin = new URL(test.info().project.use.baseURL ?? '').origin;
  const made = await page.request.post('/api/auth/sign-up/email', { data: admin, headers: { origin } });
  if (made.ok()) await navigate(page, '/dashboard');
  else await signIn(page, admin);
}

/** On a phone the user menu sits in the drawer the menu button opens. */
async function openUserMenu(page: Page, isMobile: boolean) {
  if (isMobile && !(await page.getByTestId('mobile-drawer').isVisible())) await page.getByTestId('mobile-menu-button').click();
  await page.getByTestId('user-menu-trigger').click();
}

/** A learner (own browser context) whose first challenge of their uploaded file is reported; its id and question. */
async function learnerWithReport(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const learner = await signUp(page, { name: `Reporting Learner ${Date.now().toString(36)}` });
  const { fileId } = await uploadStudyFile(page, { courseName: 'Compilers' });
  await waitForArtefacts(page, fileId, ['learn_path'], 90_000);
  const path = await trpcQuery<{ units: Array<{ lessons: Array<{ id: string }> }> }>(page, 'learn.getPath', { fileId });
  const lessonId = path.units[0]?.lessons[0]?.id ?? '';
  const lesson = await trpcMutation<{ challenges: Array<{ id: string; question: string }> }>(page, 'learn.getLesson', { lessonId });
  const reported = lesson.challenges[0];
  if (!reported) throw new Error('the lesson has no challenges');
  await trpcMutation(page, 'learn.reportChallenge', { challengeId: reported.id });
  return { learner, page, context, challengeId: reported.id, question: reported.question };
}

test.describe('the admin area', () => {
  test.describe.configure({ timeout: 150_000 });

  test('an admin lists users, changes a plan and dismisses a reported challenge @mobile', async ({ page, browser, isMobile }, testInfo) => {
    const shot = (name: string) => testInfo.outputPath(`${name}-${isMobile ? 'phone' : 'desktop'}.png`);
    const reporter = await learnerWithReport(browser);

    await signInAsAdmin(page);
    await openUserMenu(page, isMobile);
    await expect(page.getByTestId('menu-admin')).toBeVisible();
    await page.screenshot({ path: shot('admin-menu') });
    await page.getByTestId('menu-admin').click();
    await page.waitForURL('**/admin');
    await waitForApp(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Admin' })).toBeVisible();

    // Users: the learner is found by email, on Free with one upload this month and one course.
    await page.getByTestId('admin-user-search').fill(reporter.learner.email);
    const row = page.getByTestId(isMobile ? 'admin-user-card' : 'admin-user-row').filter({ has: page.getByText(reporter.learner.email) });
    await expect(row).toHaveCount(1);
    await expect(page.getByTestId('admin-user-count')).toHaveText('1 user');
    await expect(row.locator('[data-plan]').first()).toHaveText('Free');
    await expect(row.getByRole('meter', { name: 'Uploads this month' })).toHaveAttribute('aria-valuenow', '1');

    // Change the plan: the confirmation says Stripe is not touched.
    await row.getByTestId('admin-change-plan').click();
    await page.getByTestId('admin-plan-option-ultra').click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText(`Change ${reporter.learner.name}’s plan to Ultra?`);
    await expect(dialog.getByTestId('admin-stripe-note')).toHaveText('Changes the plan in StudyPath only; a Stripe subscription is not changed');
    await page.screenshot({ path: shot('admin-confirm-plan') });
    await dialog.getByRole('button', { name: 'Change to Ultra' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(`${reporter.learner.name} is on the Ultra plan now.`)).toBeVisible();
    await expect(row.locator('[data-plan]').first()).toHaveText('Ultra');
    expect((await trpcQuery<{ plan: string }>(reporter.page, 'user.getUserBillingInfo', undefined)).plan).toBe('ultra');

    // The whole list again, the admin's own row marked (by its "You" badge: a learner's random e-mail such as
    // "e2e_mwxxdyoujxn1@…" holds the letters too, and a row's text runs its cells together).
    await page.getByTestId('admin-user-search').fill('');
    await expect(page.getByTestId(isMobile ? 'admin-user-card' : 'admin-user-row').filter({ has: page.getByText('You', { exact: true }) })).toBeVisible();
    await page.screenshot({ path: shot('admin-users'), fullPage: true });

    // Reported challenges: the learner's report is there with its question; Open lesson shows it in its lesson.
    await page.getByTestId('admin-tab-reports').click();
    await expect(page).toHaveURL(/tab=reports/);
    const card = page.locator(`[data-testid="admin-report"][data-challenge-id="${reporter.challengeId}"]`);
    await expect(card).toBeVisible();
    await expect(card.getByRole('heading', { level: 3 })).toHaveText(reporter.question);
    await expect(card.getByTestId('admin-report-count')).toHaveText('1 report');
    await expect(card).toContainText('Compilers');
    await expect(card).toContainText('trace-trees.pdf');
    await expect(card.getByTestId('admin-correct-answer')).not.toBeEmpty();
    await page.screenshot({ path: shot('admin-reports'), fullPage: true });

    await card.getByTestId('admin-open-lesson').click();
    const lessonDialog = page.getByTestId('admin-lesson-dialog');
    await expect(lessonDialog.locator('[data-highlighted]')).toContainText(reporter.question);
    await expect(lessonDialog.locator('[data-highlighted]')).toContainText('1 open report');
    await page.screenshot({ path: shot('admin-lesson') });
    await page.keyboard.press('Escape');
    await expect(lessonDialog).toBeHidden();

    await card.getByTestId('admin-dismiss').click();
    await expect(page.getByText('Reports dismissed.', { exact: false })).toBeVisible();
    await expect(card).toHaveCount(0);
    await reporter.context.close();
  });

  test('a normal user finds no Admin link, and /admin is the 404 page @mobile', async ({ page, isMobile }, testInfo) => {
    await signUp(page);
    await openUserMenu(page, isMobile);
    await expect(page.getByTestId('menu-settings')).toBeVisible();
    await expect(page.getByTestId('menu-admin')).toHaveCount(0);
    await page.keyboard.press('Escape');

    await navigate(page, '/admin');
    await expect(page.getByTestId('not-found')).toBeVisible();
    await expect(page.getByTestId('admin-page')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
    await page.screenshot({ path: testInfo.outputPath(`admin-not-found-${isMobile ? 'phone' : 'desktop'}.png`) });
  });

  test('a referral link signs the new account up as referred by its owner', async ({ page, browser }) => {
    const referrer = await signUp(page);
    const context = await browser.newContext();
    const invited = await context.newPage();
    const credentials = newCredentials();
    await navigate(invited, `/auth?ref=${referrer.username}`);
    await expect(invited.getByTestId('auth-invited-by')).toHaveText(`@${referrer.username} invited you to StudyPath.`);
    await invited.getByTestId('auth-name').fill(credentials.name);
    await invited.getByTestId('auth-username').fill(credentials.username);
    await invited.getByTestId('auth-email').fill(credentials.email);
    await invited.getByTestId('auth-password').fill(credentials.password);
    await invited.getByTestId('auth-submit').click();
    await invited.waitForURL('**/dashboard');
    const session = (await (await invited.request.get('/api/auth/get-session')).json()) as { user: { id: string } };
    const profile = await trpcQuery<{ referredBy: string | null }>(invited, 'user.getUser', { id: session.user.id });
    expect(profile.referredBy).toBe(referrer.username.toLowerCase());
    await context.close();
  });
});
