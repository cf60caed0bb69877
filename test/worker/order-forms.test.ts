import { SELF } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { orderPageHref } from '../../site/pages';
import { freshBoxOfficeEachTest, office } from './box-office';
import { buyAndPay } from './buyer';
import { ORIGIN, visit } from './platform';

// The order page's actions as plain forms: what a browser sends before the island starts, or
// without script at all, and the page the worker answers with.

let buyer = 0;
const paidOrder = () =>
  buyAndPay(
    { email: 'buyer@example.com', lang: 'de', items: [{ product: 'onsite-pro', name: 'Ada Lovelace' }] },
    `203.0.113.${++buyer % 250}`,
  );

const form = (path: string, fields: Record<string, string>) =>
  SELF.fetch(`${ORIGIN}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: ORIGIN },
    body: new URLSearchParams(fields),
    redirect: 'manual',
  });

freshBoxOfficeEachTest();

describe('the order page as served', () => {
  it("holds the change of holder and the cancellation as forms, with the order's secret", async () => {
    const { orderId, token, view } = await paidOrder();
    const ticket = view.tickets[0];
    const html = await (await visit(`${ORIGIN}${orderPageHref({ id: orderId, lang: 'de' }, token)}`)).text();
    const secret = encodeURIComponent(token).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    expect(html).toMatch(
      new RegExp(
        `<form [^>]*action="/api/orders/${orderId}/tickets/${ticket?.id}/holder\\?token=${secret}"[^>]*method="post"`,
      ),
    );
    expect(html).toMatch(
      new RegExp(`<form [^>]*action="/api/orders/${orderId}/cancel\\?token=${secret}"[^>]*method="post"`),
    );
    expect(html).toContain(`href="${ticket?.page?.replaceAll('&', '&amp;')}"`);
  });
});

describe("the order page's forms", () => {
  it('gives a ticket to a new holder and answers 303 back to the page, which says it was saved', async () => {
    const { orderId, token, view } = await paidOrder();
    const ticket = view.tickets[0];
    if (!ticket) throw new Error('no ticket');
    const res = await form(`/api/orders/${orderId}/tickets/${ticket.id}/holder?token=${encodeURIComponent(token)}`, {
      name: 'Grace Hopper',
      email: 'grace@example.com',
    });
    expect(res.status).toBe(303);
    const location = res.headers.get('Location') ?? '';
    expect(location).toBe(`${orderPageHref({ id: orderId, lang: 'de' }, token)}&done=saved#ticket-${ticket.id}-title`);
    const stored = (await office().order(orderId))?.tickets[0];
    expect(stored?.name).toBe('Grace Hopper');
    expect(stored?.email).toBe('grace@example.com');
    const page = await (await visit(`${ORIGIN}${location.split('#')[0]}`)).text();
    expect(page).toContain('Grace Hopper');
    expect(page).toContain('Gespeichert.');
  });

  it('changes nothing for a field the rules refuse and says why on the page', async () => {
    const { orderId, token, view } = await paidOrder();
    const ticket = view.tickets[0];
    if (!ticket) throw new Error('no ticket');
    const path = `/api/orders/${orderId}/tickets/${ticket.id}/holder?token=${encodeURIComponent(token)}`;
    const empty = await form(path, { name: '', email: '' });
    expect(empty.status).toBe(303);
    expect(empty.headers.get('Location')).toContain('&done=name.required#');
    const bad = await form(path, { name: 'Grace Hopper', email: 'not-an-address' });
    expect(bad.headers.get('Location')).toContain('&done=email.invalid_email#');
    expect((await office().order(orderId))?.tickets[0]?.name).toBe('Ada Lovelace');
    const page = await (await visit(`${ORIGIN}${(bad.headers.get('Location') ?? '').split('#')[0]}`)).text();
    expect(page).toMatch(/role="alert">[^<]*E-Mail-Adresse/);
  });

  it('cancels the order from its form and answers 303 back to the cancelled order', async () => {
    const { orderId, token } = await paidOrder();
    const res = await form(`/api/orders/${orderId}/cancel?token=${encodeURIComponent(token)}`, {});
    expect(res.status).toBe(303);
    expect(res.headers.get('Location')).toBe(`${orderPageHref({ id: orderId, lang: 'de' }, token)}#cancel-title`);
    expect((await office().order(orderId))?.status).toBe('refunded');
  });

  it('answers a wrong secret with 404 and a JSON body to the holder form with 415', async () => {
    const { orderId, token, view } = await paidOrder();
    const ticket = view.tickets[0];
    const wrong = await form(`/api/orders/${orderId}/tickets/${ticket?.id}/holder?token=nope`, { name: 'X' });
    expect(wrong.status).toBe(404);
    const json = await SELF.fetch(
      `${ORIGIN}/api/orders/${orderId}/tickets/${ticket?.id}/holder?token=${encodeURIComponent(token)}`,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: ORIGIN },
        body: JSON.stringify({ name: 'X' }),
      },
    );
    expect(json.status).toBe(415);
    expect((await office().order(orderId))?.tickets[0]?.name).toBe('Ada Lovelace');
  });
});
