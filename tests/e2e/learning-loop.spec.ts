import type { Locator, Page, TestInfo } from '@playwright/test';
import { VIEWPORT_COOKIE } from '../../src/shared/viewport-cookie';
import { expect, navigate, PHONE, test } from './fixtures';
import { atLastChallenge, chooseAnswer, openLearn, question, scoutAnswers } from './lesson-fixtures';
import { studentWithStudyFile, trpcQuery } from './study-fixtures';

/**
 * Issue 22, a coherent learning loop. A student loses every heart the way students do — wrong answers, each time
 * seeing the right answer marked and in view above the feedback (at 1366×800 on a computer, and on a phone) — then
 * taps the next lesson on the path: the out-of-hearts dialog opens right there with its three ways on, and no lesson
 * is started (no learn.getLesson request, no console error). On a phone the tab bar shows only on the study tabs.
 */

interface Progress {
  hearts: number;
  unlimitedHearts: boolean;
}

const currentLesson = (page: Page) => page.locator('[data-testid="learn-lesson"][data-state="current"]');

async function bottomOf(locator: Locator): Promise<{ top: number; bottom: number }> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not laid out');
  return { top: box.y, bottom: box.y + box.height };
}

/**
 * After a wrong answer: the right answer is marked (for screen readers too) and lies wholly in the window above the
 * feedback. A match's right answer is its pairs, which the feedback lists; the pairs made are marked on their tiles, and
 * the lowest of them is in view above the feedback (on a phone all six tiles and the feedback do not fit one screen).
 * A fill-in whose word is not in its bank has no tile to mark: its field is marked wrong and the feedback names the word.
 */
async function expectRightAnswerInView(page: Page) {
  const challenge = page.getByTestId('lesson-challenge');
  const type = await challenge.getAttribute('data-type');
  const marked = challenge.locator(type === 'match' ? '[data-verdict]' : '[data-verdict="right"]');
  if (type === 'fill_blank' && (await marked.count()) === 0) {
    await expect(page.getByTestId('challenge-input')).toHaveAttribute('data-verdict', 'wrong');
    await expect(page.getByTestId('lesson-correct-answer')).toBeVisible();
    return;
  }
  await expect(marked.first()).toBeVisible();
  if (type === 'match') await expect(page.getByTestId('lesson-correct-answer')).toContainText(' — ');
  else await expect(marked.first()).toHaveAccessibleName(/\(the right answer\)/);
  const footer = page.getByTestId('lesson-footer');
  // The shell's sticky top bar: the app's header on a computer, the compact bar on a phone.
  const topBar = page.locator('header').first();
  await expect
    .poll(
      async () => {
        const [banner, bar] = [await bottomOf(footer), await bottomOf(topBar)];
        const boxes = await Promise.all((await marked.all()).map(bottomOf));
        const checked = type === 'match' ? boxes.filter((box) => box.bottom === Math.max(...boxes.map((other) => other.bottom))) : boxes;
        return checked.every((box) => box.top >= bar.bottom && box.bottom <= banner.top);
      },
      { message: `the ${type} challenge's marked answer lies between the top bar and the feedback` },
    )
    .toBe(true);
}

/** Back on the path: the day's quest, completed by the first answer, is celebrated there once; Continue closes it. */
async function backOnPath(page: Page) {
  await expect(page.getByTestId('learn-path')).toBeVisible();
  const celebration = page.getByTestId('quest-celebration-continue');
  await celebration.waitFor({ timeout: 3_000 }).then(
    () => celebration.click(),
    () => undefined,
  );
  await expect(page.getByTestId('quest-celebration')).toHaveCount(0);
}

/** Plays the current lesson answering every challenge rightly or (`wrong`) wrongly; returns how it ended. */
async function play(page: Page, testInfo: TestInfo, shots: Set<string>, wrong: boolean): Promise<'outOfHearts' | 'finished'> {
  await currentLesson(page).click();
  await expect(page.getByTestId('lesson-player')).toBeVisible();
  const answers = await scoutAnswers(page);
  await currentLesson(page).click();
  await expect(page.getByTestId('lesson-player')).toBeVisible();
  // Over a lesson a phone has no tab bar (the player has its own bottom bar), nor has a computer.
  await expect(page.getByTestId('bottom-bar')).toHaveCount(0);
  for (;;) {
    await expect(page.getByTestId('lesson-player')).toHaveAttribute('data-phase', 'answering');
    const right = answers.get(await question(page));
    expect(right).toBeDefined();
    await chooseAnswer(page, right!, wrong);
    await page.getByTestId('lesson-check').click();
    await expect(page.getByTestId('lesson-feedback')).toHaveAttribute('data-correct', String(!wrong));
    if (wrong) await expectRightAnswerInView(page);
    const type = (await page.getByTestId('lesson-challenge').getAttribute('data-type')) ?? '';
    if (wrong && !shots.has(type)) {
      shots.add(type);
      await page.screenshot({ path: testInfo.outputPath(`wrong-${type}.png`) });
    }
    const last = await atLastChallenge(page);
    await page.getByTestId('lesson-continue').click();
    const dialog = page.getByTestId('out-of-hearts');
    const finished = page.getByTestId('lesson-finished');
    if (last) {
      await expect(dialog.or(finished)).toBeVisible();
      if (await dialog.isVisible()) return 'outOfHearts';
      await page.keyboard.press('Enter');
      await backOnPath(page);
      return 'finished';
    }
    await expect(dialog.or(page.locator('[data-testid="lesson-player"][data-phase="answering"]'))).toBeVisible();
    if (await dialog.isVisible()) return 'outOfHearts';
  }
}

