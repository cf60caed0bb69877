import type { PageId } from '../../site/pages';
import { sitemapXml } from '../../site/sitemap';
import type { Bindings } from '../env';
import { ensureSchema } from './store';

/**
 * sitemap.xml as what is published makes it: rendered once per change into KV (`CONTENT_PAGES`,
 * beside the pages), with the content pages' `lastmod` at the last change visitors saw, and read
 * once per request. The build writes no sitemap.xml, so the request always reaches the worker.
 */

const SITEMAP_KEY = 'feed:sitemap.xml';

/**
 * The instant of the last change of what visitors see: a record published or unpublished, a
 * record deleted, or the seed. A publication with nothing to publish changes nothing.
 */
export async function lastPublicationAt(db: D1Database): Promise<number | null> {
  await ensureSchema(db);
  return db
    .prepare(
      "SELECT MAX(at) AS at FROM content_history WHERE (action IN ('published', 'unpublished') AND kind IS NOT NULL) OR action IN ('deleted', 'seeded')",
    )
    .first<number | null>('at');
}

/** A W3C datetime to the second, as the sitemap protocol takes it: 2027-09-01T00:00:00Z. */
const w3cDatetime = (ms: number) => `${new Date(ms).toISOString().slice(0, 19)}Z`;

/** Renders sitemap.xml with `pages` (the content pages) last modified at the last publication, and stores it. */
export async function renderSitemap(env: Bindings, pages: readonly PageId[]): Promise<string> {
  const at = await lastPublicationAt(env.CONTENT_DB);
  const lastmod = at === null ? {} : Object.fromEntries(pages.map((id) => [id, w3cDatetime(at)]));
  const xml = sitemapXml(lastmod);
  await env.CONTENT_PAGES.put(SITEMAP_KEY, xml);
  return xml;
}

/** The stored sitemap, or (before any publication rendered one) the page table's without dates. */
export async function storedSitemap(env: Bindings): Promise<string> {
  return (await env.CONTENT_PAGES.get(SITEMAP_KEY)) ?? sitemapXml();
}
