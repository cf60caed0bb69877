import { createExecutionContext, env, SELF, waitOnExecutionContext } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { TURNSTILE_ORIGIN } from '../../site/turnstile';
import worker from '../../worker/index';
import { ORIGIN, visit } from './platform';

function expectSecurityHeaders(res: Response) {
  const csp = res.headers.get('Content-Security-Policy') ?? '';
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("script-src 'self'");
  expect(csp).not.toMatch(/unsafe-inline|unsafe-eval/);
  expect(csp).toContain("object-src 'none'");
  expect(csp).toContain("base-uri 'none'");
  expect(csp).toContain("frame-ancestors 'none'");
  // Turnstile's widget: its script and its frame, and no other foreign one.
  expect(csp).toContain(`frame-src 'self' ${TURNSTILE_ORIGIN}`);
  expect(csp).toContain("form-action 'self' https://checkout.stripe.com");
  expect(csp).toContain("connect-src 'self'");
  const hsts = res.headers.get('Strict-Transport-Security') ?? '';
  expect(Number(hsts.match(/max-age=(\d+)/)?.[1])).toBeGreaterThanOrEqual(31536000);
  expect(hsts).toContain('includeSubDomains');
  expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
  expect(res.headers.get('Referrer-Policy')).toBe('strict-origin-when-cross-origin');
  expect(res.headers.get('Permissions-Policy')).toContain('camera=()');
  expect(res.headers.get('X-Powered-By')).toBeNull();
}

describe('security headers on every kind of response', () => {
  it.each([
    ['a prerendered page', '/pl/program', 200],
    ['a language redirect', '/', 302],
    ['a canonical redirect', '/PL/program', 301],
    ['the 404 page', '/pl/nie-ma', 404],
    ['an API answer', '/api/footer?lang=pl', 200],
    ['an API error', '/api/orders/nope?token=x', 404],
  ])('%s', async (_, path, status) => {
    const res = await SELF.fetch(ORIGIN + path, { redirect: 'manual' });
    expect(res.status).toBe(status);
    expectSecurityHeaders(res);
  });

  it('a rejected POST', async () => {
    const res = await SELF.fetch(`${ORIGIN}/api/purchase/standard`, {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain' },
      body: 'x',
    });
    expect(res.status).toBe(415);
    expectSecurityHeaders(res);
  });

  it('an unexpected error, without details in the body', async () => {
    const broken = { ...env, BOX_OFFICE: null } as unknown as typeof env;
    const ctx = createExecutionContext();
    const res = await worker.fetch(
      new Request(`${ORIGIN}/api/admin/orders`, { headers: { Authorization: 'Bearer test-admin-token' } }),
      broken,
      ctx,
    );
    await waitOnExecutionContext(ctx);
    expect(res.status).toBe(500);
    expect(await res.text()).toBe('{"error":"internal_error"}');
    expectSecurityHeaders(res);
  });
});

/** The page's inline scripts that run (not JSON-LD data), and the sources the CSP allows by hash. */
/** Each inline block's CSP source: its SHA-256, as the policy writes it. */
const sha256Sources = (bodies: string[]) =>
  Promise.all(
    bodies.map(async (body) => {
      const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(body));
      return `'sha256-${btoa(String.fromCharCode(...new Uint8Array(digest)))}'`;
    }),
  );
/** The sources a response's CSP allows for one directive (`script-src`, `style-src`). */
function allowedBy(csp: string, directive: string): string[] {
  const found = csp.split(';').find((d) => d.trim().startsWith(directive)) ?? '';
  return found.trim().split(/\s+/).slice(1);
}

async function inlineScripts(res: Response) {
  const html = await res.text();
  const scripts = [...html.matchAll(/<script(?: [^>]*)?>([\s\S]*?)<\/script>/g)]
    .filter(([tag]) => !tag.includes('application/ld+json') && !tag.includes(' src='))
    .map(([, body]) => body ?? '');
  const csp = res.headers.get('Content-Security-Policy') ?? '';
  return { scripts, hashes: await sha256Sources(scripts), allowed: allowedBy(csp, 'script-src') };
}

