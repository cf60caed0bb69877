import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { ApiError } from '../errors';
import { fakeSiteverify } from '../turnstile/fake';

/**
 * Turnstile's siteverify faked (worker/turnstile/fake.ts) on a local server, where a local
 * TURNSTILE_VERIFY_URL points (scripts/serve.mjs with TURNSTILE=test): the worker checks tokens
 * against itself. Production never has it (404), and ignores TURNSTILE_VERIFY_URL.
 */
export const fakeTurnstileRoute = new Hono<AppEnv>().post('/siteverify', async (c) => {
  if (c.env.ENVIRONMENT === 'production') throw new ApiError(404, 'not_found');
  return fakeSiteverify(c.req.raw);
});
