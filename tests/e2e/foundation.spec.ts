import type { Page } from '@playwright/test';
import { expect, navigate, newCredentials, signIn, submitSignUpForm, test, waitForApp } from './fixtures';

/**
 * The walk: a visitor opens /, signs up, lands on /dashboard, sees the shell, switches to German, signs out and
 * is back on /. Run on a desktop and on a phone viewport (@mobile), since the shell differs by screen.
 */

async function signUpFromLanding(page: Page) {
  const credentials = newCredentials();
  await navigate(page, '/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'Get started' }).first().click();
  await page.waitForURL(/\/auth\?mode=sign-up/);
  await submitSignUpForm(page, credentials);
  return credentials;
}

/** An account made through the auth API; the page's context keeps its session cookie. */
async function signUpThroughApi(page: Page) {
  const credentials = newCredentials();
  const baseURL = test.info().project.use.baseURL ?? '';
  const response = await page.context().request.post('/api/auth/sign-up/email', {
    data: credentials,
    headers: { origin: new URL(baseURL).origin },
  });
  expect(response.ok()).toBe(true);
  return credentials;
}

/** On a phone the user menu sits in the drawer the menu button opens. */
async function openUserMenu(page: Page, isMobile: boolean) {
  if (isMobile && !(await page.getByTestId('mobile-drawer').isVisible())) {
    await page.getByTestId('mobile-menu-button').click();
  }
  await page.getByTestId('user-menu-trigger').click();
}

async function chooseLanguage(page: Page, isMobile: boolean, language: 'en' | 'de') {
  await openUserMenu(page, isMobile);
  await page.getByTestId('menu-language').click();
  await page.getByTestId(`menu-language-${language}`).click();
  await expect(page.locator('html')).toHaveAttribute('lang', language);
}

test.describe('a new student finds their way around', () => {
  test('signs up from the landing page, sees the shell, switches to German and signs out @mobile', async ({
    page,
    isMobile,
  }) => {
    await signUpFromLanding(page);

    await expect(page.getByTestId('plan-label').or(page.getByTestId('progress-hearts')).first()).toBeVisible();
    if (isMobile) {
      await expect(page.getByTestId('sidebar')).toHaveCount(0);
      await expect(page.getByTestId('app-header')).toHaveCount(0);
      // The bottom bar is hidden on /dashboard and shows on the study tabs.
      await expect(page.getByTestId('bottom-bar')).toHaveCount(0);
      await navigate(page, '/summary');
      await expect(page.getByTestId('bottom-bar')).toBeVisible();
      await page.getByTestId('bottom-tab-learn').click();
      await page.waitForURL('**/learn');
      await expect(page.getByTestId('bottom-tab-learn')).toHaveAttribute('aria-current', 'page');
    } else {
      await expect(page.getByTestId('sidebar')).toBeVisible();
      await expect(page.getByTestId('plan-label')).toHaveText('Free Plan');
      await expect(page.getByTestId('progress-hearts')).toContainText('5');
      await expect(page.getByTestId('bottom-bar')).toHaveCount(0);
      // Study tabs are hidden on the dashboard and shown on the study pages.
      await expect(page.getByTestId('header-tab-summary')).toHaveCount(0);
      await navigate(page, '/summary');
      await page.getByTestId('header-tab-chat').click();
      await page.waitForURL('**/chat');
      await expect(page.getByTestId('header-tab-chat')).toHaveAttribute('aria-current', 'page');
    }

    await chooseLanguage(page, isMobile, 'de');
    await openUserMenu(page, isMobile);
    await expect(page.getByTestId('menu-sign-out')).toHaveText(/Abmelden/);
    await page.getByTestId('menu-sign-out').click();
    await page.waitForURL((url) => url.pathname === '/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('the chosen language is remembered for the account, on another device too', async ({ page, browser }) => {
    const credentials = await signUpFromLanding(page);
    await chooseLanguage(page, false, 'de');
    await expect(page.getByTestId('plan-label')).toHaveText('Free-Plan');

    const otherDevice = await browser.newContext({ locale: 'en-US', viewport: { width: 1440, height: 900 } });
    const otherPage = await otherDevice.newPage();
    await signIn(otherPage, { email: credentials.email, password: credentials.password });
    await expect(otherPage.locator('html')).toHaveAttribute('lang', 'de');
    await expect(otherPage.getByTestId('plan-label')).toHaveText('Free-Plan');
    await otherDevice.close();
  });

  test('a visitor is sent to sign in from an app page and comes back to it afterwards', async ({ page, context }) => {
    const credentials = await signUpThroughApi(page);
    await context.clearCookies();

    await page.goto('/leaderboard');
    await page.waitForURL(/\/auth\?redirect=/);
    await page.getByTestId('auth-email').fill(credentials.username);
    await page.getByTestId('auth-password').fill(credentials.password);
    await page.getByTestId('auth-submit').click();
    await page.waitForURL('**/leaderboard');
    await waitForApp(page);
    // Gamification pages hide the study tabs but keep the progress counters.
    await expect(page.getByTestId('progress-streak')).toBeVisible();
    await expect(page.getByTestId('header-tab-summary')).toHaveCount(0);
  });

  test('an unknown page shows a 404 inside the shell', async ({ page }) => {
    await navigate(page, '/no-such-page');
    await expect(page.getByTestId('not-found')).toBeVisible();
    await expect(page.getByTestId('sign-in-link')).toBeVisible();
  });

  test('shared-course context is kept when switching study tabs', async ({ page }) => {
    await signUpThroughApi(page);
    await navigate(page, '/summary?uuid=3f2b8c1e&id=7');
    await page.getByTestId('header-tab-decks').click();
    await page.waitForURL(/\/decks\?/);
    const url = new URL(page.url());
    expect(url.searchParams.get('uuid')).toBe('3f2b8c1e');
    expect(url.searchParams.get('id')).toBe('7');
  });
});

test('every route of the spec resolves inside the shell for a signed-in student', async ({ page, consoleErrors }) => {
  // About thirty page loads in one test.
  test.slow();
  // /lesson/1 is no lesson of this student: the server answers 404, which the browser logs, and the page says so.
  consoleErrors.allow(/\/lesson\/1: Failed to load resource: the server responded with a status of 404/);
  // So is the space of an unknown link (its page says so); asked alone, now that the shell's queries come in the page,
  // its 404 is the request's own status instead of a part of a batch's 207.
  consoleErrors.allow(/\/spaces?\/5b3c0a4e-8f5d-4a51-9c1e-2d7f3a9b6c10: Failed to load resource: the server responded with a status of 404/);
  await signUpThroughApi(page);
  const routes = [
    '/dashboard',
    '/dashboard/upload?directoryId=1',
    '/summary',
    '/mindmap',
    '/learn',
    '/lesson/1',
    '/chat',
    '/decks',
    '/leaderboard',
    '/quests',
    '/streaks',
    '/shop',
    '/settings',
    '/settings?mode=plans',
    '/settings?mode=billing',
    '/courses',
    '/space/5b3c0a4e-8f5d-4a51-9c1e-2d7f3a9b6c10',
    '/spaces/5b3c0a4e-8f5d-4a51-9c1e-2d7f3a9b6c10',
  ];
  for (const route of routes) {
    await navigate(page, route);
    await expect(page.getByTestId('not-found'), route).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 }), route).toBeVisible();
    await expect(page.getByTestId('sidebar'), route).toBeVisible();
  }
  // /admin is for the addresses in ADMIN_EMAILS only: to everyone else it is the shell's 404 page.
  await navigate(page, '/admin');
  await expect(page.getByTestId('not-found')).toBeVisible();
  await expect(page.getByTestId('sidebar')).toBeVisible();
});
