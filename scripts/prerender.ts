// The site's build after Vite's own, as a plugin of `vite build` (vite.config.ts): once the Cloudflare
// plugin has built the worker and the client, it builds the server entry (client/entry-server.tsx)
// and renders every page of the page table in every language to static HTML,
// dist/client/<lang>/<slug>/index.html, plus the translated 404 pages the worker serves, the preview
// images, icons, manifests, robots.txt and headers; then it builds the organiser console.
import { createHash } from 'node:crypto';
import { appendFile, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build, type InlineConfig, type Logger, type Plugin } from 'vite';
import type { LANGUAGES, LanguageCode, manifestPath } from '../site/languages';
import type { notFoundAssetPath, PageId } from '../site/pages';
import type { headersFile, securityHeaders } from '../site/security';
import { type Block, FIRST_WINDOW, firstScreenCss, firstScreenHead, MIN_BLOCK, wireSize } from './critical-css.ts';
import { islandProps, orderPageWritten, ticketPageWritten } from './worker-written.ts';

/** What client/entry-server.tsx exports (a client module, so its types are not in this project). */
interface ServerEntry {
  render(lang: LanguageCode, page: PageId | null): Promise<{ html: string; head: string }>;
  pages: { id: PageId; path(lang: LanguageCode): string; firstFrameAt?: string }[];
  languages: typeof LANGUAGES;
  notFoundPath: typeof notFoundAssetPath;
  headersFile: typeof headersFile;
  securityHeaders: typeof securityHeaders;
  ogImageSvg(lang: LanguageCode): Promise<string>;
  manifestJson(lang: LanguageCode): Promise<string>;
  manifestPath: typeof manifestPath;
  robotsTxt(): string;
  ticketPageSamples(lang: LanguageCode): Promise<string[]>;
  orderPageSamples(
    lang: LanguageCode,
    built: Record<string, unknown>,
    tickets: number,
  ): Promise<{ html: string; props: Record<string, unknown> }[]>;
  brandFontScript: string;
  agendaScriptPlaceholder: string;
}

/** The 404 pages' family: they share one first-screen block. */
const NOT_FOUND_FAMILY = '404';
/**
 * Pages whose first screen the worker writes per visitor (the ticket, the order): their rules are
 * collected from the built frame with samples of what the worker writes (client/first-screen-samples.tsx),
 * and their size on the wire is that of the largest sample as the worker serves it.
 */
const WORKER_WRITTEN = new Set(['ticket', 'thanks']);
/**
 * The order the order page's size is judged by: this many paid tickets, each with its own QR code
 * in its card (docs/performance.md). A larger order is still served, past the first window: one
 * round trip slower, not broken.
 */
export const ORDER_TICKETS_SIZED = 3;

/** What the worker sets on the ticket and order pages beyond the built page's headers (worker/ticket-page.ts). */
const WORKER_HEADERS = {
  'Cache-Control': 'private, no-store',
  'X-Robots-Tag': 'noindex',
  'Referrer-Policy': 'same-origin',
};

/** Prerenders the site and builds the organiser console at the end of `vite build`; `vite dev` renders pages itself. */
export function prerender(): Plugin {
  return {
    name: 'prerender',
    apply: 'build',
    // The server entry is an environment of the app's build (its output is the same as that of a
    // build of its own). The Cloudflare plugin's builder builds only the worker and the client, so
    // this plugin builds it below.
    config: () => ({
      environments: {
        prerender: {
          consumer: 'server',
          build: {
            outDir: 'dist/ssr',
            emptyOutDir: true,
            copyPublicDir: false,
            rolldownOptions: { input: 'client/entry-server.tsx' },
          },
        },
      },
    }),
    buildApp: {
      // After the builder set by the Cloudflare plugin: the pages are written into the built client.
      order: 'post',
      async handler(builder) {
        const { client, prerender: server } = builder.environments;
        if (!client?.isBuilt || !server) throw new Error('prerender: no built client or no prerender environment');
        await builder.build(server);
        const { root, logger, env } = builder.config;
        const entry: ServerEntry = await import(
          pathToFileURL(resolve(root, server.config.build.outDir, 'entry-server.js')).href
        );
        const clientDir = resolve(root, client.config.build.outDir);
        await writePages(root, clientDir, entry, env.VITE_FOOTER_BASE_URL, logger);
        await buildAdmin(root, clientDir, logger);
      },
    },
  };
}

