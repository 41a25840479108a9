import type { Page, TestInfo } from '@playwright/test';
import { expect, navigate, test } from './fixtures';
import { atLastChallenge, chooseAnswer, openLearn, question, scoutAnswers } from './lesson-fixtures';
import { inBothColourSchemes, studentWithStudyFile, trpcQuery } from './study-fixtures';

/**
 * The gamification pages on a real document (the 14-page test paper trace-trees.pdf). The student plays the first lesson (one answer
 * wrong on purpose: a heart goes), sees the quest celebration once it leaves the lesson, reviews flashcards, and then
 * walks /streaks (streak 1, today studied), /quests (the challenges quest done), /leaderboard (their own row with their
 * XP) and /shop (a heart refill and a streak freeze; the header follows without a reload). The browser reports its
 * time zone, and the server counts the student's days in it. Screenshots (light and dark, desktop and phone) are kept
 * in the test output.
 */

interface Progress {
  streak: number;
  points: number;
  hearts: number;
  streakFreezes: number;
  xpTotal: number;
  timeZone: string;
  celebrations: Array<{ questId: string }>;
}

const progressOf = (page: Page) => trpcQuery<Progress>(page, 'gamification.getProgress', {});

async function shoot(page: Page, testInfo: TestInfo, name: string) {
  await inBothColourSchemes(page, testInfo, async (suffix) => {
    await page.screenshot({ animations: 'disabled', path: testInfo.outputPath(`${name}-${suffix}.png`), fullPage: true });
  });
}

/** The header's counter `name` (its visible number). */
const counter = (page: Page, name: 'streak' | 'points' | 'hearts') => page.getByTestId(`progress-${name}`).first();

/** Closes the quest celebration if one is showing (a quest may complete along the way). */
async function closeCelebration(page: Page) {
  const dialog = page.getByTestId('quest-celebration');
  if (await dialog.isVisible()) {
    await dialog.getByTestId('quest-celebration-continue').click();
    await expect(dialog).toBeHidden();
  }
}

/** Answers the challenge on screen rightly, or (`wrong`) certainly wrongly, and checks it. */
async function answer(page: Page, right: string, wrong: boolean) {
  await chooseAnswer(page, right, wrong);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('lesson-feedback')).toHaveAttribute('data-correct', wrong ? 'false' : 'true');
}

/**
 * Plays the lesson on screen with the scouted answers: the first wrong when `wrongFirst`. With `finish`, it ends on the
 * finish screen; otherwise the run is left before finishing (points are won per answer).
 */
async function playRun(page: Page, answers: Map<string, string>, { wrongFirst, finish }: { wrongFirst: boolean; finish: boolean }) {
  await expect(page.getByTestId('lesson-player')).toHaveAttribute('data-phase', 'answering');
  for (let count = 0; ; count += 1) {
    const text = await question(page);
    const right = answers.get(text);
    expect(right, `scouted answer for "${text}"`).toBeDefined();
    await answer(page, right!, wrongFirst && count === 0);
    if (await atLastChallenge(page)) break;
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('lesson-player')).toHaveAttribute('data-phase', 'answering');
  }
  if (finish) {
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('lesson-finished')).toBeVisible();
  } else {
    await page.getByTestId('lesson-quit').click();
    await expect(page.getByTestId('learn-path')).toBeVisible();
  }
}

/** Rates `cards` flashcards of the file's AI deck Good. */
async function reviewFlashcards(page: Page, cards: number) {
  await navigate(page, '/decks');
  await expect(page.getByTestId('decks-overview')).toBeVisible({ timeout: 90_000 });
  await page.locator('[data-testid="deck"][data-generated="true"]').getByTestId('deck-study').click();
  await expect(page.getByTestId('study-session')).toBeVisible();
  for (let rated = 1; rated <= cards; rated += 1) {
    await page.getByTestId('session-flip').click();
    await expect(page.getByTestId('flashcard')).toHaveAttribute('data-flipped', 'true');
    await page.getByTestId('rate-good').click();
    await expect(page.getByTestId('session-progress')).toHaveAttribute('data-rated', String(rated));
  }
}

