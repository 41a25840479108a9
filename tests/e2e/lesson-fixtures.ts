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

/** Whether the challenge on screen is the lesson's last one. */
export const atLastChallenge = async (page: Page) => (await page.getByTestId('lesson-progress').getAttribute('aria-valuenow')) === '100';

/** Skips every challenge of the lesson on screen, noting the right answers shown, and quits unfinished. */
export async function scoutAnswers(page: Page): Promise<Map<string, string>> {
  const answers = new Map<string, string>();
  for (;;) {
    await expect(page.getByTestId('lesson-skip')).toBeEnabled();
    const text = await question(page);
    await page.getByTestId('lesson-skip').click();
    await expect(page.getByTestId('lesson-feedback')).toHaveAttribute('data-skipped', 'true');
    const shown = (await page.getByTestId('lesson-correct-answer').innerText()).replace(/^Correct answer:\s*/, '');
    answers.set(text, shown.trim());
    if (await atLastChallenge(page)) break;
    await page.getByTestId('lesson-continue').click();
  }
  await page.getByTestId('lesson-quit').click();
  await expect(page.getByTestId('learn-path')).toBeVisible();
  return answers;
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
