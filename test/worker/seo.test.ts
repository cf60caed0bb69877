import { describe, expect, it } from 'vitest';
import { SITE_ORIGIN } from '../../site/event';
import { LANGUAGES } from '../../site/languages';
import { PAGES as ALL_PAGES, href, LINK_ONLY_PAGES, NOINDEX_PAGES } from '../../site/pages';

// A page behind a link's secret (a ticket's own) is the 404 page at its bare path: its own tests check it.
const PAGES = ALL_PAGES.filter((p) => !LINK_ONLY_PAGES.includes(p.id));

import { EVENT_ENDS, EVENT_STARTS, PRODUCT_IDS } from '../../site/tickets';
import { ORIGIN, visit } from './platform';

const get = (path: string) => visit(ORIGIN + path);
const meta = (html: string, attr: 'name' | 'property', key: string) =>
  html.match(new RegExp(`<meta ${attr}="${key}" content="([^"]*)"`))?.[1];

const ALL = LANGUAGES.flatMap((lang) => PAGES.map((page) => ({ lang, page, path: href(lang.code, page.id) })));

describe('search and preview tags', () => {
  it.each(ALL.map((x) => [x.path, x] as const))(
    '%s has unique title, description, Open Graph and Twitter tags',
    async (_, { lang, path }) => {
      const html = await (await get(path)).text();
      expect(html).toMatch(/<title>[^<]{10,}<\/title>/);
      expect(meta(html, 'name', 'description')?.length).toBeGreaterThan(30);
      expect(html).toContain(`<link rel="canonical" href="${SITE_ORIGIN}${path}"`);
      expect(meta(html, 'property', 'og:url')).toBe(SITE_ORIGIN + path);
      expect(meta(html, 'property', 'og:locale')).toBe(lang.ogLocale);
      expect(meta(html, 'property', 'og:image')).toBe(`${SITE_ORIGIN}/og/${lang.prefix}.png`);
      expect(meta(html, 'name', 'twitter:card')).toBe('summary_large_image');
      // The icon is in the page; the page script's file links the manifest after load
      // (test/e2e/loading.spec.ts), and the page asks for that file.
      expect(html).toMatch(
        /<link rel="icon" href="data:image\/svg\+xml,%3Csvg[^"]+%3C\/svg%3E" type="image\/svg\+xml"/,
      );
      expect(html).toMatch(/\/assets\/page-script-[0-9a-f]+\.js/);
    },
  );

  it('gives every page of a language its own title and description', async () => {
    for (const lang of LANGUAGES) {
      const pages = await Promise.all(PAGES.map(async (p) => (await get(href(lang.code, p.id))).text()));
      const titles = pages.map((html) => html.match(/<title>([^<]+)<\/title>/)?.[1]);
      const descriptions = pages.map((html) => meta(html, 'name', 'description'));
      expect(new Set(titles).size, lang.code).toBe(PAGES.length);
      expect(new Set(descriptions).size, lang.code).toBe(PAGES.length);
    }
  });

  it.each(LANGUAGES.flatMap((lang) => [href(lang.code, 'home'), href(lang.code, 'tickets')]))(
    '%s describes the event in JSON-LD',
    async (path) => {
      const html = await (await get(path)).text();
      const json = html.match(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/s)?.[1];
      const event = JSON.parse(json ?? 'null');
      expect(event).toMatchObject({
        '@context': 'https://schema.org',
        '@type': 'Event',
        startDate: EVENT_STARTS,
        endDate: EVENT_ENDS,
        eventAttendanceMode: 'https://schema.org/MixedEventAttendanceMode',
        eventStatus: 'https://schema.org/EventScheduled',
        organizer: { '@type': 'Organization' },
      });
      expect(event.name.length).toBeGreaterThan(5);
      expect(event.location.map((l: { '@type': string }) => l['@type'])).toEqual(['Place', 'VirtualLocation']);
      expect(event.location[0].address.addressLocality).toBe('Łódź');
      // One offer per product; their prices and availability of the moment: test/worker/live-state.test.ts.
      expect(event.offers.map((o: { sku: string }) => o.sku)).toEqual([...PRODUCT_IDS]);
      for (const offer of event.offers) {
        expect(offer).toMatchObject({
          '@type': 'Offer',
          priceCurrency: 'PLN',
          price: expect.stringMatching(/^\d+\.\d\d$/),
          availability: expect.stringMatching(/^https:\/\/schema\.org\/\w+$/),
          url: expect.stringMatching(/\/kup-bilet$/),
        });
        expect(offer.name.length).toBeGreaterThan(event.name.length / 2);
      }
    },
  );

  it('serves a 1200x630 PNG preview image per language', async () => {
    for (const lang of LANGUAGES) {
      const res = await get(`/og/${lang.prefix}.png`);
      expect(res.headers.get('Content-Type')).toBe('image/png');
      const bytes = new DataView(await res.arrayBuffer());
      expect([bytes.getUint32(16), bytes.getUint32(20)]).toEqual([1200, 630]);
    }
  });
});

describe('sitemap and robots', () => {
  it('lists every indexable page in every language, each answering 200', async () => {
    const xml = await (await get('/sitemap.xml')).text();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    const expected = ALL.filter((x) => !NOINDEX_PAGES.includes(x.page.id)).map((x) => SITE_ORIGIN + x.path);
    expect(locs.sort()).toEqual(expected.sort());
    for (const loc of locs) expect((await get(new URL(loc ?? '').pathname)).status, loc).toBe(200);
    expect(xml).toContain('hreflang="x-default"');
  });

  it('robots.txt points at the sitemap', async () => {
    const text = await (await get('/robots.txt')).text();
    expect(text).toContain(`Sitemap: ${SITE_ORIGIN}/sitemap.xml`);
    expect(text).toContain('Disallow: /api/');
  });
});

describe('internal links', () => {
  it('every link and image on every page answers 200 without a redirect', async () => {
    const targets = new Map<string, string>();
    for (const { path } of ALL) {
      const html = await (await get(path)).text();
      for (const [, url] of html.matchAll(/(?:href|src)="(\/[^"#]*)/g)) {
        const clean = (url ?? '').replace(/&amp;/g, '&');
        if (!clean.startsWith('//') && !targets.has(clean)) targets.set(clean, path);
      }
    }
    expect(targets.size).toBeGreaterThan(50);
    const broken: string[] = [];
    for (const [url, from] of targets) {
      const res = await get(url);
      if (res.status !== 200) broken.push(`${url} (${res.status}) on ${from}`);
    }
    expect(broken).toEqual([]);
  });
});
