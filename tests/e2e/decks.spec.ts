import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { expect, navigate, test } from './fixtures';
import { studentWithStudyFile } from './study-fixtures';

/**
 * The Flashcards tab on a real document: the test paper trace-trees.pdf (14 pages) is uploaded through POST /api/files and the
 * local engine makes its AI deck. The student studies five cards by keyboard and mouse, sees the deck's new and
 * learning counts move, undoes a rating, adds, edits and deletes a card of their own (a deck left empty offers "Add
 * card"), and exports the deck as CSV. Screenshots (light and dark, desktop and phone) are kept in the test output.
 */

/** Opens /decks and waits (through reading and generating) until the decks are listed. */
async function openDecks(page: Page) {
  await navigate(page, '/decks');
  await expect(page.getByTestId('decks-overview')).toBeVisible({ timeout: 90_000 });
}

const generatedDeck = (page: Page) => page.locator('[data-testid="deck"][data-generated="true"]');

async function count(deck: Locator, kind: 'new' | 'learning' | 'due'): Promise<number> {
  return Number(await deck.getByTestId(`deck-count-${kind}`).getAttribute('data-count'));
}

/** The deck's "N cards to study now". */
async function toStudyNow(deck: Locator): Promise<number> {
  const status = (await deck.getByTestId('deck-status').textContent()) ?? '';
  const match = /^(\d+) cards? to study now$/.exec(status);
  if (!match) throw new Error(`no count to study in "${status}"`);
  return Number(match[1]);
}

/** Rates the card on screen: `keyboard` turns it with Space and rates with 1–4, otherwise both by click. */
async function studyOne(page: Page, rating: 'again' | 'hard' | 'good' | 'easy', keyboard: boolean) {
  const card = page.getByTestId('flashcard');
  await expect(card).toHaveAttribute('data-flipped', 'false');
  if (keyboard) await page.keyboard.press('Space');
  else await page.getByTestId('session-flip').click();
  await expect(card).toHaveAttribute('data-flipped', 'true');
  await expect(page.getByTestId(`rate-${rating}-interval`)).toHaveText(/^<?\d/);
  if (keyboard) await page.keyboard.press({ again: '1', hard: '2', good: '3', easy: '4' }[rating]);
  else await page.getByTestId(`rate-${rating}`).click();
}

test('a student studies five cards by keyboard and mouse, sees the counts move, undoes once and exports the deck', async ({ page }, testInfo) => {
  test.slow();
  await studentWithStudyFile(page);
  await openDecks(page);
  const deck = generatedDeck(page);
  await expect(deck.getByTestId('deck-title')).not.toBeEmpty();
  const newBefore = await count(deck, 'new');
  expect(newBefore).toBeGreaterThanOrEqual(5);
  expect(await count(deck, 'learning')).toBe(0);
  await page.screenshot({ animations: 'disabled', path: testInfo.outputPath('decks-desktop-light.png'), fullPage: true });

  const toStudy = await toStudyNow(deck);
  await deck.getByTestId('deck-study').click();
  await expect(page.getByTestId('study-session')).toBeVisible();
  await expect(page.getByTestId('session-progress')).toHaveText(`${toStudy} of ${toStudy} left`);
  await page.screenshot({ animations: 'disabled', path: testInfo.outputPath('session-front-desktop-light.png') });
  // A new card's intervals: the learning steps, then days.
  await page.keyboard.press('Space');
  await expect(page.getByTestId('rate-again-interval')).toHaveText('<1m');
  await expect(page.getByTestId('rate-good-interval')).toHaveText('<10m');
  await expect(page.getByTestId('rate-easy-interval')).toHaveText('8d');
  await page.screenshot({ animations: 'disabled', path: testInfo.outputPath('session-back-desktop-light.png') });
  await page.keyboard.press('3');
  // Good on a new card: its next step is within minutes, so it is still one of the cards left.
  await expect(page.getByTestId('session-progress')).toHaveAttribute('data-rated', '1');
  await expect(page.getByTestId('session-progress')).toHaveText(`${toStudy} of ${toStudy} left`);

  await studyOne(page, 'easy', false);
  await studyOne(page, 'again', true);
  await studyOne(page, 'good', false);
  // Undo the fourth rating (Z): the same card is back, unrated.
  const undone = page.getByTestId('session-undo');
  await expect(undone).toBeEnabled();
  await expect(page.getByTestId('session-progress')).toHaveAttribute('data-rated', '4');
  await page.keyboard.press('z');
  await expect(page.getByText('Last rating undone')).toBeVisible();
  await expect(page.getByTestId('session-progress')).toHaveAttribute('data-rated', '3');
  await expect(undone).toBeDisabled();
  await studyOne(page, 'good', true);
  await studyOne(page, 'hard', false);
  await expect(page.getByTestId('session-progress')).toHaveAttribute('data-rated', '5');
  // Only the card rated Easy left the session.
  await expect(page.getByTestId('session-progress')).toHaveText(`${toStudy - 1} of ${toStudy} left`);

  await page.getByTestId('session-end').click();
  await expect(page.getByTestId('decks-overview')).toBeVisible();
  // Five new cards were started (one rated Easy graduated, four are in their learning steps).
  await expect.poll(() => count(deck, 'new')).toBe(newBefore - 5);
  expect(await count(deck, 'learning')).toBe(4);
  expect(await toStudyNow(deck)).toBe(toStudy - 1);

  const download = page.waitForEvent('download');
  await deck.getByTestId('deck-menu').click();
  await page.getByTestId('deck-export-csv').click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.csv$/);
  const csv = await readFile(await file.path(), 'utf8');
  expect(csv.split('\r\n')[0]).toBe('\uFEFFFront,Back,Page');
  expect(csv.split('\r\n').length).toBeGreaterThan(newBefore);
});