test('out of hearts, a lesson opens the dialog and is never started; after each wrong answer the right one shows above the feedback @mobile', async ({
  page,
  isMobile,
}, testInfo) => {
  test.setTimeout(300_000);
  // The computer size the issue was seen at; the phone project keeps its 390×844.
  if (!isMobile) await page.setViewportSize({ width: 1366, height: 800 });
  await studentWithStudyFile(page, { waitFor: ['learn_path'], timeout: 90_000 });
  await openLearn(page);
  if (isMobile) await expect(page.getByTestId('bottom-bar')).toBeVisible();

  const shots = new Set<string>();
  // The first lesson is finished (so there is one to practise), the next ones answered wrongly until no heart is left.
  expect(await play(page, testInfo, shots, false)).toBe('finished');
  let ending: 'outOfHearts' | 'finished' = 'finished';
  for (let round = 0; round < 6 && ending !== 'outOfHearts'; round += 1) {
    ending = await play(page, testInfo, shots, true);
  }
  expect(ending).toBe('outOfHearts');
  const progress = await trpcQuery<Progress>(page, 'gamification.getProgress', {});
  expect(progress).toMatchObject({ hearts: 0, unlimitedHearts: false });
  await page.getByTestId('out-of-hearts-leave').click();
  await backOnPath(page);

  // The lesson that ran out is still current; tapping it opens the dialog on the path and asks nothing of the server.
  const started: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('learn.getLesson')) started.push(request.url());
  });
  const lessonPath = (await currentLesson(page).getAttribute('href')) ?? '';
  expect(lessonPath).toMatch(/^\/lesson\//);
  await currentLesson(page).click();
  const dialog = page.getByTestId('out-of-hearts');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('out-of-hearts-shop')).toHaveAttribute('href', '/shop');
  await expect(dialog.getByTestId('out-of-hearts-upgrade')).toBeVisible();
  await expect(page).toHaveURL(/\/learn(\?id=[^&]+)?$/);
  await page.screenshot({ path: testInfo.outputPath('out-of-hearts-on-path.png') });
  expect(started).toEqual([]);
  await expect(page.getByTestId('lesson-load-failed')).toHaveCount(0);

  // The finished lesson is practised at 0 hearts (practice costs none and earns one back).
  const practice = dialog.getByTestId('out-of-hearts-practice');
  await expect(practice).toContainText('for a heart');
  await practice.click();
  await expect(page.getByTestId('lesson-player')).toHaveAttribute('data-phase', 'answering');
  await expect(page.getByTestId('lesson-hearts')).toHaveAttribute('title', /practice/);
  expect(started).toHaveLength(1);
  await page.getByTestId('lesson-quit').click();
  await backOnPath(page);

  // Opened by its address (nothing on the page knows the lesson yet): the file's path is asked first and says the
  // lesson is not completed — the dialog, no run started, no refusal in the console.
  await navigate(page, lessonPath);
  await expect(page.getByTestId('out-of-hearts')).toBeVisible();
  await expect(page.getByTestId('lesson-load-failed')).toHaveCount(0);
  expect(started).toHaveLength(1);
  await page.screenshot({ path: testInfo.outputPath('out-of-hearts-direct.png') });
});

test('on a phone the tab bar shows only on the study tabs, never over a page’s end', async ({ page, browser, consoleErrors }, testInfo) => {
  test.setTimeout(150_000);
  await studentWithStudyFile(page, { waitFor: ['summary'], timeout: 90_000 });
  // The same student on a phone (a touch screen of its own size; this device has not told the server a width yet).
  const phone = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  await phone.addCookies((await page.context().cookies()).filter((cookie) => cookie.name !== VIEWPORT_COOKIE));
  const onPhone = await phone.newPage();
  consoleErrors.watch(onPhone);
  for (const path of ['/settings?mode=billing', '/settings', '/courses', '/dashboard', '/shop']) {
    await navigate(onPhone, path);
    await expect(onPhone.locator('#main')).toBeVisible();
    await expect(onPhone.getByTestId('bottom-bar')).toHaveCount(0);
  }
  await navigate(onPhone, '/settings?mode=billing');
  await onPhone.screenshot({ path: testInfo.outputPath('billing-phone.png'), fullPage: true });

  for (const tab of ['summary', 'learn', 'decks', 'chat', 'mindmap']) {
    await navigate(onPhone, `/${tab}`);
    const bar = onPhone.getByTestId('bottom-bar');
    await expect(bar).toBeVisible();
    // Scrolled to the end, the page's last content ends above the bar (asked again while the page settles).
    await onPhone.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const content = onPhone.locator('#main > *:visible').last();
    await expect
      .poll(
        async () => {
          const [last, tabBar] = [await content.boundingBox(), await bar.boundingBox()];
          return last !== null && tabBar !== null && last.y + last.height <= tabBar.y;
        },
        { message: `/${tab} ends above the tab bar` },
      )
      .toBe(true);
    if (tab === 'summary') await onPhone.screenshot({ path: testInfo.outputPath('summary-end-phone.png') });
  }
  await phone.close();
});
