import { Hono } from 'hono';
import { html } from 'hono/html';
import { z } from 'zod';
import { EMAIL_PATTERN } from '../../site/contact';
import { formatDateTime } from '../../site/format';
import { findLanguage, LANGUAGE_CODES, type LanguageCode, language } from '../../site/languages';
import { href } from '../../site/pages';
import { CONSENT_VERSIONS, needsHolderName } from '../../site/purchase-rules';
import { findProduct, PRODUCT_IDS, type ProductId, product } from '../../site/tickets';
import {
  OFFER_HOURS_RANGE,
  WAITLIST_LIMITS,
  type WaitlistOfferView,
  type WaitlistView,
  waitlistConfirmPath,
  waitlistOfferPath,
} from '../../site/waitlist';
import { boxOffice } from '../box-office/box-office';
import { catalogue } from '../catalogues';
import { now } from '../clock';
import { workshopTitles } from '../content/store';
import { workshopsToBoxOffice } from '../content/workshop-seats';
import { constantTimeEqual } from '../crypto';
import type { AppEnv, Bindings } from '../env';
import { ApiError } from '../errors';
import { ID_PATTERN } from '../ids';
import { clientIp, rateLimit } from '../middleware/rate-limit';
import { allow } from '../middleware/roles';
import { textField, validJson } from '../middleware/validation';
import { smallPage } from '../small-page';
import { fill, productName } from '../texts';
import { ticketKey, waitlistEntryToken, waitlistOfferToken } from '../tickets/code';

// The waiting list (site/waitlist.ts, worker/box-office/waitlist.ts): `POST /api/waitlist` and the
// sign-up form of `/waitlist/join` (linked from a sold-out product's card, worker/live-state.ts),
// the double opt-in's page, an offer's page (buy or decline), and the organisers' view. The pages
// are plain HTML rendered here, in five languages: the public pages carry no new script but the
// offer's small one, which sends the purchase as the dialog does.

const optional = (max: number) =>
  z.preprocess((value) => (typeof value === 'string' && !value.trim() ? undefined : value), textField(max).optional());

const joinBody = z.object({
  product: z.enum(PRODUCT_IDS, { error: 'unknown_product' }),
  email: textField(WAITLIST_LIMITS.email).pipe(z.string().regex(EMAIL_PATTERN, { error: 'invalid_email' })),
  name: optional(WAITLIST_LIMITS.name),
  lang: z.enum(LANGUAGE_CODES, { error: 'invalid' }).default('pl'),
});
type JoinBody = z.infer<typeof joinBody>;

/** A sign-up in the box office; refusals as the API answers them (the form maps them to its notices). */
async function join(env: Bindings, body: JoinBody, at: number): Promise<void> {
  const result = await boxOffice(env.BOX_OFFICE).joinWaitlist({
    product: body.product,
    email: body.email.toLowerCase(),
    name: body.name ?? null,
    lang: body.lang,
    now: at,
  });
  if (result.kind !== 'refused') return;
  if (result.error === 'no_waiting_list') {
    throw new ApiError(422, 'invalid_fields', { fields: { product: 'no_waiting_list' } });
  }
  throw new ApiError(409, result.error, result.remaining === undefined ? {} : { remaining: result.remaining });
}

/**
 * `POST /api/waitlist` with `{product, email, name?, lang?}`: 202 `{state: "confirm_sent"}` for a
 * new sign-up and for one already on the list alike (no one learns from it who is waiting); 422
 * with the fields' paths for bad input or a product without a list; 409 `not_sold_out` (with
 * `remaining`) or `sales_closed`. Rate-limited as the contact form.
 */
export const waitlistApi = new Hono<AppEnv>().post(
  '/',
  rateLimit((env) => env.CONTACT_LIMITER),
  ...validJson(joinBody, 2 * 1024),
  async (c) => {
    await join(c.env, c.req.valid('json') as JoinBody, now(c));
    return c.json({ state: 'confirm_sent' }, 202);
  },
);