test.describe('in Berlin time', () => {
  test.use({ timezoneId: 'Europe/Berlin' });

  test('after a lesson and flashcards: streak, quests with a celebration, leaderboard and shop update live', async ({ page }, testInfo) => {
    test.setTimeout(300_000);
    await studentWithStudyFile(page, { waitFor: ['learn_path', 'flashcards'], timeout: 90_000 });
    // The browser's time zone reaches the server once: the student's days are Berlin days.
    await expect.poll(async () => (await progressOf(page)).timeZone).toBe('Europe/Berlin');

    // The first lesson: scouted, then played with one wrong answer (a heart goes) to its finish screen.
    await openLearn(page);
    const firstLesson = page.getByTestId('learn-lesson').first();
    await firstLesson.click();
    const answers = await scoutAnswers(page);
    const start = await progressOf(page);
    await firstLesson.click();
    await playRun(page, answers, { wrongFirst: true, finish: true });
    // The challenges quest is done, but a lesson keeps the screen to itself: no celebration on the finish screen.
    await expect.poll(async () => (await progressOf(page)).celebrations.map((item) => item.questId)).toContain('daily-challenges');
    await expect(page.getByTestId('quest-celebration')).toHaveCount(0);
    await page.getByTestId('finish-continue').click();
    await expect(page.getByTestId('learn-path')).toBeVisible();

    // Back on the path the celebration shows, with its points, and once closed it is seen for good.
    const celebration = page.getByTestId('quest-celebration');
    await expect(celebration).toBeVisible();
    await expect(celebration.getByTestId('quest-celebration-item').first()).toContainText('Answer 1 challenge');
    await expect(celebration.getByTestId('quest-celebration-total')).toContainText('+10 XP');
    await inBothColourSchemes(page, testInfo, async (suffix) => {
      await page.screenshot({ animations: 'disabled', path: testInfo.outputPath(`celebration-${suffix}.png`) });
    });
    await celebration.getByTestId('quest-celebration-continue').click();
    await expect(celebration).toBeHidden();
    await expect.poll(async () => (await progressOf(page)).celebrations).toEqual([]);
    await openLearn(page);
    await expect(page.getByTestId('quest-celebration')).toHaveCount(0);
    const afterLesson = await progressOf(page);
    expect(afterLesson.hearts).toBe(start.hearts - 1);
    expect(afterLesson.streak).toBe(1);
    await expect(counter(page, 'streak')).toContainText('1');

    // Practice runs of the finished lesson (left before the end, so no heart comes back) earn points for the shop.
    for (let run = 0; run < 6 && (await progressOf(page)).points < 160; run += 1) {
      await firstLesson.click();
      await playRun(page, answers, { wrongFirst: false, finish: false });
      await closeCelebration(page);
    }

    // Flashcards: three ratings; the header's points and streak stay in step without a reload.
    await reviewFlashcards(page, 3);
    await closeCelebration(page);
    const beforePages = await progressOf(page);
    await expect(counter(page, 'points')).toContainText(String(beforePages.points));

    // /streaks: a one-day streak, today studied in the calendar.
    await navigate(page, '/streaks');
    await expect(page.getByTestId('streak-current')).toHaveText('1');
    const today = page.locator('[data-testid="streak-day"][data-today="true"]');
    await expect(today).toHaveAttribute('data-state', 'active');
    await expect(page.getByTestId('streak-freezes-value')).toHaveText('0 of 2');
    await expect(page).toHaveTitle('Streaks · StudyPath');
    await shoot(page, testInfo, 'streaks');

    // /quests: the challenges quest is done, flashcards on their way, the reset counting down.
    await navigate(page, '/quests');
    await expect(page.getByTestId('quest-challenges')).toHaveAttribute('data-completed', 'true');
    await expect(page.getByTestId('quest-flashcards-count')).toHaveText('3 / 10');
    await expect(page.getByTestId('quests-resets')).toHaveText(/^Resets in (\d+ h )?\d+ min$/);
    await shoot(page, testInfo, 'quests');

    // /leaderboard: the student's own row, highlighted, with this week's XP (every point earned this week).
    await navigate(page, '/leaderboard');
    const me = page.getByTestId('leaderboard-me');
    await expect(me).toContainText(`${new Intl.NumberFormat('en').format(beforePages.xpTotal)} XP`);
    await expect(page.getByTestId('leaderboard-resets')).toContainText('Resets Monday');
    await shoot(page, testInfo, 'leaderboard');
    await page.getByTestId('leaderboard-tab-all').click();
    await expect(page.getByTestId('leaderboard')).toHaveAttribute('data-period', 'all');
    await expect(page.getByTestId('leaderboard-me')).toContainText(`${new Intl.NumberFormat('en').format(beforePages.xpTotal)} XP`);

    // /shop: a refill (a heart was lost) and a freeze; the header follows at once, without a reload.
    await navigate(page, '/shop');
    await expect(page.getByTestId('shop-hearts')).toHaveText(`Hearts: ${beforePages.hearts} / 5`);
    await expect(counter(page, 'hearts')).toContainText(String(beforePages.hearts));
    await shoot(page, testInfo, 'shop');
    expect(beforePages.points).toBeGreaterThanOrEqual(150);
    await page.getByTestId('shop-refill-buy').click();
    await expect(page.getByText('Hearts refilled')).toBeVisible();
    await expect(counter(page, 'hearts')).toContainText('5');
    await expect(counter(page, 'points')).toContainText(String(beforePages.points - 50));
    await expect(page.getByTestId('shop-refill-reason')).toHaveText('Your hearts are full');
    await page.getByTestId('shop-freeze-buy').click();
    await expect(page.getByText('Streak freeze bought')).toBeVisible();
    await expect(page.getByTestId('shop-freezes')).toHaveText('Owned: 1 / 2');
    await expect(counter(page, 'points')).toContainText(String(beforePages.points - 150));
    await expect(page.getByTestId('shop-points')).toHaveAttribute('data-value', String(beforePages.points - 150));
    const afterShop = await progressOf(page);
    expect(afterShop).toMatchObject({ points: beforePages.points - 150, hearts: 5, streakFreezes: 1 });
    await page.getByText('Streak freeze bought').waitFor({ state: 'hidden', timeout: 10_000 }).catch(() => undefined);
    await shoot(page, testInfo, 'shop-after');

    // The freeze shows on /streaks too.
    await navigate(page, '/streaks');
    await expect(page.getByTestId('streak-freezes-value')).toHaveText('1 of 2');
  });
});

