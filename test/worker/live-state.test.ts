import { beforeEach, describe, expect, it } from 'vitest';
import { formatPrice } from '../../site/format';
import { LANGUAGES } from '../../site/languages';
import { href, SELLING_PAGES } from '../../site/pages';
import { EVENT_ENDS, PRODUCT_IDS, PROMOTION_UNTIL, type ProductId, product, SALES_OPEN } from '../../site/tickets';
import type { Bindings } from '../../worker/env';
import { availabilityLine } from '../../worker/live-state';
import { consentJson } from '../support/consent';
import { DURING_PROMOTION, resetBoxOffice } from './box-office';
import { clientIps } from './client-ip';
import { callWorker, ORIGIN, visit } from './platform';

// The selling pages (home and kup-bilet) as the worker serves them: the box office's live state is
// written into the HTML at the edge, so a visitor sees sold out or sales closed at the first paint,
// without script, and search engines read the offers' availability of the moment.

const nextIp = clientIps(41);

/** A test server at an instant (worker/clock.ts): its availability is read fresh, never from the edge cache. */
const at = (iso: string): Partial<Bindings> => ({
  TEST_CLOCK: iso,
  PURCHASE_LIMITER: undefined as unknown as RateLimit,
});

const page = async (path: string, bindings: Partial<Bindings>) => {
  const res = await callWorker(new Request(ORIGIN + path), bindings);
  expect(res.status).toBe(200);
  return { res, html: await res.text() };
};

/** The availability line of a product in a page: its text, or null while it is hidden. */
function line(html: string, id: ProductId): string | null {
  const element = html.match(new RegExp(`<p[^>]*data-availability="${id}"[^>]*>([^<]*)</p>`));
  if (!element) throw new Error(`no availability line for ${id}`);
  return /\shidden(=""|\s|>)/.test(element[0]) ? null : (element[1] ?? '');
}

/** Whether a product's button in a page is disabled. */
function disabled(html: string, id: ProductId): boolean {
  const button = html.match(new RegExp(`<button[^>]*data-product="${id}"[^>]*>`))?.[0];
  if (!button) throw new Error(`no button for ${id}`);
  return /\sdisabled(=""|\s|>)/.test(button);
}

type Offer = { sku: string; price: string; availability: string; priceValidUntil?: string; validThrough: string };
const offers = (html: string): Offer[] =>
  JSON.parse(html.match(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/s)?.[1] ?? 'null').offers;