const STYLE = `
*{box-sizing:border-box}body{margin:0;font:16px/1.55 system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;color:#0b1020;background:#f6f7fb}
main{max-width:40rem;margin:0 auto;padding:1.25rem}h1{font-size:1.6rem;line-height:1.25;margin:.5rem 0 1rem}
h2{font-size:1.2rem;margin:0 0 .5rem}
.card{background:#fff;border:1px solid #d5d9e6;border-radius:.75rem;padding:1rem 1.25rem;margin:1rem 0}
label{display:block;font-weight:600;margin:.75rem 0 .25rem}input[type=text],input[type=email]{width:100%;font:inherit;padding:.6rem .7rem;border:1px solid #6b7280;border-radius:.5rem;background:#fff;color:inherit}
input[readonly]{background:#eef0f5}.check{display:flex;gap:.6rem;align-items:flex-start;font-weight:400}.check input{width:1.25rem;height:1.25rem;margin-top:.15rem;flex:none}
button{margin-top:1rem;font:inherit;font-weight:600;padding:.7rem 1.2rem;border:0;border-radius:.5rem;background:#1f3fbf;color:#fff;cursor:pointer;min-height:44px}
button.secondary{background:#fff;color:#1f3fbf;border:2px solid #1f3fbf}
button:focus-visible,input:focus-visible,a:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}
.ok{border-color:#15803d;background:#f0fdf4}.error{border-color:#b91c1c;background:#fef2f2}
nav ul{list-style:none;display:flex;flex-wrap:wrap;gap:.25rem 1rem;padding:0;margin:0}a{color:#1f3fbf}
`;

/**
 * The offer page's one script: sends the purchase with the offer's code as the purchase dialog
 * does (`POST /api/purchase/:product`, one Idempotency-Key per page, so a double click is one
 * order) and goes on to the payment; a refusal is said in the page's live region.
 */
const OFFER_SCRIPT = `
const form = document.getElementById('buy');
const out = document.getElementById('buy-status');
const key = crypto.randomUUID().replace(/-/g, '');
if (form) form.addEventListener('submit', async (event) => {
  event.preventDefault();
  const d = form.dataset;
  const name = new FormData(form).get('name');
  out.textContent = d.working;
  form.querySelector('button').disabled = true;
  try {
    const response = await fetch('/api/purchase/' + d.product, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': key },
      body: JSON.stringify({ email: d.email, lang: d.lang, payment: 'card', voucher: d.code,
        consent: { terms: d.terms, privacy: d.privacy }, ...(name ? { name } : {}) }),
    });
    const answer = await response.json().catch(() => ({}));
    if (response.ok && answer.url) { location.assign(answer.url); return; }
    out.textContent = answer.error === 'invalid_voucher' ? d.ended : d.failed;
  } catch { out.textContent = d.failed; }
  form.querySelector('button').disabled = false;
});
`;

const HEADERS = {
  'Cache-Control': 'no-store',
  'X-Robots-Tag': 'noindex, nofollow',
  // The secret is in the path: never sent on to another page.
  'Referrer-Policy': 'no-referrer',
};

const langOf = (value: string | undefined, fallback: string): LanguageCode =>
  findLanguage(value)?.code ?? findLanguage(fallback)?.code ?? 'pl';

/** A page of the list: its language switch, title and content. */
function layout(lang: LanguageCode, base: string, title: string, content: ReturnType<typeof html>) {
  const t = catalogue('email', lang).waitlistPage;
  const join = base.includes('?') ? '&' : '?';
  return smallPage({
    lang,
    title,
    stylesheet: '/waitlist/style.css',
    languages: t.language,
    languageHref: (prefix) => `${base}${join}lang=${prefix}`,
    content,
  });
}

const JOIN_ERRORS = ['invalid', 'not_sold_out', 'sales_closed', 'rate_limited'] as const;

