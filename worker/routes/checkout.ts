import { Hono } from 'hono';
import { html } from 'hono/html';
import { type LanguageCode, language } from '../../site/languages';
import { href } from '../../site/pages';
import { VAT_RATE_PERCENT } from '../../site/tickets';
import type { AppEnv } from '../index';
import { getOrder, type Order, putOrder, secretOpens } from '../orders/store';
import { fill, texts } from '../texts';

const money = (lang: LanguageCode, grosze: number) =>
  new Intl.NumberFormat(language(lang).intl, { style: 'currency', currency: 'PLN' }).format(grosze / 100);

/** The order behind a demo checkout URL, or null when the id or secret do not match. */
async function openOrder(kv: KVNamespace, id: string, token: string | undefined): Promise<Order | null> {
  if (!/^[0-9A-Z]{26}$/.test(id) || !token) return null;
  const order = await getOrder(kv, id);
  return order && (await secretOpens(order, token)) ? order : null;
}

const thanksUrl = (order: Order, token: string) =>
  `${href(order.lang, 'thanks')}?order=${order.id}&token=${encodeURIComponent(token)}`;

/**
 * The demo payment provider's checkout: a page served by the worker, labelled as a test payment,
 * with the order's net, VAT and gross. "Pay" marks the order paid; "cancel" cancels it and
 * returns to the ticket page. Only reachable when the demo provider created the order.
 */
export const checkout = new Hono<AppEnv>()
  .get('/demo/:id', async (c) => {
    const token = c.req.query('token');
    const order = await openOrder(c.env.ORDERS, c.req.param('id'), token);
    if (order?.provider !== 'demo' || !token) return c.json({ error: 'not_found' }, 404);
    const t = texts(order.lang).tickets;
    const plan = t.plans.names[order.plan];
    c.header('Cache-Control', 'private, no-store');
    c.header('X-Robots-Tag', 'noindex');
    const payable = order.status === 'pending';
    return c.html(html`<!doctype html>
<html lang="${order.lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${t.checkout.test}: ${t.checkout.title}</title>
<link rel="stylesheet" href="/checkout.css">
</head>
<body>
<main class="checkout">
<p class="checkout__badge">${t.checkout.test}</p>
<h1>${t.checkout.title}</h1>
<p class="checkout__note">${t.checkout.testNote}</p>
<dl>
<dt>${t.checkout.order}</dt><dd>${order.code}</dd>
<dt>${t.thanks.plan}</dt><dd>${plan}</dd>
<dt>${t.dialog.net}</dt><dd>${money(order.lang, order.net)}</dd>
<dt>${fill(t.dialog.vat, { rate: String(VAT_RATE_PERCENT) })}</dt><dd>${money(order.lang, order.vat)}</dd>
<dt class="checkout__total">${t.dialog.gross}</dt><dd class="checkout__total">${money(order.lang, order.gross)}</dd>
</dl>
${
  payable
    ? html`<form method="post" action="/checkout/demo/${order.id}/pay">
<input type="hidden" name="token" value="${token}">
<button type="submit" class="checkout__pay">${fill(t.checkout.pay, { amount: money(order.lang, order.gross) })}</button>
</form>
<form method="post" action="/checkout/demo/${order.id}/cancel">
<input type="hidden" name="token" value="${token}">
<button type="submit" class="checkout__cancel">${t.checkout.cancel}</button>
</form>`
    : html`<p>${order.status === 'paid' ? t.checkout.alreadyPaid : t.thanks.status[order.status]}</p>
<p><a href="${thanksUrl(order, token)}">${t.thanks.orderCode}: ${order.code}</a></p>`
}
</main>
</body>
</html>`);
  })
  .post('/demo/:id/:action{pay|cancel}', async (c) => {
    const form = await c.req.parseBody();
    const token = typeof form.token === 'string' ? form.token : undefined;
    const order = await openOrder(c.env.ORDERS, c.req.param('id'), token);
    if (order?.provider !== 'demo' || !token) return c.json({ error: 'not_found' }, 404);
    const now = new Date().toISOString();
    if (order.status === 'pending') {
      const paid = c.req.param('action') === 'pay';
      await putOrder(c.env.ORDERS, {
        ...order,
        status: paid ? 'paid' : 'cancelled',
        updatedAt: now,
        ...(paid ? { paidAt: now } : {}),
      });
      console.log(
        JSON.stringify({ event: paid ? 'order_paid' : 'order_cancelled', orderId: order.id, provider: 'demo' }),
      );
    }
    const target = c.req.param('action') === 'pay' ? thanksUrl(order, token) : href(order.lang, 'tickets');
    return c.redirect(target, 303);
  });
