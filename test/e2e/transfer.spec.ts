import type { Page } from '@playwright/test';
import { ORGANISER } from '../../site/event';
import { venueDay } from '../../site/format';
import { CONSENT_VERSIONS } from '../../site/purchase-rules';
import { fa3Text, validateFa3 } from '../support/fa3';
import { POLISH_COMPANY as COMPANY } from '../support/invoice-data';
import { expect, expectNoAxeViolations, open, openConsole, orderByApi, test } from './helpers';
import { E2E_CLOCK } from './playwright.config';

// Payment by bank transfer (issue 33): a company orders with invoice data and pays by transfer, sees
// the bank details on its order page, an organiser records the transfer in the console, and the
// order page then shows the tickets.

/**
 * The console in Polish, this tab already signed in, its clock the shop's (E2E_CLOCK): the day
 * money arrived is checked against the order's day and today, as the box office counts them.
 */
async function openClockedConsole(page: Page, path: string) {
  await page.clock.setFixedTime(new Date(E2E_CLOCK));
  await openConsole(page, path);
}

test('the dialog offers a bank transfer only with the invoice', async ({ page }) => {
  await open(page, '/pl/kup-bilet');
  await page.getByRole('button', { name: 'Kup bilet Pro na miejscu' }).click();
  const dialog = page.getByRole('dialog', { name: /Zakup biletu: Pro/ });
  await expect(dialog).toBeVisible();
  const transfer = dialog.getByRole('radio', { name: 'Przelew na konto' });
  await expect(transfer).toBeHidden();
  await dialog.getByRole('checkbox', { name: 'Potrzebuję faktury' }).check();
  await expect(transfer).toBeVisible();
  await expect(dialog.getByRole('radio', { name: /Online: karta/ })).toBeChecked();
  await expect(dialog.getByRole('group', { name: 'Sposób płatności' })).toContainText(
    'Rezerwujemy miejsca na 7 dni, a dane do przelewu (pro forma) wyślemy e-mailem.',
  );
  await transfer.check();
  await expectNoAxeViolations(page);
});

test('a company pays by transfer: bank details on its order page, an organiser records the money, the tickets appear', async ({
  page,
  browser,
  request,
}, testInfo) => {
  const email = `firma-${Date.now()}@example.com`;
  const res = await request.post('/api/orders', {
    headers: { 'Idempotency-Key': crypto.randomUUID() },
    data: {
      consent: CONSENT_VERSIONS,
      email,
      lang: 'pl',
      name: 'Zofia Księgowa',
      items: [
        { product: 'onsite-pro', name: 'Anna Nowak' },
        { product: 'onsite-pro', name: 'Bartek Nowak' },
      ],
      invoice: COMPANY,
      payment: 'transfer',
    },
  });
  expect(res.status()).toBe(201);
  const placed = (await res.json()) as { url: string; orderId: string; code: string };
  const orderPage = new URL(placed.url);
  expect(orderPage.pathname).toBe('/pl/kup-bilet/dziekujemy');

  await open(page, `${orderPage.pathname}${orderPage.search}`);
  const transfer = page.getByRole('region', { name: 'Dane do przelewu' });
  await expect(transfer).toBeVisible();
  await expect(transfer).toContainText(ORGANISER.bank.iban);
  await expect(transfer).toContainText(ORGANISER.bank.name);
  await expect(transfer).toContainText(placed.code);
  await expect(transfer).toContainText('Zapłać do');
  await expect(transfer).toContainText('przykładowy numer konta');
  await expect(page.getByRole('main')).toContainText('Czekamy na Twój przelew.');
  await expect(page.getByRole('img', { name: /^Kod QR biletu / })).toHaveCount(0);
  await expectNoAxeViolations(page);
  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({
      path: testInfo.outputPath(`order-page-transfer-${width}.png`),
      fullPage: true,
    });
  }

  // The organiser records the transfer: a wrong amount first, refused with nothing changed.
  const consoleContext = await browser.newContext();
  const organiser = await consoleContext.newPage();
  await openClockedConsole(organiser, `/admin/orders/${placed.orderId}`);
  await expect(organiser.getByRole('heading', { level: 1, name: `Zamówienie ${placed.code}` })).toBeVisible();
  const form = organiser.getByRole('form', { name: 'Zaksięguj przelew' });
  const amount = form.getByRole('textbox', { name: 'Kwota przelewu (zł)' });
  await expect(amount).toHaveValue('2457,54');
  await amount.fill('2000');
  await form.getByRole('textbox', { name: 'Tytuł lub numer przelewu (opcjonalnie)' }).fill(`Zamówienie ${placed.code}`);
  await expectNoAxeViolations(organiser);
  await form.getByRole('button', { name: 'Oznacz jako opłacone' }).click();
  await expect(form.getByRole('alert')).toContainText('Kwota się nie zgadza');
  await expect(form.getByRole('alert')).toContainText('2457,54');
  await amount.fill('');
  await form.getByRole('button', { name: 'Oznacz jako opłacone' }).click();
  await expect(form.getByText('Wpisz kwotę przelewu.')).toBeVisible();
  await expect(amount).toHaveAttribute('aria-invalid', 'true');
  await amount.fill('2 457,54');
  await form.getByRole('button', { name: 'Oznacz jako opłacone' }).click();
  // Scoped to its text: once the order is paid, each ticket's certificate section brings a status
  // region of its own, and whether they are there yet when this is read depends on the machine.
  await expect(organiser.getByRole('status').filter({ hasText: /Przelew zaksięgowany/ })).toBeVisible();
  // The order's own status (the invoices panel below shows KSeF's in the same kind of pill).
  await expect(organiser.locator('.console-status--paid')).toHaveText('opłacone');
  await expect(organiser.getByRole('table', { name: /Historia zamówienia/ }).getByRole('rowheader')).toContainText([
    'Przelew zaksięgowany',
    'Opłacone',
  ]);
  await consoleContext.close();

  // The buyer's page, opened again, shows the tickets.
  await page.setViewportSize({ width: 1280, height: 900 });
  await open(page, `${orderPage.pathname}${orderPage.search}`);
  await expect(page.getByRole('region', { name: 'Dane do przelewu' })).toHaveCount(0);
  await expect(page.getByRole('img', { name: /^Kod QR biletu / })).toHaveCount(2);
  await expect(page.getByRole('main')).toContainText('Anna Nowak');
  // And the invoice the payment issued, dated the day the money arrived, as PDF and XML.
  const invoice = page.getByRole('listitem').filter({ hasText: /^Faktura zaliczkowa FV\/\d{4}\/\d{5}:/ });
  await expect(invoice.getByRole('link', { name: 'PDF' })).toBeVisible();
  const xml = await (
    await request.get((await invoice.getByRole('link', { name: 'XML (KSeF)' }).getAttribute('href')) ?? '')
  ).text();
  expect(validateFa3(xml).valid).toBe(true);
  expect(fa3Text(xml, 'Fa/Platnosc/FormaPlatnosci')).toBe('6');
});