/** The sign-up page of a product with a list: the form, or what happened to the last sending. */
function joinPage(lang: LanguageCode, id: ProductId, notice: { sent?: boolean; error?: (typeof JOIN_ERRORS)[number] }) {
  const t = catalogue('email', lang).waitlistPage;
  const name = productName(lang, product(id));
  const base = `/waitlist/join?product=${id}`;
  const tickets = href(lang, 'tickets');
  return layout(
    lang,
    base,
    fill(t.joinTitle, { product: name }),
    html`<p>${t.joinIntro}</p>
${notice.sent ? html`<div class="card ok" role="status"><p>${t.sent}</p></div>` : ''}
${notice.error ? html`<div class="card error" role="alert"><p>${t.joinErrors[notice.error]}</p>${notice.error === 'not_sold_out' ? html`<p><a href="${tickets}">${t.toTickets}</a></p>` : ''}</div>` : ''}
<form class="card" method="post" action="/waitlist/join?lang=${language(lang).prefix}">
<input type="hidden" name="product" value="${id}">
<label for="email">${t.email}</label><input id="email" name="email" type="email" autocomplete="email" required maxlength="${WAITLIST_LIMITS.email}">
<label for="name">${t.name}</label><input id="name" name="name" type="text" autocomplete="name" maxlength="${WAITLIST_LIMITS.name}">
<button type="submit">${t.join}</button></form>
<p>${t.privacy} <a href="${href(lang, 'privacy')}">${t.privacyLink}</a></p>`,
  );
}

/** An entry whose link's secret matches, else 404 (the same for an unknown id). */
async function entryOf(env: Bindings, id: string, token: string) {
  if (!ID_PATTERN.test(id) || !constantTimeEqual(token, await waitlistEntryToken(ticketKey(env), id))) {
    throw new ApiError(404, 'not_found');
  }
  const entry = await boxOffice(env.BOX_OFFICE).waitlistEntry(id);
  if (!entry) throw new ApiError(404, 'not_found');
  return entry;
}

async function offerOf(env: Bindings, id: string, token: string, at: number) {
  if (!ID_PATTERN.test(id) || !constantTimeEqual(token, await waitlistOfferToken(ticketKey(env), id))) {
    throw new ApiError(404, 'not_found');
  }
  const offer = await boxOffice(env.BOX_OFFICE).waitlistOffer(id, at);
  if (!offer) throw new ApiError(404, 'not_found');
  return offer;
}

/**
 * A workshop's offer page: take the seat (a plain form: the holder is known by the ticket, there
 * is nothing to pay) or give it to the next person.
 */
function workshopOfferPage(
  lang: LanguageCode,
  base: string,
  offer: WaitlistOfferView,
  title: string,
  notice: { declined?: boolean; decline?: boolean; refused?: boolean },
) {
  const t = catalogue('email', lang).waitlistPage;
  const until = formatDateTime(lang, offer.expiresAt);
  const prefix = language(lang).prefix;
  const decline = html`<form class="card" method="post" action="${base}/decline?lang=${prefix}" aria-labelledby="decline-title">
<h2 id="decline-title">${t.declineTitle}</h2><p>${t.declineIntro}</p>
<button type="submit" class="secondary">${t.decline}</button></form>`;
  const take = html`<form class="card" method="post" action="${base}/take?lang=${prefix}" aria-labelledby="take-title">
<h2 id="take-title">${t.takeTitle}</h2><p>${t.takeIntro}</p>
<button type="submit">${t.take}</button></form>`;
  const state =
    offer.state === 'open'
      ? html`<p>${fill(t.workshopOfferIntro, { workshop: title, until })}</p>${
          notice.refused ? html`<div class="card error" role="alert"><p>${t.takeRefused}</p></div>` : ''
        }${notice.decline ? html`${decline}${take}` : html`${take}${decline}`}`
      : html`<div class="card${notice.declined || offer.state === 'bought' ? ' ok' : ''}" role="status"><p>${
          offer.state === 'bought' ? t.workshopTaken : t.offerStates[offer.state]
        }</p></div>`;
  return layout(lang, base, fill(t.workshopOfferTitle, { workshop: title }), state);
}

