import { Hono } from 'hono';
import { boxOffice } from '../box-office/box-office';
import { now } from '../clock';
import type { AppEnv } from '../env';

/** How long the edge may answer availability from its cache. */
export const AVAILABILITY_MAX_AGE_SECONDS = 5;

/**
 * `GET /api/availability`: `{ products: [{ id, status, remaining }] }`, the live state of every
 * product (`on_sale`, `sold_out`, `closed`; `remaining` null where unlimited). Cached at the edge
 * for a few seconds, so a rush on the ticket page reads the box office a few times, not per visitor.
 */
export const availability = new Hono<AppEnv>().get('/', async (c) => {
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
});
