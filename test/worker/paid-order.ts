import { SELF } from 'cloudflare:test';
import { expect } from 'vitest';
import type { OrderView } from '../../site/order-view';
import { consentJson } from '../support/consent';
import { ORIGIN } from './platform';

/**
 * Buys `body` (with consent) from the client address `ip` and pays it with the demo provider, the
 * way a buyer's browser does; returns the order id, the order page's token and the buyer's view.
 */
export async function buyAndPay(
  body: object,
  ip: string,
): Promise<{ orderId: string; token: string; view: OrderView }> {
  const res = await SELF.fetch(`${ORIGIN}/api/orders`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': ip },
    body: consentJson(body),
  });
  expect(res.status).toBe(201);
  const { url, orderId } = (await res.json()) as { url: string; orderId: string };
  const token = new URL(url).searchParams.get('token') ?? '';
  const pay = await SELF.fetch(`${ORIGIN}/checkout/demo/${orderId}/pay`, {
    method: 'POST',
    body: new URLSearchParams({ token }),
    redirect: 'manual',
  });
  expect(pay.status).toBe(303);
  const view = (await (
    await SELF.fetch(`${ORIGIN}/api/orders/${orderId}?token=${encodeURIComponent(token)}`)
  ).json()) as OrderView;
  return { orderId, token, view };
}
