import { type Context, Hono } from 'hono';
import type { ProductState } from '../../site/tickets';
import { boxOffice } from '../box-office/box-office';
import { now } from '../clock';
import type { AppEnv } from '../env';

/** How long the edge may answer availability from its cache. */
export const AVAILABILITY_MAX_AGE_SECONDS = 5;

/**
 * The live state of every product as a response, from the edge cache when it is a few seconds
 * old at most, so a rush on the selling pages reads the box office a few times, not per visitor.
 */
async function availabilityResponse(c: Context<AppEnv>): Promise<Response> {
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

/**
 * `GET /api/availability`: `{ products: [{ id, status, remaining }] }`, the live state of every
 * product (`on_sale`, `sold_out`, `closed`; `remaining` null where unlimited), cached at the edge
 * for a few seconds.
 */
export const availability = new Hono<AppEnv>().get('/', (c) => availabilityResponse(c));
