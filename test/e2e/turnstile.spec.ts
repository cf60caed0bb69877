import type { Page } from '@playwright/test';
import { TURNSTILE_DUMMY_TOKEN, TURNSTILE_TEST_KEYS } from '../../site/turnstile';
import { axeViolations, expect, open, test } from './helpers';
import { E2E_ADMIN_TOKEN } from './playwright.config';

// Turnstile on (turnstile.config.ts: Cloudflare's passing test keys, the worker asking the siteverify
// fake it serves itself). Cloudflare's widget script cannot load here (no network), so the browser
// gets a stand-in at its real address (the page's CSP is tried on it), behaving as Cloudflare
// documents its test site keys: `1x…AA` gives the dummy token, `2x…AB` fails. Everything after the
// widget is real: the dialog and the form send the token, the worker verifies it with siteverify
// (the fake, with the test secret) before it holds or stores anything.

const STAND_IN = `(() => {
  const widgets = new Map();
  let next = 0;
  const passes = (key) => key === '${TURNSTILE_TEST_KEYS.passingSiteKey}';
  function run(id) {
    const widget = widgets.get(id);
    if (!widget) return;
    widget.box.textContent = 'Verifying…';
    setTimeout(() => {
      if (passes(widget.options.sitekey)) {
        widget.box.textContent = 'Success!';
        widget.options.callback?.('${TURNSTILE_DUMMY_TOKEN}');
      } else {
        widget.box.textContent = 'Failure!';
        widget.options['error-callback']?.('600010');
      }
    }, 50);
  }
  window.turnstile = {
    render(container, options) {
      const id = 'stand-in-' + ++next;
      const box = document.createElement('p');
      box.className = 'turnstile-stand-in';
      box.setAttribute('role', 'status');
      container.append(box);
      widgets.set(id, { box, options });
      run(id);
      return id;
    },
    reset: run,
    remove(id) {
      widgets.get(id)?.box.remove();
      widgets.delete(id);
    },
  };
})();`;

/** Cloudflare's script answered by the stand-in; every request the page makes is recorded. */
async function withStandIn(page: Page): Promise<string[]> {
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  await page.route('https://challenges.cloudflare.com/turnstile/v0/api.js**', (route) =>
    route.fulfill({ contentType: 'text/javascript', body: STAND_IN }),
  );
  return requests;
}

const turnstileRequests = (requests: string[]) =>
  requests.filter((url) => /challenges\.cloudflare\.com|\/api\/turnstile|\/assets\/turnstile-/.test(url));

test('the purchase: nothing of Turnstile with the page; the first focus loads it; the order goes through with its token', async ({
  page,
}) => {
  const requests = await withStandIn(page);
  await open(page, '/pl/kup-bilet');
  await page.waitForLoadState('networkidle');
  expect(turnstileRequests(requests)).toEqual([]);

  await page.getByRole('button', { name: 'Wybierz pakiet Premium' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Adres e-mail', { exact: false }).first().fill(`turnstile-${Date.now()}@example.com`);
  await expect(dialog.getByText('Success!')).toBeVisible();
  expect(turnstileRequests(requests).some((url) => url.startsWith('https://challenges.cloudflare.com/'))).toBe(true);
  await dialog.getByRole('checkbox').last().check();

  expect(await axeViolations(page, { within: 'dialog' })).toEqual([]);
  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    // The dialog's actions stay at its foot: the widget is brought to the middle, above them.
    await dialog.getByText('Success!').evaluate((element) => element.scrollIntoView({ block: 'center' }));
    await page.screenshot({ path: `test-results/turnstile-purchase-${width}.png` });
  }

  const order = page.waitForRequest((r) => r.url().endsWith('/api/orders') && r.method() === 'POST');
  await dialog.locator('button[type="submit"]').click();
  expect((await order).postDataJSON().turnstile).toBe(TURNSTILE_DUMMY_TOKEN);
  const answer = await (await order).response();
  expect(answer?.status()).toBe(201);
  await expect(page).toHaveURL(/\/checkout\/demo\//);
});

test('the purchase with a widget that fails: nothing is sent, the dialog says why and keeps what was typed', async ({
  page,
}) => {
  const requests = await withStandIn(page);
  // The failing test site key, as the worker would give it.
  await page.route('**/api/turnstile', (route) =>
    route.fulfill({ json: { siteKey: TURNSTILE_TEST_KEYS.failingSiteKey } }),
  );
  await open(page, '/pl/kup-bilet');
  await page.getByRole('button', { name: 'Wybierz pakiet Premium' }).click();
  const dialog = page.getByRole('dialog');
  const email = dialog.getByLabel('Adres e-mail', { exact: false }).first();
  await email.fill('zatrzymany@example.com');
  await expect(dialog.getByText('Failure!')).toBeVisible();
  await dialog.getByRole('checkbox').last().check();
  await dialog.locator('button[type="submit"]').click();
  await expect(dialog.getByText('Zabezpieczenie przed botami nie potwierdziło zamówienia')).toBeVisible();
  await expect(dialog.locator('.bot-check')).toBeFocused();
  await expect(email).toHaveValue('zatrzymany@example.com');
  expect(requests.filter((url) => url.endsWith('/api/orders'))).toEqual([]);
  expect(await axeViolations(page, { within: 'dialog' })).toEqual([]);
  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await dialog.locator('.bot-check').evaluate((element) => element.scrollIntoView({ block: 'center' }));
    await page.screenshot({ path: `test-results/turnstile-purchase-refused-${width}.png` });
  }
});

test('the contact form: the widget at first focus, the message stored with a verified token', async ({ page }) => {
  const requests = await withStandIn(page);
  await open(page, '/pl/kontakt');
  await page.waitForLoadState('networkidle');
  expect(turnstileRequests(requests)).toEqual([]);
  await page.getByLabel('Imię i nazwisko').fill('Anna Kowalska');
  await page.getByLabel('Adres e-mail').fill('anna.kowalska@example.com');
  await page.getByLabel('Temat').fill('Stoisko');
  await page.getByLabel('Wiadomość').fill('Dzień dobry, chcemy stoisko na expo.');
  await expect(page.getByText('Success!')).toBeVisible();
  expect(await axeViolations(page, { within: '.contact-form' })).toEqual([]);
  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.getByText('Success!').evaluate((element) => element.scrollIntoView({ block: 'center' }));
    await page.screenshot({ path: `test-results/turnstile-contact-${width}.png` });
  }
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/contact') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Wyślij wiadomość' }).click();
  const response = await answer;
  expect(response.status()).toBe(201);
  expect(response.request().postDataJSON().turnstile).toBe(TURNSTILE_DUMMY_TOKEN);
  await expect(page.getByText('Dziękujemy! Wiadomość została wysłana.')).toBeVisible();
});

