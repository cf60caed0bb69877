import type { APIRequestContext, Page } from '@playwright/test';
import { venueDay } from '../../site/format';
import { POLISH_COMPANY as COMPANY } from '../support/invoice-data';
import { GERMAN_CONSUMER_DATA } from '../support/invoice-fixtures';
import { expect, expectNoAxeViolations, openConsole, orderByApi, paidOrderByApi, test } from './helpers';
import { E2E_ADMIN_TOKEN, E2E_CLOCK } from './playwright.config';

// The console's side of issue 48: one ticket of a paid order cancelled by an organiser, the money
// owed back by transfer recorded as sent, credits a statement left over matched to an order or
// marked returned, and the quarterly OSS report.

const ADMIN = { Authorization: `Bearer ${E2E_ADMIN_TOKEN}` };
const TODAY = venueDay(Date.parse(E2E_CLOCK));

type Placed = { url: string; orderId: string; code: string };
type AdminOrder = { order: { gross: number; tickets: { id: string; gross: number; name: string }[] } };

/** A company's transfer order of on-site tickets for `names`, not paid yet. */
async function transferOrder(request: APIRequestContext, names: string[]): Promise<Placed> {
  return orderByApi(
    request,
    {
      email: `zespol-${Date.now()}@example.com`,
      name: 'Zofia Księgowa',
      items: names.map((name) => ({ product: 'onsite-pro', name })),
      invoice: COMPANY,
      payment: 'transfer',
    },
    { headers: { 'Idempotency-Key': crypto.randomUUID() } },
  );
}

const adminOrder = async (request: APIRequestContext, id: string) =>
  (await (await request.get(`/api/admin/orders/${id}`, { headers: ADMIN })).json()) as AdminOrder;

/** The console in Polish on the shop's clock (E2E_CLOCK): "today" in its date fields is the server's. */
async function openClockedConsole(page: Page, path: string) {
  await page.clock.setFixedTime(new Date(E2E_CLOCK));
  await openConsole(page, path);
}

async function screens(page: Page, name: string) {
  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `test-results/screens/${name}-${width}.png`, fullPage: true });
  }
}

