import { VIEWPORT_COOKIE } from '../../src/shared/viewport-cookie';
import { DESKTOP, expect, navigate, PHONE, test } from './fixtures';
import { studentWithStudyFile } from './study-fixtures';

/**
 * Issue 21: a page where a signed-in student lands (the dashboard, a study tab) comes rendered on the server from the
 * answers the page carries, in the layout of the window the app last ran in on that device (or a phone's, when the
 * browser says it is one), so a phone paints the student's courses or summary before any script has arrived; the app
 * loads once the page has painted and draws its own over it.
 */
test('the dashboard and the Summary tab are readable before any script runs, in the phone and the computer layout', async ({ page, browser }, testInfo) => {
  test.setTimeout(120_000);
  await studentWithStudyFile(page, { waitFor: ['summary'], timeout: 60_000 });
  const cookies = await page.context().cookies();
  // The shell told the server this window's width.
  expect(cookies.find((cookie) => cookie.name === VIEWPORT_COOKIE)?.value).toBe(String(page.viewportSize()?.width));

  for (const [device, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
    // The same student with no scripts at all. The phone has not run the app yet: its browser says it is a phone.
    const bare = await browser.newContext({
      viewport,
      javaScriptEnabled: false,
      ...(device === 'phone' ? { extraHTTPHeaders: { 'Sec-CH-UA-Mobile': '?1' } } : {}),
    });
    await bare.addCookies(device === 'phone' ? cookies.filter((cookie) => cookie.name !== VIEWPORT_COOKIE) : cookies);
    const before = await bare.newPage();
    await before.goto('/dashboard');
    await expect(before.locator('#root[data-rendered="server"]')).toHaveCount(1);
    await expect(before.getByTestId('dashboard-course-name')).toHaveText('Compilers');
    await expect(before.getByText('trace-trees.pdf').first()).toBeVisible();
    // The layout the app will draw at that width: the sidebar on the computer, the phone's top bar on the phone.
    await expect(before.getByTestId('sidebar')).toHaveCount(device === 'desktop' ? 1 : 0);
    await expect(before.getByTestId('mobile-menu-button')).toHaveCount(device === 'phone' ? 1 : 0);
    await before.screenshot({ path: testInfo.outputPath(`dashboard-before-scripts-${device}.png`) });

    await before.goto('/summary');
    await expect(before.getByTestId('summary-title')).toHaveText('Trace Trees: Compiling the Hot Loops of a Dynamic Language');
    await expect(before.getByTestId('summary-point').first()).toBeVisible();
    await expect(before.getByTestId('bottom-bar')).toHaveCount(device === 'phone' ? 1 : 0);
    await before.screenshot({ path: testInfo.outputPath(`summary-before-scripts-${device}.png`) });
    await bare.close();
  }
});

test('the app loads once the server-rendered page has painted, then draws over it and is usable', async ({ page }) => {
  test.setTimeout(120_000);
  await studentWithStudyFile(page, { waitFor: ['summary'], timeout: 60_000 });
  const response = await page.goto('/summary');
  const html = (await response?.text()) ?? '';
  expect(html).toContain('<div id="root" data-rendered="server" inert>');
  // No module script for the browser to fetch while it reads the page: the app's start, at the end, loads it.
  expect(html).not.toMatch(/<script type="module"/);
  expect(html).toMatch(/<template id="studypath-start" data-entry="\/assets\/index-[\w-]+\.js">/);
  await navigate(page, '/summary');
  const timing = await page.evaluate(() => {
    const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    const styles = resources.find((resource) => /\/assets\/index-[\w-]+\.css$/.test(resource.name))?.responseEnd;
    const entry = resources.find((resource) => /\/assets\/index-[\w-]+\.js$/.test(resource.name))?.startTime;
    const root = document.getElementById('root');
    return { styles, entry, inert: root?.hasAttribute('inert'), react: Object.keys(root ?? {}).some((key) => key.startsWith('__reactContainer')) };
  });
  // The first chunk was asked for only once the page could paint — after its stylesheet had arrived — not while the
  // page was read (as a module script in <head> is): nothing competed with the stylesheet and font a phone paints with.
  expect(timing.styles).toBeDefined();
  expect(timing.entry).toBeGreaterThan(timing.styles ?? Number.POSITIVE_INFINITY);
  // The app owns the page now, and it is no longer inert.
  expect(timing).toMatchObject({ inert: false, react: true });
  await expect(page.getByTestId('summary-point').first()).toBeVisible();
  await page.getByTestId('bottom-tab-mindmap').or(page.getByRole('link', { name: 'Mindmap' })).first().click();
  await expect(page).toHaveURL(/\/mindmap/);
});