test('the Transfers screen loads a statement and reports each incoming transfer', async ({ page, request }) => {
  const byTransfer = { items: [{ product: 'online-standard' }], invoice: COMPANY, payment: 'transfer' };
  const placed = await orderByApi(request, { email: `import-${Date.now()}@example.com`, ...byTransfer });
  const other = await orderByApi(request, { email: `import-other-${Date.now()}@example.com`, ...byTransfer });
  // Booked on the day the order was placed (the shop's clock): no payment day can be earlier.
  const day = venueDay(Date.parse(E2E_CLOCK)).replaceAll('-', '').slice(2);
  const statement = [
    ':20:E2E/1',
    ':25:/PL00000000001234567890123456',
    ':28C:1',
    `:60F:C${day}PLN0,00`,
    `:61:${day}${day.slice(2)}CN367,77NTRFNONREF`,
    `:86:020~00VE02~20Zamówienie ${placed.code.toLowerCase()}~21~22`,
    `:61:${day}${day.slice(2)}CN10,00NTRFDAR-0001`,
    ':86:020~00VE02~20Darowizna~21~22',
    `:61:${day}${day.slice(2)}RCN10,00NTRFDAR-0001`,
    ':86:020~00VE02~20Zwrot~21~22',
    `:61:${day}${day.slice(2)}CN367,77NTRFNONREF`,
    `:86:020~00VE02~20Zamowienia ${placed.code} ${other.code}~21~22`,
    `:62F:C${day}PLN735,54`,
  ].join('\n');

  await openClockedConsole(page, '/admin');
  await page.getByRole('navigation', { name: 'Konsola' }).getByRole('link', { name: 'Przelewy' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Przelewy' })).toBeVisible();
  await page.getByRole('button', { name: 'Wczytaj wyciąg' }).click();
  await expect(page.getByRole('alert')).toHaveText('Wybierz plik albo wklej treść wyciągu.');
  await page.getByRole('textbox', { name: 'albo wklej treść wyciągu' }).fill(statement.replace('367,77', '367.77'));
  await page.getByRole('button', { name: 'Wczytaj wyciąg' }).click();
  await expect(page.getByRole('alert')).toContainText('Wyciąg ma błąd w wierszu 5');
  await page.getByRole('textbox', { name: 'albo wklej treść wyciągu' }).fill(statement);
  await page.getByRole('button', { name: 'Wczytaj wyciąg' }).click();
  const report = page.getByRole('table', { name: 'Wpływy z wyciągu i co z nimi zrobiono' });
  await expect(report.getByRole('row')).toHaveCount(5);
  await expect(report.getByRole('row').nth(1)).toContainText(placed.code);
  await expect(report.getByRole('rowheader')).toHaveText([
    'Zaksięgowano: zamówienie opłacone',
    'Cofnięty przez bank (wiersz 9): nie zaksięgowano',
    'Cofnięcie wpływu z wiersza 7',
    `Tytuł wskazuje kilka zamówień (${placed.code} i ${other.code}): przypisz przelew ręcznie`,
  ]);
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Wczytaj wyciąg' }).click();
  await expect(report.getByRole('rowheader').first()).toHaveText('Już opłacone wcześniej');
});
