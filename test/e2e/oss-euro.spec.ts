import type { Page } from '@playwright/test';
import type { OssReport } from '../../site/oss-report';
import { rateMicros, toEuroCents } from '../../site/oss-report';
import { CONSENT_VERSIONS } from '../../site/purchase-rules';
import { GERMAN_CONSUMER_DATA } from '../support/invoice-fixtures';
import { expect, expectNoAxeViolations, openConsole, test } from './helpers';
import { E2E_ADMIN_TOKEN, E2E_CLOCK } from './playwright.config';

// The OSS report in euro and the card's country as evidence (issue 48): a German consumer pays an
// online plan in the first quarter with an Austrian test card; after the quarter the console shows
// the report in złoty and euro at the ECB's rate (the server's stand-in), an organiser enters the
// rate by hand, and the sale is listed to be checked, on the report and on the order's page.

const ADMIN = { Authorization: `Bearer ${E2E_ADMIN_TOKEN}` };
/** A day of 2027's first quarter: the sale's, moved there with the server's Test-Clock header. */
const IN_Q1 = '2027-02-15T10:00:00Z';
const QUARTER = '2027-Q1';

async function screens(page: Page, name: string) {
  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `test-results/screens/${name}-${width}.png`, fullPage: true });
  }
}

/** The Polish console's euro amount: `116,05 €`. */
const euroText = (cents: number) =>
  new Intl.NumberFormat('pl-PL', { style: 'currency', currency: 'EUR' }).format(cents / 100);

