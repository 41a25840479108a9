import { expect, navigate, newCredentials, screenshotAtSizes, test } from './fixtures';

/**
 * Ten wrong passwords for one account, however they were sent (by email or by username), hold the account: the sign-in
 * form then says so, even for the right password, in the visitor's language.
 */
test('after 10 failed sign-ins the form says to wait, even for the right password @mobile', async ({ page, consoleErrors }, testInfo) => {
  consoleErrors.allow(/status of 401/);
  consoleErrors.allow(/status of 429/);
  const credentials = newCredentials();
  const origin = new URL(testInfo.project.use.baseURL ?? '').origin;
  const request = page.context().request;
  expect((await request.post('/api/auth/sign-up/email', { data: credentials, headers: { origin } })).ok()).toBe(true);
  await request.post('/api/auth/sign-out', { headers: { origin } });
  await page.context().clearCookies();
  for (let attempt = 0; attempt < 10; attempt += 1) {
    const [route, identifier] = attempt % 2 === 0 ? ['email', credentials.email] : ['username', credentials.username];
    const response = await request.post(`/api/auth/sign-in/${route}`, { data: { [route]: identifier, password: 'a wrong password' }, headers: { origin } });
    expect(response.status()).toBe(401);
  }

  await navigate(page, '/auth');
  await page.getByTestId('auth-email').fill(credentials.username);
  await page.getByTestId('auth-password').fill(credentials.password);
  await page.getByTestId('auth-submit').click();
  await expect(page.getByRole('alert')).toContainText('Too many failed sign-ins. Please wait a few minutes and try again.');
  await expect(page).toHaveURL(/\/auth/);
  await screenshotAtSizes(page, testInfo, 'sign-in-limit');
});
