import type { Context } from 'hono';
import { type LanguageCode, language } from '../site/languages';
import { liveOffers } from '../site/structured-data';
import {
  FEW_LEFT,
  findProduct,
  PRICE_STEP,
  PRICE_STEP_INACTIVE,
  type ProductState,
  parsePriceStep,
  priceStepAt,
} from '../site/tickets';
import { waitlistJoinPath } from '../site/waitlist';
import { boxOffice } from './box-office/box-office';
import { now } from './clock';
import type { AppEnv } from './env';
import { fill, texts } from './texts';

/** What the page says of a product's state, or null when there is nothing to say (plenty left). */
export function availabilityLine(lang: LanguageCode, state: ProductState): string | null {
  const { availability } = texts(lang).tickets;
  if (state.status === 'sold_out') return availability.soldOut;
  if (state.status === 'closed') return availability.closed;
  if (state.remaining === null || state.remaining > FEW_LEFT) return null;
  // The catalogue's plural keys are those of the language's plural rules (i18next's own suffixes).
  const form = new Intl.PluralRules(language(lang).intl).select(state.remaining);
  const key = `left_${form}` as keyof typeof availability;
  return fill(availability[key] ?? availability.left_other, { count: String(state.remaining) });
}

/**
 * A selling page (site/pages.ts SELLING_PAGES) with the products' live state written in, as the
 * worker serves it: each product's price step of the moment shown, its availability line (places left when few, sold out, sales
 * closed), its button disabled when it cannot be bought, and the JSON-LD offers with their price
 * and availability of the moment. The page streams as it is rewritten; only the parts that need
 * the state wait for it. Without the state (the box office did not answer) the page is served as
 * it was built: the shop still refuses what cannot be sold, and says so.
 */
export function withLiveState(
  page: Response,
  lang: LanguageCode,
  at: number,
  states: Promise<ProductState[]>,
): Response {
  const known = states.catch((error: unknown) => {
    console.error(JSON.stringify({ event: 'live_state_unavailable', message: String(error) }));
    return null;
  });
  const stateOf = async (id: string | null) => (await known)?.find((state) => state.id === id);
  let jsonLd = '';

  const rewritten = new HTMLRewriter()
    // The price step in force now shown, the others not: after a promotion ends, without a build.
    .on(`[${PRICE_STEP}]`, {
      element(element) {
        const step = parsePriceStep(element.getAttribute(PRICE_STEP) ?? '');
        if (!step) return;
        if (priceStepAt(step.product, at) === step.step) element.removeAttribute(PRICE_STEP_INACTIVE);
        else element.setAttribute(PRICE_STEP_INACTIVE, '');
      },
    })
    .on('[data-availability]', {
      async element(element) {
        const state = await stateOf(element.getAttribute('data-availability'));
        const line = state && availabilityLine(lang, state);
        if (!state || !line) return;
        element.removeAttribute('hidden');
        element.setAttribute('class', `availability availability--${state.status}`);
        element.setInnerContent(line);
        // A sold-out product with a number of places has a waiting list: its sign-up page, no script.
        // Beside the line, not in it: the line stays the button's description ("Wyprzedane").
        const item = findProduct(state.id);
        if (state.status === 'sold_out' && item && (item.capacity !== null || item.pool)) {
          const link = escapeHtml(waitlistJoinPath(state.id, language(lang).prefix));
          const text = escapeHtml(texts(lang).tickets.availability.waitlist);
          element.after(`<p class="availability-waitlist"><a href="${link}">${text}</a></p>`, { html: true });
        }
      },
    })
    .on('button[data-product]', {
      async element(element) {
        const state = await stateOf(element.getAttribute('data-product'));
        if (state && state.status !== 'on_sale') element.setAttribute('disabled', '');
      },
    })
    .on('script[type="application/ld+json"]', {
      async text(chunk) {
        jsonLd += chunk.text;
        if (!chunk.lastInTextNode) {
          chunk.remove();
          return;
        }
        const current = await known;
        const event = JSON.parse(jsonLd);
        const live = current ? liveOffers(event, at, current) : event;
        chunk.replace(JSON.stringify(live).replace(/</g, '\\u003c'), { html: true });
      },
    })
    .transform(page);

  const headers = new Headers(rewritten.headers);
  // The body is not the file the validator names any more, and is out of date within seconds.
  headers.delete('ETag');
  headers.delete('Content-Length');
  headers.set('Cache-Control', 'no-cache');
  return new Response(rewritten.body, { status: rewritten.status, headers });
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** How long the edge may answer availability from its cache. */
export const AVAILABILITY_MAX_AGE_SECONDS = 5;

/**
 * The live state of every product as a response, from the edge cache when it is a few seconds
 * old at most, so a rush on the selling pages reads the box office a few times, not per visitor.
 */
export async function availabilityResponse(c: Context<AppEnv>): Promise<Response> {
  const at = now(c);
  // A test server's clock (worker/clock.ts) can differ per request: its answers are not shared.
  const shared = !c.env.TEST_CLOCK || c.env.ENVIRONMENT === 'production';
  const cache = caches.default;
  const key = new Request(new URL('/api/availability', c.req.url));
  const cached = shared ? await cache.match(key) : undefined;
  if (cached) return cached;
  const products = await boxOffice(c.env.BOX_OFFICE).availability(at);
  const response = c.json({ products }, 200, {
    'Cache-Control': `public, max-age=${AVAILABILITY_MAX_AGE_SECONDS}`,
  });
  if (shared) c.executionCtx.waitUntil(cache.put(key, response.clone()));
  return response;
}

/** Every product's live state (what `GET /api/availability` answers), for the selling pages. */
export async function productStates(c: Context<AppEnv>): Promise<ProductState[]> {
  const { products } = await (await availabilityResponse(c)).json<{ products: ProductState[] }>();
  return products;
}
