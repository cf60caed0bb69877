import { expect, test } from './helpers';

test('the Polish home page renders its heading', async ({ page }) => {
  await page.goto('/pl');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'pl');
});
