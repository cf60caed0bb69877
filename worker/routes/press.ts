import { Hono } from 'hono';
import { now } from '../clock';
import { pressBiosLanguage, renderPressBiosOf, storedPressBios } from '../content/press-bios';
import { prepareStore } from '../content/seed';
import type { AppEnv } from '../env';

/**
 * The press kit's files that follow what is published: the speakers' bios in each language
 * (worker/content/press-bios.ts). The rest of the kit is static under public/press/ and answered
 * by the assets layer before the worker; any other miss falls through to the site's 404.
 */
export const press = new Hono<AppEnv>().get('/press/:file{[a-z0-9-]+\\.pdf}', async (c, next) => {
  const path = new URL(c.req.url).pathname;
  const lang = pressBiosLanguage(path);
  if (!lang) return next();
  let pdf = await storedPressBios(c.env, lang);
  if (!pdf) {
    // Before any publication rendered them (a fresh store, a new namespace): once, from the store.
    const at = now(c);
    await prepareStore(c.env.CONTENT_DB, at, c.env.ENVIRONMENT);
    pdf = await renderPressBiosOf(c.env, lang, at);
  }
  return c.body(new Uint8Array(pdf), 200, {
    'Content-Type': 'application/pdf',
    'Content-Disposition': `attachment; filename="${path.slice(path.lastIndexOf('/') + 1)}"`,
    'Cache-Control': 'public, max-age=60',
  });
});
