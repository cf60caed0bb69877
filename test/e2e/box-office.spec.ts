import { readFileSync } from 'node:fs';
import { CONSENT_VERSIONS } from '../../site/purchase-rules';
import { EVENT_ENDS, PRODUCT_IDS, product } from '../../site/tickets';
import { expect, hydrate, open, openConsole, test } from './helpers';
import { mailTexts } from './mails';
import { E2E_ADMIN_TOKEN, E2E_CLOCK } from './playwright.config';

// The box office in the browser: every product bought through the demo checkout, the ticket on the
// order page, the e-mail the local Email Service wrote, check-in at the door, a workshop seat, and
// the ticket page's sold-out and closed states.

const BUTTONS: Record<(typeof PRODUCT_IDS)[number], RegExp> = {
  'online-standard': /^Wybierz pakiet Standard$/,
  'online-premium': /^Wybierz pakiet Premium$/,
  'online-vip': /^Wybierz pakiet Praktyk AI VIP$/,
  'onsite-standard': /^Kup bilet Standard na miejscu$/,
  'onsite-pro': /^Kup bilet Pro na miejscu$/,
  'onsite-vip': /^Kup bilet VIP na miejscu$/,
};

async function buy(page: import('@playwright/test').Page, product: keyof typeof BUTTONS, email: string) {
  await open(page, '/pl/kup-bilet');
  await page.getByRole('button', { name: BUTTONS[product] }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Adres e-mail').fill(email);
  await dialog.getByLabel(/Imię i nazwisko/).fill('Ala Kot');
  await dialog.getByRole('checkbox').last().check();
  await dialog.getByRole('button', { name: 'Przejdź do płatności' }).click();
  await page.getByRole('button', { name: /Zapłać/ }).click();
  await expect(page).toHaveURL(/\/kup-bilet\/dziekujemy\?order=/);
  await expect(page.getByRole('main')).toContainText('Opłacone');
  return (await page.locator('.thanks__code').textContent()) ?? '';
}

test.describe('buying every product', () => {
  for (const product of PRODUCT_IDS) {
    test(`${product}: paid in the demo checkout, the order page shows the QR ticket`, async ({ page }) => {
      const code = await buy(page, product, `${product}-${Date.now()}@example.com`);
      expect(code).toMatch(/^[0-9A-Z]{8}$/);
      await expect(page.getByRole('img', { name: /Kod QR biletu/ })).toBeVisible();
      // The ticket's own signed code, beside the order's code.
      await expect(page.locator('.ticket-card__code')).toHaveText(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){4}$/);
      await expect(page.locator('.ticket-card__holder')).toHaveText('Ala Kot');
    });
  }
});

test('the ticket arrives by e-mail, is checked in once at the door, and takes a workshop seat', async ({
  page,
  request,
}) => {
  const email = `pro-${Date.now()}@example.com`;
  const code = await buy(page, 'onsite-pro', email);
  const ticket = (await page.locator('.ticket-card__code').textContent()) ?? '';

  // The confirmation e-mail the local Email Service wrote, with the order code and the ticket.
  await expect
    .poll(() => mailTexts().find((file) => readFileSync(file, 'utf8').includes(ticket)), { timeout: 30_000 })
    .toBeTruthy();
  const mail = readFileSync(mailTexts().find((file) => readFileSync(file, 'utf8').includes(ticket)) ?? '', 'utf8');
  expect(mail).toContain(code);
  expect(mail).toContain('Pro – bilet na miejscu');
  await page.reload();
  await expect(page.getByRole('main')).toContainText('E-mail z biletem został wysłany.');

  // The door, on the organisers' check-in page: the first scan admits, the second says when.
  const door = await page.context().newPage();
  await openConsole(door, '/admin/door');
  await door.getByLabel('Kod biletu').fill(ticket.toLowerCase());
  await door.getByRole('button', { name: 'Sprawdź bilet' }).click();
  await expect(door.getByText('Wpuść – bilet ważny')).toBeVisible();
  await door.getByLabel('Kod biletu').fill(ticket);
  await door.getByRole('button', { name: 'Sprawdź bilet' }).click();
  await expect(door.getByText(/^Nie wpuszczaj – bilet użyty tutaj o .* \(urządzenie console-\w{6}\)$/)).toBeVisible();
  const headers = { Authorization: `Bearer ${E2E_ADMIN_TOKEN}` };
  expect((await request.post('/api/admin/check-in', { headers, data: { ticket } })).status()).toBe(409);
  await door.close();

  // A basic-level workshop seat for the Pro ticket.
  await open(page, '/pl/warsztaty');
  const card = page.locator('article', { hasText: 'Prompt' }).first();
  await card.locator('summary').click();
  await card.getByLabel('Adres e-mail z zamówienia').fill(email);
  await card.getByLabel('Numer zamówienia').fill(code);
  await card.getByRole('button', { name: 'Zapisz mnie' }).click();
  await expect(card).toContainText('Gotowe! Masz miejsce na tym warsztacie.');
});

