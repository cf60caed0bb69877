import type { Context, Next } from 'hono';
import { securityHeaders } from '../site/security';

const HEADERS = Object.entries(securityHeaders(import.meta.env?.VITE_FOOTER_BASE_URL));

/**
 * Adds the security headers to every response the worker answers, including errors. A header the
 * response already has is kept: pages passed through from the assets binding carry the build's
 * `_headers`, whose CSP also allows the pages' inline boot script by its hash.
 */
export async function withSecurityHeaders(c: Context, next: Next) {
  await next();
  const missing = HEADERS.filter(([name]) => !c.res.headers.has(name));
  if (missing.length === 0 && !c.res.headers.has('X-Powered-By')) return;
  const apply = (headers: Headers) => {
    for (const [name, value] of missing) headers.set(name, value);
    headers.delete('X-Powered-By');
  };
  // Responses passed through from the assets binding have immutable headers: copy them first.
  try {
    apply(c.res.headers);
  } catch {
    c.res = new Response(c.res.body, c.res);
    apply(c.res.headers);
  }
}

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

/** The client's address as Cloudflare reports it; every request without one shares a bucket. */
export const clientIp = (c: Context) => c.req.header('CF-Connecting-IP') ?? 'unknown';

/**
 * Per-IP rate limit with a Workers Rate Limiting binding: over the limit answers 429 with
 * Retry-After (the binding's period) before the body is read.
 */
export function rateLimit(pick: (env: Env) => RateLimit | undefined, periodSeconds = 60) {
  return async (c: Context<{ Bindings: Env }>, next: Next) => {
    const limiter = pick(c.env);
    if (limiter) {
      const { success } = await limiter.limit({ key: clientIp(c) });
      if (!success) {
        c.header('Retry-After', String(periodSeconds));
        return c.json({ error: 'rate_limited' }, 429);
      }
    }
    await next();
  };
}
