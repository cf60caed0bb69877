import { Hono } from 'hono';
import { DEFAULT_LANGUAGE, findLanguage, language } from '../../site/languages';
import { notFoundAssetPath, SELLING_PAGES } from '../../site/pages';
import { preferredLanguage, resolvePath } from '../../site/routing';
import { contentSecurityPolicy } from '../../site/security';
import { EVENT_ENDS } from '../../site/tickets';
import { boxOffice } from '../box-office/box-office';
import { now } from '../clock';
import { CONTENT_PAGE_IDS, type ContentPageId, storedPage } from '../content/pages';
import { workshopTitles } from '../content/store';
import { cspHash } from '../crypto';
import type { AppEnv } from '../env';
import { productStates, withLiveState } from '../live-state';
import { orderView } from '../orders/buyer-view';
import { withOrder } from '../thanks-page';
import { ticketPageView, withTicket } from '../ticket-page';
import { openTicket } from '../tickets/holder';

/**
 * Everything that is not an API route and not a static file: language redirects, canonical
 * redirects, the prerendered pages (when the assets layer did not answer first) and the 404 page.
 */
const isContentPage = (id: string): id is ContentPageId => (CONTENT_PAGE_IDS as readonly string[]).includes(id);

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

  // A ticket's own page exists only for its holder's current link: anything else is the 404 page.
  if (resolved.kind === 'page' && resolved.page.id === 'ticket') {
    const opened = await openTicket(c.env, url.searchParams.get('ticket') ?? '', url.searchParams.get('key') ?? '');
    const built = opened && (await c.env.ASSETS.fetch(new URL(url.pathname, url)));
    if (!opened || !built?.ok) {
      await built?.body?.cancel();
      return notFound(c.env, url, resolved.lang, null);
    }
    return withTicket(built, resolved.lang, await ticketPageView(c.env, opened, resolved.lang, url.origin, now(c)));
  }

  if (resolved.kind === 'page') {
    const built = await c.env.ASSETS.fetch(new URL(url.pathname, url));
    // A page that shows published content is its copy rendered from the store (one KV read); a
    // selling page among them (home, kup-bilet) then gets the products' live state written in.
    const asset =
      built.ok && c.req.method === 'GET' && isContentPage(resolved.page.id)
        ? await storedPage(c.env, url.pathname, built)
        : built;
    if (asset.ok && c.req.method === 'GET' && SELLING_PAGES.includes(resolved.page.id)) {
      return withLiveState(asset, resolved.lang, now(c), productStates(c));
    }
    if (asset.ok && c.req.method === 'GET' && resolved.page.id === 'thanks') {
      // A parameter given twice is ambiguous: the page then opens no order (and embeds no secret).
      const one = (name: string) => {
        const values = url.searchParams.getAll(name);
        return values.length === 1 ? (values[0] as string) : '';
      };
      const secret = { id: one('order'), token: one('token') };
      return withOrder(
        asset,
        c.req.url,
        resolved.lang,
        secret,
        (id, token) => orderView(c.env, id, token, now(c)),
        (ids) => workshopTitles(c.env.CONTENT_DB, ids, resolved.lang),
        // After the event: whether some ticket of the order has a certificate (the ZIP's link).
        async (orderId) =>
          now(c) < Date.parse(EVENT_ENDS)
            ? null
            : (await boxOffice(c.env.BOX_OFFICE).orderCertificates(orderId)).some((t) => t.qualifies),
      );
    }
    if (asset.ok) return asset;
    await asset.body?.cancel();
    return devShell(c.env, url);
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

/**
 * The unrendered app shell, which only `vite dev` serves: the build prerenders every page and removes
 * the shell. Vite writes React's refresh preamble into it as an inline script and adds the styles
 * as style elements, so its CSP allows exactly its inline scripts by hash, and inline styles.
 */
async function devShell(env: Env, url: URL) {
  const shell = await env.ASSETS.fetch(new URL('/client/index.html', url));
  if (!shell.ok) return shell;
  const html = await shell.text();
  const inline = [...html.matchAll(/<script\b(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
    (match) => match[1] ?? '',
  );
  const hashes = await Promise.all(inline.map(cspHash));
  return new Response(html, {
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      'Content-Security-Policy': contentSecurityPolicy(import.meta.env?.VITE_FOOTER_BASE_URL, hashes, {
        inlineStyles: true,
      }),
    },
  });
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