/** A Vite build of its own (no config file, no Cloudflare plugin) that writes nothing and returns its files. */
async function buildFiles(config: InlineConfig) {
  const result = await build({
    configFile: false,
    logLevel: 'warn',
    ...config,
    build: { ...config.build, write: false },
  });
  const output = Array.isArray(result) ? result[0] : result;
  if (!output || !('output' in output)) throw new Error('prerender: a build returned no files');
  return output.output;
}

async function writePages(
  root: string,
  client: string,
  entry: ServerEntry,
  footerBase: string | undefined,
  logger: Logger,
) {
  const {
    render,
    pages,
    languages,
    notFoundPath,
    ogImageSvg,
    manifestJson,
    manifestPath,
    brandFontScript,
    agendaScriptPlaceholder,
    ticketPageSamples,
    orderPageSamples,
  } = entry;
  const templatePath = join(client, 'client/index.html');
  const built = await readFile(templatePath, 'utf8');

  // The page's own script (client/boot.ts) in two parts, each built on its own into a classic
  // script. The file (client/page-script.ts) is written under a hashed name and cached for a year;
  // on a page with islands it imports the islands' entry, which Vite linked into the template, when
  // the visitor reaches for one. The inlined part (client/first-tap.ts) answers the first taps and
  // asks for the file once the first content is on the screen: the whole script inlined was 4.5 KB of gzip
  // in every page, which took the home pages past TCP's first window (one more round trip before
  // the first paint). The CSP allows exactly the inlined part by its hash.
  const entryTag = built.match(/<script type="module" crossorigin src="([^"]+)"><\/script>/);
  if (!entryTag) throw new Error('the built template has no app entry script');
  const classicScript = async (input: string, define: Record<string, string>) => {
    const [chunk] = await buildFiles({
      root,
      define,
      build: { minify: true, rolldownOptions: { input: join(root, input), output: { format: 'iife' } } },
    });
    if (chunk?.type !== 'chunk') throw new Error(`${input} built to no chunk`);
    return chunk.code.trim();
  };
  // `__PAGE_SCRIPT__` undefined: the inlined part's own start (client/first-tap.ts) is left out of the file.
  const pageScript = await classicScript('client/page-script.ts', {
    __APP_ENTRY__: JSON.stringify(entryTag[1]),
    __PAGE_SCRIPT__: 'undefined',
    __STYLESHEET__: 'undefined',
  });
  const pageScriptPath = `/assets/page-script-${createHash('sha256').update(pageScript).digest('hex').slice(0, 10)}.js`;
  await writeFile(join(client, pageScriptPath), pageScript);
  // The programme page's own file (client/agenda-script.ts), named by that page alone
  // (`data-page-script`), so the agenda's code is on no other page.
  const agendaScript = await classicScript('client/agenda-script.ts', {});
  const agendaScriptPath = `/assets/page-script-agenda-${createHash('sha256').update(agendaScript).digest('hex').slice(0, 10)}.js`;
  await writeFile(join(client, agendaScriptPath), agendaScript);
  // The site's one stylesheet, which the template links: a page whose first-screen rules fit its
  // first window gets them inline and the whole stylesheet from the inlined part once its first
  // content is on the screen (below).
  const stylesheetTag = built.match(/<link rel="stylesheet" crossorigin href="(\/assets\/[^"]+\.css)">/);
  if (!stylesheetTag?.[1]) throw new Error('the built template has no stylesheet link');
  const stylesheetPath = stylesheetTag[1];
  const bootScript = await classicScript('client/first-tap.ts', { __PAGE_SCRIPT__: JSON.stringify(pageScriptPath) });
  // The head's script of a page with inline first-screen rules (client/first-screen.ts): it adds the
  // whole stylesheet after the first paint; only those pages carry it, and their CSP allows it.
  const firstScreenScript = await classicScript('client/first-screen.ts', {
    __STYLESHEET__: JSON.stringify(stylesheetPath),
  });
  const firstScreenHash = `sha256-${createHash('sha256').update(firstScreenScript).digest('base64')}`;
  const scriptHash = `sha256-${createHash('sha256').update(bootScript).digest('base64')}`;
  // The favicon goes into the page as a data URL: a linked icon is one more request while the page
  // loads (on HTTP/1.1 one more connection), and its 300 bytes cost less than that.
  const faviconSvg = await readFile(join(root, 'public/favicon.svg'), 'utf8');
  const faviconLink = '<link rel="icon" href="/favicon.svg" type="image/svg+xml" />';
  if (!built.includes(faviconLink)) throw new Error('the built template has no favicon link');
  // The head's one line (site/privacy.ts BRAND_FONT_SCRIPT): before the stylesheet, so it never
  // waits for it, and before the first paint, so the brand typeface is there from the first frame.
  // It comes through the server entry, as every value of site/ here does: the config loader takes
  // this file's own imports, and site/ imports without file extensions.
  const fontScript = brandFontScript;
  const fontHash = `sha256-${createHash('sha256').update(fontScript).digest('base64')}`;
  // The element whose arrival lets the first frame be drawn: the footer, or what a page names (site/pages.ts `firstFrameAt`).
  const firstFrameLink = '<link rel="expect" href="#footer"';
  if (!built.includes(firstFrameLink)) throw new Error('the built template has no rel="expect" link to the footer');
  const viewport = '<meta name="viewport" content="width=device-width, initial-scale=1" />';
  if (!built.includes(viewport)) throw new Error('the built template has no viewport meta');
  // At the end of the body: it runs once the page it acts on has been parsed.
  const template = built
    .replace(viewport, `${viewport}\n    <script>${fontScript}</script>`)
    .replace(entryTag[0], '')
    .replace(faviconLink, `<link rel="icon" href="${faviconDataUrl(faviconSvg)}" type="image/svg+xml" />`)
    .replace('</body>', `<script>${bootScript}</script>\n  </body>`);

  /** Fills the template with a rendered page. */
  const documentFor = (lang: LanguageCode, { html, head }: { html: string; head: string }, firstFrameAt = 'footer') =>
    template
      .replace('<html lang="pl">', `<html lang="${lang}">`)
      .replace(firstFrameLink, `<link rel="expect" href="#${firstFrameAt}"`)
      .replace('<!--head-->', head)
      .replace('<!--app-->', html.replaceAll(`"${agendaScriptPlaceholder}"`, `"${agendaScriptPath}"`));

  // Every page rendered first: the first-screen rules are collected from all of a page's languages.
  const documents: { path: string; file: string; family: string | null; html: string }[] = [];
  for (const lang of languages) {
    for (const page of pages) {
      const path = page.path(lang.code);
      const html = documentFor(lang.code, await render(lang.code, page.id), page.firstFrameAt);
      documents.push({ path, file: join(client, path, 'index.html'), family: page.id, html });
    }
    const path = notFoundPath(lang.prefix);
    const html = documentFor(lang.code, await render(lang.code, null));
    documents.push({ path, file: join(client, `${path}.html`), family: NOT_FOUND_FAMILY, html });
  }
  // The pages the worker writes: laid out with samples of what it writes, where it writes them
  // (worker/ticket-page.ts, worker/thanks-page.ts); the frame itself is written to dist as built.
  const samples: { path: string; family: string; frame: string; html: string }[] = [];
  for (const doc of documents) {
    if (!doc.family || !WORKER_WRITTEN.has(doc.family)) continue;
    const lang = languages.find((l) => doc.path.startsWith(`/${l.prefix}/`))?.code;
    if (!lang) throw new Error(`no language for ${doc.path}`);
    const written =
      doc.family === 'ticket'
        ? (await ticketPageSamples(lang)).map((html) => ticketPageWritten(doc.html, html))
        : (await orderPageSamples(lang, islandProps(doc.html), ORDER_TICKETS_SIZED)).map(({ html, props }) =>
            orderPageWritten(doc.html, html, props),
          );
    // The frame as built is served too: the order page when the box office does not answer.
    if (doc.family === 'thanks') written.push(doc.html);
    written.forEach((html, i) => {
      samples.push({ path: `${doc.path}/~sample-${i}`, family: doc.family as string, frame: doc.path, html });
    });
  }
  // A page already this close to its first window has no room for any family's block (the blocks
  // are 3.7-4.7 KB of gzip): not laid out in the browser at all (the home pages).
  const noRoom = entry.securityHeaders(
    footerBase,
    [fontHash, scriptHash, firstScreenHash],
    ['sha256-'.padEnd(51, '=')],
  );
  const tooFull: string[] = [];
  for (const doc of documents) {
    if (!doc.family) continue;
    // A page the worker writes, by its largest sample as served.
    const size = WORKER_WRITTEN.has(doc.family)
      ? Math.max(
          ...samples
            .filter((sample) => sample.frame === doc.path)
            .map((sample) => wireSize(sample.html, { ...noRoom, ...WORKER_HEADERS })),
        )
      : wireSize(doc.html, noRoom);
    if (size + MIN_BLOCK <= FIRST_WINDOW) continue;
    tooFull.push(`${doc.path} (${size} B without the block)`);
    doc.family = null;
  }
  const started = Date.now();
  const blocks = await firstScreenCss(client, stylesheetPath, [
    ...documents.flatMap(({ path, family, html }) =>
      family && !WORKER_WRITTEN.has(family) ? [{ path, family, html }] : [],
    ),
    // The samples of a page laid out only while the page is (not when it has no room at all).
    ...samples.filter((sample) => documents.some((doc) => doc.path === sample.frame && doc.family)),
  ]);
  const hashOf = (block: Block) => `sha256-${createHash('sha256').update(block.css).digest('base64')}`;
  const headersWith = (block: Block) =>
    entry.securityHeaders(footerBase, [fontHash, scriptHash, firstScreenHash], [hashOf(block)]);
  // The `_headers` paths of a family: a page's path in every language, the language as a placeholder.
  const familyPaths = (family: string) => {
    if (family === NOT_FOUND_FAMILY) return [`${notFoundPath('')}*`];
    const page = pages.find((p) => p.id === family);
    if (!page) throw new Error(`no page ${family}`);
    return [...new Set(languages.map((lang) => page.path(lang.code).replace(/^\/[^/]+(?=\/)/, '/:lang')))];
  };
  // A page with its block, and its bytes on the wire as served: a page the worker writes is judged
  // by the largest of its samples, as the worker serves it.
  const withBlock = (doc: (typeof documents)[number], block: Block) => {
    const head = firstScreenHead(block, stylesheetPath, firstScreenScript);
    const html = doc.html.replace(stylesheetTag[0], head);
    const size = WORKER_WRITTEN.has(doc.family ?? '')
      ? Math.max(
          ...samples
            .filter((sample) => sample.frame === doc.path)
            .map((sample) =>
              wireSize(sample.html.replace(stylesheetTag[0], head), { ...headersWith(block), ...WORKER_HEADERS }),
            ),
        )
      : wireSize(html, headersWith(block));
    return { html, size };
  };
  // Each family's block, one for all its languages (its CSP hash is in `_headers` by family): the
  // complete one, unless it would take a page out of its first window that the lean one keeps in.
  const chosen = new Map<string, Block>();
  for (const [family, { complete, lean }] of blocks) {
    const docs = documents.filter((doc) => doc.family === family);
    const fits = (block: Block) => docs.map((doc) => withBlock(doc, block).size <= FIRST_WINDOW);
    const withLean = fits(lean);
    chosen.set(family, fits(complete).every((fit, i) => fit === withLean[i]) ? complete : lean);
  }
  const kept = tooFull;
  const written: string[] = [];
  const inlinedFamilies = new Set<string>();
  for (const doc of documents) {
    const block = doc.family ? chosen.get(doc.family) : undefined;
    let html = doc.html;
    if (doc.family && block !== undefined) {
      // Inline only where the HTML with its block, headers included, still arrives in the first
      // window: past it the page would wait one more round trip, which costs more than the
      // stylesheet's own request.
      const inlined = withBlock(doc, block);
      if (WORKER_WRITTEN.has(doc.family)) written.push(`${doc.path} ${inlined.size} B`);
      if (inlined.size <= FIRST_WINDOW) {
        html = inlined.html;
        inlinedFamilies.add(doc.family);
      } else kept.push(`${doc.path} (${inlined.size} B with it)`);
    }
    await mkdir(dirname(doc.file), { recursive: true });
    await writeFile(doc.file, html);
  }
  const count = documents.length - languages.length;
  const sizes = [...chosen.values()].map((block) => gzipSync(block.css).length);
  const leanFamilies = [...chosen].filter(([family, block]) => block.lean && inlinedFamilies.has(family));
  logger.info(
    `first-screen CSS: ${chosen.size} blocks of ${sizes.length ? `${Math.min(...sizes)}-${Math.max(...sizes)}` : 0} B gzip in ${Date.now() - started} ms; ` +
      `lean (what opens waits for the whole stylesheet) for ${leanFamilies.map(([family]) => family).join(', ') || 'none'}; ` +
      `the external stylesheet kept by ${kept.length} pages past the first window with it: ${kept.join(', ') || 'none'}; ` +
      `the pages the worker writes, at their largest sample (an order of ${ORDER_TICKETS_SIZED} tickets) with the block: ${written.join(', ')}`,
  );

  // Preview images (1200x630 PNG per language) and robots.txt. Sharp is loaded here only,
  // not with the config: `vite dev` never needs it.
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
  ] as const) {
    await sharp(favicon, { density: 600 }).resize(size, size).png().toFile(join(client, name));
  }
  // /favicon.ico, which browsers ask for on a page that links no icon and crawlers ask for anyway:
  // without it the request fell through to the worker, which redirected it to /pl/favicon.ico, a 404.
  const icoSizes = [16, 32, 48];
  const icoImages = await Promise.all(
    icoSizes.map((size) => sharp(favicon, { density: 300 }).resize(size, size).png().toBuffer()),
  );
  await writeFile(
    join(client, 'favicon.ico'),
    icoFile(icoSizes.map((size, i) => ({ size, png: icoImages[i] as Buffer }))),
  );
  // One web app manifest per language, linked by the page's script in the page's language.
  for (const lang of languages) {
    await writeFile(join(client, manifestPath(lang.code).slice(1)), await manifestJson(lang.code));
  }
  // No sitemap.xml here: the worker serves it (worker/content/sitemap.ts), with the content pages'
  // last publication, so the assets layer must not answer it first.
  await writeFile(join(client, 'robots.txt'), entry.robotsTxt());

  // The template is not a page: without it `/` reaches the worker, which redirects by language.
  await rm(dirname(templatePath), { recursive: true });
  await appendFile(join(client, '.assetsignore'), '.vite\n');
  // Security and cache headers for the static files, from the same list the worker uses, with the
  // footer service's origin the worker's bundle got from the same Vite env.
  // Each page family's CSP allows its own first-screen block by hash (one hash per page, not every
  // block's on every page: the headers are part of the first window too).
  const families = [...chosen]
    .filter(([family]) => inlinedFamilies.has(family))
    .map(([family, block]) => ({ paths: familyPaths(family), hash: hashOf(block), scripts: [firstScreenHash] }));
  // Cloudflare reads at most 100 rules from `_headers`.
  const rules = 2 + families.reduce((sum, family) => sum + family.paths.length, 0);
  if (rules > 100) throw new Error(`_headers would have ${rules} rules, Cloudflare reads 100`);
  await writeFile(join(client, '_headers'), entry.headersFile(footerBase, [fontHash, scriptHash], families));
  logger.info(`prerendered ${count} pages and ${languages.length} 404 pages`);
}

