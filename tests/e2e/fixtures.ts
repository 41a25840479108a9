import { test as base, expect, type Page, type TestInfo } from '@playwright/test';

/**
 * What every browser test builds on. Import `test` and `expect` from here, not from @playwright/test:
 *
 *   test('a learner reaches the dashboard @mobile', async ({ page }) => {
 *     const learner = await signUp(page);                 // unique name, username, email and password
 *     await navigate(page, '/settings');
 *     ...
 *   });
 *
 * A test fails on any console error or uncaught exception in the page. One that provokes an error on purpose says
 * so: `consoleErrors.allow(/status of 401/)`; pages a test opens itself are watched with `consoleErrors.watch(page)`.
 */
export interface Credentials {
  name: string;
  username: string;
  email: string;
  password: string;
}

let accounts = 0;

/** New credentials, unique across workers and runs (the e2e database lives for one run, but a rerun may reuse it). */
export function newCredentials(overrides: Partial<Credentials> = {}): Credentials {
  accounts += 1;
  const id = `${Date.now().toString(36)}${process.pid.toString(36)}${accounts}`;
  return {
    name: `E2E Learner ${accounts}`,
    username: `e2e_${id}`,
    email: `e2e_${id}@example.test`,
    password: 'correct horse battery staple',
    ...overrides,
  };
}

/**
 * Waits until the app has rendered a page: it runs (on the prerendered landing page and /auth, the HTML is there
 * before the app takes it over), a <main> inside #root and nothing marked aria-busy (forms and views mark themselves
 * busy while a request or route load is pending).
 */
export async function waitForApp(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      document.documentElement.dataset.app === 'live' &&
      document.querySelector('#root main') !== null &&
      document.querySelector('[aria-busy="true"]') === null,
  );
}

/** Opens `path` and waits for the app to render it (after any redirect the route decides on). */
export async function navigate(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await waitForApp(page);
}

/** The desktop and phone viewports the walks are pictured at. */
export const DESKTOP = { width: 1440, height: 900 };
export const PHONE = { width: 390, height: 844 };

/** Screenshots `<name>-desktop.png` and `<name>-phone.png` (or at `sizes`) into the test's output, then back to desktop. */
export async function screenshotAtSizes(page: Page, testInfo: TestInfo, name: string, sizes = [DESKTOP, PHONE]): Promise<void> {
  for (const size of sizes) {
    await page.setViewportSize(size);
    await page.waitForTimeout(400);
    await page.screenshot({ path: testInfo.outputPath(`${name}-${size.width < 500 ? 'phone' : 'desktop'}.png`) });
  }
  await page.setViewportSize(DESKTOP);
}

/** Fills and sends the sign-up form already open on the page, then waits for the dashboard. */
export async function submitSignUpForm(page: Page, credentials: Credentials): Promise<void> {
  await page.getByTestId('auth-name').fill(credentials.name);
  await page.getByTestId('auth-username').fill(credentials.username);
  await page.getByTestId('auth-email').fill(credentials.email);
  await page.getByTestId('auth-password').fill(credentials.password);
  await page.getByTestId('auth-submit').click();
  await page.waitForURL('**/dashboard');
  await waitForApp(page);
}

/** Creates an account through the sign-up form and waits for the dashboard; returns the credentials used. */
export async function signUp(page: Page, overrides: Partial<Credentials> = {}): Promise<Credentials> {
  const credentials = newCredentials(overrides);
  await navigate(page, '/auth?mode=sign-up');
  await submitSignUpForm(page, credentials);
  return credentials;
}

/** Signs in through the form with the email (or, with `login`, the username) and waits for the dashboard. */
export async function signIn(
  page: Page,
  credentials: Pick<Credentials, 'password'> & ({ email: string } | { login: string }),
): Promise<void> {
  await navigate(page, '/auth');
  await page.getByTestId('auth-email').fill('login' in credentials ? credentials.login : credentials.email);
  await page.getByTestId('auth-password').fill(credentials.password);
  await page.getByTestId('auth-submit').click();
  await page.waitForURL('**/dashboard');
  await waitForApp(page);
}

export interface ConsoleErrors {
  /** Lets errors matching `matcher` through for the rest of this test. */
  allow(matcher: RegExp | string): void;
  /** Watches another page (a second user's context) the same way as the test's own page. */
  watch(page: Page): void;
}

export const test = base.extend<{ consoleErrors: ConsoleErrors }>({
  consoleErrors: [
    async ({ page }, use) => {
      const allowed: Array<RegExp | string> = [];
      const unexpected: string[] = [];
      const record = (text: string) => {
        const isAllowed = allowed.some((matcher) => (typeof matcher === 'string' ? text.includes(matcher) : matcher.test(text)));
        if (!isAllowed) unexpected.push(text);
      };
      const watch = (watched: Page) => {
        watched.on('console', (message) => {
          if (message.type() === 'error') record(`console.error at ${watched.url()}: ${message.text()}`);
        });
        watched.on('pageerror', (error) => record(`uncaught ${error.name} at ${watched.url()}: ${error.message}`));
      };
      watch(page);
      await use({ allow: (matcher) => allowed.push(matcher), watch });
      expect(unexpected, 'the page logged errors (use consoleErrors.allow(...) if one is expected)').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
