import type { APIRequestContext } from '@playwright/test';
import { CONSENT_VERSIONS } from '../../site/purchase-rules';
import { axeViolations, expect, openConsole, screenshotsWideAndPhone, serverEvents, test } from './helpers';
import { linkInMail } from './mails';
import { E2E_ADMIN_TOKEN } from './playwright.config';

// A full workshop's waiting list in Chromium (docs/waiting-list.md, "Workshops"): a Pro holder
// finds promptLab full on the workshops page, joins its list from the same form, a seat comes back
// (a holder gives it up), and the offer e-mail's link takes it. axe 0 on the form, the offer page
// and the console; 375 and 1440 px. The seats this test filled are given back at the end.

const AUTH = { Authorization: `Bearer ${E2E_ADMIN_TOKEN}` };
const WORKSHOP = 'promptLab';
let ip = 0;
/** Each call from its own client address: the registrations are rate-limited per address. */
const from = () => ({ 'CF-Connecting-IP': `198.51.100.${(ip++ % 200) + 20}` });

/** Paid on-site Pro tickets, each with its own address (orders of five). */
async function proHolders(request: APIRequestContext, n: number) {
  const all: { code: string; email: string }[] = [];
  const run = crypto.randomUUID().slice(0, 8);
  for (let start = 0; start < n; start += 5) {
    const emails = Array.from({ length: Math.min(5, n - start) }, (_, i) => `wlw-${run}-${start + i}@example.com`);
    const made = await request.post('/api/orders', {
      data: {
        consent: CONSENT_VERSIONS,
        email: `wlw-buyer-${run}-${start}@example.com`,
        lang: 'pl',
        items: emails.map((email, i) => ({ product: 'onsite-pro', name: `Osoba ${start + i + 1}`, email })),
      },
      headers: { 'Idempotency-Key': crypto.randomUUID(), 'CF-Connecting-IP': `203.0.113.${10 + start}` },
    });
    expect(made.status(), `${await made.text()}\n${serverEvents()}`).toBe(201);
    const { url, orderId } = (await made.json()) as { url: string; orderId: string };
    const token = new URL(url).searchParams.get('token') ?? '';
    expect((await request.post(`/checkout/demo/${orderId}/pay`, { form: { token }, maxRedirects: 0 })).status()).toBe(
      303,
    );
    const read = await request.get(`/api/admin/orders/${orderId}`, { headers: AUTH });
    all.push(...((await read.json()) as { order: { tickets: { code: string; email: string }[] } }).order.tickets);
  }
  return all;
}

test('a holder joins a full workshop’s waiting list and takes the seat that comes back', async ({ page, request }) => {
  test.setTimeout(180_000);
  const seats = (await (await request.get('/api/workshops')).json()) as { workshops: { id: string; left: number }[] };
  const left = seats.workshops.find((w) => w.id === WORKSHOP)?.left ?? 0;
  const holders = await proHolders(request, left + 1);
  const me = holders.pop() as { code: string; email: string };
  const seated: typeof holders = [];
  try {
    for (const h of holders) {
      const seat = await request.post(`/api/workshops/${WORKSHOP}/registrations`, { data: h, headers: from() });
      expect(seat.status(), await seat.text()).toBe(201);
      seated.push(h);
    }

    // Full: the form says so and offers the waiting list with the same e-mail and code.
    await page.goto('/pl/warsztaty');
    const card = page.getByRole('article').first();
    await card.locator('summary', { hasText: /^Zapisz się/ }).click();
    await card.getByLabel('Adres e-mail z zamówienia').fill(me.email);
    await card.getByLabel('Numer zamówienia').fill(me.code);
    await card.getByRole('button', { name: 'Zapisz mnie', exact: true }).click();
    await expect(card.getByRole('status')).toContainText('nie ma już wolnych miejsc');
    await card.getByRole('button', { name: 'Zapisz mnie na listę oczekujących' }).click();
    await expect(card.getByRole('status')).toContainText('Jesteś na liście oczekujących (1. w kolejce)');
    expect(await axeViolations(page)).toEqual([]);
    await screenshotsWideAndPhone(page, 'workshop-waitlist-joined');

    // A seat comes back: a holder gives theirs up. The offer goes to the list, not to the next registration.
    const giver = seated.shift() as { code: string; email: string };
    const given = await request.post(`/api/workshops/${WORKSHOP}/registrations/release`, {
      data: giver,
      headers: from(),
    });
    expect(given.status(), await given.text()).toBe(200);
    const again = await request.post(`/api/workshops/${WORKSHOP}/registrations`, { data: giver, headers: from() });
    expect(again.status()).toBe(409);
    const list = await request.get('/api/admin/waitlist', { headers: AUTH });
    const entry = ((await list.json()) as { entries: { email: string; offers: { id: string }[] }[] }).entries.find(
      (e) => e.email === me.email,
    );
    const offerId = entry?.offers[0]?.id as string;
    expect(offerId).toBeTruthy();

    // The offer e-mail's link: the page takes the seat.
    await page.goto(await linkInMail(`/waitlist/offer/${offerId}/`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Miejsce na warsztacie: /);
    expect(await axeViolations(page)).toEqual([]);
    await screenshotsWideAndPhone(page, 'workshop-waitlist-offer');
    await page.getByRole('button', { name: 'Zajmuję miejsce' }).click();
    await expect(page.getByRole('status')).toContainText('Miejsce na warsztacie jest Twoje');
    await screenshotsWideAndPhone(page, 'workshop-waitlist-taken');
    seated.push(me);

    // The organisers' screen shows the workshop entry.
    await openConsole(page, '/admin/waitlist');
    const row = page.getByRole('row').filter({ hasText: me.email });
    await expect(row).toContainText('Warsztat: ');
    await expect(row).toContainText('zajął miejsce');
    expect(await axeViolations(page)).toEqual([]);
    await screenshotsWideAndPhone(page, 'workshop-waitlist-console');
  } finally {
    // The seats go back, so other tests find the workshop as they left it.
    for (const h of seated)
      await request.post(`/api/workshops/${WORKSHOP}/registrations/release`, { data: h, headers: from() });
  }
});
