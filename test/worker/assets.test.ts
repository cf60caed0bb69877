import { describe, expect, it } from 'vitest';
import { visit } from './platform';

// The page script retries a failed load of the app under /assets/retry-<n>/ (client/boot.ts).
describe('app bundles at a retry path', () => {
  it('answers /assets/retry-<n>/<file> with the same file as /assets/<file>', async () => {
    const page = await (await visit('https://kongres.test/pl')).text();
    const stylesheet = page.match(/href="\/assets\/(index-[\w-]+\.css)"/)?.[1];
    expect(stylesheet).toBeTruthy();
    // The page script's file names the app entry it imports.
    const pageScript = page.match(/\/assets\/page-script-[0-9a-f]+\.js/)?.[0];
    const script = await (await visit(`https://kongres.test${pageScript}`)).text();
    const entry = script.match(/["`]\/assets\/(index-[\w-]+\.js)["`]/)?.[1];
    expect(entry).toBeTruthy();
    for (const file of [entry, stylesheet]) {
      const original = await visit(`https://kongres.test/assets/${file}`);
      const retried = await visit(`https://kongres.test/assets/retry-2/${file}`);
      expect(retried.status).toBe(200);
      expect(retried.headers.get('Content-Type')).toBe(original.headers.get('Content-Type'));
      expect(await retried.text()).toBe(await original.text());
    }
  });

  it.each([
    '/assets/retry-1/missing-abc.js',
    '/assets/retry-x/index.js',
    '/assets/retry-1/../wrangler.json',
    '/assets/retry-1/sub/index.js',
    '/assets/nothing.js',
  ])('answers %s with a JSON 404', async (path) => {
    const res = await visit(`https://kongres.test${path}`);
    expect(res.status).toBe(404);
    expect(res.headers.get('Content-Type')).toContain('application/json');
  });
});

// Browsers ask for /favicon.ico on a page that links no icon, crawlers whatever the page says.
describe('/favicon.ico', () => {
  it('is an icon file with the favicon at 16, 32 and 48 px, not a redirect to a 404', async () => {
    const res = await visit('https://kongres.test/favicon.ico');
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('image/vnd.microsoft.icon');
    const bytes = new DataView(await res.arrayBuffer());
    // ICONDIR: reserved 0, type 1 (icon), the number of images.
    expect([bytes.getUint16(0, true), bytes.getUint16(2, true), bytes.getUint16(4, true)]).toEqual([0, 1, 3]);
    const sizes = [];
    for (let i = 0; i < 3; i++) {
      const entry = 6 + 16 * i;
      const [length, offset] = [bytes.getUint32(entry + 8, true), bytes.getUint32(entry + 12, true)];
      expect(offset + length).toBeLessThanOrEqual(bytes.byteLength);
      // Each image a PNG (its signature), as wide and high as its entry says (the IHDR chunk).
      expect(bytes.getUint32(offset)).toBe(0x89504e47);
      expect([bytes.getUint32(offset + 16), bytes.getUint32(offset + 20)]).toEqual([
        bytes.getUint8(entry),
        bytes.getUint8(entry + 1),
      ]);
      sizes.push(bytes.getUint8(entry));
    }
    expect(sizes).toEqual([16, 32, 48]);
  });
});
