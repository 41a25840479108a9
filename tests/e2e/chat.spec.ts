import type { Page, TestInfo } from '@playwright/test';
import { expect, navigate, test } from './fixtures';
import { inBothColourSchemes, originHeader, studentWithStudyFile, type StudyFileOptions } from './study-fixtures';

/**
 * The Chat tab on a real upload: a 14-page paper (the test paper, trace-trees.pdf) goes through POST /api/files and the local
 * study engine; the student asks a starter question, watches the answer stream in with its citations, opens a cited
 * page in the viewer, asks something the paper does not cover, stops an answer half-way, switches to the whole course,
 * and meets the Free plan's daily limit with its Upgrade button. Screenshots go to each test's output folder.
 */

/** The paper in a new course, opened once the chat (and its starters) can use it. */
const paper: StudyFileOptions = { waitFor: ['chunks', 'summary'], timeout: 60_000 };

async function screenshots(page: Page, testInfo: TestInfo, name: string) {
  await inBothColourSchemes(page, testInfo, async (suffix) => {
    // Colours ease into the new scheme; the picture waits until they have.
    await page.waitForTimeout(400);
    await page.screenshot({ path: testInfo.outputPath(`${name}-${suffix}.png`) });
  });
}

const answers = (page: Page) => page.getByTestId('chat-answer');

test('a student asks about an uploaded paper, reads a streamed cited answer and opens the cited page @mobile', async ({ page }, testInfo) => {
  test.slow();
  await studentWithStudyFile(page, paper);
  await navigate(page, '/chat');
  await expect(page.getByTestId('chat-empty')).toBeVisible();
  await expect(page.getByTestId('chat-remaining')).toHaveText('25 messages left today');
  const starters = page.getByTestId('chat-starter');
  await expect(starters.first()).toBeVisible();
  expect(await starters.count()).toBeGreaterThanOrEqual(3);
  await screenshots(page, testInfo, 'chat-empty');

  // Every length the answer's text shows on its way, to see it arrive in pieces rather than at once.
  await page.evaluate(() => {
    const lengths: number[] = [];
    (window as unknown as { answerLengths: number[] }).answerLengths = lengths;
    new MutationObserver(() => {
      const length = document.querySelector('[data-testid="chat-answer-text"]')?.textContent?.length ?? 0;
      if (length > 0 && length !== lengths.at(-1)) lengths.push(length);
    }).observe(document.querySelector('[data-testid="chat-messages"]') as Node, { subtree: true, childList: true, characterData: true });
  });
  const starter = (await starters.first().textContent()) ?? '';
  await starters.first().click();
  await expect(page.getByTestId('chat-question')).toHaveText(`You: ${starter}`);
  await expect(answers(page).first()).toHaveAttribute('data-status', 'complete', { timeout: 45_000 });
  const lengths = await page.evaluate(() => (window as unknown as { answerLengths: number[] }).answerLengths);
  expect(lengths.length, `lengths seen: ${lengths.join(', ')}`).toBeGreaterThan(5);
  expect([...lengths].sort((a, b) => a - b)).toEqual(lengths);
  await expect(answers(page).first()).toContainText('Here is what your documents say about this:');
  const chip = answers(page).first().getByTestId('chat-citation').first();
  await expect(chip).toContainText(/trace-trees · p\. \d+/);
  await expect(page.getByTestId('chat-remaining')).toHaveText('24 messages left today');
  await screenshots(page, testInfo, 'chat-answer');

  const cited = Number(await chip.getAttribute('data-page'));
  await chip.click();
  const viewer = page.getByRole('dialog', { name: 'trace-trees.pdf' });
  await expect(viewer.getByTestId('viewer-page-status')).toHaveText(`Page ${cited} of 14`, { timeout: 15_000 });
  await viewer.getByTestId('viewer-close').click();
  await expect(viewer).toBeHidden();

  await page.getByTestId('chat-input').fill('What is the capital of Australia?');
  await page.getByTestId('chat-input').press('Enter');
  await expect(answers(page).nth(1)).toHaveAttribute('data-status', 'complete', { timeout: 45_000 });
  await expect(answers(page).nth(1)).toContainText("Your documents don't cover this");
  await expect(answers(page).nth(1).getByTestId('chat-citation')).toHaveCount(0);

  // The conversation is kept: after a reload both answers are there, with their sources.
  await navigate(page, '/chat');
  await expect(answers(page)).toHaveCount(2);
  await expect(answers(page).first().getByTestId('chat-citation').first()).toBeVisible();
});

test('a student stops an answer half-way, and it stays stopped with what was written', async ({ page }) => {
  test.slow();
  await studentWithStudyFile(page, paper);
  await navigate(page, '/chat');
  await page.getByTestId('chat-input').fill('How does the tracing JIT compile loops into trace trees and handle type-unstable loops?');
  await page.getByTestId('chat-input').press('Enter');
  // Stopped as soon as the first words are there.
  await expect(answers(page).first().getByTestId('chat-answer-text')).toBeVisible();
  await page.getByTestId('chat-stop').click();
  await expect(page.getByTestId('chat-stopped')).toBeVisible();
  await expect(page.getByTestId('chat-send')).toBeVisible();
  const written = (await answers(page).first().getByTestId('chat-answer-text').textContent()) ?? '';
  expect(written.length).toBeGreaterThan(0);

  await expect
    .poll(async () => {
      await navigate(page, '/chat');
      return answers(page).first().getAttribute('data-status');
    }, { timeout: 10_000 })
    .toBe('stopped');
  await expect(page.getByTestId('chat-stopped')).toBeVisible();
});

