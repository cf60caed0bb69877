import { readFile } from 'node:fs/promises';
import { expect, expectNoAxeViolations, fillByLabel, hydrate, openConsole, paidOrderByApi, test } from './helpers';

// Issue 48: a private buyer who paid without invoice data asks for the invoice on the order page
// and downloads it; an organiser then corrects the buyer's address on it in the console.

test('a private buyer asks for an invoice on the order page, downloads it, and the organiser corrects the address', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const { paid, ...order } = await paidOrderByApi(request, {
    email: `prywatna-${Date.now()}@example.com`,
    name: 'Ewa Prywatna',
    items: [{ product: 'online-standard' }],
  });

  // The demo checkout sends the buyer back to the order page.
  await page.goto(paid.headers().location ?? '');
  await hydrate(page);
  const section = page.getByRole('region', { name: 'Faktura do tego zamówienia' });
  await expect(section).toContainText('Możesz poprosić o fakturę do');
  // The form comes when asked for (its country list would take the page past its first window),
  // in place once the page's island runs, with the focus on its first field.
  await expect(section.getByLabel('Kraj')).toHaveCount(0);
  await section.getByRole('button', { name: 'Podaj dane do faktury' }).click();
  await expect(section.getByLabel('Nazwa firmy albo imię i nazwisko')).toBeFocused();
  await expect(section.getByLabel('Kraj')).toHaveValue('PL');
  expect(new URL(page.url()).searchParams.get('invoice')).toBeNull();
  await expectNoAxeViolations(page);
  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await section.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath(`invoice-request-${width}.png`), fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(
      0,
    );
  }
  await fillByLabel(section, {
    'Nazwa firmy albo imię i nazwisko': 'Ewa Prywatna',
    'Ulica i numer': 'ul. Zła 1',
    'Kod pocztowy': '12345',
    Miejscowość: 'Kraków',
  });
  await section.getByRole('button', { name: 'Wystaw fakturę' }).click();
  await expect(section.getByRole('alert')).toHaveText('Kod pocztowy: wpisz kod w formacie 00-000.');
  await section.getByLabel('Kod pocztowy').fill('30-001');
  await section.getByRole('button', { name: 'Wystaw fakturę' }).click();

  const documents = page.getByRole('listitem').filter({ hasText: /FV\/\d{4}\/\d{5}/ });
  await expect(documents).toHaveCount(1);
  await expect(section).toHaveCount(0);
  const number = ((await documents.textContent()) ?? '').match(/FV\/\d{4}\/\d{5}/)?.[0] ?? '';
  const download = page.waitForEvent('download');
  await documents.getByRole('link', { name: 'PDF' }).click();
  const pdf = await download;
  expect(pdf.suggestedFilename()).toBe(`${number.replaceAll('/', '-')}.pdf`);
  expect((await readFile((await pdf.path()) ?? '')).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 375, height: 900 });
  await page.screenshot({ path: testInfo.outputPath('invoice-issued-375.png'), fullPage: true });

  // The organiser puts the street right: a correction of the buyer's data in the KOR series.
  await page.setViewportSize({ width: 1440, height: 900 });
  await openConsole(page, `/admin/orders/${order.orderId}`);
  await page.getByText(`Popraw dane nabywcy na ${number}`).click();
  const form = page.locator('details[open] form');
  await form.getByLabel('Ulica i numer').fill('ul. Dobra 2');
  await form.getByRole('button', { name: 'Wystaw korektę danych' }).click();
  await expect(page.getByText(/^Wystawiono korektę KOR\/\d{4}\/\d{5}\.$/)).toBeVisible();
  const own = page.getByRole('table', { name: `Faktury zamówienia ${order.code}` });
  await expect(own.getByRole('rowheader')).toHaveCount(2);
  await expectNoAxeViolations(page);
  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: testInfo.outputPath(`console-correction-${width}.png`), fullPage: true });
  }
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the invoice form is asked for with a page request and sent as a form', async ({ page, request }, testInfo) => {
    const { paid } = await paidOrderByApi(request, {
      email: `bez-js-${Date.now()}@example.com`,
      name: 'Jan Bezskryptowy',
      items: [{ product: 'online-standard' }],
    });
    await page.goto(paid.headers().location ?? '');
    const section = page.getByRole('region', { name: 'Faktura do tego zamówienia' });
    for (const width of [375, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await section.screenshot({ path: testInfo.outputPath(`invoice-ask-${width}.png`) });
    }
    await section.getByRole('button', { name: 'Podaj dane do faktury' }).click();
    await expect(page).toHaveURL(/[?&]invoice=form#invoice-request-title$/);
    await fillByLabel(section, { 'Ulica i numer': 'ul. Długa 5', 'Kod pocztowy': '00-950', Miejscowość: 'Warszawa' });
    await section.getByLabel('Kraj').selectOption('DE');
    await section.getByLabel('Kraj').selectOption('PL');
    await section.getByRole('button', { name: 'Wystaw fakturę' }).click();
    await expect(page).toHaveURL(/done=invoiced/);
    await expect(page.getByRole('listitem').filter({ hasText: /FV\/\d{4}\/\d{5}/ })).toHaveCount(1);
  });
});
