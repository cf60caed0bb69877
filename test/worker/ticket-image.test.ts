import { env, SELF } from 'cloudflare:test';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { qrSvg } from '../../site/qr';
import { orderLinkToken, ticketKey } from '../../worker/tickets/code';
import { DURING_PROMOTION, resetBoxOffice, setClock } from './box-office';
import { clearKv } from './kv';

const ORIGIN = 'https://kongres.test';

let buyer = 0;
/** An order as the purchase dialog makes it, paid in the demo checkout unless `paid` is false. */
async function order({ paid = true } = {}) {
  buyer++;
  const res = await SELF.fetch(`${ORIGIN}/api/purchase/onsite-pro`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': `198.51.100.${buyer % 250}` },
    body: JSON.stringify({ email: 'holder@example.com', lang: 'pl' }),
  });
  const { url, orderId } = (await res.json()) as { url: string; orderId: string };
  const token = new URL(url).searchParams.get('token') ?? '';
  if (paid) {
    const pay = await SELF.fetch(`${ORIGIN}/checkout/demo/${orderId}/pay`, {
      method: 'POST',
      body: new URLSearchParams({ token }),
      redirect: 'manual',
    });
    expect(pay.status).toBe(303);
  }
  return { orderId, token };
}

const image = (id: string, token: string) =>
  SELF.fetch(`${ORIGIN}/api/orders/${id}/ticket.svg?token=${encodeURIComponent(token)}`);

beforeEach(async () => {
  await clearKv();
  await resetBoxOffice();
  setClock(DURING_PROMOTION);
});
afterEach(() => vi.useRealTimers());

describe('GET /api/orders/:id/ticket.svg', () => {
  it("draws the paid order's ticket code as a QR image, the symbol the order page names", async () => {
    const { orderId, token } = await order();
    const details = await SELF.fetch(`${ORIGIN}/api/orders/${orderId}?token=${encodeURIComponent(token)}`);
    const { ticket } = (await details.json()) as { ticket: { code: string } };
    const res = await image(orderId, token);
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('image/svg+xml; charset=utf-8');
    expect(res.headers.get('Cache-Control')).toContain('no-store');
    expect(res.headers.get('Content-Security-Policy')).toContain('sandbox');
    const svg = await res.text();
    // The same modules as the library draws for the code (and the e-mail's PNG, from site/qr.ts).
    const path = (markup: string) => markup.match(/ d="([^"]+)"/)?.[1];
    expect(path(svg)).toBe(path(qrSvg(ticket.code)));
    expect(svg).toMatch(/^<svg [^>]*viewBox="0 0 (\d+) \1"/);
    expect(svg).not.toMatch(/<script|on\w+=/i);
  });

  it("opens with the signed link of the order's e-mails too", async () => {
    const { orderId } = await order();
    const link = await orderLinkToken(ticketKey(env), orderId);
    const res = await image(orderId, link);
    expect(res.status).toBe(200);
    expect(await res.text()).toMatch(/^<svg /);
  });

  it.each([
    ['a wrong secret', async () => ({ ...(await order()), token: 'wrong' })],
    ['no secret', async () => ({ ...(await order()), token: '' })],
    ['an unpaid order', () => order({ paid: false })],
    ['an unknown id', async () => ({ orderId: '01ARZ3NDEKTSV4RRFFQ69G5FAV', token: 'x' })],
  ])('answers 404 for %s, as for any unknown order', async (_, made) => {
    const { orderId, token } = await made();
    const res = await image(orderId, token);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'not_found' });
  });
});
