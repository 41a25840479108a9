import type { Locator, Page } from '@playwright/test';
import { expect, navigate, test } from './fixtures';
import { studentWithStudyFile } from './study-fixtures';

/**
 * Issue 26, maths everywhere: a student's Markdown note keeps its formulas (`$…$`, `$$…$$`) in the text, so the items
 * made from it and the student's own cards can hold `$E = mc^2$`; the app draws them with KaTeX (loaded only then) and
 * leaves currency as text. The note is uploaded through POST /api/files and the card made through the card manager's
 * form, as a student would. (The local engine makes no challenge, node or answer with a formula from the note yet, so
 * those views are proven by their component tests: lesson-player, node-panel, layout, chat-markdown.)
 */
const NOTE = [
  '---',
  'title: Relativity',
  '---',
  '# Mass and energy',
  '',
  'Einstein showed that the **rest energy** of a body is $E = mc^2$, where $m$ is its mass and $c$ the speed of light.',
  'Because $c$ is very large, a small mass holds a very large amount of energy. A nuclear reactor turns a tiny part',
  'of the mass of its fuel into heat. The same relation explains why the sun shines for billions of years.',
  '',
  '## The speed of light',
  '',
  'The speed of light in vacuum is $c \\approx 3 \\times 10^8$ m/s. Nothing that carries information moves faster.',
  'Light from the sun takes about eight minutes to reach the earth. A ticket to the planetarium costs $5 and $10 for two.',
  '',
  '$$',
  'E^2 = (pc)^2 + (mc^2)^2',
  '$$',
  '',
  '## Momentum',
  '',
  '**Momentum**: the product $p = mv$ of mass and velocity, which a closed system keeps.',
  'A moving body has momentum $p$; a photon has momentum too, although it has no mass, and its energy is $E = pc$.',
  'Momentum is conserved in every collision, elastic or not, and the total energy is conserved as well.',
  '',
  '## Time dilation',
  '',
  '**Time dilation**: a moving clock runs slow by the factor $\\gamma = 1/\\sqrt{1 - v^2/c^2}$.',
  'Muons made high in the atmosphere reach the ground because their clocks run slow as seen from the earth.',
  'Satellites of the GPS correct their clocks for this effect every day, or positions would drift by kilometres.',
].join('\n');

const mathNote = { name: 'Relativity.md', mimeType: 'text/markdown', buffer: Buffer.from(NOTE) };

/** The TeX sources of the formulas KaTeX drew inside `scope` (their MathML annotation), in order. */
const formulas = (scope: Locator) => scope.locator('.katex annotation').allTextContents();

/** A new student with the note uploaded and opened; the Flashcards tab shown with its decks. */
async function studentWithNote(page: Page) {
  const uploaded = await studentWithStudyFile(page, { file: mathNote, waitFor: ['flashcards'], timeout: 60_000 });
  await navigate(page, '/decks');
  await expect(page.getByTestId('decks-overview')).toBeVisible({ timeout: 30_000 });
  return uploaded;
}

/** Adds a card through the card manager's form. */
async function addCard(page: Page, front: string, back: string) {
  await page.getByTestId('decks-add-card').click();
  const form = page.getByTestId('card-form');
  await form.getByTestId('card-form-front').fill(front);
  await form.getByTestId('card-form-back').fill(back);
  await form.getByTestId('card-form-submit').click();
  await expect(page.getByText('Card added')).toBeVisible();
}

const FRONT = 'What is $E = mc^2$?';
const BACK = 'The rest energy of a mass $m$; with $$E^2 = (pc)^2 + (mc^2)^2$$ in general. A ticket costs $5.';

test('a card with maths is drawn with KaTeX in the card list and the study session, currency stays text @mobile', async ({ page }, testInfo) => {
  test.slow();
  const device = testInfo.project.name === 'mobile' ? 'phone' : 'desktop';
  // KaTeX is loaded only for a text with a formula: nothing of it before the first card with one is shown.
  const katexRequests: string[] = [];
  page.on('request', (request) => {
    if (/math-render|katex/i.test(request.url())) katexRequests.push(request.url());
  });
  await studentWithNote(page);
  expect(katexRequests).toEqual([]);

  await addCard(page, FRONT, BACK);
  const own = page.locator('[data-testid="deck"][data-generated="false"]');
  await own.getByTestId('deck-cards').click();
  const row = page.getByTestId('card-row');
  await expect(row).toHaveCount(1);
  await expect.poll(() => formulas(row.getByTestId('card-row-front'))).toEqual(['E = mc^2']);
  expect(await formulas(row.getByTestId('card-row-back'))).toEqual(['m', 'E^2 = (pc)^2 + (mc^2)^2']);
  await expect(row.getByTestId('card-row-back')).toContainText('A ticket costs $5.');
  await expect(row.getByTestId('card-row-front')).not.toContainText('$');
  expect(katexRequests.length).toBeGreaterThan(0);
  await page.screenshot({ animations: 'disabled', path: testInfo.outputPath(`math-card-list-${device}.png`) });

  await page.getByTestId('back-to-decks').click();
  await own.getByTestId('deck-study').click();
  const front = page.getByTestId('flashcard-front');
  await expect.poll(() => formulas(front)).toEqual(['E = mc^2']);
  await expect(front).toContainText('What is');
  // Drawn by KaTeX's stylesheet and fonts (not just its markup): the formula has its own font and size.
  expect(await front.locator('.katex').first().evaluate((element) => getComputedStyle(element).fontFamily)).toContain('KaTeX');
  await page.screenshot({ animations: 'disabled', path: testInfo.outputPath(`math-session-front-${device}.png`) });
  await page.getByTestId('session-flip').click();
  const back = page.getByTestId('flashcard-back');
  await expect(page.getByTestId('flashcard')).toHaveAttribute('data-flipped', 'true');
  expect(await formulas(back)).toEqual(['E = mc^2', 'm', 'E^2 = (pc)^2 + (mc^2)^2']);
  await expect(back.locator('[data-math="display"] .katex-display')).toHaveCount(1);
  await expect(back).toContainText('A ticket costs $5.');
  await page.waitForTimeout(600);
  await page.screenshot({ animations: 'disabled', path: testInfo.outputPath(`math-session-back-${device}.png`) });
});
