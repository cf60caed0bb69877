import type { Context, Next } from 'hono';
import { securityHeaders } from '../../site/security';

const HEADERS = Object.entries(securityHeaders(import.meta.env?.VITE_FOOTER_BASE_URL));

/**
 * Adds the security headers to every response the worker answers, including errors. A header the
 * response already has is kept: pages passed through from the assets binding carry the build's
 * `_headers`, whose CSP also allows the pages' inline boot script by its hash.
 */
export async function withSecurityHeaders(c: Context, next: Next) {
  await next();
  const missing = HEADERS.filter(([name]) => !c.res.headers.has(name));
  if (missing.length === 0 && !c.res.headers.has('X-Powered-By')) return;
  const apply = (headers: Headers) => {
    for (const [name, value] of missing) headers.set(name, value);
    headers.delete('X-Powered-By');
  };
  // Responses passed through from the assets binding have immutable headers: copy them first.
  try {
    apply(c.res.headers);
  } catch {
    c.res = new Response(c.res.body, c.res);
    apply(c.res.headers);
  }
}