test('long, empty and hostile input is handled without losing the text or running it', async ({ page }) => {
  test.slow();
  await studentWithStudyFile(page, paper);
  await navigate(page, '/chat');
  const input = page.getByTestId('chat-input');
  await expect(page.getByTestId('chat-send')).toBeDisabled();
  await input.fill('   ');
  await expect(page.getByTestId('chat-send')).toBeDisabled();

  const long = 'Why? '.repeat(4000);
  await input.fill(long);
  await expect(page.getByTestId('chat-input-hint')).toHaveText('That is 19,999 characters; a message may have at most 4,000. Shorten it to send it.');
  await expect(page.getByTestId('chat-send')).toBeDisabled();
  await input.press('Enter');
  await expect(input).toHaveValue(long);

  const hostile = '<img src=x onerror="window.__hacked=1"> **bold** [x](javascript:alert(1)) What are trace trees?';
  await input.fill(hostile);
  await input.press('Enter');
  await expect(page.getByTestId('chat-question')).toHaveText(`You: ${hostile}`);
  await expect(answers(page).first()).toHaveAttribute('data-status', 'complete', { timeout: 45_000 });
  await expect(page.locator('[data-testid="chat-messages"] img')).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __hacked?: number }).__hacked)).toBeUndefined();

  // A question in another language gets its framing in that language.
  await input.fill('Was sind Trace-Bäume?');
  await input.press('Enter');
  await expect(answers(page).nth(1)).toHaveAttribute('data-status', 'complete', { timeout: 45_000 });
  await expect(answers(page).nth(1)).toContainText(/Das steht in deinen Dokumenten dazu:|Dazu finde ich nichts in deinen Dokumenten/);
});

test('the whole-course chat, and the daily limit with its Upgrade button', async ({ page }, testInfo) => {
  test.slow();
  const { courseId } = await studentWithStudyFile(page, paper);
  await navigate(page, '/chat');
  await page.getByTestId('chat-scope-course').click();
  await expect(page.getByTestId('chat-scope-course')).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByTestId('chat-subtitle')).toContainText('every file in Compilers');
  await page.getByTestId('chat-input').fill('What is a trace tree?');
  await page.getByTestId('chat-input').press('Enter');
  await expect(answers(page).first()).toHaveAttribute('data-status', 'complete', { timeout: 45_000 });
  await expect(answers(page).first().getByTestId('chat-citation').first()).toContainText('trace-trees');

  // 23 more questions use all but the last of the Free plan's 25 messages today.
  const asks = Array.from({ length: 23 }, () =>
    page.request.post('/api/chat', { data: { directoryId: courseId, message: 'What is a trace?' }, headers: originHeader(page) }),
  );
  for (const response of await Promise.all(asks)) expect(response.status()).toBe(200);
  await navigate(page, '/chat');
  // Those answers completed the daily messages quest; its celebration is closed first.
  await page.getByTestId('quest-celebration-continue').click();
  await expect(page.getByTestId('quest-celebration')).toBeHidden();
  await expect(page.getByTestId('chat-remaining')).toHaveText('1 message left today');
  await page.getByTestId('chat-input').fill('What is type specialization?');
  await page.getByTestId('chat-input').press('Enter');
  await expect(page.getByTestId('chat-limit')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('chat-remaining')).toHaveText('0 messages left today');
  await expect(page.getByTestId('chat-limit-message')).toHaveText(
    'You have used all 25 chat messages of your Free plan today. Upgrade for more, or ask again tomorrow.',
  );
  await screenshots(page, testInfo, 'chat-limit');

  await page.getByTestId('chat-clear').click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Clear chat' }).click();
  await expect(page.getByText('Chat cleared')).toBeVisible();
  await expect(page.getByTestId('chat-empty')).toBeVisible();

  // Upgrade opens the upgrade modal where the limit was hit.
  await page.getByTestId('chat-upgrade').click();
  await expect(page.getByTestId('upgrade-modal')).toBeVisible();
  await page.getByTestId('upgrade-modal-skip').click();
  await expect(page.getByTestId('upgrade-modal')).toBeHidden();
});

test('a student asks for a value of a statistics table in a handout and gets the cell, where it stands, and its page', async ({ page }, testInfo) => {
  test.slow();
  const handout = [
    'Statistical tables for the exam',
    '',
    'Table 3: Percentiles of Student’s t-distribution.',
    'Each table entry is the value with the area A to its left.',
    'A',
    'k\t0.90\t0.95\t0.975\t0.99',
    ...[
      '1\t3.078\t6.314\t12.706\t31.821',
      '5\t1.476\t2.015\t2.571\t3.365',
      '10\t1.372\t1.812\t2.228\t2.764',
      '12\t1.356\t1.782\t2.179\t2.681',
      '20\t1.325\t1.725\t2.086\t2.528',
    ],
  ].join('\n');
  await studentWithStudyFile(page, { file: { name: 'stat-tables.txt', mimeType: 'text/plain', buffer: Buffer.from(handout) }, waitFor: ['chunks'], timeout: 60_000 });
  await navigate(page, '/chat');
  await page.getByTestId('chat-input').fill('How do I read off the critical t value for a two-sided 95% interval with 12 degrees of freedom?');
  await page.getByTestId('chat-input').press('Enter');
  const answer = answers(page).first();
  await expect(answer).toHaveAttribute('data-status', 'complete', { timeout: 45_000 });
  await expect(answer).toContainText('In Table 3 (Percentiles of Student’s t-distribution), the row k = 12 and the column A = 0.975 give 2.179');
  await expect(answer.locator('strong', { hasText: '2.179' })).toBeVisible();
  await expect(answer.getByTestId('chat-citation').first()).toContainText('stat-tables · p. 1');
  await screenshots(page, testInfo, 'chat-table');
});
