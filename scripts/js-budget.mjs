// "JS in all" of every built page, from the built files alone: what a page loads once everything
// on it is used. That is its inline scripts, the page script's file, and on a page with islands
// the islands' entry, each island's chunk, the chunks it may load later (the order page's VAT
// section) and the catalogues of the page's language they load (gzip -9 of each file, as the
// bench counts them; Cloudflare compresses). `vite build` fails when a page is over the line
// (vite.config.ts `jsBudget`), so a change that takes one over is seen where it is made, not in
// the next bench; the bench measures the same in the browser (scripts/bench.mjs `jsOnUse`).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';

/** The line: 100 KB of gzip. */
export const JS_BUDGET = 100 * 1024;

const gzip = (text) => gzipSync(text, { level: 9 }).length;

function htmlFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === 'assets' || name === '_internal') return [];
    if (statSync(path).isDirectory()) return htmlFiles(path);
    return name.endsWith('.html') ? [path] : [];
  });
}

/**
 * Each built page's JS in all, largest first: `{ page, lang, bytes, files }`.
 * @param {string} clientDir the built client (dist/client)
 * @param {Record<string, string>} islandModules island name -> its module (client/islands.ts)
 * @param {Record<string, readonly string[]>} islandNamespaces island name -> the catalogues it loads
 */
export function jsInAll(clientDir, islandModules, islandNamespaces) {
  const manifest = JSON.parse(readFileSync(join(clientDir, '.vite/manifest.json'), 'utf8'));
  const sizes = new Map();
  const size = (file) => {
    if (!sizes.has(file)) sizes.set(file, gzip(readFileSync(join(clientDir, file))));
    return sizes.get(file);
  };
  const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
  return htmlFiles(clientDir)
    .map((path) => {
      const html = readFileSync(path, 'utf8');
      const lang = html.match(/<html lang="([^"]+)"/)?.[1] ?? '';
      const inline = [...html.matchAll(/<script(?: [^>]*)?>([\s\S]*?)<\/script>/g)]
        .filter(([tag]) => !tag.includes(' src=') && !tag.includes('application/ld+json'))
        .reduce((sum, [, body]) => sum + gzip(body), 0);
      const files = new Set([...html.matchAll(/\/(assets\/page-script-[\w-]+\.js)/g)].map(([, file]) => file));
      const islands = [...new Set([...html.matchAll(/data-island="([\w-]+)"/g)].map(([, name]) => name))];
      if (islands.length) files.add(entry.file);
      const follow = (key) => {
        // A catalogue counts in the page's own language only.
        const locale = key.match(/^locales\/([^/]+)\//);
        if (locale && locale[1] !== lang) return;
        const chunk = manifest[key];
        if (!chunk || files.has(chunk.file)) return;
        files.add(chunk.file);
        for (const next of [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])]) follow(next);
      };
      for (const island of islands) {
        const module = Object.keys(manifest).find((key) => key.replace(/\.tsx?$/, '') === islandModules[island]);
        if (!module) throw new Error(`${path}: no built chunk for the island ${island}`);
        follow(module);
        for (const ns of islandNamespaces[island] ?? []) follow(`locales/${lang}/${ns}.json`);
      }
      const bytes = inline + [...files].reduce((sum, file) => sum + size(file), 0);
      return { page: `/${relative(clientDir, path)}`, lang, bytes, files: [...files] };
    })
    .sort((a, b) => b.bytes - a.bytes);
}

/**
 * The islands' modules and catalogues as client/islands.ts declares them, read as text (it is
 * TypeScript, and importing it would import every island): `{ modules, namespaces }`, each by
 * island name. test/client/js-budget.test.ts holds it to the module's own `ISLANDS`.
 */
export function islandsOf(source) {
  /** @type {Record<string, string>} */
  const modules = {};
  /** @type {Record<string, string[]>} */
  const namespaces = {};
  const island = /^ {2}(\w+): \{([\s\S]*?)load: \(\) => import\('\.\/([\w/-]+)'\)/gm;
  for (const [, name, body, module] of source.matchAll(island)) {
    modules[name] = `client/${module}`;
    namespaces[name] = [...(body.match(/namespaces: \[([^\]]*)\]/)?.[1] ?? '').matchAll(/'([\w-]+)'/g)].map(
      ([, ns]) => ns,
    );
  }
  return { modules, namespaces };
}

/**
 * Every built page's JS in all against the line; throws, naming each page over it, when one is.
 * Returns the pages, largest first.
 * @param {string} clientDir
 * @param {string} islandsSource client/islands.ts
 * @returns {{ page: string, lang: string, bytes: number, files: string[] }[]}
 */
export function checkJsBudget(clientDir, islandsSource, budget = JS_BUDGET) {
  const { modules, namespaces } = islandsOf(islandsSource);
  const pages = jsInAll(clientDir, modules, namespaces);
  const over = pages.filter((page) => page.bytes > budget);
  if (over.length)
    throw new Error(
      `JS in all over ${budget} B gzip on ${over.length} page(s): ${over.map((p) => `${p.page} ${p.bytes} B (${p.files.join(', ')})`).join('; ')}`,
    );
  return pages;
}
