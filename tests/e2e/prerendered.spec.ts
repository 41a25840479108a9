import { expect, signUp, test, waitForApp } from './fixtures';

/**
 * Issue 21: the landing page and /auth come as HTML made at build time, in English or German, so a phone paints them
 * before any script arrives; the app then takes that HTML over (hydrates it) rather than drawing the page again.
 */

test.describe('the landing page and /auth arrive as finished HTML', () => {
  test('they read in full with no script at all, in the visitor’s language @mobile', async ({ browser }) => {
    const german = await browser.newContext({ javaScriptEnabled: false, locale: 'de-DE' });
    const page = await german.newPage();
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mach aus deinen Kursunterlagen einen Lernpfad, den du wirklich durchziehst.');
    await expect(page).toHaveTitle('StudyPath · Lerne mit deinen eigenen Kursunterlagen, eine Lektion am Tag');
    await page.goto('/auth');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Willkommen zurück');
    // Until the app runs the form cannot be sent: the browser would put the password in the address.
    await expect(page.getByTestId('auth-submit')).toBeDisabled();
    await german.close();

    const english = await browser.newContext({ javaScriptEnabled: false, locale: 'en-GB' });
    const signUp = await english.newPage();
    await signUp.goto('/auth?mode=sign-up');
    await expect(signUp.locator('html')).toHaveAttribute('lang', 'en');
    await expect(signUp.getByRole('heading', { level: 1 })).toHaveText('Create your free account');
    await expect(signUp).toHaveTitle('Create your free account · StudyPath');
    await english.close();
  });

  test('the app takes the HTML over without drawing it again, and the form then works', async ({ page }) => {
    // The first script is held back until the painted page has been marked.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/auth', { waitUntil: 'commit' });
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toHaveText('Welcome back');
    await heading.evaluate((element) => element.setAttribute('data-painted-before-the-app', ''));
    release();
    await waitForApp(page);
    // The same element, kept: hydrated, not replaced.
    await expect(page.locator('h1[data-painted-before-the-app]')).toHaveText('Welcome back');
    await expect(page.getByTestId('auth-submit')).toBeEnabled();
    // Client-side from here: the switch to sign-up is the app's, with no new document.
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await page.getByRole('link', { name: 'Create a free account' }).click();
    await expect(heading).toHaveText('Create your free account');
    expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
  });

  test("a visitor's landing page never loads the signed-in shell's code, also once the service worker's registration has run", async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      const name = /\/assets\/([\w.-]+\.js)$/.exec(new URL(request.url()).pathname)?.[1];
      if (name) scripts.push(name);
    });
    await page.goto('/');
    await waitForApp(page);
    // The registration's module loads once the page has loaded (main.tsx; the tests block the worker itself).
    await expect.poll(() => scripts.some((name) => name.startsWith('service-worker-')), { message: 'the registration was loaded' }).toBe(true);
    await page.waitForLoadState('networkidle');
    // The shell's own chunk (shell-<hash>.js; its shared parts are named after the pages sharing them) and its UI kit.
    expect(scripts.filter((name) => /^(shell|ui)-[\w-]{8}\.js$/.test(name))).toEqual([]);
  });

  test('a language chosen on the landing page is the one the next visit is served in', async ({ page }) => {
    await page.goto('/');
    await waitForApp(page);
    await page.getByRole('button', { name: 'Deutsch (DE)' }).first().click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    const again = await page.reload();
    expect(await again?.text()).toContain('<html lang="de"');
    await waitForApp(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mach aus deinen Kursunterlagen einen Lernpfad, den du wirklich durchziehst.');
  });
});

test.describe('the signed-in shell', () => {
  test('draws the dashboard without first asking who is signed in, its chunks preloaded by the page', async ({ page }) => {
    await signUp(page);
    const sessionRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/auth/get-session')) sessionRequests.push(request.url());
    });
    const response = await page.goto('/dashboard');
    const html = (await response?.text()) ?? '';
    expect(html).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/shell-[\w-]+\.js">/);
    expect(html).not.toContain('token');
    await waitForApp(page);
    await expect(page.getByTestId('user-menu-trigger').or(page.getByTestId('mobile-menu-button')).first()).toBeVisible();
    expect(sessionRequests).toEqual([]);
  });
});