describe('the pages’ inline boot script', () => {
  it.each([
    ['a prerendered page', '/pl/program', 200],
    ['the 404 page', '/de/gibt-es-nicht', 404],
  ])(
    '%s carries it and the head’s typeface line, and its CSP allows exactly those and same-origin files',
    async (_, path, status) => {
      const res = await SELF.fetch(ORIGIN + path);
      expect(res.status).toBe(status);
      const { scripts, hashes, allowed } = await inlineScripts(res);
      // The head's typeface line, the head's script that adds the whole stylesheet after the first
      // paint (a page with inline first-screen rules), the body's inlined part.
      expect(scripts).toHaveLength(3);
      expect(scripts[0]).toContain('brandFont');
      expect(scripts[1]).toMatch(/\/assets\/index-[\w-]+\.css/);
      // The inlined part answers the first taps and asks for the rest, a same-origin file.
      expect(scripts[2]).toContain('data-product');
      expect(scripts[2]).not.toContain('welcomePopupClosed');
      const file = scripts[2]?.match(/\/assets\/page-script-[0-9a-f]+\.js/)?.[0];
      expect(file).toBeDefined();
      const script = await visit(ORIGIN + file);
      expect(script.status).toBe(200);
      expect(script.headers.get('content-type')).toMatch(/javascript/);
      expect(script.headers.get('cache-control')).toContain('immutable');
      expect(await script.text()).toContain('welcomePopupClosed');
      expect([...allowed].sort()).toEqual(["'self'", ...hashes, TURNSTILE_ORIGIN].sort());
    },
  );

  it('the unrendered app shell (vite dev) allows exactly its own inline scripts, and inline styles', async () => {
    // Vite's dev server writes React's refresh preamble into the shell and serves no prerendered page.
    const shell =
      '<!doctype html><html><head><script type="module">import "/@react-refresh";</script>' +
      '<script type="module" src="/@vite/client"></script></head><body><div id="root"></div></body></html>';
    const assets = {
      fetch: async (input: Request | string | URL) =>
        new URL(input instanceof Request ? input.url : input).pathname === '/client/index.html'
          ? new Response(shell)
          : new Response('', { status: 404 }),
    };
    const ctx = createExecutionContext();
    const res = await worker.fetch(
      new Request(`${ORIGIN}/pl/program`),
      { ...env, ASSETS: assets } as unknown as typeof env,
      ctx,
    );
    await waitOnExecutionContext(ctx);
    expect(res.status).toBe(200);
    const { scripts, hashes, allowed } = await inlineScripts(res);
    expect(scripts).toEqual(['import "/@react-refresh";']);
    expect(allowed).toEqual(["'self'", ...hashes, TURNSTILE_ORIGIN]);
    expect(res.headers.get('Content-Security-Policy')).toContain("style-src 'self' 'unsafe-inline'");
  });

  it('API answers allow no inline script at all', async () => {
    const res = await SELF.fetch(`${ORIGIN}/api/footer?lang=pl`);
    const csp = res.headers.get('Content-Security-Policy') ?? '';
    expect(csp).toContain(`script-src 'self' ${TURNSTILE_ORIGIN};`);
  });
});

/** A page's inline style blocks, the sources its CSP allows for styles, and its stylesheet links. */
async function inlineStyles(res: Response) {
  const html = await res.text();
  const blocks = [...html.matchAll(/<style(?: data-lean)?>([\s\S]*?)<\/style>/g)].map(([, body]) => body ?? '');
  const hashes = await sha256Sources(blocks);
  const csp = res.headers.get('Content-Security-Policy') ?? '';
  // The links in the markup, not the one the head's script writes at a fragment.
  const markup = html.replace(/<script>[\s\S]*?<\/script>/g, '');
  const links = [...markup.matchAll(/<link rel="stylesheet"[^>]*href="([^"]+)"[^>]*>/g)].map(([tag, href]) => ({
    href,
    inNoscript: markup.includes(`<noscript>${tag}</noscript>`),
  }));
  return { blocks, hashes, allowed: allowedBy(csp, 'style-src'), links, csp };
}

describe('the pages’ first-screen CSS', () => {
  it.each([
    ['a prerendered page', '/pl/program', 200],
    ['the same page in another language', '/es/program', 200],
    ['the ticket shop', '/en-gb/kup-bilet', 200],
    ['the 404 page', '/de/gibt-es-nicht', 404],
  ])(
    '%s carries its block, its CSP allows exactly that block, and the whole stylesheet only for a browser without script',
    async (_, path, status) => {
      const res = await SELF.fetch(ORIGIN + path);
      expect(res.status).toBe(status);
      const { blocks, hashes, allowed, links, csp } = await inlineStyles(res);
      expect(blocks).toHaveLength(1);
      expect(blocks[0]?.length).toBeGreaterThan(1000);
      expect(allowed).toEqual(["'self'", ...hashes]);
      // One CSP, not the site-wide one beside the page's own (both would apply).
      expect(csp).not.toContain(',');
      expect(links).toHaveLength(1);
      expect(links[0]?.inNoscript).toBe(true);
      const sheet = await visit(ORIGIN + (links[0]?.href ?? ''));
      expect(sheet.status).toBe(200);
      expect(await sheet.text()).toContain(blocks[0]?.slice(0, 200));
    },
  );

  it('languages share a page’s block, pages of different first screens do not', async () => {
    const block = async (path: string) => (await inlineStyles(await SELF.fetch(ORIGIN + path))).blocks[0];
    const [pl, de, faq] = await Promise.all([block('/pl/prelegenci'), block('/de/prelegenci'), block('/pl/faq')]);
    expect(pl).toBe(de);
    expect(pl).not.toBe(faq);
  });

  it('a page whose first window has no room for a block (the home page) links the stylesheet and allows no inline style', async () => {
    const res = await SELF.fetch(`${ORIGIN}/pl`);
    expect(res.status).toBe(200);
    const { scripts, hashes } = await inlineScripts(res.clone());
    const { blocks, allowed, links } = await inlineStyles(res);
    // Nor the script that adds the stylesheet: two inline scripts, the site-wide CSP's two.
    expect(scripts).toHaveLength(2);
    expect(res.headers.get('Content-Security-Policy')).toContain(
      `script-src 'self' ${hashes.join(' ')} ${TURNSTILE_ORIGIN}`,
    );
    expect(blocks).toEqual([]);
    expect(allowed).toEqual(["'self'"]);
    expect(links).toEqual([{ href: expect.stringMatching(/^\/assets\/index-.+\.css$/), inNoscript: false }]);
  });
});
