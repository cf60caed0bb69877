import { SELF } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../site/languages';
import { PAGES as ALL_PAGES, href, LINK_ONLY_PAGES } from '../../site/pages';

// A page behind a link's secret (a ticket's own) is the 404 page at its bare path: its own tests check it.
const PAGES = ALL_PAGES.filter((p) => !LINK_ONLY_PAGES.includes(p.id));

// Every page of the page table, in every language, from the built assets.
describe.each(LANGUAGES)('$label pages', (lang) => {
  it.each(PAGES)('serves $id with its language, title and alternates', async (page) => {
    const path = href(lang.code, page.id);
    const res = await SELF.fetch(`https://kongres.test${path}`, { redirect: 'manual' });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toMatch(new RegExp(`<html lang="${lang.code}"[ >]`));
    const title = html.match(/<title>([^<]+)<\/title>/)?.[1] ?? '';
    expect(title.length).toBeGreaterThan(3);
    expect(html).toMatch(new RegExp(`<link rel="canonical" href="[^"]+${path}"`));
    for (const other of LANGUAGES) {
      expect(html).toContain(`hreflang="${other.code}" href="https://kongres-ai.pl${href(other.code, page.id)}"`);
    }
    expect(html).toContain('hreflang="x-default"');
    expect(html).toContain(`<meta property="og:locale" content="${lang.ogLocale}"`);
    // The accessibility statement is one link away from every page (its footer), as the EAA asks.
    expect(html).toContain(`<a href="${href(lang.code, 'accessibility')}">`);
  });
});
