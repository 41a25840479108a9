import { expect, navigate, test } from './fixtures';

test('GET /api/health answers that the server and its database are up', async ({ request }) => {
  const response = await request.get('/api/health');
  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual({ status: 'ok' });
});

test('the landing page renders its main content @mobile', async ({ page }) => {
  await navigate(page, '/');
  await expect(page.getByRole('main')).toBeVisible();
  await expect(page).toHaveTitle(/StudyPath/);
});
