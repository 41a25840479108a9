import type { Page } from '@playwright/test';
import { expect, navigate, test } from './fixtures';
import { atLastChallenge, chooseAnswer, finishBySkipping, openLearn, question, scoutAnswers } from './lesson-fixtures';
import { studentWithStudyFile, trpcQuery } from './study-fixtures';

/**
 * Installable and offline for review (issue 21): the app's manifest and service worker; a student whose connection
 * drops in the middle of a flashcard session keeps rating, the ratings wait on the device, survive a reload without a
 * connection (the app starts from the service worker's cache and the session kept on the device), and reach the
 * server once each when the connection is back.
 */
test.use({ serviceWorkers: 'allow' });

/** The caller's flashcard ratings today, as the server counts them (decks.reviewsToday). */
async function reviewsToday(page: Page): Promise<number> {
  const response = await page.request.get('/api/trpc/decks.reviewsToday');
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { result: { data: { json: { count: number } } } };
  return body.result.data.json.count;
}

/** Records in one IndexedDB store of the app's offline database. */
function storeCount(page: Page, store: 'outbox' | 'lessons'): Promise<number> {
  return page.evaluate(
    (name) =>
      new Promise<number>((resolve, reject) => {
        const request = indexedDB.open('studypath-offline');
        request.onsuccess = () => {
          const db = request.result;
          if (!db.objectStoreNames.contains(name)) return resolve(0);
          const count = db.transaction(name).objectStore(name).count();
          count.onsuccess = () => resolve(count.result);
          count.onerror = () => reject(count.error);
        };
        request.onerror = () => reject(request.error);
      }),
    store,
  );
}

/** The service worker is active and has kept the signed-in app page (lib/offline/service-worker.ts). */
async function appKeptOffline(page: Page) {
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          await navigator.serviceWorker.ready;
          return Boolean(await (await caches.open('studypath-pages')).match('/__app-page', { ignoreVary: true }));
        }),
      { timeout: 20_000 },
    )
    .toBe(true);
}

async function rate(page: Page, rating: 'again' | 'good' | 'easy') {
  const card = page.getByTestId('flashcard');
  await expect(card).toHaveAttribute('data-flipped', 'false');
  await page.getByTestId('session-flip').click();
  await expect(card).toHaveAttribute('data-flipped', 'true');
  await page.getByTestId(`rate-${rating}`).click();
}

async function progress(page: Page): Promise<number> {
  return Number(await page.getByTestId('session-progress').getAttribute('data-rated'));
}

test('the app is installable: a manifest with icons, and a service worker that controls the page', async ({ page }) => {
  await navigate(page, '/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const response = await page.request.get(href!);
  expect(response.headers()['content-type']).toContain('manifest+json');
  const manifest = (await response.json()) as { name: string; start_url: string; display: string; icons: Array<{ src: string; sizes: string; purpose?: string }> };
  expect(manifest).toMatchObject({ name: 'StudyPath', start_url: '/dashboard', display: 'standalone' });
  for (const icon of manifest.icons) {
    const image = await page.request.get(icon.src);
    expect(image.headers()['content-type'], icon.src).toBe('image/png');
  }
  expect(manifest.icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
  expect(manifest.icons.some((icon) => icon.purpose === 'maskable')).toBe(true);
  const worker = await page.request.get('/sw.js');
  expect(worker.headers()['cache-control']).toBe('no-cache');
  // Registered once the page has loaded, and active with the app's files kept.
  await expect.poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.state ?? null), { timeout: 20_000 }).toBe('activated');
  const kept = await page.evaluate(async () => {
    const names = await caches.keys();
    const assets = names.find((name) => name.startsWith('studypath-assets-'));
    return assets ? (await (await caches.open(assets)).keys()).length : 0;
  });
  expect(kept).toBeGreaterThan(20);
});

