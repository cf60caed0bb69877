import { Hono } from 'hono';
import { html } from 'hono/html';
import { formatPrice } from '../../site/format';
import { countryOfPrefix, EU_VAT_PREFIXES } from '../../site/invoices';
import type { LanguageCode } from '../../site/languages';
import { language } from '../../site/languages';
import type { Order } from '../../site/orders';
import { href, orderPageHref } from '../../site/pages';
import { ossSale } from '../../site/tax-evidence';
import { findProduct } from '../../site/tickets';
import { boxOffice } from '../box-office/box-office';
import { now } from '../clock';
import { sha256Hex } from '../crypto';
import type { AppEnv, Bindings } from '../env';
import { ApiError } from '../errors';
import { ID_PATTERN } from '../ids';
import { limitBody, validQuery } from '../middleware/validation';
import { secretQuery } from '../orders/buyer-view';
import { vatLines } from '../orders/vat-lines';
import { demoEnabled } from '../payments/payment';
import { demoProvider, lineItems } from '../payments/providers';
import { recordCardEvidence, takePayment } from '../payments/settlement';
import { fill, productName, texts } from '../texts';

/** The demo provider as a payment's taker: its refunds need nothing. */
const demo = { name: 'demo' as const, refunder: () => demoProvider };

/**
 * The test cards' countries the demo checkout offers: the member states and a few from outside the
 * EU, so a tester can pay an OSS sale with a card that agrees with its billing country or not.
 */
const TEST_CARD_COUNTRIES = [...EU_VAT_PREFIXES.map(countryOfPrefix), 'GB', 'CH', 'NO', 'UA', 'US'];

/** The test card's countries by name in the page's language, the order's billing country first. */
function cardCountryOptions(lang: LanguageCode, billing: string) {
  const names = new Intl.DisplayNames([language(lang).intl], { type: 'region' });
  const codes = [...new Set([billing, ...TEST_CARD_COUNTRIES])];
  const named = codes.map((code) => ({ code, name: names.of(code) ?? code }));
  const [first, ...rest] = named;
  return [...(first ? [first] : []), ...rest.sort((a, b) => a.name.localeCompare(b.name, language(lang).intl))];
}

/** An amount as the bill writes it, grosze always shown. */
const money = (lang: LanguageCode, grosze: number) => formatPrice(lang, grosze, true);

/** The demo order behind a checkout URL; 404 for anything else (a wrong id or secret, a Stripe order). */
async function openDemoOrder(env: Bindings, id: string, token: unknown): Promise<Order> {
  if (!ID_PATTERN.test(id) || typeof token !== 'string' || !token || token.length > 200)
    throw new ApiError(404, 'not_found');
  const order = await boxOffice(env.BOX_OFFICE).openOrder(id, await sha256Hex(token));
  if (order?.provider !== 'demo') throw new ApiError(404, 'not_found');
  return order;
}

/**
 * The demo payment provider's checkout: a page served by the worker, labelled as a test payment,
 * with the order's net, VAT and gross. "Pay" marks the order paid; "cancel" cancels it and
 * returns to the ticket page. Only reachable when the demo provider created the order.
 */
