import { SELF } from 'cloudflare:test';
import { describe, expect, it, vi } from 'vitest';
import { ORIGIN, visit } from './platform';

const get = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
  SELF.fetch(`${ORIGIN}${path}`, { method, headers, redirect: 'manual' });

describe('language redirects', () => {
  it('redirects / to Polish when nothing is known about the visitor', async () => {
    const res = await get('/');
    expect(res.status).toBe(302);
    expect(res.headers.get('Location')).toBe('/pl');
    expect(res.headers.get('Vary')).toBe('Cookie, Accept-Language');
    expect(res.headers.get('Cache-Control')).toContain('no-store');
  });

  it('redirects / to the cookie language before Accept-Language', async () => {
    const res = await get('/', { Cookie: 'theme=dark; i18nextLng=de', 'Accept-Language': 'es' });
    expect(res.headers.get('Location')).toBe('/de');
  });

  it('reads the cookie language case-insensitively', async () => {
    const res = await get('/', { Cookie: 'i18nextLng=en-US' });
    expect(res.headers.get('Location')).toBe('/en-us');
  });

  it('ignores an unsupported cookie language and uses Accept-Language', async () => {
    const res = await get('/', { Cookie: 'i18nextLng=fr', 'Accept-Language': 'es-MX,es;q=0.9' });
    expect(res.headers.get('Location')).toBe('/es');
  });

  it.each([
    ['en-US,en;q=0.9', '/en-us'],
    ['en-GB', '/en-gb'],
    ['en-AU,en;q=0.8', '/en-gb'],
    ['en', '/en-gb'],
    ['fr-FR,de;q=0.7,pl;q=0.9', '/pl'],
    ['de-AT', '/de'],
    ['fr, it', '/pl'],
    ['es;q=0, de;q=0.1', '/de'],
    ['*', '/pl'],
  ])('redirects / for Accept-Language %s to %s', async (header, location) => {
    const res = await get('/', { 'Accept-Language': header });
    expect(res.headers.get('Location')).toBe(location);
  });

  it('prefixes a page path without language and keeps the query', async () => {
    const res = await get('/kup-bilet?utm_source=news&x=1');
    expect(res.status).toBe(302);
    expect(res.headers.get('Location')).toBe('/pl/kup-bilet?utm_source=news&x=1');
  });

  it('sends a bare special-event path straight to the canonical page of the cookie language', async () => {
    const res = await get('/Miss-AI/', { Cookie: 'i18nextLng=es' });
    expect(res.headers.get('Location')).toBe('/es/miss-ai');
  });

  // Found by the property tests: the assets layer decodes a path and redirects once more for these
  // spellings, so the language redirect must already point at the final URL.
  it.each([
    ['/%2F', '/pl'],
    ['/index.html', '/pl'],
    ['/...html', '/pl'],
    ['/program/index.html', '/pl/program'],
    ['/program.html', '/pl/program'],
    ['/%70rogram', '/pl/program'],
    ['/kontakt%2F%2F?temat=expo', '/pl/kontakt?temat=expo'],
    ['/x%2F..%2Fprogram', '/pl/x/program'],
  ])('redirects %s in one hop to %s', async (path, location) => {
    const res = await visit(`${ORIGIN}${path}`);
    expect(res.status).toBe(302);
    expect(res.headers.get('Location')).toBe(location);
    const next = await visit(`${ORIGIN}${location}`);
    expect([200, 404]).toContain(next.status);
  });

  it('prefixes an unknown path too, which then answers 404', async () => {
    const first = await get('/nie-ma-takiej');
    expect(first.headers.get('Location')).toBe('/pl/nie-ma-takiej');
    const second = await get(first.headers.get('Location') ?? '');
    expect(second.status).toBe(404);
  });

  it('does not redirect other methods', async () => {
    const res = await get('/kup-bilet', {}, 'POST');
    expect(res.status).toBe(404);
    expect(res.headers.get('Location')).toBeNull();
  });

  it('redirects HEAD like GET', async () => {
    const res = await get('/program', {}, 'HEAD');
    expect(res.status).toBe(302);
    expect(res.headers.get('Location')).toBe('/pl/program');
  });
});

