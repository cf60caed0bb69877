import { createHmac } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { EVENT_STARTS } from '../../site/tickets';
import { axeViolations, expect, openConsole, paidOrderByApi, test } from './helpers';

// A ticket's join link (/join/:ticketId?k=…) in a real browser: the demo player during the event on
// a local server with no stream configured, the page that says when it opens before, and the
// console's Online section that points a track at a stream without a new link.

/** The local server's ticket key (worker/tickets/code.ts, outside production with none configured). */
const LOCAL_TICKET_KEY = 'development-ticket-key';
/** A ticket's link secret as worker/tickets/page-link.ts makes it (the e2e project cannot import worker/). */
const linkSecret = (ticket: { id: string; code: string }) =>
  createHmac('sha256', LOCAL_TICKET_KEY).update(`page:${ticket.id}:${ticket.code}`).digest('base64url').slice(0, 32);
const DURING = new Date(Date.parse(EVENT_STARTS) + 2 * 60 * 60 * 1000).toISOString();
const BEFORE = new Date(Date.parse(EVENT_STARTS) - 3 * 24 * 60 * 60 * 1000).toISOString();

let address = 0;

/** A paid one-ticket order of `product` and its ticket's join path, as the holder's page links it. */
async function joinPath(request: APIRequestContext, product = 'online-standard'): Promise<string> {
  const ip = `198.51.100.${200 + (address++ % 50)}`;
  const { orderId, token } = await paidOrderByApi(
    request,
    { email: `join-${Date.now()}-${address}@example.com` },
    { route: `/api/purchase/${product}`, headers: { 'CF-Connecting-IP': ip } },
  );
  const order = (await (await request.get(`/api/orders/${orderId}?token=${token}`)).json()) as {
    tickets: { id: string; code: string }[];
  };
  const ticket = order.tickets[0] as { id: string; code: string };
  // The ticket's own code is the first eight symbols of the code it shows.
  const code = ticket.code.replace(/-/g, '').slice(0, 8);
  return `/join/${ticket.id}?k=${linkSecret({ id: ticket.id, code })}`;
}

async function screenshots(page: Page, name: string) {
  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `test-results/screens/online-${name}-${width}.png`, fullPage: true });
  }
}

test('during the event the join link opens the demo player and records the opening', async ({ page, request }) => {
  const path = await joinPath(request);
  await page.setExtraHTTPHeaders({ 'Test-Clock': DURING });
  const response = await page.goto(path);
  expect(response?.status()).toBe(200);
  expect(response?.headers()['cache-control']).toBe('private, no-store');
  await expect(page.getByText('Odtwarzacz demonstracyjny')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Tu widz ogląda transmisję na żywo, ścieżka Biznes i strategia',
  );
  await expect(page.getByRole('status')).toHaveText(/liczy się do certyfikatu uczestnictwa/);
  expect(await axeViolations(page)).toEqual([]);
  await screenshots(page, 'demo-player');
  // A link with a wrong secret gets nothing.
  const wrong = await page.goto(path.replace(/k=[^&]+/, 'k=not-the-secret'));
  expect(wrong?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ten link nie działa');
  expect(await axeViolations(page)).toEqual([]);
});

test('before the event the join link says when it opens', async ({ page, request }) => {
  const path = await joinPath(request);
  await page.setExtraHTTPHeaders({ 'Test-Clock': BEFORE });
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Jeszcze nie teraz');
  await expect(page.getByText(/Dostęp otworzy się 23 października 2027 10:00/)).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await screenshots(page, 'before');
});

test('organisers point the experts’ Q&A at an address in the console, and the same join link follows', async ({
  page,
  request,
}) => {
  // The Q&A, not a track: the other tests' plain links keep leading to the demo player.
  const path = await joinPath(request, 'online-vip');
  await openConsole(page, '/admin/online');
  await expect(page.getByRole('heading', { level: 1, name: 'Dostęp online' })).toBeVisible();
  const track = page.getByRole('form', { name: 'Q&A z ekspertami (VIP) · Link' });
  await track.getByLabel('Link: Źródło').selectOption('url');
  await track.getByLabel('Adres https').fill('http://not-secure.example/live');
  await track.getByRole('button', { name: 'Zapisz' }).click();
  await expect(page.getByRole('status')).toContainText('Nie zapisano (invalid_fields, source.url: https_url)');
  // What was typed is still there to correct.
  await expect(track.getByLabel('Adres https')).toHaveValue('http://not-secure.example/live');
  await track.getByLabel('Adres https').fill('https://meet.example/expert-qa');
  await track.getByRole('button', { name: 'Zapisz' }).click();
  await expect(page.getByRole('status')).toHaveText('Zapisano: Q&A z ekspertami (VIP) · Link');
  // A link as a session's material: listed at once, kept for holders with recordings.
  const session = page.getByRole('article', { name: /Strategia AI w firmie/ });
  await session.getByText('Dodaj materiał').click();
  await session.getByLabel('Tytuł linku').fill('Slajdy z prezentacji');
  await session.getByLabel('Adres https linku').fill('https://files.example/slides.pdf');
  await session.getByRole('button', { name: 'Dodaj link' }).click();
  await expect(session.getByRole('link', { name: 'Slajdy z prezentacji' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await screenshots(page, 'console');
  const joined = await request.get(`${path}&to=extra:expertQa`, {
    headers: { 'Test-Clock': DURING },
    maxRedirects: 0,
  });
  expect(joined.status()).toBe(302);
  expect(joined.headers().location).toBe('https://meet.example/expert-qa');
});

test('each workshop says how online participants take part, and a Premium holder is pointed there', async ({
  page,
  request,
}) => {
  const email = `premium-${Date.now()}@example.com`;
  const { code } = await paidOrderByApi(
    request,
    { email },
    { route: '/api/purchase/online-premium', headers: { 'CF-Connecting-IP': '198.51.100.217' } },
  );

  await page.goto('/pl/warsztaty');
  const cards = page.locator('article.workshop-card');
  expect(await cards.count()).toBeGreaterThan(0);
  for (const card of await cards.all()) {
    await expect(card.locator('.workshop-card__online')).toHaveText(
      /^Online \(bilety Premium i Praktyk AI VIP\): bez zapisów – transmisja warsztatu, potem jego nagranie i materiały/,
    );
  }
  const card = page.locator('article', { hasText: 'Prompt' }).first();
  await card.locator('summary').click();
  await card.getByLabel('Adres e-mail z zamówienia').fill(email);
  await card.getByLabel('Numer zamówienia').fill(code);
  await card.getByRole('button', { name: 'Zapisz mnie' }).click();
  await expect(card.getByRole('status')).toHaveText(
    /Twój bilet online obejmuje ten warsztat online, bez zapisów: transmisję warsztatu, jego nagranie i materiały znajdziesz na stronie swojego biletu/,
  );
  expect(await axeViolations(page)).toEqual([]);
  await card.scrollIntoViewIfNeeded();
  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: 1000 });
    await card.screenshot({ path: `test-results/screens/online-workshop-card-${width}.png` });
  }
});