test('a review goes on without a connection, survives a reload offline, and every rating reaches the server once', async ({ page, context, consoleErrors }) => {
  test.slow();
  // Requests the app makes while the network is off fail, as they would on a phone in a tunnel.
  consoleErrors.allow(/ERR_INTERNET_DISCONNECTED|Failed to fetch|Failed to load resource/);
  await studentWithStudyFile(page);
  await navigate(page, '/decks');
  await expect(page.getByTestId('decks-overview')).toBeVisible({ timeout: 90_000 });
  await appKeptOffline(page);

  await page.locator('[data-testid="deck"][data-generated="true"]').getByTestId('deck-study').click();
  await expect(page.getByTestId('study-session')).toBeVisible();
  await rate(page, 'good');
  await expect.poll(() => reviewsToday(page)).toBe(1);

  // The connection drops in the middle of the session.
  await context.setOffline(true);
  await rate(page, 'again');
  await expect(page.getByTestId('session-offline')).toBeVisible();
  await rate(page, 'easy');
  await rate(page, 'good');
  expect(await progress(page)).toBe(4);
  // Nothing reached the server; the three ratings wait on the device.
  expect(await reviewsToday(page)).toBe(1);
  await expect.poll(() => storeCount(page, 'outbox')).toBe(3);

  // Still offline, the page is reloaded: the app starts from the service worker and says what still works.
  await page.reload();
  await expect(page.getByTestId('offline-banner')).toBeVisible({ timeout: 15_000 });
  await page.getByTestId('offline-review-link').click();
  await expect(page.getByTestId('offline-page')).toBeVisible();
  await expect(page.getByTestId('offline-state')).toContainText('No connection');
  await expect(page.getByTestId('offline-waiting')).toHaveText('3 results are waiting to be sent.');
  const deck = page.getByTestId('offline-deck');
  await expect(deck).toHaveCount(1);
  await page.screenshot({ animations: 'disabled', path: test.info().outputPath('offline-review-desktop.png') });
  await deck.getByTestId('offline-study').click();
  await expect(page.getByTestId('study-session')).toBeVisible();
  await expect(page.getByTestId('session-offline')).toBeVisible();
  // The cards rated before the reload are not shown again, but the one rated Again is back in its learning step.
  await rate(page, 'good');
  await expect(page.getByTestId('offline-page')).toHaveCount(0);
  await page.screenshot({ animations: 'disabled', path: test.info().outputPath('offline-session-desktop.png') });

  // The connection returns: the four ratings are sent, once each, in the order made.
  await context.setOffline(false);
  await expect.poll(() => reviewsToday(page), { timeout: 20_000 }).toBe(5);
  await expect(page.getByTestId('session-offline')).toHaveCount(0);
  // Sent once: nothing is left to send, and a second chance to send (another 'online') adds nothing.
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await page.waitForTimeout(1000);
  expect(await reviewsToday(page)).toBe(5);
});

test('a finished lesson is practised without a connection and counted once when it is back', async ({ page, context, consoleErrors }) => {
  test.setTimeout(240_000);
  consoleErrors.allow(/ERR_INTERNET_DISCONNECTED|Failed to fetch|Failed to load resource/);
  await studentWithStudyFile(page, { waitFor: ['learn_path'], timeout: 90_000 });
  await openLearn(page);
  const first = page.getByTestId('learn-lesson').first();
  await first.click();
  await expect(page.getByTestId('lesson-player')).toBeVisible();
  const answers = await scoutAnswers(page);
  // Finished online (every challenge skipped, then answered right when it came back): the lesson is kept on this
  // device for practice.
  await first.click();
  await finishBySkipping(page);
  await expect.poll(() => storeCount(page, 'lessons'), { timeout: 20_000 }).toBe(1);
  await appKeptOffline(page);
  const before = await trpcQuery<{ points: number }>(page, 'gamification.getProgress', {});

  await context.setOffline(true);
  await page.goto('/offline');
  await expect(page.getByTestId('offline-state')).toContainText('No connection');
  await page.getByTestId('offline-lesson').getByTestId('offline-practise').click();
  await expect(page.getByTestId('lesson-player')).toHaveAttribute('data-phase', 'answering');
  let count = 0;
  for (;;) {
    const right = answers.get(await question(page));
    expect(right).toBeDefined();
    await chooseAnswer(page, right!, false);
    await page.keyboard.press('Enter');
    // Judged on the device, as the server judges.
    await expect(page.getByTestId('lesson-feedback')).toHaveAttribute('data-correct', 'true');
    count += 1;
    const last = await atLastChallenge(page);
    await page.getByTestId('lesson-continue').click();
    if (last) break;
  }
  await expect(page.getByTestId('lesson-finished')).toBeVisible();
  await expect(page.getByTestId('finish-offline')).toBeVisible();
  await expect(page.getByTestId('finish-points')).toContainText(String(count * 10));
  await page.screenshot({ animations: 'disabled', path: test.info().outputPath('offline-lesson-finished-desktop.png') });
  await expect.poll(() => storeCount(page, 'outbox')).toBe(1);
  // The sidebar cannot read the courses offline, and says so rather than "No courses yet".
  await expect(page.getByTestId('sidebar-courses-failed')).toBeVisible({ timeout: 15_000 });

  await context.setOffline(false);
  await expect.poll(() => storeCount(page, 'outbox'), { timeout: 20_000 }).toBe(0);
  // Back online, Try again lists the student's course.
  await page.getByTestId('sidebar-courses-failed').getByRole('button').click();
  await expect(page.getByTestId('sidebar-course').first()).toBeVisible({ timeout: 15_000 });
  const after = await trpcQuery<{ points: number }>(page, 'gamification.getProgress', {});
  // Each right answer's points, counted once (daily quests reached on the way may add their own).
  expect(after.points - before.points).toBeGreaterThanOrEqual(count * 10);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await page.waitForTimeout(1000);
  expect((await trpcQuery<{ points: number }>(page, 'gamification.getProgress', {})).points).toBe(after.points);
});
