import type { TFunction } from 'i18next';
import { SITE_ORIGIN } from '../../site/event';
import { siteFacts } from '../../site/facts';
import { LANGUAGES, type LanguageCode, language } from '../../site/languages';
import { href, NOINDEX_PAGES, type PageId, SELLING_PAGES } from '../../site/pages';
import { eventJsonLd } from '../../site/structured-data';
import { PRODUCTS, type ProductId } from '../../site/tickets';

/** Everything a page puts in `<head>`, for the build (as HTML) and the client (as DOM updates). */
export type Head = {
  lang: LanguageCode;
  title: string;
  description: string;
  ogLocale: string;
  ogLocaleAlternates: string[];
  canonical?: string;
  alternates: { hreflang: string; href: string }[];
  noindex: boolean;
  /** The 1200x630 preview image of the language. */
  image: string;
  imageAlt: string;
  jsonLd?: object;
};

/** Path of a language's preview image (written by the build, scripts/prerender.ts). */
export const ogImagePath = (prefix: string) => `/og/${prefix}.png`;

/** Head of a page in a language; `page` null is the 404 page (noindex, no alternates). */
export function headFor(lang: LanguageCode, page: PageId | null, t: TFunction): Head {
  const own = language(lang);
  const base = {
    lang,
    ogLocale: own.ogLocale,
    ogLocaleAlternates: LANGUAGES.filter((l) => l.code !== lang).map((l) => l.ogLocale),
    image: SITE_ORIGIN + ogImagePath(own.prefix),
    imageAlt: t('brand.full'),
  };
  if (!page) {
    return {
      ...base,
      title: `${t('notFound.title')} | ${t('brand.full')}`,
      description: t('notFound.message'),
      alternates: [],
      noindex: true,
    };
  }
  // Titles and descriptions name the date, year and figures through the facts of site/.
  const facts = siteFacts(lang);
  const title = t(`pages.${page}.title`, facts);
  const description = t(`pages.${page}.description`, facts);
  return {
    ...base,
    title: page === 'home' ? `${t('brand.full')}: ${title}` : `${title} | ${t('brand.full')}`,
    description,
    canonical: SITE_ORIGIN + href(lang, page),
    alternates: [
      ...LANGUAGES.map((l) => ({ hreflang: l.code, href: SITE_ORIGIN + href(l.code, page) })),
      { hreflang: 'x-default', href: `${SITE_ORIGIN}/` },
    ],
    noindex: NOINDEX_PAGES.includes(page),
    jsonLd: SELLING_PAGES.includes(page)
      ? eventJsonLd(
          lang,
          {
            name: `${t('brand.full')} ${facts.year}`,
            description: t('pages.home.description', facts),
            image: SITE_ORIGIN + ogImagePath(own.prefix),
            productNames: Object.fromEntries(
              PRODUCTS.map((p) => [
                p.id,
                t(`modes.${p.mode}`, { ns: 'tickets', name: t(p.nameKey, { ns: 'tickets' }) }),
              ]),
            ) as Record<ProductId, string>,
          },
          Date.now(),
        )
      : undefined,
  };
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** The head as HTML, for prerendering. Marked `data-head` so the client can replace it. */
export function headHtml(head: Head): string {
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    `<meta name="description" content="${escapeHtml(head.description)}" data-head>`,
    `<meta property="og:title" content="${escapeHtml(head.title)}" data-head>`,
    `<meta property="og:description" content="${escapeHtml(head.description)}" data-head>`,
    `<meta property="og:locale" content="${head.ogLocale}" data-head>`,
    ...head.ogLocaleAlternates.map((l) => `<meta property="og:locale:alternate" content="${l}" data-head>`),
    head.noindex ? '<meta name="robots" content="noindex" data-head>' : '',
    head.canonical ? `<link rel="canonical" href="${head.canonical}" data-head>` : '',
    head.canonical ? `<meta property="og:url" content="${head.canonical}" data-head>` : '',
    '<meta property="og:type" content="website" data-head>',
    `<meta property="og:site_name" content="${escapeHtml(head.imageAlt)}" data-head>`,
    `<meta property="og:image" content="${head.image}" data-head>`,
    '<meta property="og:image:width" content="1200" data-head>',
    '<meta property="og:image:height" content="630" data-head>',
    `<meta property="og:image:alt" content="${escapeHtml(head.imageAlt)}" data-head>`,
    '<meta name="twitter:card" content="summary_large_image" data-head>',
    `<meta name="twitter:title" content="${escapeHtml(head.title)}" data-head>`,
    `<meta name="twitter:description" content="${escapeHtml(head.description)}" data-head>`,
    `<meta name="twitter:image" content="${head.image}" data-head>`,
    ...head.alternates.map((a) => `<link rel="alternate" hreflang="${a.hreflang}" href="${a.href}" data-head>`),
    // `<` is escaped so that no text in the data can close the script element.
    head.jsonLd
      ? `<script type="application/ld+json" data-head>${JSON.stringify(head.jsonLd).replace(/</g, '\\u003c')}</script>`
      : '',
  ];
  return tags.filter(Boolean).join('\n    ');
}
