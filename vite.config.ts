import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cloudflare } from '@cloudflare/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { checkJsBudget, JS_BUDGET } from './scripts/js-budget.mjs';
import { prerender } from './scripts/prerender.ts';

// As scripts/serve.mjs sets them for wrangler: the worker reads nothing from `Request.cf`, and
// without network its download printed a stack trace at every `vite dev` start that looked like a
// failure; the local explorer (/cdn-cgi/explorer) would show local orders and messages without the
// organisers' token. Either can still be turned on from the environment.
process.env.CLOUDFLARE_CF_FETCH_ENABLED ??= 'false';
process.env.X_LOCAL_EXPLORER ??= 'false';

// Catalogue chunks are named after their language and namespace (locale-de-common-<hash>.js),
// so what a page loads can be checked by name.
function chunkName(chunk: { name: string; facadeModuleId: string | null }): string {
  const locale = chunk.facadeModuleId?.match(/\/locales\/([^/]+)\/([^/]+)\.json$/);
  return locale ? `assets/locale-${locale[1]}-${locale[2]}-[hash].js` : 'assets/[name]-[hash].js';
}

type ModuleGraph = {
  getModuleInfo(
    id: string,
  ): { isEntry: boolean; importers: readonly string[]; dynamicImporters: readonly string[] } | null;
};

// Every island needs React, i18next and the site's formatting, and the entry is loaded before any
// island: a module that the entry or more than one island reaches goes into the entry chunk, not
// into a common chunk of its own. Each file more was a request and its own gzip stream (the
// purchase dialog loaded eight files, 1.5 KB more gzip than the same code in three).
function entryChunk(id: string, graph: ModuleGraph): string | null {
  const roots = new Set<string>();
  const seen = new Set<string>();
  const climb = (module: string) => {
    if (seen.has(module)) return;
    seen.add(module);
    const info = graph.getModuleInfo(module);
    if (!info) return;
    if (info.isEntry) roots.add('entry');
    if (info.dynamicImporters.length > 0) roots.add(module);
    for (const importer of info.importers) climb(importer);
  };
  climb(id);
  return roots.has('entry') || roots.size > 1 ? 'index' : null;
}

// Vite wraps each dynamic import in its preload helper, which adds `<link rel="modulepreload">` for
// the imported chunk's own imports. Here there are none to add: an island's chunk and a catalogue
// import only the entry chunk, which is already running (`entryChunk`), and the build checks it.
// The helper was 1 KB of gzip in every island's JavaScript; this one imports and nothing else.
function noPreloadHelper(): Plugin {
  const id = '\0vite/preload-helper.js';
  return {
    name: 'congress:no-preload-helper',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.name === 'client',
    load: {
      filter: { id: new RegExp(`^${id.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&')}$`) },
      handler: () => 'export const __vitePreload = (load) => load();',
    },
    generateBundle(_options, bundle) {
      for (const file of Object.values(bundle)) {
        if (file.type === 'chunk' && file.code.includes('__vite__mapDeps')) {
          throw new Error(`${file.fileName}: a dynamic import with dependencies to preload; see noPreloadHelper`);
        }
      }
    },
  };
}

// The islands need a small part of i18next and react-i18next (client/lib/i18n-lite.ts, checked text
// by text against i18next in test/client/i18n-lite.test.ts): in the built client's entry, and only
// there, both packages are that module. The two were 18 KB of gzip on every island page; the
// prerender, `vite dev`, the console's own build and the tests keep the real ones.
function islandI18n(): Plugin {
  const lite = fileURLToPath(new URL('client/lib/i18n-lite.ts', import.meta.url));
  return {
    name: 'congress:island-i18n',
    apply: 'build',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.name === 'client',
    resolveId: {
      filter: { id: /^(react-)?i18next$/ },
      handler: () => lite,
    },
  };
}

// The line "JS in all at most 100 KB gzip" checked on every built page at the end of the build
// (scripts/js-budget.mjs): a change that takes a page over it fails where it is made.
function jsBudget(): Plugin {
  return {
    name: 'congress:js-budget',
    apply: 'build',
    buildApp: {
      // After the prerender (also 'post', listed before it), which writes the pages.
      order: 'post',
      async handler(builder) {
        const { client } = builder.environments;
        if (!client) return;
        const { root, logger } = builder.config;
        const islands = await readFile(resolve(root, 'client/islands.ts'), 'utf8');
        const [largest] = checkJsBudget(resolve(root, client.config.build.outDir), islands);
        if (largest)
          logger.info(`JS in all at most ${largest.bytes} B gzip (${largest.page}), the line ${JS_BUDGET} B`);
      },
    },
  };
}

// The client entry is client/index.html; the Cloudflare plugin builds the worker from
// wrangler.toml and runs it in workerd during `vite dev`. `vite build` then prerenders every page
// into the built client and builds the organiser console (scripts/prerender.ts).
export default defineConfig({
  plugins: [react(), cloudflare(), prerender(), noPreloadHelper(), islandI18n(), jsBudget()],
  resolve: {
    alias: {
      'use-sync-external-store/shim': fileURLToPath(
        new URL('client/lib/use-sync-external-store-shim.ts', import.meta.url),
      ),
    },
  },
  // Only the page script's own build (scripts/prerender.ts) sets the app entry's URL.
  define: { __APP_ENTRY__: 'undefined' },
  // Bundles refer to each other relative to their own URL (the preload list too), so a retried load
  // of the app under /assets/retry-<n>/ (client/boot.ts) fetches every file of it under that path.
  experimental: { renderBuiltUrl: (_file, { hostType }) => (hostType === 'js' ? { relative: true } : undefined) },
  environments: {
    client: {
      build: {
        manifest: true,
        // Every browser the site supports knows <link rel="modulepreload">. The page itself preloads
        // nothing: the islands' entry is imported when the visitor reaches for an island
        // (client/boot.ts), and what it needs is preloaded then.
        modulePreload: {
          polyfill: false,
          resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? [] : deps),
        },
        rollupOptions: {
          input: 'client/index.html',
          output: { chunkFileNames: chunkName, codeSplitting: { groups: [{ name: entryChunk, debugName: 'entry' }] } },
        },
      },
    },
  },
});