test('the session counts the cards left, a card rated Again comes back as such, and the deck counts what the session showed @mobile', async ({ page }, testInfo) => {
  test.setTimeout(300_000);
  const device = testInfo.project.name === 'mobile' ? 'phone' : 'desktop';
  // Ten ratings complete the daily flashcards quest: its celebration is closed whenever it shows.
  await page.addLocatorHandler(page.getByTestId('quest-celebration'), async (dialog) => {
    await dialog.getByTestId('quest-celebration-continue').click();
  });
  await studentWithStudyFile(page);
  await openDecks(page);
  const deck = generatedDeck(page);
  const toStudy = await toStudyNow(deck);
  expect(toStudy).toBeGreaterThanOrEqual(3);
  await deck.getByTestId('deck-study').click();
  const progress = page.getByTestId('study-session').getByTestId('session-progress');
  const sessionCount = (kind: 'new' | 'learning' | 'due') => page.getByTestId('study-session').getByTestId(`deck-count-${kind}`);
  await expect(progress).toHaveText(`${toStudy} of ${toStudy} left`);

  // Again: the card comes back later in this session, so the cards left stay; it is counted as learning.
  await studyOne(page, 'again', false);
  await expect(progress).toHaveAttribute('data-rated', '1');
  await expect(progress).toHaveText(`${toStudy} of ${toStudy} left`);
  await expect(sessionCount('learning')).toHaveAttribute('data-count', '1');
  await expect(sessionCount('new')).toHaveAttribute('data-count', String(toStudy - 1));
  await expect(page.getByTestId('flashcard-coming-back')).toHaveCount(0);
  await page.screenshot({ animations: 'disabled', path: testInfo.outputPath(`counts-session-${device}.png`) });
  // Easy: the card leaves the session, one fewer left.
  await studyOne(page, 'easy', false);
  await expect(progress).toHaveText(`${toStudy - 1} of ${toStudy} left`);

  await page.getByTestId('session-end').click();
  await expect(page.getByTestId('decks-overview')).toBeVisible();
  // The deck counts what the session had left: the card rated Again is still to study.
  await expect.poll(() => toStudyNow(deck)).toBe(toStudy - 1);
  expect(await count(deck, 'learning')).toBe(1);
  expect(await count(deck, 'new')).toBe(toStudy - 2);
  await expect(page.getByTestId('decks-summary')).toHaveText(`${toStudy - 1} cards to study now`);
  await page.screenshot({ animations: 'disabled', path: testInfo.outputPath(`counts-decks-${device}.png`), fullPage: true });

  // A new session holds what the deck said. Again on its first card, Easy on the rest: the count only goes down, and
  // the card rated Again is the last one left, marked as back again.
  await deck.getByTestId('deck-study').click();
  await expect(progress).toHaveText(`${toStudy - 1} of ${toStudy - 1} left`);
  // The session starts with the deck's counts.
  await expect(sessionCount('new')).toHaveAttribute('data-count', String(toStudy - 2));
  await expect(sessionCount('learning')).toHaveAttribute('data-count', '1');
  await studyOne(page, 'again', false);
  for (let left = toStudy - 1; left > 1; left -= 1) {
    await expect(progress).toHaveText(`${left} of ${toStudy - 1} left`);
    await expect(page.getByTestId('flashcard-coming-back')).toHaveCount(0);
    await studyOne(page, 'easy', false);
  }
  await expect(progress).toHaveText(`1 of ${toStudy - 1} left`);
  await expect(page.getByTestId('flashcard-coming-back')).toHaveText('Back again');
  await expect(sessionCount('learning')).toHaveAttribute('data-count', '1');
  await page.screenshot({ animations: 'disabled', path: testInfo.outputPath(`counts-back-again-${device}.png`) });
  await studyOne(page, 'good', false);
  await expect(progress).toHaveText(`1 of ${toStudy - 1} left`);
  await studyOne(page, 'good', false);
  await expect(page.getByTestId('session-summary')).toBeVisible();
  await page.getByTestId('summary-back').click();
  await expect(deck.getByTestId('deck-study')).toBeVisible();
  await expect.poll(async () => (await deck.getByTestId('deck-status').textContent()) ?? '').not.toMatch(/to study now/);
});

