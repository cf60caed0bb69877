import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { endTime, startTime } from 'hono/timing';
import { constantTimeEqual } from '../crypto';
import type { AppEnv } from '../env';
import { ApiError } from '../errors';
import { clientIp } from './rate-limit';

/** The shortest organiser token production accepts: 32 characters of a random secret. */
export const MIN_ADMIN_TOKEN_LENGTH = 32;

/** Failed sign-ins per address and minute before every further try answers 429 (ADMIN_LIMITER). */
export const SIGN_IN_PERIOD_SECONDS = 60;

/**
 * Organisers only: `Authorization: Bearer <ADMIN_TOKEN>`, compared in constant time. While no token
 * is configured the routes do not exist (404); in production a token shorter than 32 characters is
 * refused as a configuration error (503), since a short one can be guessed. A wrong token counts
 * against the address's sign-in limit: a few failures a minute, then 429 until the minute is over,
 * so a token cannot be guessed at speed. Answers are never cached.
 */
export const organisersOnly = createMiddleware<AppEnv>(async (c, next) => {
  startTime(c, 'auth', 'organiser check');
  try {
    await check(c);
  } finally {
    endTime(c, 'auth');
  }
  c.header('Cache-Control', 'private, no-store');
  await next();
});

async function check(c: Context<AppEnv>) {
  const token = c.env.ADMIN_TOKEN;
  if (!token) throw new ApiError(404, 'not_found');
  if (c.env.ENVIRONMENT === 'production' && token.length < MIN_ADMIN_TOKEN_LENGTH) {
    console.error(JSON.stringify({ event: 'admin_token_too_short', minimum: MIN_ADMIN_TOKEN_LENGTH }));
    throw new ApiError(503, 'admin_unavailable');
  }
  const given = c.req.header('Authorization')?.match(/^Bearer (.+)$/)?.[1] ?? '';
  if (!constantTimeEqual(given, token)) {
    const limiter = c.env.ADMIN_LIMITER;
    if (limiter && !(await limiter.limit({ key: `sign-in:${clientIp(c)}` })).success) {
      console.warn(JSON.stringify({ event: 'admin_sign_in_throttled' }));
      c.header('Retry-After', String(SIGN_IN_PERIOD_SECONDS));
      throw new ApiError(429, 'rate_limited');
    }
    c.header('WWW-Authenticate', 'Bearer');
    throw new ApiError(401, 'unauthorized');
  }
}

/**
 * Who made a change, for the logs and the content history: the name the console sends
 * (`X-Organiser`, given at sign-in), else `fallback`. Until staff sign in with their own identity,
 * the token is shared and this name is what organisers typed.
 */
export function organiserName(c: Context<AppEnv>, fallback = 'organiser'): string {
  const name = c.req.header('X-Organiser')?.trim() ?? '';
  return /^[\p{L}\p{N} .,'@_-]{1,60}$/u.test(name) ? name : fallback;
}
