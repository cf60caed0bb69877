import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { APIRequestContext } from '@playwright/test';
import { CONSENT_VERSIONS } from '../../site/purchase-rules';
import { axeViolations, expect, expectNoAxeViolations, openConsole, orderByApi, paidOrderByApi, test } from './helpers';
import { E2E_ADMIN_TOKEN } from './playwright.config';

/** The preset subject a topic link puts into the contact form. */
const presetSubject = (topic: string): string =>
  JSON.parse(readFileSync('locales/pl/contact.json', 'utf8')).topics[topic].subject;

// The organiser console at /admin, in Polish (its own language choice is pinned for the test).
// Orders and messages are made through the public API, as buyers and visitors make them; each
// test uses its own e-mail addresses, so tests running side by side never see each other's.

let address = 0;
/** A client address of its own per request, so the per-address limits of the public API never bite. */
const clientIp = () => `198.51.100.${(address++ % 250) + 1}`;

const buy = (request: APIRequestContext, email: string, name: string) =>
  orderByApi(
    request,
    { email, name },
    { route: '/api/purchase/standard', headers: { 'CF-Connecting-IP': clientIp() } },
  );

const buyAndPay = (request: APIRequestContext, email: string, name: string) =>
  paidOrderByApi(
    request,
    { email, name },
    { route: '/api/purchase/standard', headers: { 'CF-Connecting-IP': clientIp() } },
  );

/**
 * A paid order, then a pending one, of two buyers whose addresses are `<label>-<run>@example.com`
 * of one run: a search for the run finds just these two.
 */
async function paidThenPending(
  request: APIRequestContext,
  [paidLabel, paidName]: [string, string],
  [pendingLabel, pendingName]: [string, string],
) {
  const run = Date.now();
  const paid = await buyAndPay(request, `${paidLabel}-${run}@example.com`, paidName);
  const pending = await buy(request, `${pendingLabel}-${run}@example.com`, pendingName);
  return { run, paid, pending };
}

async function sendMessage(request: APIRequestContext, name: string, subject: string) {
  const res = await request.post('/api/contact', {
    headers: { 'CF-Connecting-IP': clientIp() },
    data: { name, email: 'sender@example.com', subject, message: `Wiadomość od ${name}`, lang: 'pl' },
  });
  expect(res.status()).toBe(201);
}

