import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sitemapXml } from '../../site/sitemap';
import { builtPages } from './built-pages';

// The organiser console is a Vite build of its own (scripts/prerender.ts): no public page may load,
// preload or link any of its files, and the site's own build must not know its modules.
const built = existsSync('dist/client/_internal/admin.html') && existsSync('dist/client/.vite/manifest.json');

describe.skipIf(!built)('the organiser console bundle', () => {
  const pages = built
    ? builtPages('dist/client').filter((path) => path !== join('dist/client/_internal/admin.html'))
    : [];
  const assets = built ? readdirSync('dist/client/assets') : [];
  const adminFiles = assets.filter((name) => name.startsWith('admin-'));
  const publicScripts = assets.filter((name) => !name.startsWith('admin-') && name.endsWith('.js'));

  it('is referenced by no public page', () => {
    expect(pages.length).toBeGreaterThan(100);
    for (const page of pages) expect(readFileSync(page, 'utf8'), page).not.toMatch(/\/assets\/admin-|client\/admin/);
  });

  it("is unknown to the site's build: no public module or chunk comes from it", () => {
    const manifest = readFileSync('dist/client/.vite/manifest.json', 'utf8');
    expect(manifest).not.toMatch(/client\/admin\/|locales\/[^/]+\/admin\.json|"assets\/admin-/);
    for (const script of publicScripts) {
      const code = readFileSync(join('dist/client/assets', script), 'utf8');
      expect(code, script).not.toMatch(/admin-[\w-]+\.js|locales\/[^/"]+\/admin\.json/);
    }
  });

  it('loads only its own files, with no inline script for the CSP to allow', () => {
    const html = readFileSync('dist/client/_internal/admin.html', 'utf8');
    const referenced = [...html.matchAll(/(?:src|href)="\/assets\/([^"]+)"/g)].map((m) => m[1]);
    expect(referenced.length).toBeGreaterThan(0);
    for (const file of referenced) expect(adminFiles).toContain(file);
    expect(html).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/);
    expect(html).toContain('<meta name="robots" content="noindex, nofollow" />');
  });

  it('is not in the sitemap', () => {
    // The worker serves the sitemap (worker/content/sitemap.ts), from this page table.
    expect(sitemapXml()).not.toContain('/admin');
  });
});
