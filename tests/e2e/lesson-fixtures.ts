import type { Page } from '@playwright/test';
import { expect, navigate } from './fixtures';

/**
 * Playing a lesson in a browser test. The challenges' answers are not on the page before a check, so a first
 * (scouting) run skips every challenge — a skip shows the right answer — and is left unfinished; a later run answers.
 */

/** Opens /learn and waits for the path (the learn path may still be being made). */
export async function openLearn(page: Page) {
  await navigate(page, '/learn');
  await expect(page.getByTestId('learn-path')).toBeVisible({ timeout: 90_000 });
}

/** The question on screen (its text, the key for the answers found by scouting). */
export const question = (page: Page) => page.getByTestId('challenge-question').innerText();

/**
 * Whether the lesson is done once the feedback on screen is continued: every challenge answered right (the progress
 * bar moves on with right answers only; a challenge missed comes back until answered right).
 */
export const atLastChallenge = async (page: Page) => (await page.getByTestId('lesson-progress').getAttribute('aria-valuenow')) === '100';

/** Whether the challenge on screen is one missed before, asked again. */
export const askedAgain = async (page: Page) => (await page.getByTestId('lesson-challenge').getAttribute('data-asked-again')) === 'true';

/** Skips the challenge on screen and gives the right answer the feedback shows. */
async function skipNoting(page: Page): Promise<string> {
  await expect(page.getByTestId('lesson-skip')).toBeEnabled();
  await page.getByTestId('lesson-skip').click();
  await expect(page.getByTestId('lesson-feedback')).toHaveAttribute('data-skipped', 'true');
  return (await page.getByTestId('lesson-correct-answer').innerText()).replace(/^Correct answer:\s*/, '').trim();
}

/** Skips every challenge of the lesson on screen, noting the right answers shown, and quits unfinished. */
export async function scoutAnswers(page: Page): Promise<Map<string, string>> {
  const answers = new Map<string, string>();
  for (;;) {
    await expect(page.getByTestId('lesson-skip')).toBeEnabled();
    // Round to the first challenge skipped: each has been seen.
    if (await askedAgain(page)) break;
    const text = await question(page);
    answers.set(text, await skipNoting(page));
    await page.getByTestId('lesson-continue').click();
  }
  await page.getByTestId('lesson-quit').click();
  await expect(page.getByTestId('learn-path')).toBeVisible();
  return answers;
}

/**
 * Finishes the lesson on screen knowing no answer: each challenge skipped the first time (the feedback shows its
 * answer), and answered right with it when it comes back. Ends on the finish screen.
 */
export async function finishBySkipping(page: Page): Promise<void> {
  const shown = new Map<string, string>();
  for (;;) {
    await expect(page.getByTestId('lesson-skip')).toBeEnabled();
    const text = await question(page);
    const known = shown.get(text);
    if ((await askedAgain(page)) && known !== undefined) {
      await chooseAnswer(page, known, false);
      await page.getByTestId('lesson-check').click();
      await expect(page.getByTestId('lesson-feedback')).toHaveAttribute('data-correct', 'true');
    } else {
      shown.set(text, await skipNoting(page));
    }
    const done = await atLastChallenge(page);
    await page.getByTestId('lesson-continue').click();
    if (done) break;
  }
  await expect(page.getByTestId('lesson-finished')).toBeVisible();
}

/** Puts the answer to the challenge on screen: rightly, or (`wrong`) certainly wrongly; Check is then enabled. */
export async function chooseAnswer(page: Page, right: string, wrong: boolean) {
  const type = await page.getByTestId('lesson-challenge').getAttribute('data-type');
  if (type === 'multiple_choice') {
    const texts = (await page.getByTestId('challenge-option').allInnerTexts()).map((text) => text.replace(/^\d\s*/, '').trim());
    const index = wrong ? texts.findIndex((text) => text !== right) : texts.indexOf(right);
    expect(index).toBeGreaterThanOrEqual(0);
    // The keyboard picks it (1–4).
    await page.keyboard.press(String(index + 1));
  } else if (type === 'true_false') {
    await page.getByTestId(right === 'True' !== wrong ? 'challenge-true' : 'challenge-false').click();
  } else if (type === 'fill_blank') {
    await page.getByTestId('challenge-input').fill(wrong ? 'qqqzzz' : right);
  } else {
    const pairs = right.split('\n').map((line) => line.split(' — ').map((part) => part.trim()) as [string, string]);
    const definitions = pairs.map(([, definition]) => definition);
    for (const [index, [term]] of pairs.entries()) {
      // Wrong: every term gets the next term's definition.
      const definition = wrong ? definitions[(index + 1) % definitions.length]! : definitions[index]!;
      await page.getByTestId('match-term').filter({ hasText: term }).first().click();
      await page.getByTestId('match-definition').filter({ hasText: definition }).first().click();
    }
  }
  await expect(page.getByTestId('lesson-check')).toBeEnabled();
}
