import { CONSENT_VERSIONS } from '../../site/purchase-rules';
import { product } from '../../site/tickets';
import type { WaitlistView } from '../../site/waitlist';
import { axeViolations, expect, openConsole, screenshotsWideAndPhone, test } from './helpers';
import { linkInMail } from './mails';
import { E2E_ADMIN_TOKEN, E2E_CLOCK } from './playwright.config';

// The waiting list (issue 47) in Chromium: on-site VIP sold out, a visitor joins the list from the
// sold-out card, confirms by the link the local Email Service wrote, a place comes back (an
// organiser lets a hold go), and the offer e-mail's link buys it through the demo checkout. axe 0
// on the sign-up, confirmation and offer pages and on the console's screen; 375 and 1440 px.
//
// Sold out at an instant of its own, 12 hours before the other tests' clock and after the sold-out
// test's (box-office.spec.ts, a day before): its holds have run out by then, and these run out
// before the others' instant; the holds left are let go at the end.

const AUTH = { Authorization: `Bearer ${E2E_ADMIN_TOKEN}` };
const AT = new Date(Date.parse(E2E_CLOCK) - 12 * 60 * 60 * 1000).toISOString();

test('a visitor joins the waiting list of a sold-out product, confirms, and buys the place that comes back', async ({
  page,
  context,
  request,
}) => {
  const clock = { 'Test-Clock': AT };
  await context.setExtraHTTPHeaders(clock);
  // Every place of on-site VIP held by pending orders at this instant.
  const held: string[] = [];
  for (let i = 0; i <= (product('onsite-vip').capacity ?? 0); i++) {
    const response = await request.post('/api/purchase/onsite-vip', {
      headers: { ...clock, 'CF-Connecting-IP': `203.0.113.${100 + (i % 150)}`, 'Idempotency-Key': crypto.randomUUID() },
      data: { consent: CONSENT_VERSIONS, email: `wl-hold-${i}-${Date.now()}@example.com`, name: 'Hold', lang: 'pl' },
    });
    if (response.status() === 409) break;
    expect(response.status(), await response.text()).toBe(201);
    held.push(((await response.json()) as { orderId: string }).orderId);
  }
  expect(held.length).toBeGreaterThan(0);

  try {
    // The sold-out card links its waiting list; the sign-up page is plain HTML with a form.
    await page.goto('/pl/kup-bilet');
    const vip = page.locator('.onsite__ticket', { hasText: 'VIP' });
    await expect(vip.locator('.availability')).toHaveText('Wyprzedane');
    await vip.getByRole('link', { name: 'Zapisz się na listę oczekujących' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Lista oczekujących: /);
    expect(await axeViolations(page)).toEqual([]);
    await screenshotsWideAndPhone(page, 'waitlist-join');
    const email = `wl-${crypto.randomUUID().slice(0, 8)}@example.com`;
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Imię i nazwisko (opcjonalnie)').fill('Wanda Czekająca');
    await page.getByRole('button', { name: 'Zapisz mnie' }).click();
    await expect(page.getByRole('status')).toContainText('Sprawdź skrzynkę');

    // The double opt-in: the link of the e-mail, then the button.
    const list = async () =>
      ((await (await request.get('/api/admin/waitlist', { headers: { ...AUTH, ...clock } })).json()) as WaitlistView)
        .entries;
    const entry = async () => (await list()).find((e) => e.email === email);
    expect((await entry())?.state).toBe('unconfirmed');
    const confirm = await linkInMail(`/waitlist/confirm/${(await entry())?.id}/`);
    await page.goto(confirm);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Potwierdzam zapis' }).click();
    await expect(page.getByRole('status')).toContainText('Zapis potwierdzony');
    await screenshotsWideAndPhone(page, 'waitlist-confirmed');
    expect((await entry())?.state).toBe('waiting');

    // A place comes back: an organiser lets one hold go. It is offered to the list, not put on sale.
    const released = held.pop() as string;
    const release = await request.post(`/api/admin/orders/${released}/release`, { headers: { ...AUTH, ...clock } });
    expect(release.status(), await release.text()).toBe(200);
    await expect.poll(async () => (await entry())?.state).toBe('offered');
    const offerId = (await entry())?.offers[0]?.id;
    const stranger = await request.post('/api/purchase/onsite-vip', {
      headers: { ...clock, 'CF-Connecting-IP': '203.0.113.251' },
      data: { consent: CONSENT_VERSIONS, email: `wl-stranger-${Date.now()}@example.com`, name: 'Fast', lang: 'pl' },
    });
    expect(stranger.status()).toBe(409);

    // The offer e-mail's first link: the offer page, which buys the place in the demo checkout.
    const offer = await linkInMail(`/waitlist/offer/${offerId}/`);
    await page.goto(offer.replace(/\?decline=1$/, ''));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Oferta z listy oczekujących: /);
    expect(await axeViolations(page)).toEqual([]);
    await screenshotsWideAndPhone(page, 'waitlist-offer');
    await expect(page.getByLabel('Imię i nazwisko uczestnika')).toHaveValue('Wanda Czekająca');
    await page.getByRole('checkbox', { name: /Akceptuję/ }).check();
    await page.getByRole('button', { name: 'Przejdź do płatności' }).click();
    await expect(page).toHaveURL(/\/checkout\/demo\//);
    await page.getByRole('button', { name: /Zapłać/ }).click();
    await expect(page).toHaveURL(/\/kup-bilet\/dziekujemy\?order=/);
    await expect(page.getByRole('main')).toContainText('Opłacone');
    // At the full price: the offer's code is no discount.
    await expect(page.getByRole('main')).not.toContainText('Rabat');
    await expect.poll(async () => (await entry())?.state).toBe('bought');

    // The organisers' screen: the entry, its state and its offer.
    await openConsole(page, '/admin/waitlist');
    await expect(page.getByRole('heading', { level: 1, name: 'Lista oczekujących' })).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: email })).toContainText('kupił bilet');
    expect(await axeViolations(page)).toEqual([]);
    await screenshotsWideAndPhone(page, 'waitlist-console');
  } finally {
    // The holds left go, so no other instant sees them.
    for (const id of held) await request.post(`/api/admin/orders/${id}/release`, { headers: { ...AUTH, ...clock } });
  }
});
