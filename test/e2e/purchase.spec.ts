import { readFile } from 'node:fs/promises';
import { fa3Text, validateFa3 } from '../support/fa3';
import { ACME } from '../support/invoice-data';
import { textOf } from '../support/pdf-text';
import { axeViolations, expect, open, test } from './helpers';
import { E2E_ADMIN_TOKEN } from './playwright.config';

type AdminOrders = { orders: { code: string; status: string; plan: string; email: string; lang: string }[] };

test.describe('buying a ticket with the demo provider', () => {
  const cases = [
    {
      from: '/pl',
      lang: 'pl',
      plan: 'Premium',
      select: 'Wybierz pakiet Premium',
      email: 'Adres e-mail',
      pay: /Zapłać/,
      paid: 'Opłacone',
    },
    {
      from: '/en-gb/kup-bilet',
      lang: 'en-GB',
      plan: 'AI Practitioner VIP',
      select: 'Choose package AI Practitioner VIP',
      email: 'Email address',
      pay: /Pay/,
      paid: 'Paid',
    },
    {
      from: '/de',
      lang: 'de',
      plan: 'Standard',
      select: 'Paket wählen Standard',
      email: 'E-Mail-Adresse',
      pay: /Zahlen|zahlen/,
      paid: 'Bezahlt',
    },
  ];

  for (const c of cases) {
    test(`from ${c.from}: the paid order shows on the thank-you page and in the admin list`, async ({
      page,
      request,
    }) => {
      const email = `buyer-${c.lang.toLowerCase()}-${Date.now()}@example.com`;
      await open(page, c.from);
      await page.getByRole('button', { name: c.select }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toBeVisible();
      await dialog.getByLabel(c.email, { exact: false }).first().fill(email);
      await dialog.getByRole('checkbox').last().check();
      await dialog.locator('button[type="submit"]').click();

      await expect(page).toHaveURL(/\/checkout\/demo\//);
      await expect(page.locator('html')).toHaveAttribute('lang', c.lang);
      await page.getByRole('button', { name: c.pay }).click();

      await expect(page).toHaveURL(/\/kup-bilet\/dziekujemy\?order=/);
      const code = page.locator('.thanks__code');
      await expect(code).toHaveText(/^[0-9A-Z]{8}$/);
      await expect(page.locator('.status')).toHaveText(c.paid);

      // Looked up by its buyer (the list is a page of the newest, and the suite's other specs add many).
      const admin = await request.get(`/api/admin/orders?q=${encodeURIComponent(email)}`, {
        headers: { Authorization: `Bearer ${E2E_ADMIN_TOKEN}` },
      });
      expect(admin.status()).toBe(200);
      const { orders } = (await admin.json()) as AdminOrders;
      const order = orders.find((o) => o.email === email);
      expect(order).toMatchObject({ code: await code.textContent(), status: 'paid', lang: c.lang });
    });
  }
});

test.describe('the purchase dialog in the browser', () => {
  test('every invalid field is marked at once beside it, and fixed ones clear; nothing is sent', async ({ page }) => {
    let requests = 0;
    await page.route('**/api/orders', (route) => {
      requests++;
      return route.continue();
    });
    await open(page, '/pl/kup-bilet');
    await page.getByRole('button', { name: 'Kup bilet Pro na miejscu' }).click();
    const dialog = page.getByRole('dialog');
    const email = dialog.getByLabel('Adres e-mail zamawiającego');
    await email.fill('jan.kowalski@');
    await dialog.getByRole('button', { name: 'Przejdź do płatności' }).click();
    // The e-mail's form first, then the on-site name and the terms: all at once, each beside its field.
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toHaveAccessibleDescription(/Wpisz pełny adres e-mail/);
    await expect(email).toBeFocused();
    const name = dialog.getByRole('group', { name: 'Bilet 1' }).getByLabel(/Imię i nazwisko/);
    await expect(name).toHaveAccessibleDescription(/bilet na miejscu jest imienny/);
    await expect(dialog.getByRole('checkbox', { name: /Akceptuję/ })).toHaveAccessibleDescription(
      /Zaakceptuj regulamin/,
    );
    expect(requests).toBe(0);
    await email.fill('jan.kowalski@firma.pl');
    await expect(email).not.toHaveAttribute('aria-invalid');
    await expect(name).toHaveAttribute('aria-invalid', 'true');
  });

  test("a Polish company's invoice: the NIP's checksum said beside it, the data on the order page and in the console", async ({
    page,
    request,
  }) => {
    const buyer = `invoice-${Date.now()}@example.com`;
    await open(page, '/pl');
    await page.getByRole('button', { name: 'Wybierz pakiet Premium' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Adres e-mail zamawiającego').fill(buyer);
    await dialog.getByRole('checkbox', { name: 'Potrzebuję faktury' }).check();
    const nip = dialog.getByLabel('NIP', { exact: true });
    // A private person gives no tax number: the field goes, and comes back for a company.
    await dialog.getByRole('radio', { name: 'Osoba prywatna' }).check();
    await expect(nip).toBeHidden();
    await expect(dialog.getByLabel('Imię i nazwisko', { exact: true })).toHaveAttribute('autocomplete', 'name');
    await dialog.getByRole('radio', { name: 'Firma' }).check();
    await expect(nip).toBeVisible();
    // Another EU country asks for its VAT number; Poland is first in the list, and chosen.
    const country = dialog.getByLabel('Kraj', { exact: true });
    await expect(country).toHaveValue('PL');
    await country.selectOption({ label: 'Niemcy' });
    await expect(dialog.getByLabel('Numer VAT UE z prefiksem kraju')).toBeVisible();
    await country.selectOption('PL');
    await dialog.getByLabel('Nazwa firmy').fill('ACME sp. z o.o.');
    await nip.fill('1234567890');
    await dialog.getByLabel('Ulica i numer').fill('ul. Prosta 1');
    await dialog.getByLabel('Kod pocztowy').fill('00850');
    await dialog.getByLabel('Miejscowość').fill('Warszawa');
    await dialog.getByRole('checkbox', { name: /Akceptuję/ }).check();
    await dialog.getByRole('button', { name: 'Przejdź do płatności' }).click();
    await expect(nip).toHaveAttribute('aria-invalid', 'true');
    await expect(nip).toHaveAccessibleDescription('Ten NIP jest niepoprawny – sprawdź wszystkie 10 cyfr.');
    await expect(dialog.getByLabel('Kod pocztowy')).toHaveAccessibleDescription(/00-000/);
    await expect(nip).toBeFocused();
    // The dialog with its invoice fields and their errors, as a screen reader and axe read it.
    expect(await axeViolations(page, { within: 'dialog' })).toEqual([]);
    await nip.fill('526-025-02-74');
    await expect(nip).not.toHaveAttribute('aria-invalid');
    await dialog.getByLabel('Kod pocztowy').fill('00-850');
    await dialog.getByRole('button', { name: 'Przejdź do płatności' }).click();

    await expect(page).toHaveURL(/\/checkout\/demo\//);
    await page.getByRole('button', { name: /Zapłać/ }).click();
    await expect(page).toHaveURL(/\/kup-bilet\/dziekujemy\?order=/);
    await expect(page.locator('.thanks__lines')).toHaveText(
      'ACME sp. z o.o.\nNIP 5260250274\nul. Prosta 1\n00-850 Warszawa\nPolska',
    );
    await expect(
      page.getByText(
        'Fakturę wysłaliśmy w załączniku e-maila z potwierdzeniem; pobierzesz ją też powyżej, jako PDF i XML.',
      ),
    ).toBeVisible();

    // The invoice, issued with the payment, is on the order page: its PDF and its FA(3) XML.
    const documents = page.getByRole('listitem').filter({ hasText: /^Faktura zaliczkowa FV\/\d{4}\/\d{5}:/ });
    await expect(documents).toHaveCount(1);
    const number = /FV\/\d{4}\/\d{5}/.exec((await documents.textContent()) ?? '')?.[0] ?? '';
    const fileName = number.replaceAll('/', '-');
    const [pdfDownload] = await Promise.all([
      page.waitForEvent('download'),
      documents.getByRole('link', { name: 'PDF' }).click(),
    ]);
    expect(pdfDownload.suggestedFilename()).toBe(`${fileName}.pdf`);
    const pdfText = await textOf(new Uint8Array(await readFile((await pdfDownload.path()) ?? '')));
    // What the VAT act asks for, as a viewer reads it: the number, both parties' NIPs, the amounts.
    expect(pdfText).toContain(number);
    expect(pdfText).toContain('5260250274');
    expect(pdfText).toContain('ACME sp. z o.o.');
    expect(pdfText).toContain('499,00');
    expect(pdfText).toContain('613,77');
    const [xmlDownload] = await Promise.all([
      page.waitForEvent('download'),
      documents.getByRole('link', { name: 'XML (KSeF)' }).click(),
    ]);
    expect(xmlDownload.suggestedFilename()).toBe(`${fileName}.xml`);
    const xml = await readFile((await xmlDownload.path()) ?? '', 'utf8');
    expect(validateFa3(xml)).toEqual({ valid: true, errors: expect.stringMatching(/validates$/) });
    expect(fa3Text(xml, 'Fa/P_2')).toBe(number);
    expect(fa3Text(xml, 'Podmiot2/DaneIdentyfikacyjne/NIP')).toBe('5260250274');

    const admin = await request.get(`/api/admin/orders?q=${encodeURIComponent(buyer)}`, {
      headers: { Authorization: `Bearer ${E2E_ADMIN_TOKEN}` },
    });
    const { orders } = (await admin.json()) as { orders: { invoice: unknown }[] };
    expect(orders.map((o) => o.invoice)).toEqual([ACME]);
  });

  test('on a 375 x 740 phone the en-US dialog keeps its main button in view, and its checkboxes whole', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await open(page, '/en-us/kup-bilet');
    await page.getByRole('button', { name: 'Choose package AI Practitioner VIP' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('checkbox', { name: 'I need an invoice' }).check();
    await expect(dialog.getByRole('button', { name: 'Continue to payment' })).toBeInViewport({ ratio: 1 });
    for (const box of await dialog
      .getByRole('checkbox')
      .evaluateAll((boxes) => boxes.map((b) => b.getBoundingClientRect().width)))
      expect(box).toBeGreaterThanOrEqual(20);
  });

  test('a failed purchase keeps the dialog and the e-mail, and cancel keeps the e-mail too', async ({ page }) => {
    // The answer is held until the busy state has been seen: on a loaded machine a fixed delay
    // could pass before the check.
    let answer = () => {};
    const seen = new Promise<void>((resolve) => {
      answer = resolve;
    });
    await page.route('**/api/orders', async (route) => {
      await seen;
      await route.fulfill({ status: 503, json: { error: 'payment_unavailable' } });
    });
    await open(page, '/pl');
    await page.getByRole('button', { name: 'Wybierz pakiet Premium' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Adres e-mail').fill('ala@example.com');
    await dialog.getByRole('checkbox').last().check();
    await dialog.getByRole('button', { name: 'Przejdź do płatności' }).click();
    await expect(dialog.getByRole('button', { name: 'Przetwarzanie...' })).toBeDisabled();
    await expect(dialog.getByLabel('Adres e-mail')).toBeDisabled();
    answer();
    await expect(dialog.getByRole('alert')).toContainText('Wystąpił błąd podczas przetwarzania płatności');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Przejdź do płatności' })).toBeEnabled();
    await dialog.getByRole('button', { name: 'Anuluj' }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: 'Wybierz pakiet Premium' }).click();
    await expect(page.getByRole('dialog').getByLabel('Adres e-mail')).toHaveValue('ala@example.com');
  });

  test('Escape closes the dialog and focus returns to the plan button', async ({ page }) => {
    await open(page, '/es/kup-bilet');
    const select = page.getByRole('button', { name: /Premium/ }).first();
    await select.click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(select).toBeFocused();
  });
});
