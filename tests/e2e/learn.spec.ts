import type { Page, TestInfo } from '@playwright/test';
import { expect, test } from './fixtures';
import { chooseAnswer, openLearn, question, scoutAnswers } from './lesson-fixtures';
import { inBothColourSchemes, studentWithStudyFile, trpcQuery } from './study-fixtures';

/**
 * The Exams tab on a real document: the test paper trace-trees.pdf is uploaded and the local engine makes its learn path. The
 * student opens /learn (units with their progress, the first lesson current, the rest locked), plays the first lesson
 * with exactly one wrong answer on purpose (a heart goes, the right answer and explanation are shown), finishes it and
 * sees stars, points, accuracy and time, and the path moves on. Screenshots (light and dark, desktop and phone) are
 * kept in the test output.
 *
 * The challenges' answers are not on the page before a check, so a first (scouting) run skips every challenge — a skip
 * shows the right answer — and is left unfinished; the second run answers them.
 */

interface Progress {
  hearts: number;
  points: number;
  unlimitedHearts: boolean;
}

interface QuestPoints {
  completed: boolean;
  points: number;
}

async function shoot(page: Page, testInfo: TestInfo, name: string, fullPage = false) {
  await inBothColourSchemes(page, testInfo, async (suffix) => {
    await page.screenshot({ animations: 'disabled', path: testInfo.outputPath(`${name}-${suffix}.png`), fullPage });
  });
}