export const checkout = new Hono<AppEnv>()
  // Demo is opt-in: where the configuration does not name it, its routes do not exist.
  .use('/demo/*', async (c, next) => {
    if (!demoEnabled(c.env)) throw new ApiError(404, 'not_found');
    await next();
  })
  .get('/demo/:id', validQuery(secretQuery), async (c) => {
    const token = c.req.valid('query').token ?? '';
    const order = await openDemoOrder(c.env, c.req.param('id'), token);
    const t = texts(order.lang).tickets;
    const d = texts(order.lang).delivery;
    const cart = texts(order.lang).cart;
    const plan = lineItems(order)
      .map((line) => {
        const item = findProduct(line.product);
        const name = item ? productName(order.lang, item) : line.product;
        return line.quantity > 1 ? `${line.quantity} × ${name}` : name;
      })
      .join(', ');
    c.header('Cache-Control', 'private, no-store');
    c.header('X-Robots-Tag', 'noindex');
    const payable = order.status === 'pending' && Date.parse(order.holdUntil) > now(c);
    return c.html(html`<!doctype html>
<html lang="${order.lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${t.checkout.test}: ${t.checkout.title}</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/checkout.css">
</head>
<body>
<main class="checkout">
<p class="checkout__badge">${t.checkout.test}</p>
<h1>${t.checkout.title}</h1>
<p class="checkout__note">${t.checkout.testNote}</p>
<dl>
<dt>${t.checkout.order}</dt><dd>${order.code}</dd>
<dt>${d.thanks.plan}</dt><dd>${plan}</dd>
<dt>${cart.dialog.net}</dt><dd>${money(order.lang, order.net)}</dd>
${vatLines(order).map(
  ({ label, vat }) => html`<dt>${label}</dt><dd>${money(order.lang, vat)}</dd>
`,
)}
<dt class="checkout__total">${cart.dialog.gross}</dt><dd class="checkout__total">${money(order.lang, order.gross)}</dd>
</dl>
${
  payable
    ? html`<form method="post" action="/checkout/demo/${order.id}/pay">
<input type="hidden" name="token" value="${token}">
${
  // An OSS sale's card country is evidence of the buyer's country (site/tax-evidence.ts): the
  // tester picks the test card's, by default the billing country's.
  ossSale(order) && order.tax
    ? html`<p class="checkout__field"><label for="card-country">${t.checkout.cardCountry}</label>
<select id="card-country" name="cardCountry" aria-describedby="card-country-hint">
${cardCountryOptions(order.lang, order.tax.country).map(
  ({ code, name }) => html`<option value="${code}">${name}</option>
`,
)}</select>
<span id="card-country-hint" class="checkout__hint">${t.checkout.cardCountryHint}</span></p>
`
    : ''
}<button type="submit" class="checkout__pay">${fill(t.checkout.pay, { amount: money(order.lang, order.gross) })}</button>
</form>
<form method="post" action="/checkout/demo/${order.id}/cancel">
<input type="hidden" name="token" value="${token}">
<button type="submit" class="checkout__cancel">${t.checkout.cancel}</button>
</form>`
    : html`<p>${order.status === 'paid' ? t.checkout.alreadyPaid : d.thanks.status[order.status]}</p>
<p><a href="${orderPageHref(order, token)}">${d.thanks.orderCode}: ${order.code}</a></p>`
}
</main>
</body>
</html>`);
  })
  .post('/demo/:id/:action{pay|cancel}', limitBody(4 * 1024), async (c) => {
    // A form post from the page above; anything unreadable is the same 404 as a wrong secret.
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const token = typeof form.token === 'string' ? form.token : '';
    const order = await openDemoOrder(c.env, c.req.param('id'), token);
    const paid = c.req.param('action') === 'pay';
    const office = boxOffice(c.env.BOX_OFFICE);
    // The same rules as a Stripe payment: a late one takes a free place or is refunded at once.
    let changed: boolean | undefined;
    if (paid) {
      const outcome = await takePayment(office, demo, order.id, now(c), { by: 'demo_checkout' });
      changed = outcome.kind === 'paid';
      // The test card's country the tester chose (the page offers it for an OSS sale only).
      const card = typeof form.cardCountry === 'string' ? form.cardCountry : null;
      if (outcome.kind === 'paid' && card) await recordCardEvidence(office, outcome.order, async () => card, now(c));
    } else {
      changed = (await office.settle(order.id, 'cancelled', now(c), { provider: 'demo', by: 'demo_checkout' }))
        ?.changed;
    }
    if (changed) {
      console.log(
        JSON.stringify({ event: paid ? 'order_paid' : 'order_cancelled', orderId: order.id, provider: 'demo' }),
      );
    }
    const back = `${href(order.lang, 'tickets')}?payment=cancelled&product=${order.product}`;
    return c.redirect(paid ? orderPageHref(order, token) : back, 303);
  })
  .all('*', () => {
    throw new ApiError(404, 'not_found');
  });