/** A workshop's title in a language (the published record's; its id if it is gone from the store). */
async function workshopTitle(env: Bindings, id: string, lang: LanguageCode): Promise<string> {
  return (await workshopTitles(env.CONTENT_DB, [id], lang))[id] ?? id;
}

/** An offer's page: buy it (name, consent, then the payment) or give it to the next person. */
function offerPage(
  lang: LanguageCode,
  base: string,
  offer: WaitlistOfferView & { email: string; name: string | null },
  notice: { declined?: boolean; decline?: boolean; error?: string },
) {
  const t = catalogue('email', lang).waitlistPage;
  const item = product(offer.product as ProductId);
  const name = productName(lang, item);
  const until = formatDateTime(lang, offer.expiresAt);
  const decline = html`<form class="card" method="post" action="${base}/decline?lang=${language(lang).prefix}" aria-labelledby="decline-title">
<h2 id="decline-title">${t.declineTitle}</h2><p>${t.declineIntro}</p>
<button type="submit" class="secondary">${t.decline}</button></form>`;
  const buy = html`<form class="card" id="buy" aria-labelledby="buy-title" data-product="${item.id}" data-code="${offer.code}"
 data-email="${offer.email}" data-lang="${lang}" data-terms="${CONSENT_VERSIONS.terms}" data-privacy="${CONSENT_VERSIONS.privacy}"
 data-working="${t.working}" data-failed="${t.failed}" data-ended="${t.ended}">
<h2 id="buy-title">${t.buyTitle}</h2>
<label for="email">${t.email}</label><input id="email" type="email" value="${offer.email}" readonly>
<label for="name">${needsHolderName(item.id) ? t.holderName : t.name}</label><input id="name" name="name" type="text" autocomplete="name" maxlength="${WAITLIST_LIMITS.name}" value="${offer.name ?? ''}"${needsHolderName(item.id) ? html` required` : ''}>
<label class="check"><input type="checkbox" name="consent" required> <span>${t.consentBefore} <a href="${href(lang, 'terms')}">${t.terms}</a> ${t.consentAnd} <a href="${href(lang, 'privacy')}">${t.privacyPolicy}</a>.</span></label>
<button type="submit">${t.buy}</button>
<p id="buy-status" role="status" aria-live="polite"></p>
<noscript><p>${t.noscript}</p></noscript></form>`;
  const state =
    offer.state === 'open'
      ? html`<p>${fill(t.offerIntro, { product: name, until })}</p>${notice.decline ? html`${decline}${buy}` : html`${buy}${decline}`}`
      : html`<div class="card${notice.declined ? ' ok' : ''}" role="status"><p>${t.offerStates[offer.state]}</p></div>`;
  return layout(lang, base, fill(t.offerTitle, { product: name }), state);
}

/** Only a product with a limited number of places has a list. */
const listedProduct = (id: string | undefined): ProductId | null => {
  const item = findProduct(id ?? '');
  return item && (item.capacity !== null || item.pool) ? item.id : null;
};

