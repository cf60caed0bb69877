import { expect, open, test } from './helpers';

// The worker's per-address limits answer 429 {"error":"rate_limited"} with Retry-After (pinned by
// the worker tests). Here the browser side: the visitor reads why, in their language, and keeps
// what they typed. The answer is simulated so these tests never use up the real limit.
const RATE_LIMITED = {
  status: 429,
  headers: { 'Retry-After': '60' },
  contentType: 'application/json',
  body: '{"error":"rate_limited"}',
};

const contactCases = [
  {
    prefix: 'pl',
    labels: ['Imię i nazwisko', 'Adres e-mail', 'Temat', 'Wiadomość'],
    send: 'Wyślij wiadomość',
    says: 'Wysłano zbyt wiele wiadomości w krótkim czasie. Odczekaj minutę',
  },
  {
    prefix: 'en-gb',
    labels: ['Full name', 'Email address', 'Subject', 'Message'],
    send: 'Send message',
    says: 'Please wait a minute and try again, or write to the organisers at kontakt@kongres-ai.pl',
  },
  {
    prefix: 'en-us',
    labels: ['Full name', 'Email address', 'Subject', 'Message'],
    send: 'Send message',
    says: 'Please wait a minute and try again, or email the organizers at kontakt@kongres-ai.pl',
  },
  {
    prefix: 'de',
    labels: ['Vor- und Nachname', 'E-Mail-Adresse', 'Betreff', 'Nachricht'],
    send: 'Nachricht senden',
    says: 'zu viele Nachrichten gesendet. Bitte warten Sie eine Minute',
  },
  {
    prefix: 'es',
    labels: ['Nombre y apellidos', 'Correo electrónico', 'Asunto', 'Mensaje'],
    send: 'Enviar mensaje',
    says: 'Se han enviado demasiados mensajes desde tu conexión en poco tiempo. Espera un minuto',
  },
];

for (const c of contactCases) {
  test(`/${c.prefix}/kontakt: a rate-limited send explains the wait and keeps what was typed`, async ({ page }) => {
    await open(page, `/${c.prefix}/kontakt`);
    await page.route('**/api/contact', (route) => route.fulfill(RATE_LIMITED));
    const values = ['Anna Kowalska', 'anna@example.com', 'Bilety grupowe', 'Ile kosztuje 12 biletów?'];
    for (const [i, label] of c.labels.entries()) await page.getByLabel(label, { exact: true }).fill(values[i] ?? '');
    await page.getByRole('button', { name: c.send }).click();

    const status = page.locator('.contact-form__status');
    await expect(status).toContainText(c.says);
    await expect(status).toBeFocused();
    await expect(page.getByRole('button', { name: c.send })).toBeEnabled();
    for (const [i, label] of c.labels.entries()) {
      await expect(page.getByLabel(label, { exact: true })).toHaveValue(values[i] ?? '');
    }
  });
}

const purchaseCases = [
  {
    prefix: 'pl',
    select: 'Wybierz pakiet Standard',
    email: 'Adres e-mail zamawiającego',
    says: 'Zbyt wiele prób w krótkim czasie',
  },
  {
    prefix: 'en-gb',
    select: 'Choose package Standard',
    email: "Buyer's email address",
    says: 'Too many attempts in a short time',
  },
  {
    prefix: 'en-us',
    select: 'Choose package Standard',
    email: "Buyer's email address",
    says: 'Too many attempts in a short time',
  },
  {
    prefix: 'de',
    select: 'Paket wählen Standard',
    email: 'E-Mail-Adresse der bestellenden Person',
    says: 'Zu viele Versuche in kurzer Zeit',
  },
  {
    prefix: 'es',
    select: 'Elegir paquete Standard',
    email: 'Correo electrónico de quien compra',
    says: 'Demasiados intentos en poco tiempo',
  },
];

for (const c of purchaseCases) {
  test(`/${c.prefix}/kup-bilet: a rate-limited purchase says so in the dialog and keeps it`, async ({ page }) => {
    await open(page, `/${c.prefix}/kup-bilet`);
    await page.route('**/api/orders', (route) => route.fulfill(RATE_LIMITED));
    await page.getByRole('button', { name: c.select }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(c.email, { exact: true }).fill('ala@example.com');
    await dialog.getByRole('checkbox').last().check();
    await dialog.locator('button[type="submit"]').click();

    await expect(dialog.getByRole('alert')).toContainText(c.says);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel(c.email, { exact: true })).toHaveValue('ala@example.com');
    await expect(dialog.locator('button[type="submit"]')).toBeEnabled();
  });
}
