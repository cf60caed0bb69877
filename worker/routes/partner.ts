import { Hono } from 'hono';
import { html } from 'hono/html';
import { type AllotmentView, checkCompRows } from '../../site/comps';
import { findLanguage, type LanguageCode } from '../../site/languages';
import { type ProductId, product } from '../../site/tickets';
import { boxOffice } from '../box-office/box-office';
import { catalogue } from '../catalogues';
import { now } from '../clock';
import { constantTimeEqual, sha256Hex } from '../crypto';
import type { AppEnv } from '../env';
import { ApiError } from '../errors';
import { ID_PATTERN } from '../ids';
import { smallPage } from '../small-page';
import { fill, productName } from '../texts';
import { allotmentLinkToken, ticketKey } from '../tickets/code';

// The partner's page (site/comps.ts, allotments): the contact opens the link of their e-mail and
// names a holder per place; each naming is a free ticket of reason `partner`. Rendered here as
// plain HTML with a form, so it works without script, at any width, in the five languages.

const STYLE = `
*{box-sizing:border-box}body{margin:0;font:16px/1.55 system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;color:#0b1020;background:#f6f7fb}
main{max-width:44rem;margin:0 auto;padding:1.25rem}h1{font-size:1.6rem;line-height:1.25;margin:.5rem 0 1rem}
h2{font-size:1.2rem;margin:1.5rem 0 .5rem}ul{padding-left:1.25rem}
.card{background:#fff;border:1px solid #d5d9e6;border-radius:.75rem;padding:1rem 1.25rem;margin:1rem 0}
label{display:block;font-weight:600;margin:.75rem 0 .25rem}input,select{width:100%;font:inherit;padding:.6rem .7rem;border:1px solid #6b7280;border-radius:.5rem;background:#fff;color:inherit}
button{margin-top:1rem;font:inherit;font-weight:600;padding:.7rem 1.2rem;border:0;border-radius:.5rem;background:#1f3fbf;color:#fff;cursor:pointer;min-height:44px}
button:focus-visible,input:focus-visible,select:focus-visible,a:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}
.ok{border-color:#15803d;background:#f0fdf4}.error{border-color:#b91c1c;background:#fef2f2}
nav ul{list-style:none;display:flex;flex-wrap:wrap;gap:.25rem 1rem;padding:0;margin:0}a{color:#1f3fbf}
`;

/** The allotment of a link whose secret matches, else 404 (the same for an unknown id). */
async function allotmentOf(c: { env: AppEnv['Bindings'] }, id: string, token: string): Promise<AllotmentView> {
  if (!ID_PATTERN.test(id)) throw new ApiError(404, 'not_found');
  if (!constantTimeEqual(token, await allotmentLinkToken(ticketKey(c.env), id))) throw new ApiError(404, 'not_found');
  const allotment = await boxOffice(c.env.BOX_OFFICE).allotment(id);
  if (!allotment) throw new ApiError(404, 'not_found');
  return allotment;
}

const ERRORS = ['allotment_full', 'sold_out', 'invalid_rows', 'idempotency_key_reused'] as const;

