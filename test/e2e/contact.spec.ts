import type { Page } from '@playwright/test';
import { expect, fillByLabel, holdPageScript, open, REACT_ENTRY, test } from './helpers';

const VALUES = {
  name: 'Anna Kowalska',
  email: 'anna.kowalska@example.com',
  subject: 'Pytanie o bilety grupowe',
  message: 'Dzień dobry, ile kosztuje 12 biletów online dla naszego zespołu?',
};

async function fill(page: Page, values = VALUES) {
  await fillByLabel(page, {
    'Imię i nazwisko': values.name,
    'Adres e-mail': values.email,
    Temat: values.subject,
    Wiadomość: values.message,
  });
}

const send = (page: Page) => page.getByRole('button', { name: 'Wyślij wiadomość' });

test('a valid message is sent, stored (201 with an id) and confirmed; the form is cleared', async ({ page }) => {
  await open(page, '/pl/kontakt');
  await fill(page);
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/contact') && r.request().method() === 'POST');
  await send(page).click();
  const response = await answer;
  expect(response.status()).toBe(201);
  expect((await response.json()).id).toMatch(/^[0-9A-Z]{26}$/);
  expect(response.request().postDataJSON()).toEqual({ ...VALUES, lang: 'pl', website: '' });

  const status = page.getByText('Dziękujemy! Wiadomość została wysłana.');
  await expect(status).toBeVisible();
  await expect(page.locator('.contact-form__status')).toBeFocused();
  await expect(page.getByText(`Odpowiemy na adres ${VALUES.email}`)).toBeVisible();
  await expect(page.getByLabel('Wiadomość')).toHaveValue('');
});

test('the button is disabled and busy while sending', async ({ page }) => {
  await open(page, '/pl/kontakt');
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/contact', async (route) => {
    await held;
    await route.fulfill({ status: 201, contentType: 'application/json', body: JSON.stringify({ id: 'X' }) });
  });
  await fill(page);
  await send(page).click();
  const busy = page.getByRole('button', { name: 'Wysyłanie…' });
  await expect(busy).toBeDisabled();
  await expect(busy).toHaveAttribute('aria-busy', 'true');
  release();
  await expect(send(page)).toBeEnabled();
  await expect(send(page)).toHaveAttribute('aria-busy', 'false');
});

test('a server error keeps what was typed, explains it and re-enables the button', async ({ page }) => {
  await open(page, '/pl/kontakt');
  await page.route('**/api/contact', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"internal_error"}' }),
  );
  await fill(page);
  await send(page).click();
  const status = page.locator('.contact-form__status');
  await expect(status).toContainText('Wystąpił błąd po naszej stronie');
  await expect(status).toContainText('kontakt@kongres-ai.pl');
  await expect(status).toBeFocused();
  await expect(send(page)).toBeEnabled();
  for (const [label, value] of [
    ['Imię i nazwisko', VALUES.name],
    ['Adres e-mail', VALUES.email],
    ['Temat', VALUES.subject],
    ['Wiadomość', VALUES.message],
  ] as const) {
    await expect(page.getByLabel(label)).toHaveValue(value);
  }
});

test('a network failure says so in the page language and keeps the values', async ({ page }) => {
  await open(page, '/de/kontakt');
  await page.route('**/api/contact', (route) => route.abort('internetdisconnected'));
  await page.getByLabel('Vor- und Nachname').fill('Max Muster');
  await page.getByLabel('E-Mail-Adresse').fill('max@example.de');
  await page.getByLabel('Betreff').fill('Frage');
  await page.getByLabel('Nachricht').fill('Guten Tag');
  await page.getByRole('button', { name: 'Nachricht senden' }).click();
  await expect(page.locator('.contact-form__status')).toContainText('Der Server ist nicht erreichbar');
  await expect(page.getByLabel('Nachricht')).toHaveValue('Guten Tag');
});

test('invalid fields are reported per field, linked for assistive technology, and nothing is sent', async ({
  page,
}) => {
  await open(page, '/pl/kontakt');
  let requests = 0;
  page.on('request', (request) => {
    if (request.url().endsWith('/api/contact')) requests++;
  });
  await page.getByLabel('Adres e-mail').fill('anna@example');
  await send(page).click();

  const status = page.locator('.contact-form__status');
  await expect(status).toBeFocused();
  await expect(status).toContainText('Popraw zaznaczone pola');
  const email = page.getByLabel('Adres e-mail');
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(email).toHaveAccessibleDescription('Podaj adres e-mail w formacie nazwa@domena.pl.');
  await expect(page.getByLabel('Imię i nazwisko')).toHaveAccessibleDescription('Podaj imię i nazwisko.');
  await expect(page.getByLabel('Wiadomość')).toHaveAccessibleDescription(/Napisz treść wiadomości\./);
  expect(requests).toBe(0);

  // The summary links move focus to the field; editing a field clears its error.
  await status.getByRole('link', { name: 'Podaj adres e-mail w formacie nazwa@domena.pl.' }).click();
  await expect(email).toBeFocused();
  await email.fill('anna@example.com');
  await expect(email).not.toHaveAttribute('aria-invalid', 'true');
});

