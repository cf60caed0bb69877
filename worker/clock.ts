import type { Context } from 'hono';
import type { AppEnv } from './env';

/**
 * The time the shop works with. Outside production, a test server started with the `TEST_CLOCK`
 * variable (an ISO instant) works at that instant, and a request may move it with the same-named
 * header, so that browser tests of sales windows and prices never depend on today's date.
 * Production always works with the real clock.
 */
export function now(c: Context<AppEnv>): number {
  const base = c.env.TEST_CLOCK;
  if (!base || c.env.ENVIRONMENT === 'production') return Date.now();
  const instant = Date.parse(c.req.header('Test-Clock') ?? base);
  return Number.isNaN(instant) ? Date.now() : instant;
}
