import { expect, test } from './support/clock';

test('the web app answers in Chromium and the API is reachable from it', async ({ page, request }) => {
  await page.goto('/');
  await expect(page).toHaveTitle(/Musa/);
  await expect(page.getByRole('link', { name: /Musa/ })).toBeVisible();
  const apiBase = process.env.E2E_API_PORT ?? '8797';
  const health = await request.get(`http://localhost:${apiBase}/health`);
  expect(health.status()).toBe(200);
  expect(await health.json()).toMatchObject({ result: { success: true } });
});