test('field errors from the server are shown on their fields', async ({ page }) => {
  await open(page, '/en-gb/kontakt');
  await page.route('**/api/contact', (route) =>
    route.fulfill({
      status: 422,
      contentType: 'application/json',
      body: JSON.stringify({ error: 'invalid_fields', fields: { subject: 'too_long' } }),
    }),
  );
  await page.getByLabel('Full name').fill('Jane Doe');
  await page.getByLabel('Email address').fill('jane@example.com');
  await page.getByLabel('Subject').fill('Hello');
  await page.getByLabel('Message', { exact: true }).fill('A question');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByLabel('Subject')).toHaveAccessibleDescription(
    'The subject can be at most 160 characters long.',
  );
  await expect(page.getByLabel('Subject')).toHaveValue('Hello');
});

test('the subject is preset from ?temat= after hydration, without hydration warnings', async ({ page }) => {
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') warnings.push(message.text());
  });
  await open(page, '/pl/kontakt?temat=wystawca');
  await expect(page.getByLabel('Temat')).toHaveValue('Rejestracja wystawcy – Expo AI');
  await expect(page.getByText('Wybrany temat: Rejestracja wystawcy – Expo AI')).toBeVisible();

  await open(page, '/de/kontakt?temat=media');
  await expect(page.getByLabel('Betreff')).toHaveValue('Presseakkreditierung');

  // The ticket page's on-site price list asks about each ticket this way.
  await open(page, '/es/kontakt?temat=bilety-vip');
  await expect(page.getByLabel('Asunto')).toHaveValue('Entrada presencial: VIP');

  await open(page, '/pl/kontakt?temat=expo');
  await expect(page.getByLabel('Temat')).toHaveValue('');
  expect(warnings).toEqual([]);
});

test('the exhibitor page opens the registration form with its subject preset', async ({ page }) => {
  await open(page, '/en-us/wspolpraca/dla-wystawcy');
  await page.getByRole('link', { name: 'Exhibitor registration form' }).first().click();
  await expect(page).toHaveURL(/\/en-us\/kontakt\?temat=wystawca$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Contact/);
  await expect(page.getByLabel('Subject')).toHaveValue('Exhibitor registration – AI Expo');
});

test('the honeypot is out of sight, out of the tab order and hidden from assistive technology', async ({ page }) => {
  await open(page, '/pl/kontakt');
  const trap = page.locator('input[name="website"]');
  await expect(trap).toHaveAttribute('tabindex', '-1');
  await expect(trap).toHaveAttribute('autocomplete', 'off');
  await expect(page.locator('.contact-form__trap')).toHaveAttribute('aria-hidden', 'true');
  await expect(trap).not.toBeInViewport();
  await expect(page.getByRole('textbox')).toHaveCount(4);
});

/** Fills name and e-mail the way a browser's autofill does: values set at once, then input and change. */
async function autofill(page: Page) {
  await page.evaluate(
    ({ name, email }) => {
      for (const [id, value] of [
        ['contact-name', name],
        ['contact-email', email],
      ] as const) {
        const input = document.getElementById(id) as HTMLInputElement;
        input.value = value;
        input.dispatchEvent(new Event('input', { bubbles: true }));
        input.dispatchEvent(new Event('change', { bubbles: true }));
      }
    },
    { name: VALUES.name, email: VALUES.email },
  );
}

test('autofilled, then typed, then sent before React is there: everything is sent once React arrives', async ({
  page,
}) => {
  // React's entry is held back until the form has been sent.
  const release = await holdPageScript(page, REACT_ENTRY);
  await page.goto('/pl/kontakt');
  await autofill(page);
  await page.getByLabel('Temat').fill(VALUES.subject);
  await page.getByLabel('Wiadomość').fill(VALUES.message);
  const request = page.waitForRequest((r) => r.url().endsWith('/api/contact') && r.method() === 'POST');
  await send(page).click();
  await expect(page.locator('html')).not.toHaveAttribute('data-hydrated', 'true');
  release();
  expect((await request).postDataJSON()).toEqual({ ...VALUES, lang: 'pl', website: '' });
  await expect(page.getByText('Dziękujemy! Wiadomość została wysłana.')).toBeVisible();
  await expect(page.locator('[aria-invalid="true"]')).toHaveCount(0);
});

test('autofilled, then typed, then sent after React has hydrated: everything is sent', async ({ page }) => {
  await open(page, '/pl/kontakt');
  await autofill(page);
  await page.getByLabel('Temat').fill(VALUES.subject);
  await page.getByLabel('Wiadomość').fill(VALUES.message);
  const request = page.waitForRequest((r) => r.url().endsWith('/api/contact') && r.method() === 'POST');
  await send(page).click();
  expect((await request).postDataJSON()).toEqual({ ...VALUES, lang: 'pl', website: '' });
  await expect(page.getByText('Dziękujemy! Wiadomość została wysłana.')).toBeVisible();
});

test('autofilled before React hydrates and sent after: nothing is wiped or marked missing', async ({ page }) => {
  const release = await holdPageScript(page, REACT_ENTRY);
  await page.goto('/pl/kontakt');
  await autofill(page);
  release();
  // The autofill's input events land in the form, which starts its island.
  await page.locator('[data-island="contact"][data-hydrated="true"]').waitFor({ state: 'attached' });
  await expect(page.getByLabel('Imię i nazwisko')).toHaveValue(VALUES.name);
  await expect(page.getByLabel('Adres e-mail')).toHaveValue(VALUES.email);
  await page.getByLabel('Temat').fill(VALUES.subject);
  await page.getByLabel('Wiadomość').fill(VALUES.message);
  const request = page.waitForRequest((r) => r.url().endsWith('/api/contact') && r.method() === 'POST');
  await send(page).click();
  expect((await request).postDataJSON()).toEqual({ ...VALUES, lang: 'pl', website: '' });
});
