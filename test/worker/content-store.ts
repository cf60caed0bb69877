import { env, SELF } from 'cloudflare:test';
import { expect } from 'vitest';
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

/**
 * Uploads a PNG header of the given size through the console's API and answers its key: enough for
 * the upload's checks, though no image decoder can read it (its image data is missing).
 */
export async function uploadPngHeader(width: number, height: number): Promise<string> {
  const png = new Uint8Array(64);
  png.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  new DataView(png.buffer).setUint32(16, width);
  new DataView(png.buffer).setUint32(20, height);
  const res = await SELF.fetch('https://kongres.test/api/admin/content/images', {
    method: 'POST',
    headers: { Authorization: 'Bearer test-admin-token', 'Content-Type': 'image/png' },
    body: png,
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { key: string }).key;
}
