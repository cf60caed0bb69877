import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LANGUAGES } from '../../site/languages';
import { PAGES } from '../../site/pages';
import { ORIGIN, visitDirect as visit } from './platform';

// Property tests of the edge over the platform's routing (assets first, then the worker): for any
// path and any language headers the answer is never a 5xx, a redirect never leaves the origin,
// and one redirect always lands on something that is not a redirect.

const prefixes = LANGUAGES.flatMap((l) => [l.prefix, l.prefix.toUpperCase(), l.code]);
const slugs = PAGES.map((p) => p.slug).filter(Boolean);

/** One path segment: known prefixes and slugs, tricks seen in open-redirect reports, random text. */
const segment = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...prefixes, ...slugs, 'rejestracja', 'miss-ai', 'Program', 'kup-bilet') },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      '',
      '.',
      '..',
      '%2e',
      '%2e%2e',
      '%2F',
      '%2f%2f',
      '%5C',
      '%5c%5c',
      '\\',
      '\\\\',
      '%09',
      '%0d%0a',
      '%00',
      ' ',
      'evil.example',
      '@evil.example',
      'http:',
      'https:',
      'javascript:alert(1)',
      'index.html',
      'index',
      '_internal',
      '404',
      'assets',
      'favicon.svg',
      '~',
      ';',
      '%',
      '%zz',
      'ą',
      'żółć',
      '日本語',
      '🤖',
      'e\u0301',
    ),
  },
  { weight: 2, arbitrary: fc.webSegment() },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 12 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 8 }) },
);
const separator = fc.constantFrom('/', '/', '/', '//', '///', '\\', '/\\', '\\/', '/./', '/../');
/** Kept under the 16 KB URL limits of browsers and the platform. */
const longSegment = fc.integer({ min: 200, max: 3000 }).map((n) => 'a'.repeat(n));

const path = fc
  .tuple(
    fc.constantFrom('/', '//', '///', '\\', '/\\', '/%2F', '/%5C'),
    fc.array(fc.tuple(fc.oneof({ weight: 9, arbitrary: segment }, { weight: 1, arbitrary: longSegment }), separator), {
      maxLength: 5,
    }),
    fc.constantFrom('', '', '/', '//', '\\', '/index.html', '.html'),
  )
  .map(([start, parts, end]) => start + parts.map(([s, sep], i) => (i ? sep : '') + s).join('') + end);

const query = fc.oneof(
  fc.constant(''),
  fc.constant('?'),
  fc.webQueryParameters().map((q) => `?${q}`),
  fc.constantFrom('?next=//evil.example', '?url=https://evil.example', '?a=1&a=2', '?%zz', '?\\'),
  fc.string({ unit: 'grapheme', maxLength: 20 }).map((q) => `?${q}`),
);
const fragment = fc.constantFrom('', '', '#top', '#//evil.example');

/** A header value as a browser sends it: printable ASCII (fetch refuses CR, LF and NUL). */
const headerText = (maxLength: number) =>
  fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)), maxLength });

const acceptLanguage = fc.option(
  fc.oneof(
    fc.constantFrom('en-US,en;q=0.9', 'en-GB', 'en', 'de-AT', 'es-MX,es;q=0.9', 'fr, it', '*', 'pl;q=abc', ';;;,,,'),
    fc
      .array(
        fc.tuple(
          fc.constantFrom('pl', 'en', 'en-us', 'EN-GB', 'de', 'es', 'fr', 'x-klingon', '*', ''),
          fc.option(fc.double({ min: -1, max: 2, noNaN: true }), { nil: undefined }),
        ),
        { maxLength: 6 },
      )
      .map((items) => items.map(([tag, q]) => (q === undefined ? tag : `${tag};q=${q}`)).join(',')),
    headerText(60),
    fc.integer({ min: 1000, max: 6000 }).map((n) => `en;q=0.5,${'x'.repeat(n)}`),
  ),
  { nil: undefined },
);

