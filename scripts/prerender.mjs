// Renders every page of the page table in every language to static HTML after `vite build`:
// dist/client/<lang>/<slug>/index.html, plus the translated 404 pages the worker serves.
import { createHash } from 'node:crypto';
import { appendFile, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build } from 'vite';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const client = join(root, 'dist/client');
const ssrOut = join(root, 'dist/ssr');

await build({
  root,
  configFile: false,
  logLevel: 'warn',
  plugins: [react()],
  build: { ssr: 'client/entry-server.tsx', outDir: ssrOut, emptyOutDir: true },
});

const {
  render,
  pages,
  languages,
  notFoundPath,
  headersFile,
  ogImageSvg,
  manifestJson,
  manifestPath,
  sitemapXml,
  robotsTxt,
} = await import(pathToFileURL(join(ssrOut, 'entry-server.js')).href);
const templatePath = join(client, 'client/index.html');
const built = await readFile(templatePath, 'utf8');

// The page's own script (client/boot.ts) is built on its own into one small classic script and
// inlined, so a page needs no script request at all; on a page with islands it imports the
// islands' entry, which Vite linked into the template, when the visitor reaches for one. The CSP
// allows exactly this script by its hash.
const entryTag = built.match(/<script type="module" crossorigin src="([^"]+)"><\/script>/);
if (!entryTag) throw new Error('the built template has no app entry script');
const bootOutput = await build({
  root,
  configFile: false,
  logLevel: 'warn',
  define: { __APP_ENTRY__: JSON.stringify(entryTag[1]) },
  build: {
    write: false,
    minify: true,
    rollupOptions: { input: join(root, 'client/boot.ts'), output: { format: 'iife' } },
  },
});
const bootScript = (Array.isArray(bootOutput) ? bootOutput[0] : bootOutput).output[0].code.trim();
const scriptHash = `sha256-${createHash('sha256').update(bootScript).digest('base64')}`;
// The favicon goes into the page as a data URL: a linked icon is one more request while the page
// loads (on HTTP/1.1 one more connection), and its 300 bytes cost less than that.
const faviconSvg = await readFile(join(root, 'public/favicon.svg'), 'utf8');
const faviconLink = '<link rel="icon" href="/favicon.svg" type="image/svg+xml" />';
if (!built.includes(faviconLink)) throw new Error('the built template has no favicon link');
// At the end of the body: it runs once the page it acts on has been parsed.
const template = built
  .replace(entryTag[0], '')
  .replace(faviconLink, `<link rel="icon" href="${faviconDataUrl(faviconSvg)}" type="image/svg+xml" />`)
  .replace('</body>', `<script>${bootScript}</script>\n  </body>`);

/** An SVG as a compact data URL: only the characters a URL in an attribute cannot hold are escaped. */
function faviconDataUrl(svg) {
  const compact = svg.replace(/\s*\n\s*/g, ' ').trim();
  return `data:image/svg+xml,${compact.replace(/[%#<>"\s]/g, (c) => encodeURIComponent(c))}`;
}

/** Fills the template with a rendered page. */
function documentFor(lang, { html, head }) {
  return template
    .replace('<html lang="pl">', `<html lang="${lang}">`)
    .replace('<!--head-->', head)
    .replace('<!--app-->', html);
}

let count = 0;
for (const lang of languages) {
  for (const page of pages) {
    const path = page.path(lang.code);
    const file = join(client, path, 'index.html');
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, documentFor(lang.code, await render(lang.code, page.id)));
    count++;
  }
  const file = join(client, `${notFoundPath(lang.prefix)}.html`);
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, documentFor(lang.code, await render(lang.code, null)));
}

// Preview images (1200x630 PNG per language), sitemap and robots.txt.
const sharp = (await import('sharp')).default;
await mkdir(join(client, 'og'), { recursive: true });
for (const lang of languages) {
  const svg = Buffer.from(await ogImageSvg(lang.code));
  await sharp(svg)
    .png({ palette: true, compressionLevel: 9 })
    .toFile(join(client, 'og', `${lang.prefix}.png`));
}
// App icons for the manifest and home screens, from the SVG favicon.
const favicon = Buffer.from(faviconSvg);
for (const [name, size] of [
  ['icon-192.png', 192],
  ['icon-512.png', 512],
  ['apple-touch-icon.png', 180],
]) {
  await sharp(favicon, { density: 600 }).resize(size, size).png().toFile(join(client, name));
}
// One web app manifest per language, linked by the page's script in the page's language.
for (const lang of languages) {
  await writeFile(join(client, manifestPath(lang.code).slice(1)), await manifestJson(lang.code));
}
await writeFile(join(client, 'sitemap.xml'), sitemapXml());
await writeFile(join(client, 'robots.txt'), robotsTxt());

// The template is not a page: without it `/` reaches the worker, which redirects by language.
await rm(join(client, 'client'), { recursive: true });
await appendFile(join(client, '.assetsignore'), '.vite\n');
// Security and cache headers for the static files, from the same list the worker uses.
await writeFile(join(client, '_headers'), headersFile(process.env.VITE_FOOTER_BASE_URL, [scriptHash]));
console.log(`prerendered ${count} pages and ${languages.length} 404 pages`);