test('a student plays the first lesson with one wrong answer, loses a heart and finishes with stars and points', async ({ page }, testInfo) => {
  // Making the learn path may take up to 90 s on a busy machine; the lesson and the dialogs come after it.
  test.setTimeout(180_000);
  await studentWithStudyFile(page, { waitFor: ['learn_path'], timeout: 90_000 });
  await openLearn(page);
  const units = page.getByTestId('learn-unit');
  await expect(units.first()).toBeVisible();
  await expect(units.first().getByTestId('learn-unit-percent')).toHaveText('0%');
  // A unit at 0 % offers no statistics.
  await expect(units.first().getByTestId('learn-unit-stats')).toBeDisabled();
  const lessons = page.getByTestId('learn-lesson');
  await expect(lessons.first()).toHaveAttribute('data-state', 'current');
  await expect(lessons.nth(1)).toHaveAttribute('data-state', 'locked');
  await expect(lessons.nth(1)).toBeDisabled();
  await shoot(page, testInfo, 'learn-path', true);

  await lessons.first().click();
  await expect(page).toHaveURL(/\/lesson\//);
  await expect(page.getByTestId('lesson-player')).toBeVisible();
  const answers = await scoutAnswers(page);
  expect(answers.size).toBeGreaterThanOrEqual(3);

  const before = await trpcQuery<Progress>(page, 'gamification.getProgress', {});
  expect(before.unlimitedHearts).toBe(false);
  await lessons.first().click();
  await expect(page.getByTestId('lesson-player')).toHaveAttribute('data-phase', 'answering');
  await expect(page.getByTestId('lesson-hearts')).toContainText(String(before.hearts));
  await shoot(page, testInfo, 'lesson-question');

  let count = 0;
  let missed = '';
  for (;;) {
    const text = await question(page);
    if (count === 0) missed = text;
    const right = answers.get(text);
    expect(right, `scouted answer for "${text}"`).toBeDefined();
    const wrong = count === 0;
    await chooseAnswer(page, right!, wrong);
    await page.keyboard.press('Enter');
    const feedback = page.getByTestId('lesson-feedback');
    await expect(feedback).toHaveAttribute('data-correct', wrong ? 'false' : 'true');
    count += 1;
    if (wrong) {
      // A heart goes, in the player and in the header; the right answer, explanation and source page are shown.
      await expect(page.getByTestId('lesson-hearts')).toContainText(String(before.hearts - 1));
      await expect(page.getByTestId('progress-hearts').first()).toContainText(String(before.hearts - 1));
      await expect(page.getByTestId('lesson-correct-answer')).toBeVisible();
      await expect(page.getByTestId('lesson-explanation')).not.toBeEmpty();
      await shoot(page, testInfo, 'lesson-wrong');
    } else if (count === 2) {
      await shoot(page, testInfo, 'lesson-right');
    }
    if ((await page.getByTestId('lesson-progress').getAttribute('aria-valuenow')) === '100') break;
    // Enter continues.
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('lesson-player')).toHaveAttribute('data-phase', 'answering');
    if (count === answers.size) {
      // The one missed comes back after the others, marked as a previous mistake; the lesson is not over before it.
      await expect(page.getByTestId('lesson-challenge')).toHaveAttribute('data-asked-again', 'true');
      await expect(page.getByText('Previous mistake')).toBeVisible();
      expect(await question(page)).toBe(missed);
      await shoot(page, testInfo, 'lesson-asked-again');
    }
  }
  // Every challenge once, and the missed one again.
  expect(count).toBe(answers.size + 1);
  await page.keyboard.press('Enter');

  const finished = page.getByTestId('lesson-finished');
  await expect(finished).toBeVisible();
  const total = answers.size;
  const accuracy = (total - 1) / total;
  const stars = accuracy >= 0.9 ? 3 : accuracy >= 0.6 ? 2 : 1;
  await expect(page.getByTestId('finish-stars')).toHaveAttribute('data-stars', String(stars));
  await expect(page.getByTestId('finish-points')).toHaveText(`+${(total - 1) * 10}`);
  const finishedAccuracy = `${Math.round(accuracy * 100)}%`;
  await expect(page.getByTestId('finish-accuracy')).toHaveText(finishedAccuracy);
  // What was asked again, by its question.
  await expect(page.getByTestId('finish-asked-again-item')).toHaveText([missed]);
  await expect(page.getByTestId('finish-time')).toHaveText(/^\d+:\d{2}$/);
  await shoot(page, testInfo, 'lesson-finished');
  const after = await trpcQuery<Progress>(page, 'gamification.getProgress', {});
  expect(after.hearts).toBe(before.hearts - 1);
  // The day's first answered challenge also completed the daily quest (quest rewards are points too).
  const quests = await trpcQuery<{ daily: QuestPoints[]; milestones: QuestPoints[] }>(page, 'gamification.getQuests', {});
  const questPoints = [...quests.daily, ...quests.milestones].filter((quest) => quest.completed).reduce((sum, quest) => sum + quest.points, 0);
  expect(questPoints).toBeGreaterThan(0);
  expect(after.points).toBe(before.points + (total - 1) * 10 + questPoints);

  // Enter goes back to the path: the lesson is completed with its stars, the next one is current.
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('learn-path')).toBeVisible();
  // Off the lesson, the completed quest is celebrated (once); Continue closes it.
  await page.getByTestId('quest-celebration-continue').click();
  await expect(page.getByTestId('quest-celebration')).toBeHidden();
  await expect(lessons.first()).toHaveAttribute('data-state', 'completed');
  await expect(lessons.first().locator('..').locator('..').getByTestId('learn-lesson-stars')).toBeVisible();
  await expect(lessons.nth(1)).toHaveAttribute('data-state', 'current');
  await expect(units.first().getByTestId('learn-unit-percent')).not.toHaveText('0%');
  const unitPercentOnPath = (await units.first().getByTestId('learn-unit-percent').innerText()).replace(/\s/g, ' ').trim();
  await expect(units.first().getByTestId('learn-unit-stats')).toBeEnabled();
  await shoot(page, testInfo, 'learn-path-progress', true);

  // The statistics dialogs open from the path: overall, the unit's (now above 0 %) and the finished lesson's.
  for (const [button, dialog] of [
    [page.getByTestId('learn-overall-stats'), 'overall-stats-dialog'],
    [units.first().getByTestId('learn-unit-stats'), 'unit-stats-dialog'],
    [page.getByTestId('learn-lesson-stats').first(), 'lesson-stats-dialog'],
  ] as const) {
    await button.click();
    await expect(page.getByTestId(dialog)).toBeVisible();
    // Loaded: no skeleton left.
    await expect(page.getByTestId(dialog).getByTestId('stats-skeleton')).toHaveCount(0);
    // Every screen says the same of this play-through (issue 22; definitions in src/shared/stats.ts): the scouting
    // run's skips are not the latest run, the miss answered right when asked again is completed but not right the
    // first time, and the finished lesson is complete wherever it shows.
    if (dialog === 'overall-stats-dialog') {
      await expect(page.getByTestId('overall-correct-value')).toHaveText(finishedAccuracy);
      await expect(page.getByTestId('overall-correct')).toContainText(`${total - 1} of ${total} challenges`);
    } else if (dialog === 'unit-stats-dialog') {
      await expect(page.getByTestId('unit-completion-value')).toHaveText(unitPercentOnPath);
      await expect(page.getByTestId('unit-lesson-completion').first()).toHaveText('100%');
      await expect(page.getByTestId('unit-challenges')).toContainText(`${total - 1} right the first time`);
    } else {
      await expect(page.getByTestId('lesson-completion-value')).toHaveText('100%');
      await expect(page.getByTestId('lesson-completion')).toContainText(`${total} of ${total} challenges answered right`);
    }
    await shoot(page, testInfo, dialog);
    await page.keyboard.press('Escape');
    await expect(page.getByTestId(dialog)).toBeHidden();
  }

  // Reviewing mistakes (issue 22): from the path, the finished lessons' challenges, the one missed first; a practice
  // run (no heart at stake) finished with every one right the first time gives a heart back.
  const heartsBeforeReview = (await trpcQuery<Progress>(page, 'gamification.getProgress', {})).hearts;
  await page.getByTestId('learn-review').click();
  await expect(page).toHaveURL(/\/lesson\/review/);
  await expect(page.getByTestId('lesson-review-title')).toHaveText('Review of your mistakes · From every lesson you have finished');
  expect(await question(page)).toBe(missed);
  await shoot(page, testInfo, 'review-question');
  for (;;) {
    const text = await question(page);
    await chooseAnswer(page, answers.get(text)!, false);
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('lesson-feedback')).toHaveAttribute('data-correct', 'true');
    const done = (await page.getByTestId('lesson-progress').getAttribute('aria-valuenow')) === '100';
    await page.keyboard.press('Enter');
    if (done) break;
  }
  await expect(page.getByTestId('lesson-finished')).toBeVisible();
  await expect(page.getByTestId('finish-accuracy')).toHaveText('100%');
  await expect(page.getByTestId('finish-none-asked-again')).toBeVisible();
  await shoot(page, testInfo, 'review-finished');
  expect((await trpcQuery<Progress>(page, 'gamification.getProgress', {})).hearts).toBe(Math.min(5, heartsBeforeReview + 1));
  // The overall statistics now say what this review's finish screen said of the challenges it asked.
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('learn-path')).toBeVisible();
  // The review's points may complete a quest: celebrated once, closed.
  const celebration = page.getByTestId('quest-celebration-continue');
  await celebration.waitFor({ timeout: 3_000 }).then(
    () => celebration.click(),
    () => undefined,
  );
  await page.getByTestId('learn-overall-stats').click();
  await expect(page.getByTestId('overall-correct-value')).toHaveText('100%');
});