const cookie = fc.option(
  fc.oneof(
    fc
      .constantFrom(...LANGUAGES.flatMap((l) => [l.code, l.prefix, l.code.toUpperCase()]), 'fr', '', '=', '%2F%2Fevil')
      .map((value) => `i18nextLng=${value}`),
    fc.tuple(headerText(20), headerText(20)).map(([junk, value]) => `${junk}; i18nextLng=${value}; theme=dark`),
    headerText(80),
  ),
  { nil: undefined },
);

const request = fc.record({
  method: fc.constantFrom('GET', 'GET', 'GET', 'HEAD'),
  url: fc.tuple(path, query, fragment).map(([p, q, f]) => `${ORIGIN}${p}${q}${f}`),
  acceptLanguage,
  cookie,
});

type Generated = typeof request extends fc.Arbitrary<infer T> ? T : never;

const headersOf = (r: Generated) => {
  const headers: Record<string, string> = {};
  if (r.acceptLanguage !== undefined) headers['Accept-Language'] = r.acceptLanguage;
  if (r.cookie !== undefined) headers.Cookie = r.cookie;
  return headers;
};

const isRedirect = (status: number) => status >= 300 && status < 400;

/** A Location a browser resolves to this origin: exactly one leading slash, no backslash, no controls. */
function expectSameOriginLocation(location: string | null, from: string) {
  expect(location, `redirect from ${from} without Location`).not.toBeNull();
  const value = location ?? '';
  expect(value, `Location of ${from}`).toMatch(/^\/(?![/\\])/);
  // Browsers read a backslash in the path as a slash and drop tabs and newlines anywhere.
  expect(value.split('?')[0], `Location of ${from}`).not.toContain('\\');
  const controls = [...value].filter((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f);
  expect(controls, `Location of ${from}`).toEqual([]);
  expect(new URL(value, ORIGIN).origin, `Location of ${from}`).toBe(ORIGIN);
}

describe('edge properties (fast-check)', () => {
  // Hundreds of 404 log lines would bury the report; the log line itself is pinned in edge.test.ts.
  beforeAll(() => {
    vi.spyOn(console, 'log').mockImplementation(() => {});
  });
  afterAll(() => {
    vi.restoreAllMocks();
  });

  it('for any path and language headers: no 5xx, same-origin Location, and at most one redirect', async () => {
    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        // A URL that cannot be parsed never reaches the worker (the client refuses to send it).
        fc.pre(URL.canParse(r.url));
        const headers = headersOf(r);
        const first = await visit(r.url, { method: r.method, headers });
        await first.body?.cancel();
        expect(first.status, `${r.method} ${r.url}`).toBeLessThan(500);
        if (!isRedirect(first.status)) return;

        const location = first.headers.get('Location');
        expectSameOriginLocation(location, r.url);
        const next = await visit(new URL(location ?? '/', ORIGIN).href, { method: r.method, headers });
        await next.body?.cancel();
        expect(isRedirect(next.status), `${r.url} -> ${location} -> ${next.headers.get('Location')}`).toBe(false);
        expect(next.status, `${r.url} -> ${location}`).toBeLessThan(500);
      }),
      { numRuns: 600 },
    );
  }, 60_000);

  it('redirects every hostile start of a path to a path on this site', async () => {
    const hostile = fc
      .tuple(
        fc.constantFrom('//', '/\\', '\\\\', '/%2F', '/%5C', '/%2F%2F', '/.//', '/..//', '///', '/%09/'),
        fc.constantFrom('evil.example', 'evil.example/pl', '@evil.example', 'evil.example:443', '1.2.3.4'),
        fc.constantFrom('', '/', '/pl/program', '?x=1'),
      )
      .map(([start, host, rest]) => `${ORIGIN}${start}${host}${rest}`);
    await fc.assert(
      fc.asyncProperty(hostile, cookie, async (url, cookieHeader) => {
        const res = await visit(url, cookieHeader === undefined ? {} : { headers: { Cookie: cookieHeader } });
        await res.body?.cancel();
        expect(res.status, url).toBeLessThan(500);
        if (isRedirect(res.status)) expectSameOriginLocation(res.headers.get('Location'), url);
      }),
      { numRuns: 100 },
    );
  }, 30_000);
});