test('a student adds cards of their own, studies them to the summary, edits and deletes them; an empty deck offers "Add card"', async ({ page }, testInfo) => {
  test.slow();
  await studentWithStudyFile(page);
  await openDecks(page);
  await expect(page.getByTestId('own-deck-placeholder')).toBeVisible();

  await page.getByTestId('decks-add-card').click();
  const form = page.getByTestId('card-form');
  await form.getByTestId('card-form-submit').click();
  await expect(form.getByTestId('card-form-front-error')).toHaveText('The front of the card is empty. Write something on it.');
  await form.getByTestId('card-form-front').fill('What does a trace tree record?');
  // Over the limit nothing is cut: the text stays as typed, with the reason, until it is shortened.
  await form.getByTestId('card-form-back').fill('x'.repeat(5_001));
  await expect(form.getByTestId('card-form-back-error')).toContainText('at most 5,000 characters');
  await expect(form.getByTestId('card-form-back')).toHaveValue('x'.repeat(5_001));
  await form.getByTestId('card-form-back').fill('The hot loop paths, as typed traces.');
  await form.getByTestId('card-form-submit').click();
  await expect(page.getByText('Card added')).toBeVisible();
  const own = page.locator('[data-testid="deck"][data-generated="false"]');
  await expect(own.getByTestId('deck-title')).toHaveText('My cards');
  await expect(own.getByTestId('deck-count-new')).toHaveAttribute('data-count', '1');

  // A second card of 5,000 characters: stored whole, and scrolled inside the card when studied.
  const longBack = 'Long answer line. '.repeat(300).slice(0, 5_000);
  await own.getByTestId('deck-menu').click();
  await page.getByTestId('deck-add-card').click();
  await form.getByTestId('card-form-front').fill('A very long card');
  await form.getByTestId('card-form-back').fill(longBack);
  await form.getByTestId('card-form-submit').click();
  await expect(own.getByTestId('deck-count-new')).toHaveAttribute('data-count', '2');

  await own.getByTestId('deck-study').click();
  await studyOne(page, 'easy', true);
  await page.keyboard.press('Space');
  const back = page.getByTestId('flashcard-back');
  await expect(back).toContainText('Long answer line.');
  expect(await back.evaluate((face) => face.scrollHeight > face.clientHeight + 100)).toBe(true);
  await page.screenshot({ animations: 'disabled', path: testInfo.outputPath('session-long-card-desktop-light.png') });
  await page.getByTestId('rate-easy').click();
  const summary = page.getByTestId('session-summary');
  await expect(summary).toBeVisible();
  await expect(summary.getByTestId('summary-studied')).toHaveText('2');
  await expect(summary.getByTestId('summary-again')).toHaveText('0');
  await expect(summary.getByTestId('summary-time')).toHaveText(/^\d+:\d\d$/);
  await expect(summary.getByTestId('summary-next')).toHaveText(/in 8 days/i);
  await page.screenshot({ animations: 'disabled', path: testInfo.outputPath('summary-desktop-light.png') });
  await summary.getByTestId('summary-back').click();
  await expect(own.getByTestId('deck-status')).toContainText('All caught up');

  await own.getByTestId('deck-cards').click();
  await expect(page.getByTestId('card-row')).toHaveCount(2);
  await page.getByTestId('cards-search').fill('trace tree');
  await expect(page.getByTestId('card-row')).toHaveCount(1);
  await page.getByTestId('card-edit').click();
  await form.getByTestId('card-form-back').fill('The hot loop paths of a program, recorded as typed traces.');
  await form.getByTestId('card-form-submit').click();
  await expect(page.getByText('Card saved')).toBeVisible();
  await expect(page.getByTestId('card-row-back')).toHaveText('The hot loop paths of a program, recorded as typed traces.');
  await page.getByTestId('cards-search').fill('');
  await expect(page.getByTestId('card-row')).toHaveCount(2);
  await page.screenshot({ animations: 'disabled', path: testInfo.outputPath('cards-desktop-light.png'), fullPage: true });

  for (let remaining = 2; remaining > 0; remaining -= 1) {
    await page.getByTestId('card-delete').first().click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete card' }).click();
    await expect(page.getByTestId('card-row')).toHaveCount(remaining - 1);
  }
  await expect(page.getByTestId('cards-empty')).toBeVisible();
  await expect(page.getByTestId('cards-empty-add')).toHaveText('Add card');
  await page.getByTestId('back-to-decks').click();
  await expect(own.getByTestId('deck-empty')).toBeVisible();
  await expect(own.getByTestId('deck-study')).toBeDisabled();
  await expect(own.getByTestId('deck-empty-add')).toBeVisible();
  await page.screenshot({ animations: 'disabled', path: testInfo.outputPath('decks-empty-deck-desktop-light.png'), fullPage: true });
});

