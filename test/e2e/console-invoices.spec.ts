import { readFile } from 'node:fs/promises';
import type { Download } from '@playwright/test';
import { unzipSync } from 'fflate';
import type { IssuedInvoice } from '../../site/invoices';
import { validateFa3 } from '../support/fa3';
import { expect, expectNoAxeViolations, openConsole, paidOrderByApi, test } from './helpers';
import { E2E_ADMIN_TOKEN } from './playwright.config';

// The console's Invoices screen and the order screen's invoices: a company's order is placed and
// paid through the public API and the demo checkout (which issues its invoice), then an organiser
// finds the invoice, downloads its PDF and FA(3) XML, exports the month, and opens the order.

const COMPANY = {
  name: 'Fakturowa Firma sp. z o.o.',
  taxId: '5260250274',
  street: 'ul. Świętokrzyska 12',
  postalCode: '00-916',
  city: 'Warszawa',
  country: 'PL',
};

const bytesOf = async (download: Download) => readFile((await download.path()) ?? '');

/** The month it is now in Warsaw, as the screen defaults to it. */
const warsawMonth = () => new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Warsaw' }).slice(0, 7);

test('an organiser finds the invoice of a paid order, downloads its PDF and XML, exports the month and sees it on the order', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const order = await paidOrderByApi(request, {
    email: `faktura-${Date.now()}@example.com`,
    name: 'Zofia Księgowa',
    items: [{ product: 'online-standard' }],
    invoice: COMPANY,
  });

  // The invoice's number, as the organiser has it from the buyer's e-mail.
  const listed = await request.get(`/api/admin/invoices?q=${order.code}`, {
    headers: { Authorization: `Bearer ${E2E_ADMIN_TOKEN}` },
  });
  const [invoice] = ((await listed.json()) as { invoices: IssuedInvoice[] }).invoices;
  if (!invoice) throw new Error(`no invoice for ${order.code}`);
  // Paid before the congress: an advance invoice for the whole price; KSeF is not configured here.
  expect(invoice.kind).toBe('ZAL');
  expect(invoice.ksef.status).toBe('waiting');
  const month = invoice.issuedOn.slice(0, 7);
  const fileBase = invoice.number.replaceAll('/', '-');

  await openConsole(page, '/admin');
  await page.getByRole('navigation', { name: 'Konsola' }).getByRole('link', { name: 'Faktury' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Faktury' })).toBeVisible();
  const monthField = page.getByLabel('Miesiąc wystawienia');
  await expect(monthField).toHaveValue(warsawMonth());
  await monthField.fill(month);
  await page.getByLabel('Rodzaj').selectOption({ label: 'Faktura zaliczkowa' });
  await page.getByRole('searchbox', { name: 'Szukaj' }).fill(invoice.number);
  await page.getByRole('button', { name: 'Filtruj' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/invoices\\?month=${month}&kind=ZAL&q=`));

  const table = page.getByRole('table', { name: /^Faktury za .* w kolejności wystawienia$/ });
  await expect(table.getByRole('row')).toHaveCount(2);
  const row = table.getByRole('row', { name: new RegExp(invoice.number) });
  await expect(row.getByRole('rowheader')).toHaveText(invoice.number);
  await expect(row).toContainText('Faktura zaliczkowa');
  await expect(row).toContainText(COMPANY.name);
  await expect(row).toContainText(`NIP: ${COMPANY.taxId}`);
  const gross = new Intl.NumberFormat('pl-PL', { style: 'currency', currency: 'PLN' }).format(
    invoice.totals.gross / 100,
  );
  await expect(row).toContainText(gross);
  await expect(row).toContainText('jeszcze nie w KSeF');
  await expect(page.getByText(/^„Jeszcze nie w KSeF”: te faktury nie zostały wysłane do KSeF/)).toBeVisible();
  await expect(row.getByRole('link', { name: order.code })).toHaveAttribute('href', `/admin/orders/${order.orderId}`);
  await expectNoAxeViolations(page);

  const pdfDownload = page.waitForEvent('download');
  await row.getByRole('button', { name: `PDF faktury ${invoice.number}` }).click();
  const pdf = await pdfDownload;
  expect(pdf.suggestedFilename()).toBe(`${fileBase}.pdf`);
  expect((await bytesOf(pdf)).subarray(0, 5).toString('latin1')).toBe('%PDF-');

  const xmlDownload = page.waitForEvent('download');
  await row.getByRole('button', { name: `XML faktury ${invoice.number}` }).click();
  const xml = await xmlDownload;
  expect(xml.suggestedFilename()).toBe(`${fileBase}.xml`);
  const xmlText = (await bytesOf(xml)).toString('utf8');
  expect(xmlText).toContain(`<P_2>${invoice.number}</P_2>`);
  expect(validateFa3(xmlText)).toEqual({ valid: true, errors: expect.any(String) });

  // The month for the accountant: every PDF and FA(3) file of the month and its CSV, this invoice among them.
  const zipDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: /^PDF i XML dla księgowości za .* \(ZIP\)$/ }).click();
  const zip = await zipDownload;
  expect(zip.suggestedFilename()).toBe(`faktury-${month}.zip`);
  const files = unzipSync(new Uint8Array(await bytesOf(zip)));
  expect(new TextDecoder().decode(files[`${fileBase}.xml`])).toBe(xmlText);
  expect(new TextDecoder().decode(files[`faktury-${month}.csv`])).toContain(`${invoice.number},faktura zaliczkowa,`);
  expect(new TextDecoder().decode(files[`${fileBase}.pdf`]?.subarray(0, 5))).toBe('%PDF-');

  for (const width of [1440, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: testInfo.outputPath(`invoices-${width}.png`), fullPage: true });
    // A phone scrolls the table inside its own box, never the page sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(
      0,
    );
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  await row.getByRole('link', { name: order.code }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Zamówienie ${order.code}` })).toBeVisible();
  const panel = page.getByRole('region', { name: 'Faktury' });
  const own = panel.getByRole('table', { name: `Faktury zamówienia ${order.code}` });
  await expect(own.getByRole('rowheader')).toHaveText([invoice.number]);
  await expect(own).toContainText('jeszcze nie w KSeF');
  const again = page.waitForEvent('download');
  await own.getByRole('button', { name: `XML faktury ${invoice.number}` }).click();
  expect((await again).suggestedFilename()).toBe(`${fileBase}.xml`);
  await expectNoAxeViolations(page);
});

test('says so when no invoice matches and offers no export without a month', async ({ page }) => {
  await openConsole(page, '/admin/invoices?month=&q=no-such-invoice');
  await expect(page.getByLabel('Miesiąc wystawienia')).toHaveValue('');
  await expect(
    page.getByRole('table', { name: 'Faktury ze wszystkich miesięcy, w kolejności wystawienia' }),
  ).toBeVisible();
  await expect(page.getByText('Żadna faktura nie pasuje do filtrów.')).toBeVisible();
  await expect(page.getByRole('button', { name: /ZIP/ })).toHaveCount(0);
  await expect(page.getByText(/Jeszcze nie w KSeF/)).toHaveCount(0);
});
