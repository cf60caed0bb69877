import { Hono } from 'hono';
import { DEFAULT_LANGUAGE, findLanguage, language } from '../../site/languages';
import { notFoundAssetPath } from '../../site/pages';
import { preferredLanguage, resolvePath } from '../../site/routing';
import type { AppEnv } from '../index';

/**
 * Everything that is not an API route and not a static file: language redirects, canonical
 * redirects, the prerendered pages (when the assets layer did not answer first) and the 404 page.
 */
export const edge = new Hono<AppEnv>();

edge.on(['GET', 'HEAD'], '*', async (c) => {
  const url = new URL(c.req.url);
  const preferred = preferredLanguage(c.req.header('Cookie') ?? null, c.req.header('Accept-Language') ?? null);
  const resolved = resolvePath(url.pathname, url.search, preferred);

  if (resolved.kind === 'redirect') {
    return new Response(null, {
      status: resolved.permanent ? 301 : 302,
      headers: {
        Location: resolved.location,
        Vary: 'Cookie, Accept-Language',
        'Cache-Control': resolved.permanent ? 'public, max-age=3600' : 'private, no-store',
      },
    });
  }

  if (resolved.kind === 'page') {
    const asset = await c.env.ASSETS.fetch(new URL(url.pathname, url));
    if (asset.ok) return asset;
    // In `vite dev` nothing is prerendered: serve the app shell and let the client render.
    return c.env.ASSETS.fetch(new URL('/client/index.html', url));
  }

  return notFound(c.env, url, resolved.lang, referrerForLog(c.req.header('Referer')));
});

// Only GET and HEAD are redirected or given pages; any other method on a page path is a miss.
edge.all('*', (c) => c.json({ error: 'not_found' }, 404));

/** A referrer without its query and fragment: those can carry secrets (an order's token). */
function referrerForLog(referrer: string | undefined): string | null {
  if (!referrer) return null;
  try {
    const url = new URL(referrer);
    return url.origin + url.pathname;
  } catch {
    return null;
  }
}

async function notFound(env: Env, url: URL, lang: string, referrer: string | null) {
  console.log(JSON.stringify({ event: 'not_found', path: url.pathname, language: lang, referrer }));
  const prefix = findLanguage(lang)?.prefix ?? language(DEFAULT_LANGUAGE).prefix;
  const asset = await env.ASSETS.fetch(new URL(notFoundAssetPath(prefix), url));
  const body = asset.ok ? asset.body : 'Not found';
  const headers = new Headers({
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': 'no-cache',
    'X-Robots-Tag': 'noindex',
  });
  // The page's CSP from the build's `_headers` allows its inline boot script by hash.
  const csp = asset.headers.get('Content-Security-Policy');
  if (asset.ok && csp) headers.set('Content-Security-Policy', csp);
  return new Response(body, { status: 404, headers });
}