/**
 * An ICO file holding PNG images (the format's directory, then each PNG as it is, as browsers have
 * read it since Windows Vista): a 6-byte header, a 16-byte entry per image, the images.
 */
export function icoFile(images: { size: number; png: Buffer }[]): Buffer {
  const header = Buffer.alloc(6 + 16 * images.length);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(images.length, 4);
  let offset = header.length;
  images.forEach(({ size, png }, i) => {
    const entry = 6 + 16 * i;
    header.writeUInt8(size >= 256 ? 0 : size, entry); // width (0 means 256)
    header.writeUInt8(size >= 256 ? 0 : size, entry + 1); // height
    header.writeUInt8(0, entry + 2); // no palette
    header.writeUInt8(0, entry + 3); // reserved
    header.writeUInt16LE(1, entry + 4); // colour planes
    header.writeUInt16LE(32, entry + 6); // bits per pixel
    header.writeUInt32LE(png.length, entry + 8);
    header.writeUInt32LE(offset, entry + 12);
    offset += png.length;
  });
  return Buffer.concat([header, ...images.map((image) => image.png)]);
}

/** An SVG as a compact data URL: only the characters a URL in an attribute cannot hold are escaped. */
function faviconDataUrl(svg: string) {
  const compact = svg.replace(/\s*\n\s*/g, ' ').trim();
  return `data:image/svg+xml,${compact.replace(/[%#<>"\s]/g, (c) => encodeURIComponent(c))}`;
}