test('a message without a token is refused by the worker itself and nothing is stored', async ({ request }) => {
  const res = await request.post('/api/contact', {
    data: { name: 'Bot', email: 'bot@example.com', subject: 'Hi', message: 'Buy now', lang: 'pl' },
  });
  expect(res.status()).toBe(422);
  expect(await res.json()).toEqual({ error: 'invalid_fields', fields: { turnstile: 'required' } });
});

test('the accessibility question of an on-site ticket: answered, sent with the ticket, stored for the organisers', async ({
  page,
  request,
}) => {
  await withStandIn(page);
  await open(page, '/pl/kup-bilet');
  await page.getByRole('button', { name: /^Kup bilet Pro na miejscu$/ }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Adres e-mail', { exact: false }).first().fill(`dostep-${Date.now()}@example.com`);
  await dialog
    .getByLabel(/Imię i nazwisko/)
    .first()
    .fill('Ewa Rampa');
  await dialog.getByText('Dostępność: potrzebujesz pomocy na miejscu? (opcjonalnie)').click();
  await dialog.getByRole('checkbox', { name: 'Potrzebuję miejsca dla osoby na wózku' }).check();
  await dialog.getByLabel(/Co jeszcze powinniśmy wiedzieć/).fill('Pies asystujący');
  await expect(dialog.getByText('Success!')).toBeVisible();
  expect(await axeViolations(page, { within: 'dialog' })).toEqual([]);
  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await dialog
      .getByRole('checkbox', { name: 'Potrzebuję miejsca dla osoby na wózku' })
      .evaluate((element) => element.scrollIntoView({ block: 'center' }));
    await page.screenshot({ path: `test-results/access-question-${width}.png` });
  }
  await dialog.getByRole('checkbox', { name: /Akceptuję/ }).check();
  const order = page.waitForRequest((r) => r.url().endsWith('/api/orders') && r.method() === 'POST');
  await dialog.locator('button[type="submit"]').click();
  const sent = await order;
  expect(sent.postDataJSON().items[0].access).toEqual({ wheelchair: true, note: 'Pies asystujący' });
  // The demo checkout's address names the order.
  await expect(page).toHaveURL(/\/checkout\/demo\//);
  const orderId = new URL(page.url()).pathname.split('/').pop();
  const stored = await request.get(`/api/admin/orders/${orderId}`, {
    headers: { Authorization: `Bearer ${E2E_ADMIN_TOKEN}` },
  });
  expect((await stored.json()).order.tickets[0].access).toEqual({ wheelchair: true, note: 'Pies asystujący' });
});
