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
