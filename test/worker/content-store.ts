import { env } from 'cloudflare:test';
import { ensureSchema } from '../../worker/content/store';

const TABLES = ['content_records', 'content_history', 'content_schedule', 'content_images', 'content_state'];

/**
 * Empties the content store, as a new database: the next request seeds the examples again. With
 * `pages`, also the pages, sitemap and press files rendered into KV.
 */
export async function clearContentStore({ pages = false } = {}): Promise<void> {
  await ensureSchema(env.CONTENT_DB);
  await env.CONTENT_DB.batch(TABLES.map((table) => env.CONTENT_DB.prepare(`DELETE FROM ${table}`)));
  if (!pages) return;
  const { keys } = await env.CONTENT_PAGES.list();
  await Promise.all(keys.map((key) => env.CONTENT_PAGES.delete(key.name)));
}
