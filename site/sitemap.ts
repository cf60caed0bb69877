import { SITE_ORIGIN } from './event';
import { LANGUAGES } from './languages';
import { href, NOINDEX_PAGES, PAGES, type PageId } from './pages';

/** Where the sitemap is served (robots.txt names it). */
export const SITEMAP_PATH = '/sitemap.xml';

/**
 * sitemap.xml (the sitemaps.org protocol 0.9): every indexable page in every language with its
 * hreflang alternates and `x-default`, and, where given, when a page last changed (a W3C datetime;
 * the worker gives the content pages the instant of the last publication).
 */
export function sitemapXml(lastmod: Partial<Record<PageId, string>> = {}): string {
  const urls = PAGES.filter((p) => !NOINDEX_PAGES.includes(p.id)).flatMap((p) =>
    LANGUAGES.map((lang) => {
      const alternates = LANGUAGES.map(
        (other) =>
          `    <xhtml:link rel="alternate" hreflang="${other.code}" href="${SITE_ORIGIN}${href(other.code, p.id)}"/>`,
      );
      alternates.push(`    <xhtml:link rel="alternate" hreflang="x-default" href="${SITE_ORIGIN}/"/>`);
      const modified = lastmod[p.id] ? `\n    <lastmod>${lastmod[p.id]}</lastmod>` : '';
      return `  <url>\n    <loc>${SITE_ORIGIN}${href(lang.code, p.id)}</loc>${modified}\n${alternates.join('\n')}\n  </url>`;
    }),
  );
  return `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">
${urls.join('\n')}
</urlset>
`;
}
