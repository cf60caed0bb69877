import { axeViolations, buyByApi, expect, open, test } from './helpers';

// Team orders (issue 30): a company buys several named tickets in one dialog, pays once, and
// manages them on the order page: four tickets with names and QR codes, one renamed, an order cancelled.

test('a company buys 3 on-site Pro and 1 online Premium in one dialog, by keyboard, and manages them', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await open(page, '/pl/kup-bilet');
  // Keyboard only: the plan's button, then the dialog's fields in order.
  await page.getByRole('button', { name: 'Kup bilet Pro na miejscu' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: /Zakup biletu: Pro/ });
  await expect(dialog).toBeVisible();
  const email = dialog.getByLabel('Adres e-mail zamawiającego');
  await expect(email).toBeFocused();
  await page.keyboard.type('zakupy@firma-testowa.pl');
  const names = ['Anna Kowalska', 'Piotr Nowak', 'Ewa Wiśniewska'];
  for (const [i, name] of names.entries()) {
    if (i > 0) {
      await dialog.getByRole('button', { name: 'Dodaj kolejny bilet' }).focus();
      await page.keyboard.press('Enter');
    }
    const ticket = dialog.getByRole('group', { name: `Bilet ${i + 1}` });
    await expect(ticket.getByLabel('Rodzaj biletu')).toHaveValue('onsite-pro');
    const field = ticket.getByLabel(/Imię i nazwisko/);
    // A new ticket's name field takes the focus; the first one is reached with Tab.
    if (i === 0) await field.focus();
    await expect(field).toBeFocused();
    await page.keyboard.type(name);
  }
  await dialog.getByRole('button', { name: 'Dodaj kolejny bilet' }).focus();
  await page.keyboard.press('Enter');
  const online = dialog.getByRole('group', { name: 'Bilet 4' });
  await online.getByLabel('Rodzaj biletu').selectOption('online-premium');
  await online.getByLabel(/E-mail uczestnika/).fill('zdalny@firma-testowa.pl');
  await expect(dialog.locator('.purchase__summary')).toContainText('4');
  expect(await axeViolations(page, { within: 'dialog' })).toEqual([]);
  await dialog.getByRole('checkbox', { name: /Akceptuję/ }).focus();
  await page.keyboard.press('Space');
  await dialog.getByRole('button', { name: 'Przejdź do płatności' }).focus();
  await page.keyboard.press('Enter');

  // One payment for the four tickets.
  await expect(page).toHaveURL(/\/checkout\/demo\//);
  await expect(page.getByRole('main')).toContainText('3 × Pro');
  await page.getByRole('button', { name: /Zapłać/ }).click();

  // The wallet: four tickets, each with its holder's name and QR code.
  await expect(page).toHaveURL(/\/kup-bilet\/dziekujemy\?order=/);
  const cards = page.locator('.ticket-card');
  await expect(cards).toHaveCount(4);
  for (const [i, name] of [...names, 'zakupy@firma-testowa.pl'].entries()) {
    await expect(cards.nth(i).locator('.ticket-card__holder')).toHaveText(name);
    await expect(cards.nth(i).getByRole('img', { name: /^Kod QR biletu / })).toBeVisible();
  }
  await expect(page.locator('dialog.welcome, .dev-notice')).toHaveCount(0);
  expect(await axeViolations(page, { all: true })).toEqual([]);
  await page.screenshot({ path: 'test-results/screens/wallet-1440.png', fullPage: true });

  // Piotr falls ill: Marta comes instead. Her ticket gets a new code.
  const second = cards.nth(1);
  const oldCode = await second.locator('.ticket-card__code').textContent();
  // A native disclosure (in the page as served, before and without the island's start).
  await second.locator('summary[aria-label="Zmień uczestnika biletu 2"]').click();
  const form = second.getByRole('form', { name: 'Nowy uczestnik biletu 2' });
  await form.getByLabel('Imię i nazwisko').fill('Marta Zastępcza');
  await form.getByLabel(/Adres e-mail uczestnika/).fill('marta@firma-testowa.pl');
  expect(await axeViolations(page, { within: '.holder-form' })).toEqual([]);
  await form.getByRole('button', { name: 'Zapisz i wystaw nowy kod' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'nowy kod QR' })).toBeVisible();
  await expect(second.locator('.ticket-card__holder')).toHaveText('Marta Zastępcza');
  await expect(second.locator('.ticket-card__code')).not.toHaveText(oldCode ?? '');

  // Printing prints the tickets alone: the page's own content is left out.
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('header')).toBeHidden();
  await expect(cards.first()).toBeVisible();
  await page.emulateMedia({ media: 'screen' });

  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: 'test-results/screens/wallet-375.png', fullPage: true });
  const sideways = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
  expect(sideways).toBe(false);
});

test('a buyer cancels an order before the deadline: refunded, places back, the page says so', async ({
  page,
  request,
}) => {
  const { thanks } = await buyByApi(request, { pay: true });
  await page.goto(thanks);
  const manage = page.getByRole('region', { name: 'Anulowanie zamówienia' });
  await expect(manage).toContainText('Możesz anulować zamówienie do');
  await manage.locator('summary', { hasText: 'Anuluj zamówienie' }).click();
  expect(await axeViolations(page, { within: '.order-manage' })).toEqual([]);
  await manage.getByRole('button', { name: /Tak, anuluj i zwróć/ }).click();
  await expect(page.locator('.status')).toHaveText('Zwrócone');
  await expect(page.getByRole('main')).toContainText('pieniądze zwrócone');
  await expect(page.locator('.ticket-card')).toHaveCount(0);
  // Opened again, as from the e-mail's link: the same word.
  await page.reload();
  await expect(page.locator('.status')).toHaveText('Zwrócone');
});

test('the dialog refuses a cart larger than the stock left, whole, and says which product', async ({ page }) => {
  await page.route('**/api/orders', (route) =>
    route.fulfill({ status: 409, json: { error: 'sold_out', products: ['onsite-vip'] } }),
  );
  await open(page, '/pl/kup-bilet');
  await page.getByRole('button', { name: 'Kup bilet VIP na miejscu' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Adres e-mail zamawiającego').fill('vip@firma-testowa.pl');
  await dialog
    .getByRole('group', { name: 'Bilet 1' })
    .getByLabel(/Imię i nazwisko/)
    .fill('Jan VIP');
  await dialog.getByRole('checkbox', { name: /Akceptuję/ }).check();
  await dialog.getByRole('button', { name: 'Przejdź do płatności' }).click();
  await expect(dialog.getByRole('alert')).toContainText('Zabrakło miejsc: VIP');
});
