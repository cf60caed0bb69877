import { type LanguageCode, language } from './languages';

/**
 * Translation namespaces. `common` (shell, navigation, page titles) is loaded on every page;
 * a page adds the namespaces its own content needs.
 */
export const NAMESPACES = [
  'common',
  'home',
  'events',
  'info',
  'contact',
  'tickets',
  'cart',
  'faq',
  'delivery',
  // The VAT number's state on an order page: loaded only for an order that has one (client/islands.ts).
  'vat',
  'workshop',
  // A ticket's own page (rendered by the worker only): kept out of the order page's `delivery`.
  'ticket',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

/** Every page of the site: id (also its catalogue key under `pages.`), Polish slug, namespaces. */
export const PAGES = [
  { id: 'home', slug: '', namespaces: ['home', 'events', 'tickets', 'cart', 'faq'] },
  { id: 'program', slug: 'program', namespaces: ['events'] },
  { id: 'missAi', slug: 'miss-ai', namespaces: ['events'] },
  { id: 'misterAi', slug: 'mister-ai', namespaces: ['events'] },
  { id: 'roastAi', slug: 'roast-ai', namespaces: ['events'] },
  { id: 'promptAwards', slug: 'prompt-awards', namespaces: ['events'] },
  { id: 'speakers', slug: 'prelegenci', namespaces: ['events'] },
  { id: 'expo', slug: 'expo', namespaces: ['events'] },
  { id: 'zones', slug: 'strefy', namespaces: ['events'] },
  { id: 'workshops', slug: 'warsztaty', namespaces: ['events', 'workshop'] },
  { id: 'forExhibitors', slug: 'wspolpraca/dla-wystawcy', namespaces: ['info'] },
  { id: 'forSpeakers', slug: 'wspolpraca/dla-prelegenta', namespaces: ['info'] },
  { id: 'forPartners', slug: 'wspolpraca/dla-partnera', namespaces: ['info'] },
  { id: 'forSponsors', slug: 'wspolpraca/dla-sponsora', namespaces: ['info'] },
  { id: 'careers', slug: 'wspolpraca/pracuj-z-nami', namespaces: ['info'] },
  { id: 'contact', slug: 'kontakt', namespaces: ['info', 'contact'] },
  { id: 'faq', slug: 'faq', namespaces: ['info', 'faq'] },
  { id: 'travel', slug: 'dojazd', namespaces: ['info'] },
  { id: 'privacy', slug: 'polityka-prywatnosci', namespaces: ['info'] },
  { id: 'terms', slug: 'regulamin', namespaces: ['info'] },
  { id: 'accessibility', slug: 'dostepnosc', namespaces: ['info'] },
  { id: 'press', slug: 'dla-mediow', namespaces: ['info'] },
  { id: 'becomePartner', slug: 'zostac-partnerem', namespaces: ['info'] },
  { id: 'tickets', slug: 'kup-bilet', namespaces: ['tickets', 'cart', 'info'] },
  { id: 'thanks', slug: 'kup-bilet/dziekujemy', namespaces: ['tickets', 'cart', 'delivery', 'events'] },
  // A ticket's own page (its holder's link): the worker writes the ticket in (worker/ticket-page.ts).
  // Its first frame comes once the ticket and what it gives are parsed, before the whole programme.
  {
    id: 'ticket',
    slug: 'bilet',
    namespaces: ['ticket', 'delivery', 'tickets', 'events'],
    firstFrameAt: 'ticket-agenda',
  },
] as const satisfies readonly {
  id: string;
  slug: string;
  namespaces: readonly Namespace[];
  /**
   * The element (its id) whose arrival lets the page's first frame be drawn; by default the
   * footer, so nothing of the main content is drawn half parsed (client/index.html, `rel="expect"`).
   * A page names an earlier one where what follows it is long and only adds below: stacked
   * sections, no row or grid whose layout a later item changes.
   */
  firstFrameAt?: string;
}[];

export type Page = (typeof PAGES)[number];
export type PageId = Page['id'];

/**
 * Pages that sell: they show the products with their live state, which the worker writes into the
 * page as it serves it (so wrangler.toml runs the worker first for them), and they describe the
 * event with its offers in JSON-LD.
 */
export const SELLING_PAGES: readonly PageId[] = ['home', 'tickets'];

/** Pages that search engines should not index (a buyer's own order). */
export const NOINDEX_PAGES: readonly PageId[] = ['thanks', 'ticket'];

/** Pages that exist only behind a link's secret (a ticket's own page): without one, the 404 page. */
export const LINK_ONLY_PAGES: readonly PageId[] = ['ticket'];

/** Old or alternative slugs that redirect to a page (the hero's register button used /rejestracja). */
export const PAGE_ALIASES: Readonly<Record<string, PageId>> = { rejestracja: 'tickets' };

/** The page record of an id. */
export function page(id: PageId): Page {
  const found = PAGES.find((p) => p.id === id);
  if (!found) throw new Error(`Unknown page ${id}`);
  return found;
}

/** Canonical path of a page in a language: `/pl`, `/de/kup-bilet` (no trailing slash). */
export function href(lang: LanguageCode, id: PageId, hash?: string): string {
  const { slug } = page(id);
  const base = `/${language(lang).prefix}${slug ? `/${slug}` : ''}`;
  return hash ? `${base}#${hash}` : base;
}

/**
 * An order's own page (the thank-you page, opened by the order's id and a secret: the buyer's own or
 * the signed token of its e-mails), as a path: where payment returns, where e-mails link.
 */
export const orderPageHref = (order: { id: string; lang: LanguageCode }, token: string) =>
  `${href(order.lang, 'thanks')}?order=${order.id}&token=${encodeURIComponent(token)}`;

/**
 * A ticket's own page, as a path: its id and the secret of its holder's link
 * (worker/tickets/page-link.ts), which a change of holder replaces. In the order's language.
 */
export const ticketPageHref = (lang: LanguageCode, ticketId: string, secret: string) =>
  `${href(lang, 'ticket')}?ticket=${encodeURIComponent(ticketId)}&key=${encodeURIComponent(secret)}`;

/** The page whose slug (or alias) matches, ignoring case. */
export function findPageBySlug(slug: string): { page: Page; alias: boolean } | undefined {
  const lower = slug.toLowerCase();
  const direct = PAGES.find((p) => p.slug === lower);
  if (direct) return { page: direct, alias: false };
  const aliased = PAGE_ALIASES[lower];
  return aliased ? { page: page(aliased), alias: true } : undefined;
}

/** Where the build writes the translated 404 page of a language; the worker serves it with 404. */
export const notFoundAssetPath = (prefix: string) => `/_internal/404/${prefix}`;

/**
 * The User Timing mark a prerendered page sets once its page script's behaviours are all in place
 * (client/boot.ts `pageBehaviours`): seen in a trace, and waited for by the browser tests.
 */
/**
 * Where a page names its own script (`data-page-script`, the programme's agenda): the prerender
 * (scripts/prerender.ts) puts the built file's hashed path in its place.
 */
export const AGENDA_SCRIPT_PLACEHOLDER = '/assets/page-script-agenda.js';
export const PAGE_READY_MARK = 'page-behaviours';
