import { DESKTOP, expect, navigate, screenshotAtSizes, signUp, test, waitForApp } from './fixtures';
import { openFile, originHeader, uploadStudyFile, waitForArtefacts } from './study-fixtures';

/**
 * The walk: a Free student uses up the tutor's 25 messages of the day, opens the upgrade modal from the limit,
 * pays for Pro on (the fake) Stripe's checkout page, and comes back to billing: the webhook has arrived, the label
 * reads Active with Manage Subscription, and the header's hearts are unlimited. Stripe is the fake of
 * tests/e2e/fake-stripe-server.ts, started by playwright.config.ts; its checkout page posts signed webhooks to the app.
 */
const notes = {
  name: 'Cell notes.txt',
  mimeType: 'text/plain',
  buffer: Buffer.from(
    'Cells are the basic unit of life.\n\nThe nucleus holds the genetic material of the cell.\n\nMitochondria release energy from food in respiration.\n',
  ),
};

test('a free student at the chat limit upgrades to Pro through Stripe checkout and gets unlimited hearts', async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  await signUp(page);
  const { fileId } = await uploadStudyFile(page, { courseName: 'Biology', file: notes });
  // The tutor answers from the file's chunks: a file can be ready a moment before they are.
  await waitForArtefacts(page, fileId, ['chunks'], 60_000);
  await openFile(page, fileId);
  await expect(page.getByTestId('progress-hearts')).toHaveAttribute('title', '5 hearts');

  // The Free plan's 25 tutor messages of the day, used up.
  const asks = Array.from({ length: 25 }, () =>
    page.request.post('/api/chat', { data: { fileId, message: 'What is a cell?' }, headers: originHeader(page) }),
  );
  for (const response of await Promise.all(asks)) expect(response.status()).toBe(200);
  await navigate(page, '/chat');
  // The messages quest was completed on the way; its celebration is closed first.
  await page.getByTestId('quest-celebration-continue').click();
  await expect(page.getByTestId('chat-remaining')).toHaveText('0 messages left today');
  await expect(page.getByTestId('chat-limit-message')).toHaveText(
    'You have used all 25 chat messages of your Free plan today. Upgrade for more, or ask again tomorrow.',
  );

  // Upgrade from the limit: the modal, Pro, monthly, to Stripe's checkout.
  await page.getByTestId('chat-upgrade').click();
  const modal = page.getByTestId('upgrade-modal');
  await expect(modal).toBeVisible();
  await expect(modal.getByTestId('modal-plan-ultra')).toHaveAttribute('aria-checked', 'true');
  await modal.getByTestId('modal-plan-pro').click();
  await modal.getByTestId('modal-cycle-monthly').click();
  await screenshotAtSizes(page, testInfo, 'upgrade-modal', [DESKTOP]);
  await modal.getByTestId('upgrade-modal-claim').click();
  await page.waitForURL(/\/checkout\//);
  await expect(page.locator('#item')).toHaveText(/^pro \(monthly\): \d+\.\d\d (USD|EUR)$/);
  await page.locator('#pay').click();

  // Back from checkout: Stripe's webhook has made the student a Pro subscriber.
  await page.waitForURL(/\/settings\?mode=billing/);
  await waitForApp(page);
  await expect(page.getByTestId('subscription-label')).toHaveText('Active');
  await expect(page.getByTestId('billing-plan-name')).toContainText('Pro');
  await expect(page.getByTestId('billing-action-manageSubscription')).toBeVisible();
  await expect(page.getByTestId('billing-action-cancelSubscription')).toHaveCount(0);
  await expect(page.getByTestId('progress-hearts')).toHaveAttribute('title', 'Unlimited hearts');
  await expect(page.getByTestId('plan-label')).toHaveText('Pro Plan');
  await expect(page.getByTestId('plan-manage')).toBeVisible();
  await screenshotAtSizes(page, testInfo, 'billing-active');

  // Manage Subscription opens Stripe's Customer Portal, which returns to billing.
  await page.getByTestId('billing-action-manageSubscription').click();
  await page.waitForURL(/\/portal\//);
  await page.locator('#portal-return').click();
  await page.waitForURL(/\/settings\?mode=billing/);
  await expect(page.getByTestId('subscription-label')).toHaveText('Active');
  // The chat allows Pro's 100 messages a day now.
  await navigate(page, '/chat');
  await expect(page.getByTestId('chat-remaining')).toHaveText('75 messages left today');
});