describe('canonical URLs', () => {
  it.each([
    ['/PL/program', '/pl/program'],
    ['/En-GB/kontakt', '/en-gb/kontakt'],
    ['/de/Program', '/de/program'],
    ['/pl//program', '/pl/program'],
    ['//pl/program', '/pl/program'],
    ['/es/wspolpraca//dla-wystawcy', '/es/wspolpraca/dla-wystawcy'],
    ['/DE', '/de'],
    ['/%70l/program', '/pl/program'],
  ])('redirects %s once to %s', async (path, location) => {
    const res = await get(path);
    expect(res.status).toBe(301);
    expect(res.headers.get('Location')).toBe(location);
    const next = await get(location);
    expect(next.status).toBe(200);
  });

  // Through the platform's routing: the assets layer answers most of these itself (307), the
  // worker the ones wrangler.toml sends it first (`/*/index/*`), which would otherwise take two hops.
  it.each(
    ['/pl', '/de/program', '/es/wspolpraca/dla-wystawcy'].flatMap((page) =>
      ['/', '//', '/index', '/index/', '/index//', '/index.html', '/index.html/', '/index/index.html', '.html/'].map(
        (ending) => [page + ending, page] as const,
      ),
    ),
  )('answers %s with one redirect to %s', async (path, page) => {
    const res = await visit(ORIGIN + path);
    expect([301, 307]).toContain(res.status);
    expect(res.headers.get('Location')).toBe(page);
    expect((await visit(ORIGIN + page)).status).toBe(200);
  });

  it('keeps the query on a canonical redirect', async () => {
    const res = await get('/PL/kontakt?temat=expo');
    expect(res.headers.get('Location')).toBe('/pl/kontakt?temat=expo');
  });

  it('redirects /{lang}/rejestracja to the ticket page of that language', async () => {
    const res = await get('/de/rejestracja?plan=vip');
    expect(res.status).toBe(302);
    expect(res.headers.get('Location')).toBe('/de/kup-bilet?plan=vip');
  });

  it('redirects a bare /rejestracja to the ticket page in one hop', async () => {
    const res = await get('/rejestracja', { 'Accept-Language': 'en-US' });
    expect(res.headers.get('Location')).toBe('/en-us/kup-bilet');
  });
});

describe('open-redirect safety', () => {
  const hostile = [
    '//evil.example',
    '///evil.example',
    '/\\evil.example',
    '/\\/evil.example',
    '/%2F%2Fevil.example',
    '/%5C%5Cevil.example',
    '/https://evil.example',
    '/http:%2F%2Fevil.example/x',
    '/%09/evil.example',
    '/.//evil.example',
    '/..//evil.example',
    '/pl/..//evil.example',
    '/%2e%2e//evil.example',
    '/@evil.example',
    '/ /evil.example',
  ];
  it.each(hostile)('answers %s with a same-origin path', async (path) => {
    const res = await get(path);
    const location = res.headers.get('Location');
    if (location === null) {
      expect(res.status).toBe(404);
      return;
    }
    expect(location).toMatch(/^\/[^/\\]/);
    expect(new URL(location, ORIGIN).origin).toBe(ORIGIN);
    const next = await get(location);
    expect([200, 404]).toContain(next.status);
  });
});

describe('404', () => {
  it('answers an unknown page under a language with the translated 404 page', async () => {
    const log = vi.spyOn(console, 'log');
    const res = await get('/de/gibt-es-nicht', { Referer: 'https://kongres.test/de' });
    expect(res.status).toBe(404);
    expect(res.headers.get('Content-Type')).toContain('text/html');
    const html = await res.text();
    expect(html).toContain('<html lang="de">');
    expect(html).toContain('name="robots" content="noindex"');
    const line = log.mock.calls.map((call) => String(call[0])).find((text) => text.includes('not_found'));
    expect(JSON.parse(line ?? '{}')).toEqual({
      event: 'not_found',
      path: '/de/gibt-es-nicht',
      language: 'de',
      referrer: 'https://kongres.test/de',
    });
  });

  it('does not serve the internal 404 files at their own path', async () => {
    const res = await get('/_internal/404/pl');
    expect(res.status).toBe(302);
    expect(res.headers.get('Location')).toBe('/pl/_internal/404/pl');
  });
});