export const waitlistPages = new Hono<AppEnv>()
  .get('/style.css', (c) =>
    c.body(STYLE, 200, { 'Content-Type': 'text/css; charset=utf-8', 'Cache-Control': 'public, max-age=3600' }),
  )
  .get('/offer.js', (c) =>
    c.body(OFFER_SCRIPT, 200, {
      'Content-Type': 'text/javascript; charset=utf-8',
      'Cache-Control': 'public, max-age=3600',
    }),
  )
  .get('/join', async (c) => {
    const lang = langOf(c.req.query('lang'), 'pl');
    const id = listedProduct(c.req.query('product'));
    if (!id) throw new ApiError(404, 'not_found');
    const error = JOIN_ERRORS.find((e) => e === c.req.query('error'));
    return c.html(await joinPage(lang, id, { sent: c.req.query('sent') === '1', ...(error ? { error } : {}) }), 200, {
      ...HEADERS,
      'Cache-Control': 'no-cache',
    });
  })
  /** The form's sign-up: the same rules as the API's, then back to the page with what happened (303). */
  .post('/join', async (c) => {
    const lang = langOf(c.req.query('lang'), 'pl');
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const id = listedProduct(typeof form.product === 'string' ? form.product : undefined);
    if (!id) throw new ApiError(422, 'invalid_fields', { fields: { product: 'unknown_product' } });
    const back = (query: string) =>
      c.redirect(`/waitlist/join?product=${id}&lang=${language(lang).prefix}&${query}`, 303);
    const limited = await c.env.CONTACT_LIMITER?.limit({ key: clientIp(c) });
    if (limited && !limited.success) return back('error=rate_limited');
    const parsed = joinBody.safeParse({ ...form, product: id, lang });
    if (!parsed.success) return back('error=invalid');
    try {
      await join(c.env, parsed.data, now(c));
    } catch (error) {
      if (error instanceof ApiError && (error.code === 'not_sold_out' || error.code === 'sales_closed')) {
        return back(`error=${error.code}`);
      }
      throw error;
    }
    return back('sent=1');
  })
  .get('/confirm/:id/:token', async (c) => {
    const entry = await entryOf(c.env, c.req.param('id'), c.req.param('token'));
    const lang = langOf(c.req.query('lang'), entry.lang);
    const t = catalogue('email', lang).waitlistPage;
    const base = waitlistConfirmPath(entry.id, c.req.param('token'));
    const name = productName(lang, product(entry.product as ProductId));
    const content =
      entry.state === 'unconfirmed'
        ? html`<p>${fill(t.confirmIntro, { product: name, email: entry.email })}</p>
<form method="post" action="${base}?lang=${language(lang).prefix}"><button type="submit">${t.confirm}</button></form>`
        : html`<div class="card ok" role="status"><p>${t.entryStates[entry.state]}</p>${
            entry.position ? html`<p>${fill(t.position, { position: String(entry.position) })}</p>` : ''
          }</div>`;
    return c.html(await layout(lang, base, fill(t.confirmTitle, { product: name }), content), 200, HEADERS);
  })
  .post('/confirm/:id/:token', async (c) => {
    const entry = await entryOf(c.env, c.req.param('id'), c.req.param('token'));
    await boxOffice(c.env.BOX_OFFICE).confirmWaitlistEntry(entry.id, now(c));
    const lang = langOf(c.req.query('lang'), entry.lang);
    return c.redirect(`${waitlistConfirmPath(entry.id, c.req.param('token'))}?lang=${language(lang).prefix}`, 303);
  })
  .get('/offer/:id/:token', async (c) => {
    const offer = await offerOf(c.env, c.req.param('id'), c.req.param('token'), now(c));
    const lang = langOf(c.req.query('lang'), offer.lang);
    const base = waitlistOfferPath(offer.id, c.req.param('token'));
    if (offer.workshop !== null) {
      const title = await workshopTitle(c.env, offer.workshop, lang);
      const notice = {
        declined: c.req.query('declined') === '1',
        decline: c.req.query('decline') === '1',
        refused: c.req.query('refused') === '1',
      };
      return c.html(await workshopOfferPage(lang, base, offer, title, notice), 200, HEADERS);
    }
    const page = await offerPage(lang, base, offer, {
      declined: c.req.query('declined') === '1',
      decline: c.req.query('decline') === '1',
    });
    // The page's own script only: it posts the purchase to this origin.
    const body = page.replace(
      '</main></body>',
      '</main><script type="module" src="/waitlist/offer.js"></script></body>',
    );
    return c.html(body, 200, HEADERS);
  })
  /** A workshop's offer taken: the seat is the holder's (303 back to the page, which says so). */
  .post('/offer/:id/:token/take', async (c) => {
    const offer = await offerOf(c.env, c.req.param('id'), c.req.param('token'), now(c));
    if (offer.workshop === null) throw new ApiError(404, 'not_found');
    const result = await boxOffice(c.env.BOX_OFFICE).takeWorkshopOffer(offer.id, now(c));
    const lang = langOf(c.req.query('lang'), offer.lang);
    const refused = result.kind === 'refused' && result.error !== 'offer_closed' && result.error !== 'not_found';
    return c.redirect(
      `${waitlistOfferPath(offer.id, c.req.param('token'))}?lang=${language(lang).prefix}${refused ? '&refused=1' : ''}`,
      303,
    );
  })
  .post('/offer/:id/:token/decline', async (c) => {
    const offer = await offerOf(c.env, c.req.param('id'), c.req.param('token'), now(c));
    await boxOffice(c.env.BOX_OFFICE).declineWaitlistOffer(offer.id, now(c));
    const lang = langOf(c.req.query('lang'), offer.lang);
    return c.redirect(
      `${waitlistOfferPath(offer.id, c.req.param('token'))}?lang=${language(lang).prefix}&declined=1`,
      303,
    );
  });

