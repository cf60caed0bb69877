import type { LanguageCode } from '../../site/languages';
import { resolvePath } from '../../site/routing';
import { catalogue } from '../catalogues';
import { constantTimeEqual, cspHash, hmacSecret } from '../crypto';
import type { Bindings } from '../env';
import { ApiError } from '../errors';
import { CONTENT_PAGE_IDS, RenderFailures, renderContentPage } from './pages';
import { draftContent } from './store';

/**
 * A content page as visitors will see it once the drafts are published: the same render as a
 * publication's (`renderContentPage`), given every record's draft instead of its published copy. Never
 * stored (not in KV, not in a cache): `private, no-store`, `noindex`, and a "Preview" band.
 */

/** How long a preview link works: long enough to look, short enough that a forwarded link dies. */
export const PREVIEW_LINK_SECONDS = 15 * 60;

/** The language and path of a page that shows content, or null for any other path. */
export function previewTarget(path: string): { lang: LanguageCode; path: string } | null {
  const resolved = resolvePath(path, '', 'pl');
  if (resolved.kind !== 'page') return null;
  if (!(CONTENT_PAGE_IDS as readonly string[]).includes(resolved.page.id)) return null;
  return { lang: resolved.lang, path };
}

// The band's look, allowed by its hash in the page's CSP (the built pages allow no inline style).
// In the flow above the page, not sticky: the site's header sticks to the top and would be hidden.
const BAND_STYLE =
  '.content-preview-band{position:relative;display:flex;flex-wrap:wrap;gap:.25rem .75rem;align-items:baseline;padding:.6rem 1rem;background:#ffd84d;color:#0b1020;font:600 1rem/1.4 system-ui,sans-serif;border-bottom:3px solid #0b1020}.content-preview-band strong{text-transform:uppercase;letter-spacing:.08em}';

const escapeHtml = (text: string) =>
  text.replace(/[<>&"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c] ?? c);

const styleHash = async (css: string) => `'${await cspHash(css)}'`;

/**
 * The preview of a content page (`target` from `previewTarget`) with the drafts applied, or null
 * when its built page is missing. A draft that cannot be drawn is left out and named in the band,
 * as a publication would leave it out; a page that cannot be drawn at all is 409
 * `preview_render_failed` with the records to blame, never a bare 500.
 */
export async function previewPage(
  env: Bindings,
  target: { lang: LanguageCode; path: string },
): Promise<Response | null> {
  const built = await env.ASSETS.fetch(new URL(target.path, 'https://assets.invalid'));
  if (!built.ok) {
    await built.body?.cancel();
    return null;
  }
  const headers = new Headers(built.headers);
  const failures = new RenderFailures();
  let html: string;
  try {
    html = await renderContentPage(built, target.lang, await draftContent(env.CONTENT_DB), failures);
  } catch (error) {
    console.error(JSON.stringify({ event: 'content_preview_failed', path: target.path, message: String(error) }));
    throw new ApiError(409, 'preview_render_failed', { failures: failures.list() });
  }
  const band = catalogue('admin', target.lang).previewBand;
  const leftOut = failures.list().map((failure) => `${failure.kind}/${failure.id}`);
  const marked = await new HTMLRewriter()
    .on('head', {
      element(head) {
        head.append(`<meta name="robots" content="noindex, nofollow"><style>${BAND_STYLE}</style>`, { html: true });
      },
    })
    .on('body', {
      element(body) {
        body.prepend(
          `<div class="content-preview-band" role="status"><strong>${escapeHtml(band.label)}</strong> <span>${escapeHtml(band.text)}</span>${
            leftOut.length
              ? ` <span data-left-out>${escapeHtml(band.leftOut.replace('{{records}}', leftOut.join(', ')))}</span>`
              : ''
          }</div>`,
          { html: true },
        );
      },
    })
    .transform(new Response(html))
    .text();
  for (const name of ['ETag', 'Last-Modified', 'Content-Length', 'Age']) headers.delete(name);
  headers.set('Content-Type', 'text/html; charset=utf-8');
  headers.set('Cache-Control', 'private, no-store');
  headers.set('X-Robots-Tag', 'noindex, nofollow');
  // A signed link must not travel on to another page in a Referer.
  headers.set('Referrer-Policy', 'no-referrer');
  const csp = headers.get('Content-Security-Policy');
  if (csp) {
    const hash = await styleHash(BAND_STYLE);
    headers.set(
      'Content-Security-Policy',
      /style-src /.test(csp)
        ? csp.replace(/style-src ([^;]*)/, `style-src $1 ${hash}`)
        : `${csp}; style-src 'self' ${hash}`,
    );
  }
  return new Response(marked, { status: 200, headers });
}

const signedMessage = (path: string, expires: number) => `content-preview\n${path}\n${expires}`;

/**
 * A preview link for a browser tab (which cannot send the console's header): the path, an expiry
 * and an HMAC of both under the organisers' token, so only someone who holds the token can make
 * one, it opens only that page, and it stops working after `PREVIEW_LINK_SECONDS` (or as soon as
 * the token changes).
 */
export async function signPreviewLink(
  token: string,
  path: string,
  now: number,
): Promise<{ url: string; expiresAt: string }> {
  const expires = Math.floor(now / 1000) + PREVIEW_LINK_SECONDS;
  const signature = await hmacSecret(token, signedMessage(path, expires));
  const query = new URLSearchParams({ path, expires: String(expires), signature });
  return { url: `/api/preview?${query}`, expiresAt: new Date(expires * 1000).toISOString() };
}

/** Whether a preview link is the one `signPreviewLink` made for that path and has not expired. */
export async function verifyPreviewLink(
  token: string,
  link: { path: string; expires: string; signature: string },
  now: number,
): Promise<boolean> {
  if (!/^\d{1,12}$/.test(link.expires)) return false;
  const expires = Number(link.expires);
  if (expires * 1000 <= now || expires * 1000 > now + PREVIEW_LINK_SECONDS * 1000) return false;
  return constantTimeEqual(link.signature, await hmacSecret(token, signedMessage(link.path, expires)));
}
