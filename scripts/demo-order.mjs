// A paid order for the load runs (scripts/load-door.mjs, scripts/load-lists.mjs): bought through
// the public API and paid in the demo checkout, as a buyer's browser does.

import { CONSENT } from './consent.mjs';

/**
 * Buys `items` for `email` (with the purchase's consent and `headers`, such as an idempotency key or
 * a client address) and pays the order in the demo checkout. Throws, naming `label`, when the
 * purchase does not answer 201 or the payment 303. Answers the order's id and its page token.
 */
export async function buyAndPayDemo(base, { email, items, headers = {}, label }) {
  const response = await fetch(`${base}/api/orders`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ email, lang: 'pl', items, consent: CONSENT }),
  });
  if (response.status !== 201) throw new Error(`${label}: a purchase answered ${response.status}`);
  const { orderId, url } = await response.json();
  const checkout = new URL(url, base);
  const token = checkout.searchParams.get('token') ?? '';
  const paid = await fetch(`${base}${checkout.pathname}/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token }),
    redirect: 'manual',
  });
  await paid.body?.cancel();
  if (paid.status !== 303) throw new Error(`${label}: a payment answered ${paid.status}`);
  return { orderId, token };
}
