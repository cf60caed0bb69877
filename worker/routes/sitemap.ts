import { Hono } from 'hono';
import { SITEMAP_PATH } from '../../site/sitemap';
import { storedSitemap } from '../content/sitemap';
import type { AppEnv } from '../env';

/** `GET /sitemap.xml`: one KV read (worker/content/sitemap.ts); crawlers see a publication within a minute. */
export const sitemap = new Hono<AppEnv>().get(SITEMAP_PATH, async (c) =>
  c.body(await storedSitemap(c.env), 200, {
    'Content-Type': 'application/xml; charset=utf-8',
    'Cache-Control': 'public, max-age=60',
  }),
);