test('the path and the player on a phone @mobile', async ({ page }, testInfo) => {
  test.slow();
  await studentWithStudyFile(page, { waitFor: ['learn_path'], timeout: 90_000 });
  await openLearn(page);
  await shoot(page, testInfo, 'learn-path', true);
  await page.getByTestId('learn-lesson').first().click();
  await expect(page.getByTestId('lesson-player')).toBeVisible();
  // The number keys that choose an answer are shown on a computer; a touch screen has none, so they are not shown there.
  const keyHints = page.getByTestId('lesson-player').getByTestId('key-hint');
  await expect(keyHints.first()).toBeAttached();
  await expect(keyHints.filter({ visible: true })).toHaveCount(testInfo.project.name === 'mobile' ? 0 : await keyHints.count());
  await shoot(page, testInfo, 'lesson-question');
  await page.getByTestId('lesson-skip').click();
  await expect(page.getByTestId('lesson-feedback')).toBeVisible();
  await shoot(page, testInfo, 'lesson-skipped');
  // Back on the path, the overall statistics fit the phone (the skipped challenge is the day's activity).
  await page.getByTestId('lesson-quit').click();
  await expect(page.getByTestId('learn-path')).toBeVisible();
  await page.getByTestId('learn-overall-stats').click();
  const dialog = page.getByTestId('overall-stats-dialog');
  await expect(dialog.getByTestId('overall-daily-activity')).toBeVisible();
  await expect(dialog.getByTestId('stats-skeleton')).toHaveCount(0);
  // The dialog fits the screen's width (no sideways scrolling on a phone).
  const box = await dialog.boundingBox();
  expect(box?.width).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0);
  await shoot(page, testInfo, 'overall-stats-dialog');
});
