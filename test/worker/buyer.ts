import { SELF } from 'cloudflare:test';
import { expect } from 'vitest';
import type { OrderView } from '../../site/order-view';
import { consentJson, withConsent } from '../support/consent';
import { office } from './box-office';
import { callWorker, ORIGIN, postJson } from './platform';

/**
 * Orders `body` (with consent) through `POST /api/orders` from the client address `ip`, past the
 * purchase rate limit: the pending order's id and the order page's token.
 */
export async function buy(body: object, ip: string): Promise<{ orderId: string; token: string }> {
  const res = await callWorker(
    new Request(`${ORIGIN}/api/orders`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': ip },
      body: consentJson(body),
    }),
    { PURCHASE_LIMITER: undefined as unknown as RateLimit },
  );
  expect(res.status).toBe(201);
  const { orderId, url } = (await res.json()) as { orderId: string; url: string };
  return { orderId, token: new URL(url).searchParams.get('token') ?? '' };
}

/** A pending order of one ticket: its id, its code and the order page's token. */
export type BoughtTicket = { orderId: string; code: string; token: string };

/**
 * One ticket of `product` for Ala Kot (unless `body` names another holder), bought with consent
 * through `POST /api/purchase/<product>` from the client address `ip`, past the purchase rate limit.
 */
export async function buyTicket(product: string, body: object, ip: string): Promise<BoughtTicket> {
  const res = await postJson(`/api/purchase/${product}`, withConsent({ name: 'Ala Kot', ...body }), {
    ip,
    bindings: { PURCHASE_LIMITER: undefined as unknown as RateLimit },
  });
  expect(res.status).toBe(201);
  const { orderId, code, url } = (await res.json()) as { orderId: string; code: string; url: string };
  return { orderId, code, token: new URL(url).searchParams.get('token') ?? '' };
}

/** `buyTicket`, then paid: settled in the box office as the demo provider settles it. */
export async function buyPaidTicket(product: string, body: object, ip: string): Promise<BoughtTicket> {
  const bought = await buyTicket(product, body, ip);
  await office().settle(bought.orderId, 'paid', Date.now(), { by: 'test' });
  return bought;
}

/**
 * `buy`, then paid with the demo provider the way a buyer's browser pays: the order id, the order
 * page's token and the buyer's view of the paid order.
 */
export async function buyAndPay(
  body: object,
  ip: string,
): Promise<{ orderId: string; token: string; view: OrderView }> {
  const { orderId, token } = await buy(body, ip);
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
