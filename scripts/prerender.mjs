// Renders every page of the page table in every language to static HTML after `vite build`:
// dist/client/<lang>/<slug>/index.html, plus the translated 404 pages the worker serves.
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

const { render, pages, languages, notFoundPath, headersFile } = await import(
  pathToFileURL(join(ssrOut, 'entry-server.js')).href
);
const templatePath = join(client, 'client/index.html');
const template = await readFile(templatePath, 'utf8');

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
    await writeFile(file, documentFor(lang.code, await render(path, lang.code, page.id)));
    count++;
  }
  const file = join(client, `${notFoundPath(lang.prefix)}.html`);
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, documentFor(lang.code, await render(`/${lang.prefix}/404`, lang.code, null)));
}

// The template is not a page: without it `/` reaches the worker, which redirects by language.
await rm(join(client, 'client'), { recursive: true });
await appendFile(join(client, '.assetsignore'), '.vite\n');
// Security and cache headers for the static files, from the same list the worker uses.
await writeFile(join(client, '_headers'), headersFile(process.env.VITE_FOOTER_BASE_URL));
console.log(`prerendered ${count} pages and ${languages.length} 404 pages`);
