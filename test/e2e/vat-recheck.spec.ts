import { axeViolations, expect, open, test } from './helpers';

// Issue 43, item 2: a German company buys an online plan while VIES is down, so it pays 23% VAT;
// once VIES is back it presses "check my VAT number again" on its order page and sees the reverse
// charge and the refund of the VAT. The local server's VIES fake is taken down for this number and
// brought back (worker/tax/vies-fake.ts, `POST /_fake/vies/outage`).

const NUMBER = { countryCode: 'DE', vatNumber: '276452187' };

test('a German company pays 23% while VIES is down, then has the VAT refunded after a re-check, by keyboard', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const outage = (down: boolean) => request.post('/_fake/vies/outage', { data: { ...NUMBER, down } });
  expect((await outage(true)).status()).toBe(204);
  try {
    await open(page, '/pl');
    await page.getByRole('button', { name: 'Wybierz pakiet Premium' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Adres e-mail zamawiającego').fill(`einkauf-${Date.now()}@beispiel.de`);
    await dialog.getByRole('checkbox', { name: 'Potrzebuję faktury' }).check();
    await dialog.getByRole('radio', { name: 'Firma' }).check();
    await dialog.getByLabel('Kraj', { exact: true }).selectOption({ label: 'Niemcy' });
    await dialog.getByLabel('Numer VAT UE z prefiksem kraju').fill(`DE ${NUMBER.vatNumber}`);
    await dialog.getByLabel('Nazwa firmy').fill('Beispiel GmbH');
    await dialog.getByLabel('Ulica i numer').fill('Friedrichstraße 12');
    await dialog.getByLabel('Kod pocztowy').fill('10117');
    await dialog.getByLabel('Miejscowość').fill('Berlin');
    await dialog.getByRole('checkbox', { name: /Akceptuję/ }).check();
    await dialog.getByRole('button', { name: 'Przejdź do płatności' }).click();

    await expect(page).toHaveURL(/\/checkout\/demo\//);
    await page.getByRole('button', { name: /Zapłać/ }).click();
    await expect(page).toHaveURL(/\/kup-bilet\/dziekujemy\?order=/);

    // Paid with 23% VAT: the page says why and offers the re-check.
    const details = page.locator('.thanks__details').first();
    await expect(details).toContainText('613,77 zł');
    const section = page.getByRole('region', { name: 'Numer VAT UE' });
    await expect(section.getByRole('status')).toContainText('rejestr VIES nie odpowiadał');
    await expect(section.getByRole('status')).toContainText(`DE${NUMBER.vatNumber}`);
    const button = section.getByRole('button', { name: 'Sprawdź mój numer VAT ponownie' });
    // The section is in the page as the worker served it (its chunk and catalogue are loaded for
    // the render, order-status.tsx `loadOrderVat`), not only once the island has started.
    const served = await (await request.get(page.url())).text();
    expect(served).toContain('rejestr VIES nie odpowiadał');

    // Still down: nothing changes, and the buyer is told so.
    await button.focus();
    await page.keyboard.press('Enter');
    await expect(section.getByRole('alert')).toHaveText(/VIES nadal nie odpowiada/);
    await expect(details).toContainText('613,77 zł');

    // VIES is back: the reverse charge, the refund and the correction invoice.
    expect((await outage(false)).status()).toBe(204);
    await button.focus();
    await page.keyboard.press('Enter');
    await expect(section.getByRole('status')).toContainText(`VIES potwierdził numer DE${NUMBER.vatNumber}`);
    await expect(section.getByRole('status')).toContainText('Różnicę VAT, 114,77 zł, zwróciliśmy');
    await expect(section.getByRole('alert')).toHaveCount(0);
    await expect(button).toHaveCount(0);
    await expect(details).toContainText('499,00 zł');
    await expect(page.locator('.thanks__documents li')).toHaveCount(2);
    await expect(page.locator('.thanks__documents li').nth(1)).toContainText(/KOR\/\d{4}\/\d{5}/);
    expect(await axeViolations(page, { within: '.order-vat' })).toEqual([]);
  } finally {
    await outage(false);
  }
});