test('the tab reads well on a phone and in dark mode @mobile', async ({ page }, testInfo) => {
  test.slow();
  const device = testInfo.project.name === 'mobile' ? 'phone' : 'desktop';
  await studentWithStudyFile(page);
  await openDecks(page);
  // The keys to study with are told to a computer's user; a touch screen has none, so its tip is only how to rate.
  await expect(page.getByTestId('decks-tip')).toContainText('Rate honestly');
  await expect(page.getByTestId('decks-keys-tip')).toBeVisible({ visible: device === 'desktop' });
  await page.screenshot({ animations: 'disabled', path: testInfo.outputPath(`decks-${device}-light.png`), fullPage: true });
  await generatedDeck(page).getByTestId('deck-study').click();
  await studyOne(page, 'good', false);
  await page.getByTestId('session-flip').click();
  await page.screenshot({ animations: 'disabled', path: testInfo.outputPath(`session-${device}-light.png`) });
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveClass(/dark/);
  await page.screenshot({ animations: 'disabled', path: testInfo.outputPath(`session-${device}-dark.png`) });
  await page.getByTestId('session-end').click();
  await expect(page.getByTestId('decks-overview')).toBeVisible();
  await page.screenshot({ animations: 'disabled', path: testInfo.outputPath(`decks-${device}-dark.png`), fullPage: true });

  await page.getByTestId('decks-add-card').click();
  await page.getByTestId('card-form-front').fill('Wie heißt die Größe, die ein Tracing-JIT aufzeichnet?');
  await page.getByTestId('card-form-back').fill('Ein Trace: der heiße Pfad einer Schleife, mit Typen.');
  await page.getByTestId('card-form-submit').click();
  const own = page.locator('[data-testid="deck"][data-generated="false"]');
  await own.getByTestId('deck-study').click();
  await studyOne(page, 'easy', false);
  await expect(page.getByTestId('session-summary')).toBeVisible();
  await page.screenshot({ animations: 'disabled', path: testInfo.outputPath(`summary-${device}-dark.png`) });
  await page.getByTestId('summary-back').click();
  await generatedDeck(page).getByTestId('deck-cards').click();
  await expect(page.getByTestId('card-row').first()).toBeVisible();
  await page.screenshot({ animations: 'disabled', path: testInfo.outputPath(`cards-${device}-dark.png`) });
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(page.locator('html')).not.toHaveClass(/dark/);
  await page.screenshot({ animations: 'disabled', path: testInfo.outputPath(`cards-${device}-light.png`) });
});
