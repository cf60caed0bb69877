import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { DATA_KIND_IDS } from '../../site/data-map';
import { CONSENT_VERSIONS } from '../../site/purchase-rules';
import { axeViolations, expect, openConsole, test } from './helpers';

// A data request (GDPR arts. 15 and 17, issue 49): the organiser looks an address up in the console,
// downloads everything held for it as JSON and erases it after a confirmation; the invoices and the
// orders' tax data stay, the address is found no more.

async function shoot(page: Page, name: string) {
  for (const width of [1440, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `test-results/data-requests-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('the organiser answers a data request: looks the address up, downloads the export, erases with a confirmation', async ({
  page,
  baseURL,
}) => {
  const email = `wniosek-${Date.now()}@example.com`;
  const bought = await page.request.post('/api/purchase/online-standard', {
    data: { consent: CONSENT_VERSIONS, email, lang: 'pl' },
    headers: { 'Idempotency-Key': crypto.randomUUID() },
  });
  expect(bought.status(), await bought.text()).toBe(201);
  const { url, orderId } = (await bought.json()) as { url: string; orderId: string };
  const paid = await page.request.post(`/checkout/demo/${orderId}/pay`, {
    form: { token: new URL(url).searchParams.get('token') ?? '' },
    maxRedirects: 0,
  });
  expect(paid.status()).toBe(303);
  const sent = await page.request.post('/api/contact', {
    data: { name: 'Wanda Wniosek', email, subject: 'Moje dane', message: 'Proszę o kopię moich danych.', lang: 'pl' },
    headers: { Origin: baseURL ?? '' },
  });
  expect(sent.status(), await sent.text()).toBe(201);

  await openConsole(page, '/admin');
  await page.getByRole('navigation', { name: 'Konsola' }).getByRole('link', { name: 'Wnioski o dane' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Wnioski o dane' })).toBeVisible();

  // A wrong address is said at the field.
  const field = page.getByLabel('Adres e-mail osoby');
  await field.fill('nie-adres');
  await page.getByRole('button', { name: 'Sprawdź' }).click();
  await expect(field).toHaveAccessibleDescription('Wpisz poprawny adres e-mail.');

  await field.fill(email.toUpperCase());
  await page.getByRole('button', { name: 'Sprawdź' }).click();
  const found = page.getByRole('table', { name: new RegExp(`^${email.replace('.', '\\.')}: \\d+ zapis`) });
  await expect(found).toBeVisible();
  await expect(found.getByRole('row', { name: /Zamówienia \(opłacone\)/ })).toContainText('1');
  await expect(found.getByRole('row', { name: /Wiadomości z formularza/ })).toContainText('1');
  expect(await axeViolations(page)).toEqual([]);
  await shoot(page, 'found');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Pobierz dane (JSON)' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^personal-data-\d{4}-\d{2}-\d{2}\.json$/);
  const file = JSON.parse(await readFile((await download.path()) ?? '', 'utf8')) as {
    email: string;
    data: Record<string, { id?: string }[]>;
  };
  expect(file.email).toBe(email);
  expect(file.data.orders?.map((o) => o.id)).toEqual([orderId]);
  expect(file.data.messages).toHaveLength(1);

  // The confirmation names the address; dismissed, nothing happens.
  page.once('dialog', (dialog) => {
    expect(dialog.message()).toContain(email);
    void dialog.dismiss();
  });
  await page.getByRole('button', { name: 'Usuń dane tej osoby' }).click();
  await expect(found).toBeVisible();

  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: 'Usuń dane tej osoby' }).click();
  await expect(page.getByRole('status')).toContainText(`Dane osoby ${email} usunięte lub zanonimizowane.`);
  const done = page.getByRole('table', { name: 'Co zrobiono' });
  await expect(done.getByRole('row', { name: /Zamówienia \(opłacone\)/ })).toContainText('zanonimizowano 1');
  await expect(done.getByRole('row', { name: /Wiadomości z formularza/ })).toContainText('usunięto 1');
  await expect(page.getByText('Zgody (wersje regulaminu i polityki): zachowane jako dowód zgody')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await shoot(page, 'erased');

  // Looked up again, nothing is held under the address.
  await field.fill(email);
  await page.getByRole('button', { name: 'Sprawdź' }).click();
  await expect(page.getByRole('table', { name: `${email}: 0 zapisów` })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Usuń dane tej osoby' })).toBeDisabled();
});

test('the privacy policy lists every kind of the data map with its period and the processors, in five languages', async ({
  page,
}) => {
  for (const [lang, last, rights] of [
    ['pl', '31 grudnia 2032', 'art. 15–21'],
    ['en-gb', '31 December 2032', 'arts. 15–21'],
    ['en-us', 'December 31, 2032', 'arts. 15–21'],
    ['de', '31. Dezember 2032', 'Art. 15–21'],
    ['es', '31 de diciembre de 2032', 'arts. 15 a 21'],
  ] as const) {
    await page.goto(`/${lang}/polityka-prywatnosci`);
    const data = page.locator('#data');
    await expect(data.locator('.storage-list__item')).toHaveCount(DATA_KIND_IDS.length);
    await expect(data.locator('.storage-list__item').first()).toContainText(last);
    await expect(page.locator('#processors')).toContainText('KSeF');
    await expect(page.locator('#processors')).toContainText('Stripe');
    await expect(page.locator('#rights')).toContainText(rights);
    await expect(page.locator('#rights')).toContainText('JSON');
    expect(await axeViolations(page)).toEqual([]);
    if (lang === 'pl') {
      for (const width of [1440, 375]) {
        await page.setViewportSize({ width, height: 900 });
        await data.scrollIntoViewIfNeeded();
        await page.screenshot({ path: `test-results/data-requests-policy-${width}.png` });
      }
      await page.setViewportSize({ width: 1280, height: 900 });
    }
  }
});
