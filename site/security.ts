/**
 * Security headers for every response: static files get them from the `_headers` file the build
 * writes, worker responses from middleware. One list, so the two cannot drift apart.
 */

import { TURNSTILE_ORIGIN } from './turnstile';

/** Hosts the browser may be sent to for payment (form-action) besides the site itself. */
export const PAYMENT_HOSTS = ['https://checkout.stripe.com'] as const;

/** Origin of the footer service when it is not the site itself (build-time VITE_FOOTER_BASE_URL). */
export function footerOrigin(base: string | undefined): string | undefined {
  if (!base) return undefined;
  try {
    return new URL(base).origin;
  } catch {
    return undefined;
  }
}

/**
 * The Content-Security-Policy: no eval'd script and no inline script but the ones allowed by hash
 * (the pages' own boot script), no foreign origin but the ones named: the footer service, the
 * payment hosts, and Cloudflare Turnstile's script and frame (loaded only when a form is first used). `inlineStyles` is for Vite's
 * dev server only, which puts the stylesheets into the page as style elements.
 */
export function contentSecurityPolicy(
  footerBase?: string,
  scriptHashes: readonly string[] = [],
  { inlineStyles = false, styleHashes = [] as readonly string[] } = {},
): string {
  const footer = footerOrigin(footerBase);
  return [
    "default-src 'self'",
    ['script-src', "'self'", ...scriptHashes.map((hash) => `'${hash}'`), TURNSTILE_ORIGIN].join(' '),
    inlineStyles
      ? "style-src 'self' 'unsafe-inline'"
      : ['style-src', "'self'", ...styleHashes.map((hash) => `'${hash}'`)].join(' '),
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src 'self'${footer ? ` ${footer}` : ''}`,
    `frame-src 'self' ${TURNSTILE_ORIGIN}`,
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    `form-action 'self' ${PAYMENT_HOSTS.join(' ')}`,
    "manifest-src 'self'",
  ].join('; ');
}

/**
 * All security headers as name/value pairs; `styleHashes` allow a page's inline first-screen CSS
 * (scripts/critical-css.ts).
 */
export function securityHeaders(
  footerBase?: string,
  scriptHashes: readonly string[] = [],
  styleHashes: readonly string[] = [],
): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(footerBase, scriptHashes, { styleHashes }),
    'Strict-Transport-Security': 'max-age=31536000; includeSubDomains',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    // No `interest-cohort`: FLoC is gone from Chrome, which now reports the unknown feature.
    'Permissions-Policy':
      'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()',
    'X-Frame-Options': 'DENY',
    'Cross-Origin-Opener-Policy': 'same-origin',
  };
}

/**
 * Headers that only a document (or a worker's script) reads. The hashed files under /assets/ are
 * stylesheets, scripts, fonts and images, none of them a document or a worker (the door's service
 * worker is served from /admin/), so these are left off them: on the stylesheet they were 675 B of
 * its response, which took it past TCP's first window (one more round trip before the first paint).
 * `nosniff`, the referrer policy (a stylesheet's own requests follow it) and HSTS stay.
 */
export const DOCUMENT_ONLY_HEADERS = [
  'Content-Security-Policy',
  'Permissions-Policy',
  'Cross-Origin-Opener-Policy',
  'X-Frame-Options',
] as const;

/**
 * Pages that share an inline first-screen block: their `_headers` paths, the block's CSP hash, and
 * the inline scripts only those pages carry (the one that adds the whole stylesheet).
 */
export interface StyleBlockRule {
  paths: readonly string[];
  hash: string;
  scripts?: readonly string[];
}

/**
 * The `_headers` file for the static assets (Cloudflare's format), with cache rules. Each family of
 * pages with an inline first-screen block gets the CSP again with that block's hash: the rule
 * removes the CSP of `/*` first (`! Name`), as two CSP headers would both apply and the first one
 * forbids the block.
 */
export function headersFile(
  footerBase?: string,
  scriptHashes: readonly string[] = [],
  styleBlocks: readonly StyleBlockRule[] = [],
): string {
  const security = Object.entries(securityHeaders(footerBase, scriptHashes))
    .map(([name, value]) => `  ${name}: ${value}`)
    .join('\n');
  const blocks = styleBlocks.flatMap(({ paths, hash, scripts = [] }) => {
    const csp = contentSecurityPolicy(footerBase, [...scriptHashes, ...scripts], { styleHashes: [hash] });
    return paths.flatMap((path) => [path, '  ! Content-Security-Policy', `  Content-Security-Policy: ${csp}`]);
  });
  return [
    '/*',
    security,
    ...blocks,
    '/assets/*',
    '  Cache-Control: public, max-age=31536000, immutable',
    // Cloudflare's `! Name` removes a header an earlier rule attached.
    ...DOCUMENT_ONLY_HEADERS.map((name) => `  ! ${name}`),
    '',
  ].join('\n');
}
