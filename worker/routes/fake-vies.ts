import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { ApiError } from '../errors';
import { fakeVies } from '../tax/vies-fake';

/**
 * The VIES fake (worker/tax/vies-fake.ts) on a local server, where wrangler.toml's VIES_API_BASE
 * points: the worker checks VAT numbers against itself. Production never has it (404).
 */
export const fakeViesRoute = new Hono<AppEnv>().post('/*', async (c) => {
  if (c.env.ENVIRONMENT === 'production') throw new ApiError(404, 'not_found');
  return fakeVies(c.req.raw);
});
