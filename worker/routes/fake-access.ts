import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { ApiError } from '../errors';
import { fakeAccess } from '../staff/access-fake';

/** Where the Access fake is served on a local server. */
export const FAKE_ACCESS_PATH = '/_fake/access';

/**
 * Cloudflare Access's signing keys faked (worker/staff/access-fake.ts) on a local server, so that a
 * local ACCESS_TEAM_DOMAIN of `http://127.0.0.1:<port>/_fake/access/<team>` can be tried end to end.
 * Production never has it (404).
 */
export const fakeAccessRoute = new Hono<AppEnv>().on(['GET', 'POST'], '/*', async (c) => {
  if (c.env.ENVIRONMENT === 'production') throw new ApiError(404, 'not_found');
  return fakeAccess(c.req.raw, new URL(FAKE_ACCESS_PATH, c.req.url).href);
});