async function buy(id: ProductId, n: number, bindings: Partial<Bindings>) {
  for (let i = 0; i < n; i++) {
    const res = await callWorker(
      new Request(`${ORIGIN}/api/purchase/${id}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': nextIp() },
        body: consentJson({ email: `buyer-${i}@example.com`, lang: 'pl' }),
      }),
      bindings,
    );
    expect(res.status).toBe(201);
  }
}

beforeEach(() => resetBoxOffice());

describe('the live state on the selling pages', () => {
  it('says how few places are left, and nothing where there are plenty', async () => {
    const clock = at(DURING_PROMOTION);
    await buy('onsite-vip', 3, clock);
    const { res, html } = await page('/pl/kup-bilet', clock);
    expect(line(html, 'onsite-vip')).toBe(`Zostało ${(product('onsite-vip').capacity ?? 0) - 3} miejsc`);
    for (const id of PRODUCT_IDS.filter((id) => id !== 'onsite-vip')) expect(line(html, id), id).toBeNull();
    for (const id of PRODUCT_IDS) expect(disabled(html, id), id).toBe(false);
    // Rewritten per request: no validator of the built file, and not kept by a browser's cache.
    expect(res.headers.get('ETag')).toBeNull();
    expect(res.headers.get('Cache-Control')).toBe('no-cache');
    expect(res.headers.get('Content-Security-Policy')).toContain("script-src 'self' 'sha256-");
  });

  it('shows a sold-out product as sold out, its button disabled, its offer SoldOut', async () => {
    const clock = at(DURING_PROMOTION);
    await buy('onsite-vip', product('onsite-vip').capacity ?? 0, clock);
    const { html } = await page('/pl/kup-bilet', clock);
    expect(line(html, 'onsite-vip')).toBe('Wyprzedane');
    expect(html).toMatch(/<p class="availability availability--sold_out" id="availability-onsite-vip"/);
    expect(disabled(html, 'onsite-vip')).toBe(true);
    expect(disabled(html, 'onsite-pro')).toBe(false);
    const vip = offers(html).find((o) => o.sku === 'onsite-vip');
    expect(vip?.availability).toBe('https://schema.org/SoldOut');
    expect(offers(html).find((o) => o.sku === 'onsite-pro')?.availability).toBe('https://schema.org/InStock');
  });

  it('shows every product closed once the sales window has ended', async () => {
    const { html } = await page('/en-gb/kup-bilet', at(EVENT_ENDS));
    for (const id of PRODUCT_IDS) {
      expect(line(html, id), id).toBe('Sales closed');
      expect(disabled(html, id), id).toBe(true);
    }
    for (const offer of offers(html)) expect(offer.availability).toBe('https://schema.org/OutOfStock');
  });

  it('gives the home page the state of its plans and every offer, in its language', async () => {
    const { html } = await page('/de', at(EVENT_ENDS));
    for (const id of ['online-standard', 'online-premium', 'online-vip'] as const) {
      expect(line(html, id)).toBe('Verkauf beendet');
      expect(disabled(html, id)).toBe(true);
    }
    expect(offers(html).map((o) => o.sku)).toEqual([...PRODUCT_IDS]);
  });

  it('writes the offers with the price of the moment and until when it holds', async () => {
    const during = offers((await page('/pl', at(DURING_PROMOTION))).html);
    expect(during.map((o) => o.price)).toEqual(['367.77', '613.77', '1228.77', '859.77', '1228.77', '1843.77']);
    expect(during[0]?.priceValidUntil).toBe(PROMOTION_UNTIL);
    const after = offers((await page('/pl', at(PROMOTION_UNTIL))).html);
    expect(after.slice(0, 3).map((o) => o.price)).toEqual(['736.77', '1228.77', '2458.77']);
    expect(after[0]?.priceValidUntil).toBeUndefined();
  });

  it('shows the price step of the moment in the cards and the dialog, without a new build', async () => {
    // Each element of a product's price steps (cards: div, dialog: dl) and whether it is shown.
    const steps = (html: string, id: ProductId) =>
      [...html.matchAll(new RegExp(`<(div|dl)([^>]*data-price-step="${id}@(\\d)"[^>]*)>(.*?)</\\1>`, 'gs'))].map(
        (m) => ({ tag: m[1], step: Number(m[3]), shown: !m[2]?.includes('data-price-inactive'), body: m[4] ?? '' }),
      );
    const shown = (html: string, id: ProductId, tag: string) => steps(html, id).filter((s) => s.tag === tag && s.shown);
    const regular = formatPrice('pl', 59900);
    const promo = formatPrice('pl', 29900);

    const before = (await page('/pl/kup-bilet', at(SALES_OPEN))).html;
    const during = (await page('/pl/kup-bilet', at(DURING_PROMOTION))).html;
    const after = (await page('/pl/kup-bilet', at(PROMOTION_UNTIL))).html;
    for (const [html, step] of [
      [before, 0],
      [during, 1],
      [after, 2],
    ] as const) {
      for (const id of PRODUCT_IDS) {
        // Every step is on the page; one card block and one dialog summary of each product is shown.
        expect(steps(html, id).length, id).toBe(product(id).prices.length * 2);
        expect(
          shown(html, id, 'div').map((s) => s.step),
          id,
        ).toEqual([id.startsWith('online') ? step : 0]);
        expect(shown(html, id, 'dl'), id).toHaveLength(1);
      }
    }
    const card = (html: string) => shown(html, 'online-standard', 'div')[0]?.body ?? '';
    expect(card(during)).toContain(promo);
    expect(card(during)).toContain(`<s>${regular}</s>`);
    expect(card(during)).toContain('Cena promocyjna do');
    // Once the promotion has ended: the regular price, nothing crossed out, no date it rises.
    expect(card(after)).toContain(regular);
    expect(card(after)).not.toContain('<s>');
    expect(card(after)).not.toContain('Cena promocyjna do');
    expect(shown(after, 'online-standard', 'dl')[0]?.body).toContain(formatPrice('pl', 73677, true));
    // The home page's plans too.
    const home = (await page('/pl', at(PROMOTION_UNTIL))).html;
    expect(shown(home, 'online-standard', 'div').map((s) => s.step)).toEqual([2]);
  });

  it('serves the page as built when the box office does not answer', async () => {
    const broken = new Proxy({} as DurableObjectNamespace, {
      get: () => () => {
        throw new Error('box office unavailable');
      },
    });
    const { html } = await page('/pl/kup-bilet', { ...at(DURING_PROMOTION), BOX_OFFICE: broken as never });
    for (const id of PRODUCT_IDS) {
      expect(line(html, id), id).toBeNull();
      expect(disabled(html, id), id).toBe(false);
    }
    expect(offers(html)).toHaveLength(PRODUCT_IDS.length);
  });

  it.each(LANGUAGES.flatMap((lang) => SELLING_PAGES.map((id) => href(lang.code, id))))(
    '%s is served by the worker first (wrangler.toml run_worker_first), with the live state',
    async (path) => {
      const res = await visit(ORIGIN + path);
      expect(res.status).toBe(200);
      expect(res.headers.get('Cache-Control')).toBe('no-cache');
      await res.body?.cancel();
    },
  );
});

describe('the availability line', () => {
  it.each([
    ['pl', 1, 'Zostało 1 miejsce'],
    ['pl', 3, 'Zostały 3 miejsca'],
    ['pl', 5, 'Zostało 5 miejsc'],
    ['pl', 22, 'Zostały 22 miejsca'],
    ['en-GB', 1, '1 place left'],
    ['en-US', 7, '7 spots left'],
    ['de', 1, 'Noch 1 Platz'],
    ['es', 2, 'Quedan 2 plazas'],
  ] as const)('%s, %i left: "%s"', (lang, remaining, text) => {
    expect(availabilityLine(lang, { id: 'onsite-vip', status: 'on_sale', remaining })).toBe(text);
  });

  it('says nothing while more than a few places are left, or where they are unlimited', () => {
    expect(availabilityLine('pl', { id: 'online-vip', status: 'on_sale', remaining: 51 })).toBeNull();
    expect(availabilityLine('pl', { id: 'online-standard', status: 'on_sale', remaining: null })).toBeNull();
  });
});