/**
 * The organiser console (client/admin/): a Vite build of its own, so that it shares no chunk with the
 * public pages and adding it changes none of their files by a byte. Its files go to
 * dist/client/assets/ under an `admin-` prefix; its page to dist/client/_internal/, which the assets
 * layer never serves itself (wrangler.toml), so only the worker's /admin route, with its own headers,
 * answers it.
 */
async function buildAdmin(root: string, client: string, logger: Logger) {
  const files = await buildFiles({
    root: join(root, 'client/admin'),
    base: '/',
    plugins: [react()],
    build: {
      modulePreload: { polyfill: false },
      rolldownOptions: {
        output: {
          entryFileNames: 'assets/admin-[name]-[hash].js',
          chunkFileNames: 'assets/admin-[name]-[hash].js',
          assetFileNames: 'assets/admin-[name]-[hash][extname]',
        },
      },
    },
  });
  await mkdir(join(client, '_internal'), { recursive: true });
  const assets = files.filter((file) => file.fileName !== 'index.html');
  for (const file of files) {
    const path = file.fileName === 'index.html' ? '_internal/admin.html' : file.fileName;
    await writeFile(join(client, path), file.type === 'chunk' ? file.code : file.source);
  }
  logger.info(`built the organiser console: ${assets.length} files`);
}
