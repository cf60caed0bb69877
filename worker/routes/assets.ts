import { Hono } from 'hono';
import type { AppEnv } from '../env';

/**
 * A retried load of the app (client/boot.ts) asks for its bundles under `/assets/retry-<n>/`: the
 * same files at new URLs, because some browsers keep a module that failed to load in their module
 * map and never request its URL again. Anything else under /assets/ that the assets layer did not
 * have is a plain 404.
 */
export const assets = new Hono<AppEnv>();

assets.get('/:retry{retry-[0-9]{1,3}}/:file{[\\w-]+\\.(?:js|css)}', async (c, next) => {
  const file = await c.env.ASSETS.fetch(new URL(`/assets/${c.req.param('file')}`, c.req.url));
  if (file.ok) return file;
  await file.body?.cancel();
  return next();
});

assets.all('*', (c) => c.json({ error: 'not_found' }, 404));
