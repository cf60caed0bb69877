import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
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