test.describe('the organiser console', () => {
  test('refuses a wrong token and lets the right one in', async ({ page }) => {
    await openConsole(page, '/admin', { token: null });
    await expect(page.getByRole('heading', { level: 1, name: 'Logowanie organizatora' })).toBeVisible();
    await page.getByLabel('Token organizatora').fill('not-the-token');
    await page.getByRole('button', { name: 'Zaloguj' }).click();
    await expect(page.getByRole('alert')).toHaveText('Ten token nie pasuje. Sprawdź go i wpisz ponownie.');
    await expect(page.getByRole('navigation', { name: 'Konsola' })).toHaveCount(0);
    expect(await page.evaluate(() => sessionStorage.getItem('checkInToken'))).toBeNull();

    await page.getByLabel('Token organizatora').fill(E2E_ADMIN_TOKEN);
    await page.getByRole('button', { name: 'Zaloguj' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Sprzedaż' })).toBeVisible();
    await expect(page.getByRole('table', { name: /Sprzedaż według produktu/ })).toBeVisible();
  });

  test('sends a tab whose token stops matching back to the login screen', async ({ page }) => {
    await openConsole(page, '/admin/orders', { token: 'an-old-token' });
    await expect(page.getByRole('heading', { level: 1, name: 'Logowanie organizatora' })).toBeVisible();
    await expect(page.getByRole('alert')).toContainText('Token przestał pasować');
  });

  test('finds an order by its code, shows its history, resends its e-mail and cancels another', async ({
    page,
    request,
  }) => {
    const { run, paid, pending } = await paidThenPending(
      request,
      ['paid', 'Ala Konsolowa'],
      ['pending', 'Olek Konsolowy'],
    );

    await openConsole(page, '/admin');
    await page.getByRole('navigation', { name: 'Konsola' }).getByRole('link', { name: 'Zamówienia' }).click();
    await page.getByRole('searchbox', { name: 'Szukaj' }).fill(paid.code.toLowerCase());
    await page.getByRole('button', { name: 'Filtruj' }).click();
    const table = page.getByRole('table', { name: /Zamówienia od najnowszych/ });
    await expect(table.getByRole('row')).toHaveCount(2);
    await table.getByRole('link', { name: paid.code }).click();

    await expect(page.getByRole('heading', { level: 1, name: `Zamówienie ${paid.code}` })).toBeVisible();
    const history = page.getByRole('table', { name: /Historia zamówienia/ });
    await expect(history.getByRole('rowheader')).toContainText(['Utworzone', 'Opłacone', 'E-mail w kolejce']);
    // The demo checkout starts with the order, in one change: its reference is on the first entry.
    await expect(history.getByRole('row').nth(1)).toContainText(`reference: demo_${paid.orderId}`);

    const resent = page.waitForResponse((r) => r.url().endsWith(`/api/admin/orders/${paid.orderId}/resend`));
    await page.getByRole('button', { name: 'Wyślij potwierdzenie ponownie' }).click();
    expect((await resent).status()).toBe(202);
    await expect(page.locator('.console-outcome')).toHaveText('Potwierdzenie czeka w kolejce do wysyłki.');
    const emails = page.getByRole('table', { name: 'E-maile zamówienia, od najstarszych' });
    // The payment's confirmation and the one just asked for (queued, or already sent).
    await expect(emails.getByRole('rowheader', { name: 'Potwierdzenie zamówienia' })).toHaveCount(2);
    await expect(emails.getByRole('row').last()).toContainText(/w kolejce|wysłany/);
    await expect(history.getByRole('rowheader').last()).toHaveText(/E-mail (w kolejce|wysłany)/);

    await page.getByRole('link', { name: 'Wróć do zamówień' }).click();
    await page.getByRole('searchbox', { name: 'Szukaj' }).fill(`pending-${run}@example.com`);
    await page.getByRole('button', { name: 'Filtruj' }).click();
    await table.getByRole('link', { name: pending.code }).click();
    await page.getByRole('button', { name: 'Anuluj zamówienie' }).click();
    await expect(page.getByRole('group', { name: `Anulować zamówienie ${pending.code}?` })).toBeVisible();
    await page.getByRole('button', { name: 'Tak, wykonaj' }).click();
    await expect(page.locator('.console-outcome')).toHaveText('Zamówienie anulowane.');
    await expect(history.getByRole('rowheader').last()).toHaveText('Anulowane');
    await expect(page.getByRole('button', { name: 'Anuluj zamówienie' })).toHaveCount(0);
  });

  test('lists orders newest first, the other way round from the Created header, and as cards on a phone', async ({
    page,
    request,
  }) => {
    const {
      run,
      paid: first,
      pending: second,
    } = await paidThenPending(request, ['first', 'Pierwsza Kartowa'], ['second', 'Druga Kartowa']);
    await openConsole(page, `/admin/orders?q=${run}`);
    const table = page.getByRole('table', { name: /Zamówienia od najnowszych/ });
    const codes = table.getByRole('rowheader');
    await expect(codes).toHaveText([second.code, first.code]);
    const created = table.getByRole('columnheader', { name: 'Utworzone' });
    await expect(created).toHaveAttribute('aria-sort', 'descending');

    await created.getByRole('button').press('Enter');
    await expect(page).toHaveURL(new RegExp(`/admin/orders\\?q=${run}&sort=oldest$`));
    const oldest = page.getByRole('table', { name: /Zamówienia od najstarszych/ });
    await expect(oldest.getByRole('rowheader')).toHaveText([first.code, second.code]);
    await expect(oldest.getByRole('columnheader', { name: 'Utworzone' })).toHaveAttribute('aria-sort', 'ascending');

    // A phone: each order a card, its values labelled, the order chosen from a list; nothing sideways.
    await page.setViewportSize({ width: 375, height: 800 });
    await expect(page.getByRole('columnheader')).toHaveCount(0);
    const card = oldest.getByRole('row').filter({ has: page.getByRole('link', { name: first.code }) });
    await expect(card.getByText('Brutto')).toBeVisible();
    await page.getByLabel('Sortuj według').selectOption({ label: 'Utworzone – malejąco' });
    await expect(page).toHaveURL(new RegExp(`/admin/orders\\?q=${run}$`));
    await expect(table.getByRole('rowheader')).toHaveText([second.code, first.code]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(
      0,
    );
    expect(await axeViolations(page)).toEqual([]);
  });

  test('exports the filtered orders as CSV', async ({ page, request }) => {
    const run = Date.now();
    const order = await buy(request, `export-${run}@example.com`, 'Ewa Eksportowa');
    await openConsole(page, `/admin/orders?q=export-${run}%40example.com`);
    await expect(page.getByRole('link', { name: order.code })).toBeVisible();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Eksportuj CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('orders.csv');
    const lines = (await readFile((await file.path()) ?? '', 'utf8')).trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]?.startsWith('id,code,')).toBe(true);
    expect(lines[1]).toContain(`,${order.code},`);
  });

  test('filters the inbox by topic and state, ticks a message off and exports what it shows', async ({
    page,
    request,
  }) => {
    const run = Date.now();
    await sendMessage(request, `Wystawca ${run}`, presetSubject('wystawca'));
    await sendMessage(request, `Pytający ${run}`, 'Czy jest parking?');

    await openConsole(page, '/admin/messages');
    const inbox = page.getByRole('table', { name: /Wiadomości z formularza/ });
    await expect(inbox.getByRole('rowheader', { name: new RegExp(`Pytający ${run}`) })).toBeVisible();
    await page.getByLabel('Temat', { exact: true }).selectOption({ label: 'Wystawcy' });
    await expect(inbox.getByRole('rowheader', { name: new RegExp(`Wystawca ${run}`) })).toBeVisible();
    await expect(inbox.getByRole('rowheader', { name: new RegExp(`Pytający ${run}`) })).toHaveCount(0);

    await page.getByRole('checkbox', { name: `Oznacz wiadomość od Wystawca ${run} jako załatwioną` }).check();
    await page.getByLabel('Stan').selectOption({ label: 'Załatwione' });
    await expect(inbox.getByRole('rowheader', { name: new RegExp(`Wystawca ${run}`) })).toBeVisible();
    await expect(
      page.getByRole('checkbox', { name: `Oznacz wiadomość od Wystawca ${run} jako załatwioną` }),
    ).toBeChecked();

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Eksportuj CSV' }).click();
    const csv = await readFile((await (await download).path()) ?? '', 'utf8');
    expect(csv.split('\r\n')[0]).toBe('id,receivedAt,lang,name,email,subject,message,topic,handled,handledAt');
    expect(csv).toContain(`Wystawca ${run}`);
    expect(csv).not.toContain(`Pytający ${run}`);
    for (const line of csv.trim().split('\r\n').slice(1)) expect(line).toMatch(/,wystawca,true,\d{4}-/);
  });

  test('shows the door with the check-in screen and live counts, on the same login', async ({ page }) => {
    await openConsole(page, '/admin/door');
    await expect(page.getByRole('heading', { level: 1, name: 'Wpuszczanie uczestników' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Kod biletu' })).toBeVisible();
    // One login serves the door: the check-in screen does not ask for the token again.
    await expect(page.getByLabel('Token organizatora')).toHaveCount(0);
    await expect(page.getByRole('columnheader', { name: 'W środku teraz' })).toBeVisible();
    await expect(page.getByText(/Zaktualizowano o/)).toBeVisible();
  });

  test('is served outside the language-prefixed site and never indexed', async ({ request }) => {
    const res = await request.get('/admin/orders', { maxRedirects: 0 });
    expect(res.status()).toBe(200);
    expect(res.headers()['x-robots-tag']).toBe('noindex, nofollow');
    expect(await (await request.get('/sitemap.xml')).text()).not.toContain('/admin');
  });

  test('has no axe violations on any screen', async ({ page, request }) => {
    const run = Date.now();
    const order = await buyAndPay(request, `axe-${run}@example.com`, 'Ada Dostępna');
    await openConsole(page, '/admin', { token: null });
    await expect(page.getByRole('heading', { name: 'Logowanie organizatora' })).toBeVisible();
    await page.getByLabel('Token organizatora').fill('wrong');
    await page.getByRole('button', { name: 'Zaloguj' }).click();
    await expect(page.getByRole('alert')).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByLabel('Token organizatora').fill(E2E_ADMIN_TOKEN);
    await page.getByRole('button', { name: 'Zaloguj' }).click();
    await expect(page.getByRole('table', { name: /Sprzedaż według produktu/ })).toBeVisible();
    await expectNoAxeViolations(page);

    const nav = page.getByRole('navigation', { name: 'Konsola' });
    await nav.getByRole('link', { name: 'Zamówienia' }).click();
    await expect(page.getByRole('table', { name: /Zamówienia od najnowszych/ })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.goto(`/admin/orders/${order.orderId}`);
    await expect(page.getByRole('table', { name: /Historia zamówienia/ })).toBeVisible();
    await page.getByRole('button', { name: 'Oznacz zwrot' }).click();
    await expect(page.getByRole('group', { name: /Zwrócić/ })).toBeVisible();
    await expectNoAxeViolations(page);

    await nav.getByRole('link', { name: 'Wiadomości' }).click();
    await expect(page.getByRole('table', { name: /Wiadomości z formularza/ })).toBeVisible();
    await expectNoAxeViolations(page);

    await nav.getByRole('link', { name: 'Wejście' }).click();
    await expect(page.getByText(/Zaktualizowano o/)).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

// Issue 43: organisers see the places unpaid orders hold and release one; the places return at once.
test('an organiser sees an unpaid VIP dinner hold and releases it, and the place is on sale again', async ({
  page,
  request,
}) => {
  const email = `hold-${Date.now()}@example.com`;
  const bought = await request.post('/api/orders', {
    headers: { 'CF-Connecting-IP': clientIp() },
    data: { consent: CONSENT_VERSIONS, email, lang: 'pl', items: [{ product: 'onsite-vip', name: 'Ewa Rezerwująca' }] },
  });
  expect(bought.status()).toBe(201);
  const { code } = (await bought.json()) as { code: string };
  const left = async () => {
    const { products } = (await (await request.get('/api/availability')).json()) as {
      products: { id: string; remaining: number | null }[];
    };
    return products.find((p) => p.id === 'onsite-vip')?.remaining;
  };
  const before = await left();

  await openConsole(page, '/admin/holds');
  await expect(page.getByRole('heading', { level: 1, name: 'Rezerwacje bez płatności' })).toBeVisible();
  const table = page.getByRole('table', { name: /Rezerwacje: .*VIP/ });
  const row = table.getByRole('row').filter({ hasText: email });
  await expect(row).toContainText(code);
  await expect(row).toContainText('Online (30 min)');
  expect(await axeViolations(page)).toEqual([]);

  page.once('dialog', (dialog) => dialog.accept());
  await row.getByRole('button', { name: `Zwolnij ${code}` }).click();
  await expect(page.getByRole('status')).toContainText(`Rezerwacja zamówienia ${code} zwolniona`);
  await expect(table.getByRole('row').filter({ hasText: email })).toHaveCount(0);
  await expect.poll(left).toBe((before ?? 0) + 1);
});
