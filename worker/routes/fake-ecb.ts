import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { ApiError } from '../errors';
import { fakeEcb } from '../tax/ecb-fake';

/**
 * The ECB data service's stand-in (worker/tax/ecb-fake.ts) on a local server, where
 * scripts/serve.mjs points ECB_API_BASE: the OSS report's euro rate comes from the worker itself.
 * Production never has it (404).
 */
export const fakeEcbRoute = new Hono<AppEnv>().get('/*', (c) => {
  if (c.env.ENVIRONMENT === 'production') throw new ApiError(404, 'not_found');
  return fakeEcb(c.req.raw);
});
