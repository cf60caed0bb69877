import { CONSENT_VERSIONS } from '../../site/purchase-rules';
import { axeViolations, expect, test } from './helpers';

// Part of an order (issue 48): a team buyer cancels one of four tickets on the order page; the other
// three stay, the cancelled one is listed with its refund.

test('a team buyer cancels one of four tickets on the order page', async ({ page, request }) => {
  test.setTimeout(90_000);
  const names = ['Anna Kowalska', 'Piotr Nowak', 'Ewa Wiśniewska', 'Jan Zieliński'];
  const bought = await request.post('/api/orders', {
    data: {
      consent: CONSENT_VERSIONS,
      email: `team-${Date.now()}@example.com`,
      lang: 'pl',
      items: names.map((name) => ({ product: 'onsite-pro', name })),
    },
    headers: { 'Idempotency-Key': crypto.randomUUID() },
  });
  expect(bought.status(), await bought.text()).toBe(201);
  const { url, orderId } = (await bought.json()) as { url: string; orderId: string };
  const token = new URL(url).searchParams.get('token') ?? '';
  expect((await request.post(`/checkout/demo/${orderId}/pay`, { form: { token }, maxRedirects: 0 })).status()).toBe(
    303,
  );
  await page.goto(`/pl/kup-bilet/dziekujemy?order=${orderId}&token=${encodeURIComponent(token)}`);
  const cards = page.locator('.ticket-card');
  await expect(cards).toHaveCount(4);

  const second = cards.nth(1);
  await second.locator('summary[aria-label="Anuluj bilet 2"]').click();
  await expect(second.getByText('Pozostałe bilety zostają bez zmian')).toBeVisible();
  expect(await axeViolations(page, { all: true })).toEqual([]);
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: 'test-results/screens/part-cancel-confirm-375.png', fullPage: true });
  await second.getByRole('button', { name: /Tak, anuluj bilet 2 i zwróć/ }).click();

  await expect(page.getByRole('status').filter({ hasText: 'Bilet anulowany' })).toBeVisible();
  await expect(cards).toHaveCount(3);
  await expect(page.locator('.ticket-card__holder')).toHaveText(['Anna Kowalska', 'Ewa Wiśniewska', 'Jan Zieliński']);
  await expect(page.locator('.wallet__cancelled')).toContainText('Bilet 2');
  await expect(page.locator('.wallet__cancelled')).toContainText('Piotr Nowak');
  expect(await axeViolations(page, { all: true })).toEqual([]);
  await page.screenshot({ path: 'test-results/screens/part-cancel-375.png', fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: 'test-results/screens/part-cancel-1440.png', fullPage: true });

  // Opened again, as from the e-mail's link: the same three tickets, the same list.
  await page.reload();
  await expect(cards).toHaveCount(3);
  await expect(page.locator('.wallet__cancelled')).toContainText('Piotr Nowak');
});