/** The organisers' list with each workshop entry's workshop title (Polish, the store's reference). */
async function withWorkshopTitles(env: Bindings, view: WaitlistView): Promise<WaitlistView> {
  const ids = [...new Set(view.entries.flatMap((e) => (e.workshop ? [e.workshop] : [])))];
  const titles = await workshopTitles(env.CONTENT_DB, ids, 'pl');
  return {
    ...view,
    entries: view.entries.map((e) => (e.workshop ? { ...e, workshopTitle: titles[e.workshop] ?? e.workshop } : e)),
  };
}

const settingsBody = z.object({
  offerHours: z
    .number({ error: 'required' })
    .int({ error: 'invalid' })
    .min(OFFER_HOURS_RANGE.min, { error: 'invalid' })
    .max(OFFER_HOURS_RANGE.max, { error: 'invalid' }),
});

/**
 * The organisers' view (role finance, as vouchers and holds): `GET /waitlist` every entry with its
 * state and offers (`?product=` one product); `POST /waitlist/:id/remove` takes one off (its open
 * offer withdrawn, the place offered on); `PUT /waitlist/settings` `{offerHours}` the period of
 * offers made from now on; `POST /waitlist/offer` offers free places now (after places were added).
 */
export const adminWaitlist = new Hono<AppEnv>()
  .get('/waitlist', allow('finance'), async (c) => {
    const productId = c.req.query('product');
    if (productId !== undefined && !findProduct(productId)) {
      throw new ApiError(422, 'invalid_fields', { fields: { product: 'unknown_product' } });
    }
    return c.json(await withWorkshopTitles(c.env, await boxOffice(c.env.BOX_OFFICE).waitlist(now(c), productId)));
  })
  .post('/waitlist/offer', allow('finance'), async (c) => {
    // Workshops' seats as published now (organisers may have added some), then every free place.
    await workshopsToBoxOffice(c.env, now(c));
    await boxOffice(c.env.BOX_OFFICE).offerWaitlistPlaces(now(c));
    return c.json(await withWorkshopTitles(c.env, await boxOffice(c.env.BOX_OFFICE).waitlist(now(c))));
  })
  .put('/waitlist/settings', allow('finance'), ...validJson(settingsBody, 1024), async (c) => {
    const { offerHours } = c.req.valid('json') as z.infer<typeof settingsBody>;
    return c.json({ offerHours: await boxOffice(c.env.BOX_OFFICE).setWaitlistOfferHours(offerHours) });
  })
  .post('/waitlist/:id/remove', allow('finance'), async (c) => {
    const id = c.req.param('id');
    if (!ID_PATTERN.test(id)) throw new ApiError(404, 'not_found');
    const entry = await boxOffice(c.env.BOX_OFFICE).removeWaitlistEntry(id, now(c));
    if (!entry) throw new ApiError(404, 'not_found');
    return c.json(entry);
  });