test('the four pages on a phone, for a student who reviewed flashcards @mobile', async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  await studentWithStudyFile(page, { waitFor: ['flashcards'], timeout: 90_000 });
  await reviewFlashcards(page, 2);
  await expect(counter(page, 'streak')).toContainText('1');

  await navigate(page, '/streaks');
  await expect(page.getByTestId('streak-current')).toHaveText('1');
  await expect(page.locator('[data-testid="streak-day"][data-today="true"]')).toHaveAttribute('data-state', 'active');
  await expect(page.getByTestId('bottom-bar')).toHaveCount(0);
  await shoot(page, testInfo, 'streaks');

  await navigate(page, '/quests');
  await expect(page.getByTestId('quest-flashcards-count')).toHaveText('2 / 10');
  await shoot(page, testInfo, 'quests');

  await navigate(page, '/leaderboard');
  // No XP yet: the student's own row is pinned with an invitation.
  await expect(page.getByTestId('leaderboard-me-pinned')).toContainText('Earn XP this week to join');
  await shoot(page, testInfo, 'leaderboard');

  await navigate(page, '/shop');
  await expect(page.getByTestId('shop-refill-reason')).toHaveText('Your hearts are full');
  await expect(page.getByTestId('shop-freeze-reason')).toHaveText('You need 100 more points');
  await expect(page.getByTestId('shop-freeze-buy')).toBeDisabled();
  await shoot(page, testInfo, 'shop');
});
