import type { Context, Next } from 'hono';

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
