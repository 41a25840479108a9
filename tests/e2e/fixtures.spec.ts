import { expect, signIn, signUp, test } from './fixtures';

// Proves the fixtures every later walk relies on; the walks themselves live in their own specs.
test('signUp creates an account and signIn opens it again, by email and by username @mobile', async ({ page, browser, consoleErrors }) => {
  const learner = await signUp(page);
  await expect(page).toHaveURL(/\/dashboard$/);

  for (const login of [learner.email, learner.username]) {
    const context = await browser.newContext();
    try {
      const other = await context.newPage();
      consoleErrors.watch(other);
      await signIn(other, { login, password: learner.password });
      await expect(other).toHaveURL(/\/dashboard$/);
    } finally {
      await context.close();
    }
  }
});