test('a ticket cancelled by the buyer and one by an organiser: the refunds owed by transfer are recorded as sent', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const placed = await transferOrder(request, ['Anna Nowak', 'Bartek Nowak', 'Celina Nowak']);
  const { order } = await adminOrder(request, placed.orderId);
  const paid = await request.post(`/api/admin/orders/${placed.orderId}/mark-paid`, {
    headers: ADMIN,
    data: { amount: order.gross, paidOn: TODAY },
  });
  expect(paid.status(), await paid.text()).toBe(200);
  // The buyer cancels the second ticket on their order page's API, with the order's token.
  const token = new URL(placed.url).searchParams.get('token') ?? '';
  const [first, second] = order.tickets;
  const cancelled = await request.post(`/api/orders/${placed.orderId}/tickets/${second?.id}/cancel?token=${token}`);
  expect(cancelled.status(), await cancelled.text()).toBe(200);

  // An organiser cancels the third one on the order screen, asked once more first.
  await openClockedConsole(page, `/admin/orders/${placed.orderId}`);
  const tickets = page.getByRole('table', { name: /Bilety zamówienia/ });
  await expect(tickets.getByRole('row')).toHaveCount(3);
  await tickets.getByRole('button', { name: 'Anuluj ten bilet – bilet 3, Celina Nowak' }).click();
  await expect(tickets.getByRole('group', { name: /Anulować bilet 3 \(Celina Nowak\)/ })).toBeVisible();
  await expectNoAxeViolations(page);
  await screens(page, 'console-ticket-cancel');
  await page.setViewportSize({ width: 375, height: 900 });
  await tickets.screenshot({ path: 'test-results/screens/console-ticket-cancel-table-375.png' });
  await page.setViewportSize({ width: 1440, height: 900 });
  await tickets.getByRole('button', { name: 'Tak, anuluj bilet' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Bilet anulowany' })).toContainText(
    'trzeba odesłać przelewem',
  );
  await expect(tickets.getByRole('row')).toHaveCount(2);
  await expect(tickets.getByRole('rowheader')).toHaveText([first?.name ?? '']);

  // Both refunds owed are on the Refunds screen.
  await page.getByRole('navigation', { name: 'Konsola' }).getByRole('link', { name: 'Zwroty przelewem' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Zwroty przelewem' })).toBeVisible();
  const list = page.getByRole('table', { name: 'Zwroty do odesłania i zapisane' });
  const rows = list.getByRole('row').filter({ hasText: placed.code });
  await expect(rows).toHaveCount(2);
  await expectNoAxeViolations(page);
  const amount = (second?.gross ?? 0) / 100;
  await list
    .getByRole('button', { name: new RegExp(`^Zapisz jako wysłany – .* za ${placed.code}$`) })
    .first()
    .click();
  const form = page.getByRole('form', { name: `Zwrot za zamówienie ${placed.code}` });
  await expect(form.getByRole('heading')).toBeFocused();
  // No reference: refused at its field; another amount: refused by the box office with the amount owed.
  await form.getByRole('textbox', { name: 'Kwota przelewu (zł)' }).fill('1,00');
  await form.getByRole('button', { name: 'Zapisz zwrot' }).click();
  const reference = form.getByRole('textbox', { name: 'Numer lub tytuł przelewu w banku' });
  await expect(reference).toBeFocused();
  await expect(reference).toHaveAccessibleDescription('Wpisz numer lub tytuł przelewu.');
  await reference.fill('ZW/2027/001');
  await form.getByRole('button', { name: 'Zapisz zwrot' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Kwota się nie zgadza' })).toContainText(
    new Intl.NumberFormat('pl-PL', { style: 'currency', currency: 'PLN' }).format(amount),
  );
  await form.getByRole('textbox', { name: 'Kwota przelewu (zł)' }).fill(String(amount).replace('.', ','));
  await expectNoAxeViolations(page);
  await screens(page, 'console-refunds-form');
  await form.getByRole('button', { name: 'Zapisz zwrot' }).click();
  await expect(page.getByRole('status').filter({ hasText: `za zamówienie ${placed.code}` })).toContainText(
    'Zapisano zwrot',
  );
  await expect(form).toBeHidden();
  await expect(rows.filter({ hasText: 'ZW/2027/001' })).toHaveCount(1);
  await expect(rows.filter({ hasText: 'Do odesłania' })).toHaveCount(1);
  // Recorded once: the API refuses a second record of the same refund.
  const owed = (await (await request.get('/api/admin/refunds', { headers: ADMIN })).json()) as {
    refunds: { id: string; orderCode: string; state: string; amount: number }[];
  };
  const recorded = owed.refunds.find((r) => r.orderCode === placed.code && r.state === 'recorded');
  const again = await request.post(`/api/admin/refunds/${recorded?.id}`, {
    headers: ADMIN,
    data: { amount: recorded?.amount, on: TODAY, reference: 'ZW/2027/001' },
  });
  expect(again.status()).toBe(409);
  expect(((await again.json()) as { error: string }).error).toBe('already_recorded');
});

test('a statement credit with no order code is matched to its order; an overpayment is marked returned', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const unnamed = await transferOrder(request, ['Dorota Lis']);
  const over = await transferOrder(request, ['Edward Lis']);
  const gross = (await adminOrder(request, unnamed.orderId)).order.gross;
  const overGross = (await adminOrder(request, over.orderId)).order.gross;
  const zl = (grosze: number) => (grosze / 100).toFixed(2).replace('.', ',');
  const day = TODAY.replaceAll('-', '').slice(2);
  const stamp = String(Date.now()).slice(-6);
  const statement = [
    `:20:E2E/R${stamp}`,
    ':25:/PL00000000001234567890123456',
    ':28C:1',
    `:60F:C${day}PLN0,00`,
    `:61:${day}${day.slice(2)}CN${zl(gross)}NTRFNONREF`,
    `:86:020~00VE02~20Opłata za kongres ${stamp}~21~22`,
    `:61:${day}${day.slice(2)}CN${zl(overGross + 5000)}NTRFNONREF`,
    `:86:020~00VE02~20Zamówienie ${over.code}~21~22`,
    `:62F:C${day}PLN${zl(gross + overGross + 5000)}`,
  ].join('\n');

  await openClockedConsole(page, '/admin/transfers');
  await expect(page.getByRole('heading', { level: 1, name: 'Przelewy' })).toBeVisible();
  await page.getByRole('textbox', { name: 'albo wklej treść wyciągu' }).fill(statement);
  await page.getByRole('button', { name: 'Wczytaj wyciąg' }).click();
  await expect(page.getByRole('table', { name: 'Wpływy z wyciągu i co z nimi zrobiono' }).getByRole('row')).toHaveCount(
    3,
  );

  const kept = page.getByRole('table', { name: 'Wpłaty do rozliczenia' });
  const stray = kept.getByRole('row').filter({ hasText: `Opłata za kongres ${stamp}` });
  await expect(stray).toContainText('Bez zamówienia');
  const excess = kept.getByRole('row').filter({ hasText: 'Nadwyżka ponad kwotę zamówienia' });
  await expect(excess).toContainText('Nadpłata');
  await expect(excess).toContainText('50,00');
  await expectNoAxeViolations(page);

  // The unmatched credit given to its order by the order's code: an unknown code first.
  await stray.getByRole('button', { name: /^Przypisz do zamówienia – / }).click();
  const match = page.getByRole('form', { name: /Przypisz wpłatę .* do zamówienia/ });
  await expect(match.getByRole('heading')).toBeFocused();
  const code = match.getByRole('textbox', { name: 'Kod zamówienia' });
  await code.fill('KAI-ZZZZ');
  await match.getByRole('button', { name: 'Przypisz' }).click();
  await expect(code).toBeFocused();
  await expect(code).toHaveAccessibleDescription(/Nie ma zamówienia o tym kodzie\./);
  await code.fill(` ${unnamed.code.toLowerCase()} `);
  await expectNoAxeViolations(page);
  await screens(page, 'console-credits-match');
  await page.setViewportSize({ width: 375, height: 900 });
  await page
    .getByRole('region', { name: 'Wpłaty do rozliczenia' })
    .screenshot({ path: 'test-results/screens/console-credits-match-part-375.png' });
  await page.setViewportSize({ width: 1440, height: 900 });
  await match.getByRole('button', { name: 'Przypisz' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Wpłata' })).toContainText(
    `zamówienie ${unnamed.code} jest opłacone`,
  );
  await expect(stray).toContainText('Zaliczona na zamówienie');
  expect((await adminOrder(request, unnamed.orderId)).order).toMatchObject({ status: 'paid' });

  // The excess of the overpaid order sent back: the day and the bank's reference.
  await excess.getByRole('button', { name: /^Oznacz jako odesłaną – / }).click();
  const back = page.getByRole('form', { name: /Zwrot wpłaty/ });
  await back.getByRole('textbox', { name: 'Numer lub tytuł przelewu w banku' }).fill(`ZW/N/${stamp}`);
  await back.getByRole('button', { name: 'Zapisz zwrot' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Zapisano zwrot wpłaty' })).toContainText('50,00');
  await expect(excess).toContainText(`ZW/N/${stamp}`);
  await expect(excess.getByRole('button')).toHaveCount(0);
  await expectNoAxeViolations(page);
  await screens(page, 'console-credits');
});

test('the OSS report of a quarter: rows per member state and its CSV', async ({ page, request }) => {
  // A consumer in Germany buys an online plan (German VAT through the OSS, the e2e server has VAT_OSS on).
  await paidOrderByApi(
    request,
    {
      email: `lena-${Date.now()}@example.com`,
      lang: 'de',
      countryConfirmed: true,
      invoice: GERMAN_CONSUMER_DATA,
    },
    { route: '/api/purchase/online-premium', headers: { 'Idempotency-Key': crypto.randomUUID() } },
  );

  await openClockedConsole(page, '/admin');
  await page.getByRole('navigation', { name: 'Konsola' }).getByRole('link', { name: 'Raport OSS' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Raport OSS' })).toBeVisible();
  const quarter = `${TODAY.slice(0, 4)}-Q${Math.floor((Number(TODAY.slice(5, 7)) - 1) / 3) + 1}`;
  await page.getByRole('combobox', { name: 'Kwartał' }).selectOption(quarter);
  const report = page.getByRole('table', { name: `Sprzedaż OSS w kwartale ${quarter}` });
  const germany = report.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Niemcy (DE)' }) });
  await expect(germany).toContainText('19%');
  await expect(germany).toContainText('1 bilet: netto 499,00 zł, VAT 94,81 zł');
  await expectNoAxeViolations(page);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Pobierz CSV dla księgowości' }).click();
  expect((await download).suggestedFilename()).toBe(`oss-${quarter}.csv`);
  await screens(page, 'console-oss');
});