test('a sold-out product is shown as sold out and cannot be chosen', async ({ page, context, request }) => {
  // Sold out for real, at an instant of its own: a day before the other tests' clock, pending
  // orders hold every place of on-site VIP. Their holds end 30 minutes later, so at the other
  // tests' instant the places are free again and nothing else is disturbed.
  const dayBefore = new Date(Date.parse(E2E_CLOCK) - 24 * 60 * 60 * 1000).toISOString();
  await context.setExtraHTTPHeaders({ 'Test-Clock': dayBefore });
  await open(page, '/pl/kup-bilet');
  const vip = page.locator('.onsite__ticket', { hasText: 'VIP' });
  await expect(vip.locator('.availability')).toHaveText(/^Zostało \d+ miejsc$/);
  // Held until the box office says sold out (other tests may be buying VIP meanwhile).
  const capacity = product('onsite-vip').capacity ?? 0;
  let held = 0;
  for (; held <= capacity; held++) {
    const response = await request.post('/api/purchase/onsite-vip', {
      headers: { 'Test-Clock': dayBefore, 'CF-Connecting-IP': `203.0.113.${held + 1}` },
      data: { consent: CONSENT_VERSIONS, email: `hold-${held}@example.com`, lang: 'pl' },
    });
    if (response.status() === 409) {
      expect(await response.json()).toEqual({ error: 'sold_out', products: ['onsite-vip'] });
      break;
    }
    expect(response.status()).toBe(201);
  }
  expect(held).toBeGreaterThan(0);
  expect(held).toBeLessThanOrEqual(capacity);

  await page.reload();
  // Also once React has taken the page over: hydration leaves what the worker wrote alone.
  await hydrate(page);
  await expect(vip.locator('.availability')).toHaveText('Wyprzedane');
  await expect(vip.getByRole('button')).toBeDisabled();
  await expect(vip.getByRole('button')).toHaveAccessibleDescription('Wyprzedane');
  await expect(page.locator('.onsite__ticket', { hasText: 'Pro' }).getByRole('button')).toBeEnabled();
  const offers = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}').offers;
  expect(offers.find((o: { sku: string }) => o.sku === 'onsite-vip').availability).toBe('https://schema.org/SoldOut');
  // The page said it before any script ran: the worker wrote it into the HTML.
  const html = await (await request.get('/pl/kup-bilet', { headers: { 'Test-Clock': dayBefore } })).text();
  expect(html).toMatch(/<p class="availability availability--sold_out" id="availability-onsite-vip"[^>]*>Wyprzedane</);
});

test('a closed sale is shown as closed, and the box office refuses it', async ({ page, context }) => {
  await context.setExtraHTTPHeaders({ 'Test-Clock': EVENT_ENDS });
  await open(page, '/pl/kup-bilet');
  for (const status of await page.locator('.availability').all())
    await expect(status).toHaveText('Sprzedaż zakończona');
  await expect(page.locator('.availability')).toHaveCount(PRODUCT_IDS.length);
  for (const button of await page.locator('button[data-product]').all()) await expect(button).toBeDisabled();
  const refused = await page.request.post('/api/purchase/online-standard', {
    headers: { 'Test-Clock': EVENT_ENDS },
    data: { consent: CONSENT_VERSIONS, email: 'late@example.com' },
  });
  expect(refused.status()).toBe(409);
  expect(await refused.json()).toEqual({ error: 'sales_closed', products: ['online-standard'] });
});

test('a cancelled payment returns to the ticket page, which says so and keeps the choice and e-mail', async ({
  page,
}) => {
  await open(page, '/pl/kup-bilet');
  await page.getByRole('button', { name: BUTTONS['onsite-standard'] }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Adres e-mail').fill('wraca@example.com');
  await dialog.getByLabel(/Imię i nazwisko/).fill('Wraca Kowalska');
  await dialog.getByRole('checkbox').last().check();
  await dialog.getByRole('button', { name: 'Przejdź do płatności' }).click();
  await page.getByRole('button', { name: /Anuluj i wróć/ }).click();
  await expect(page).toHaveURL(/\/pl\/kup-bilet\?payment=cancelled&product=onsite-standard/);
  await expect(page.getByRole('status').filter({ hasText: 'Płatność została anulowana' })).toBeVisible();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Zakup biletu: Standard (na miejscu)' })).toBeVisible();
  await expect(page.getByRole('dialog').getByLabel('Adres e-mail')).toHaveValue('wraca@example.com');
});
