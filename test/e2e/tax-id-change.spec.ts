import { ACME } from '../support/invoice-data';
import { expect, expectNoAxeViolations, openConsole, paidOrderByApi, test } from './helpers';

// Issue 48: a company gave a wrong NIP at checkout. The organiser types the right one in the
// console's correction of the buyer's data; the console says a correction to zero and a new invoice
// will be issued, asks, and then lists both.

test('a wrong NIP is put right from the console: asked first, then a correction to zero and a new invoice', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const order = await paidOrderByApi(request, {
    email: `zly-nip-${Date.now()}@example.com`,
    name: 'Adam Firmowy',
    items: [{ product: 'online-standard' }],
    invoice: ACME,
  });

  await openConsole(page, `/admin/orders/${order.orderId}`);
  const own = page.getByRole('table', { name: `Faktury zamówienia ${order.code}` });
  await expect(own.getByRole('rowheader')).toHaveCount(1);
  const number = ((await own.getByRole('rowheader').textContent()) ?? '').trim();
  expect(number).toMatch(/^FV\/\d{4}\/\d{5}$/);

  await page.getByText(`Popraw dane nabywcy na ${number}`).click();
  const form = page.locator('details[open] form');
  await form.getByLabel('NIP albo numer VAT UE').fill('123-456-32-18');
  await form.getByLabel('Nazwa albo imię i nazwisko').fill('Właściwa Firma S.A.');
  await form.getByRole('button', { name: 'Wystaw korektę danych' }).click();

  // Nothing is issued yet: the console says what will be, and the question has the focus.
  const question = form.getByRole('group', { name: /^Nowy numer podatkowy/ });
  await expect(question).toContainText(`korekta do zera faktury ${number} i nowa faktura dla Właściwa Firma S.A.`);
  await expect(question.locator('legend')).toBeFocused();
  await expect(own.getByRole('rowheader')).toHaveCount(1);
  await expectNoAxeViolations(page);
  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await question.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath(`tax-id-question-${width}.png`), fullPage: true });
    await form.screenshot({ path: testInfo.outputPath(`tax-id-question-form-${width}.png`) });
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(
      0,
    );
  }

  // Back keeps what was typed; confirmed, both documents are issued and listed.
  await question.getByRole('button', { name: 'Wróć do danych' }).click();
  await expect(form.getByLabel('NIP albo numer VAT UE')).toHaveValue('123-456-32-18');
  await form.getByRole('button', { name: 'Wystaw korektę danych' }).click();
  await question.getByRole('button', { name: `Wystaw korektę do zera ${number} i nową fakturę` }).click();
  const done = page
    .getByRole('status')
    .getByText(/^Wystawiono korektę do zera KOR\/\d{4}\/\d{5} i nową fakturę FV\/\d{4}\/\d{5}\.$/);
  await expect(done).toBeVisible();
  const [, correction, replacement] =
    ((await done.textContent()) ?? '').match(/(KOR\/\d{4}\/\d{5}) i nową fakturę (FV\/\d{4}\/\d{5})/) ?? [];
  await expect(own.getByRole('rowheader')).toHaveText([number, correction ?? '', replacement ?? '']);
  await expect(own.getByRole('row').filter({ hasText: replacement ?? '' })).toContainText('NIP: 1234563218');
  await expect(own.getByRole('row').filter({ hasText: correction ?? '' })).toContainText(`koryguje ${number}`);
  // The replaced invoice takes no more corrections: the new one does.
  await expect(page.getByText(`Popraw dane nabywcy na ${number}`)).toHaveCount(0);
  await expect(page.getByText(`Popraw dane nabywcy na ${replacement}`)).toBeVisible();
  await expect(page.getByText(`zastąpiona fakturą ${replacement}`)).toBeVisible();
  await expectNoAxeViolations(page);
  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await own.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath(`tax-id-done-${width}.png`), fullPage: true });
    await page
      .getByRole('region', { name: 'Faktury' })
      .screenshot({ path: testInfo.outputPath(`tax-id-done-invoices-${width}.png`) });
  }
});