test('the OSS report in euro with a rate entered by hand, and a sale whose card contradicts its address', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  // The e2e server's clock (E2E_CLOCK) is after the first quarter: that quarter has ended.
  expect(E2E_CLOCK > '2027-04-01').toBe(true);
  const bought = await request.post('/api/purchase/online-premium', {
    headers: { 'Idempotency-Key': crypto.randomUUID(), 'Test-Clock': IN_Q1 },
    data: {
      consent: CONSENT_VERSIONS,
      email: `lena-${Date.now()}@example.com`,
      lang: 'de',
      invoice: GERMAN_CONSUMER_DATA,
    },
  });
  expect(bought.status(), await bought.text()).toBe(201);
  const { url, code } = (await bought.json()) as { url: string; code: string };

  // The demo checkout: the test card's country, the billing country's by default; an Austrian one.
  await page.setExtraHTTPHeaders({ 'Test-Clock': IN_Q1 });
  await page.goto(url);
  const card = page.getByRole('combobox', { name: 'Land der Testkarte' });
  await expect(card).toHaveValue('DE');
  await card.selectOption({ label: 'Österreich' });
  await expectNoAxeViolations(page);
  await screens(page, 'demo-checkout-card-country');
  await page.getByRole('button', { name: /bezahlen \(Test\)/ }).click();
  await page.waitForURL((address) => !address.pathname.startsWith('/checkout'));
  await page.setExtraHTTPHeaders({});

  await page.clock.setFixedTime(new Date(E2E_CLOCK));
  await openConsole(page, '/admin/oss');
  await expect(page.getByRole('heading', { level: 1, name: 'Raport OSS' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Kwartał' }).selectOption(QUARTER);

  // Opened after the quarter: the ECB's rate of its last day, fetched and kept.
  const rate = page.getByRole('region', { name: 'Kurs euro do deklaracji' });
  await expect(rate).toContainText('1 EUR =');
  await expect(rate).toContainText('31.03.2027');
  await expect(rate).toContainText('Kurs referencyjny EBC');
  const report = page.getByRole('table', { name: `Sprzedaż OSS w kwartale ${QUARTER}` });
  await expect(report.getByRole('columnheader', { name: 'Netto w EUR' })).toBeVisible();
  await expect(report.getByRole('columnheader', { name: 'VAT w EUR' })).toBeVisible();

  // A rate that is none is refused at its field, and nothing changes.
  const field = page.getByRole('textbox', { name: 'Kurs: złotych za 1 euro' });
  await field.fill('0');
  await page.getByRole('button', { name: 'Zapisz kurs' }).click();
  await expect(field).toHaveAccessibleDescription(/większa od zera/);
  await expect(field).toBeFocused();
  // The organiser's rate, typed with a decimal comma.
  await field.fill('4,3');
  await page.getByRole('button', { name: 'Zapisz kurs' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Kurs zapisany' })).toBeVisible();
  await expect(rate).toContainText('1 EUR = 4,3 zł');
  await expect(rate).toContainText('Wpisany ręcznie przez');

  // The euro on the screen is each line at the rate, and the totals the sums of the lines.
  const json = (await (
    await request.get(`/api/admin/reports/oss?quarter=${QUARTER}`, { headers: ADMIN })
  ).json()) as OssReport;
  expect(json.euro?.rate).toMatchObject({ rate: '4.3', source: 'manual', day: '2027-03-31' });
  const de = json.rows.find((row) => row.country === 'DE');
  const micros = rateMicros('4.3') ?? 0;
  expect(de?.eur).toEqual({ net: toEuroCents(de?.net ?? 0, micros), vat: toEuroCents(de?.vat ?? 0, micros) });
  const germany = report.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Niemcy (DE)' }) });
  await expect(germany).toContainText(euroText(de?.eur?.net ?? 0));
  await expect(germany).toContainText(euroText(de?.eur?.vat ?? 0));
  const totals = report.getByRole('row').filter({ hasText: 'Razem' });
  await expect(totals).toContainText(euroText(json.euro?.totals.net ?? 0));

  // The sale whose Austrian card contradicts its German address, to be checked.
  const checks = page.getByRole('table', { name: 'Sprzedaż OSS z dowodami do sprawdzenia' });
  const sale = checks.getByRole('row').filter({ has: page.getByRole('rowheader', { name: code }) });
  await expect(sale).toContainText('Sprzeczne dowody: adres DE, karta AT, połączenie brak');
  await expect(sale).toContainText('Czeka na sprawdzenie');

  // The organiser asks the buyer and records what they found: an empty note is refused at its
  // field; the note is kept once, with the organiser's name, and the sale stays under Germany.
  await sale.getByRole('button', { name: `Zapisz sprawdzenie zamówienia ${code}` }).click();
  const form = page.getByRole('form', { name: `Sprawdzenie zamówienia ${code}` });
  await expect(form.getByRole('heading', { name: `Sprawdzenie zamówienia ${code}` })).toBeFocused();
  const note = form.getByRole('textbox', { name: 'Co ustalono' });
  await form.getByRole('button', { name: 'Zapisz', exact: true }).click();
  await expect(note).toHaveAccessibleDescription(/Napisz, co ustalono\./);
  await expect(note).toBeFocused();
  await expectNoAxeViolations(page);
  await screens(page, 'console-oss-check-form');
  await note.fill('Kupująca potwierdziła e-mailem, że mieszka w Berlinie; karta z austriackiego banku.');
  await form.getByRole('button', { name: 'Zapisz', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: `Zapisano sprawdzenie zamówienia ${code}.` })).toBeVisible();
  await expect(form).toHaveCount(0);
  await expect(sale).toContainText('Kupująca potwierdziła e-mailem, że mieszka w Berlinie');
  await expect(sale).toContainText('ADMIN_TOKEN');
  await expect(sale.getByRole('button', { name: /Zapisz sprawdzenie/ })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await screens(page, 'console-oss-euro');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Pobierz CSV dla księgowości' }).click();
  const csv = await (await (await download).createReadStream()).toArray();
  const text = Buffer.concat(csv).toString('utf8');
  expect(text.split('\r\n')[0]).toContain('Do deklaracji netto (EUR),Do deklaracji VAT (EUR),Kurs EUR/PLN');
  expect(text).toContain(',4.3,2027-03-31,ręcznie: ');

  // The order's page says the same, and asks the organiser to check with the buyer.
  await page.setViewportSize({ width: 1440, height: 900 });
  await sale.getByRole('link', { name: code }).click();
  const evidence = page.getByText('Sprzeczne dowody: adres DE, karta AT, połączenie brak');
  await expect(evidence).toBeVisible();
  await expect(page.getByText('Zapytaj kupującego, gdzie mieszka')).toBeVisible();
  await expectNoAxeViolations(page);
  await screens(page, 'console-order-evidence');
});
