import type { Page, TestInfo } from '@playwright/test';
import { expect, navigate, signUp, test } from './fixtures';
import { inBothColourSchemes } from './study-fixtures';

/**
 * /settings: the profile, the language, the currency and the prices it changes, the plans and billing modes, and the
 * upgrade modal. Billing runs against the fake Stripe server (prices as the built-in table); the checkout itself is
 * walked in billing.spec.ts, and the state without Stripe is covered by the component tests.
 */
async function screenshots(page: Page, testInfo: TestInfo, name: string, fullPage = false) {
  await inBothColourSchemes(page, testInfo, async (suffix) => {
    // Colours ease into the new scheme; the picture waits until they have.
    await page.waitForTimeout(400);
    await page.screenshot({ path: testInfo.outputPath(`${name}-${suffix}.png`), fullPage });
  });
}

test('a learner edits the profile, switches language and currency, and reads plans and billing @mobile', async ({ page }, testInfo) => {
  test.slow();
  const learner = await signUp(page);
  await navigate(page, '/settings');
  await expect(page.getByTestId('settings-page')).toHaveAttribute('data-mode', 'general');
  await expect(page.getByTestId('profile-name')).toHaveValue(learner.name);
  await screenshots(page, testInfo, 'settings-general', true);

  // Profile: a new name and username, kept after a reload.
  const username = `${learner.username.slice(0, 20)}_x`;
  await page.getByTestId('profile-name').fill('Renamed Learner');
  await page.getByTestId('profile-username').fill(username);
  await page.getByTestId('profile-save').click();
  await expect(page.getByText('Profile saved')).toBeVisible();
  await navigate(page, '/settings');
  await expect(page.getByTestId('profile-name')).toHaveValue('Renamed Learner');
  await expect(page.getByTestId('profile-username')).toHaveValue(username.toLowerCase());
  // A name cannot be blank.
  await page.getByTestId('profile-name').fill('  ');
  await page.getByTestId('profile-save').click();
  await expect(page.getByText('Please enter your name.')).toBeVisible();

  // Language: German at once, and still after a reload (stored on the account); then back.
  await page.getByTestId('language-de').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Einstellungen' })).toBeVisible();
  await navigate(page, '/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Einstellungen' })).toBeVisible();
  await page.getByTestId('language-en').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();

  // Currency: the plan prices follow it.
  await page.getByTestId('currency-eur').click();
  expect(await page.evaluate(() => localStorage.getItem('userCurrency'))).toBe('eur');
  await page.getByTestId('settings-tab-plans').click();
  await expect(page).toHaveURL(/\/settings\?mode=plans$/);
  await expect(page.getByTestId('plan-price-pro')).toHaveText('7.99 €');
  await page.getByTestId('interval-monthly').click();
  await expect(page.getByTestId('plan-price-pro')).toHaveText('9.99 €');
  await page.getByTestId('settings-tab-general').click();
  await page.getByTestId('currency-gbp').click();
  await page.getByTestId('settings-tab-plans').click();
  await expect(page.getByTestId('plan-price-ultra')).toHaveText('£14.99');
  await page.getByTestId('interval-monthly').click();
  await expect(page.getByTestId('plan-price-ultra')).toHaveText('£17.99');

  // Plans mode: upgrade buttons for the paid plans, the compare table and testimonials.
  await page.getByTestId('interval-yearly').click();
  await expect(page.getByTestId('plan-upgrade-pro')).toBeEnabled();
  await expect(page.getByTestId('plan-upgrade-ultra')).toHaveText('Upgrade to Ultra');
  await expect(page.getByTestId('billing-not-configured')).toHaveCount(0);
  await expect(page.getByTestId('plan-current-free')).toHaveText('Current plan');
  await expect(page.getByTestId('compare-row-chatMessagesPerDay')).toBeVisible();
  expect(await page.getByTestId('testimonial').count()).toBeGreaterThanOrEqual(2);
  await screenshots(page, testInfo, 'settings-plans', true);

  // Billing mode: the Free label and Upgrade Now, which opens the upgrade modal.
  await navigate(page, '/settings?mode=billing');
  await expect(page.getByTestId('subscription-label')).toHaveText('Free');
  await expect(page.getByTestId('billing-plan-name')).toHaveText('Free Plan');
  await expect(page.getByTestId('billing-actions').getByRole('button')).toHaveText(['Upgrade Now']);
  await screenshots(page, testInfo, 'settings-billing');
});

test('the upgrade modal opens on Ultra and Annual and starts afresh after it is closed @mobile', async ({ page }, testInfo) => {
  await signUp(page);
  await navigate(page, '/settings?mode=billing');
  await page.getByTestId('billing-action-upgradeNow').click();
  const modal = page.getByTestId('upgrade-modal');
  await expect(modal).toBeVisible();
  await expect(page.getByTestId('modal-plan-ultra')).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByTestId('modal-cycle-annual')).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByTestId('modal-price-yearly')).toHaveText('$15.99');
  await expect(modal.getByTestId('testimonial')).toHaveCount(2);
  await expect(modal.getByTestId('compare-table')).toBeVisible();
  await expect(page.getByTestId('upgrade-modal-claim')).toHaveText('Continue with Ultra');
  await expect(page.getByTestId('upgrade-modal-claim')).toBeEnabled();
  await screenshots(page, testInfo, 'upgrade-modal');

  await page.getByTestId('modal-plan-pro').click();
  await page.getByTestId('modal-cycle-monthly').click();
  await expect(page.getByTestId('modal-price-monthly')).toHaveText('$9.99');
  await expect(page.getByTestId('upgrade-modal-title')).toHaveText('Upgrade to Pro');
  await page.getByTestId('upgrade-modal-skip').click();
  await expect(modal).toBeHidden();

  await page.getByTestId('billing-action-upgradeNow').click();
  await expect(page.getByTestId('modal-plan-ultra')).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByTestId('modal-cycle-annual')).toHaveAttribute('aria-checked', 'true');
  await page.keyboard.press('Escape');
  await expect(modal).toBeHidden();
});

test("the sidebar's plan label sends a free learner to the plans", async ({ page }) => {
  await signUp(page);
  await expect(page.getByTestId('plan-label')).toHaveText('Free Plan');
  await page.getByTestId('plan-upgrade').click();
  await expect(page).toHaveURL(/\/settings\?mode=plans$/);
  await expect(page.getByTestId('plans-view')).toBeVisible();
  await expect(page.getByTestId('settings-tab-plans')).toHaveAttribute('aria-current', 'page');
});