function page(
  allotment: AllotmentView,
  lang: LanguageCode,
  base: string,
  notice: { named?: string; error?: (typeof ERRORS)[number] },
) {
  const t = catalogue('email', lang).partnerPage;
  const tier = allotment.tier.charAt(0).toUpperCase() + allotment.tier.slice(1);
  const open = allotment.places.filter((p) => p.used < p.size);
  const name = (id: ProductId) => productName(lang, product(id));
  const title = fill(t.title, { partner: allotment.partner });
  return smallPage({
    lang,
    title,
    stylesheet: '/partner/style.css',
    languages: t.language,
    languageHref: (prefix) => `${base}?lang=${prefix}`,
    content: html`<p>${fill(t.intro, { tier })}</p>
${notice.named ? html`<div class="card ok" role="status"><p>${fill(t.named, { email: notice.named })}</p></div>` : ''}
${notice.error ? html`<div class="card error" role="alert"><p>${t.errors[notice.error]}</p></div>` : ''}
<section class="card" aria-labelledby="places"><h2 id="places">${t.places}</h2><ul>
${allotment.places.map((p) => html`<li>${name(p.product)}: ${fill(t.used, { used: String(p.used), size: String(p.size) })}</li>`)}
</ul></section>
${
  open.length
    ? html`<section class="card" aria-labelledby="form"><h2 id="form">${t.form}</h2>
<form method="post" action="${base}?lang=${lang}">
<label for="name">${t.name}</label><input id="name" name="name" autocomplete="name" required maxlength="120">
<label for="email">${t.email}</label><input id="email" name="email" type="email" autocomplete="email" required maxlength="254">
<label for="product">${t.product}</label><select id="product" name="product">${open.map(
        (p) => html`<option value="${p.product}">${name(p.product)}</option>`,
      )}</select>
<button type="submit">${t.submit}</button></form></section>`
    : html`<p class="card">${t.full}</p>`
}
<section class="card" aria-labelledby="holders"><h2 id="holders">${t.holders}</h2>
${
  allotment.holders.length
    ? html`<ul>${allotment.holders.map((h) => html`<li>${h.name} (${h.email}): ${name(h.product)}</li>`)}</ul>`
    : html`<p>${t.none}</p>`
}</section>`,
  });
}

const HEADERS = {
  'Cache-Control': 'no-store',
  'X-Robots-Tag': 'noindex, nofollow',
  // The secret is in the path: never sent on to another page.
  'Referrer-Policy': 'no-referrer',
};

const langOf = (value: string | undefined, fallback: LanguageCode): LanguageCode =>
  findLanguage(value)?.code ?? fallback;

export const partnerPage = new Hono<AppEnv>()
  .get('/style.css', (c) =>
    c.body(STYLE, 200, { 'Content-Type': 'text/css; charset=utf-8', 'Cache-Control': 'public, max-age=3600' }),
  )
  .get('/:id/:token', async (c) => {
    const allotment = await allotmentOf(c, c.req.param('id'), c.req.param('token'));
    const lang = langOf(c.req.query('lang'), allotment.lang);
    const error = ERRORS.find((e) => e === c.req.query('error'));
    const named = c.req.query('named');
    const base = `/partner/${allotment.id}/${c.req.param('token')}`;
    const body = await page(allotment, lang, base, { ...(named ? { named } : {}), ...(error ? { error } : {}) });
    return c.html(body, 200, HEADERS);
  })
  /** One naming from the form: a free ticket, then back to the page with what happened (303). */
  .post('/:id/:token', async (c) => {
    const allotment = await allotmentOf(c, c.req.param('id'), c.req.param('token'));
    const lang = langOf(c.req.query('lang'), allotment.lang);
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const field = (key: string) => (typeof form[key] === 'string' ? (form[key] as string).trim() : '');
    const row = {
      name: field('name'),
      email: field('email').toLowerCase(),
      product: field('product') as ProductId,
      lang,
    };
    const base = `/partner/${allotment.id}/${c.req.param('token')}?lang=${findLanguage(lang)?.prefix ?? 'pl'}`;
    if (checkCompRows([row], row.product).length) return c.redirect(`${base}&error=invalid_rows`, 303);
    const result = await boxOffice(c.env.BOX_OFFICE).nameAllotmentHolder({
      allotmentId: allotment.id,
      row,
      now: now(c),
      fingerprint: await sha256Hex(JSON.stringify(row)),
    });
    if (result.kind === 'refused') {
      const error = result.error === 'not_found' ? 'allotment_full' : result.error;
      return c.redirect(`${base}&error=${error}`, 303);
    }
    return c.redirect(`${base}&named=${encodeURIComponent(row.email)}`, 303);
  });
