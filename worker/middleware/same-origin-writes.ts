import type { Context, Next } from 'hono';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing requests from other sites: a browser's `Sec-Fetch-Site: cross-site` or an
 * `Origin` other than the site's own. Requests without either (server-to-server, like Stripe's
 * webhook, or curl) pass; the webhook is authenticated by its signature.
 */
export async function sameOriginWrites(c: Context, next: Next) {
  if (!SAFE_METHODS.has(c.req.method)) {
    const site = c.req.header('Sec-Fetch-Site');
    const origin = c.req.header('Origin');
    const own = new URL(c.req.url).origin;
    if (site === 'cross-site' || (origin && origin !== 'null' && origin !== own) || origin === 'null') {
      return c.json({ error: 'cross_site_request' }, 403);
    }
  }
  await next();
}
