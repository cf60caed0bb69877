// The performance budget as a checkable fact: builds, serves the production build with wrangler,
// runs Lighthouse (default mobile settings) in Chromium over pages x languages and autocannon
// against the local worker (loopback only, bounded), prints one table, writes bench/latest.md and
// exits non-zero when a budget line is missed.
//   npm run bench             every page in every language
//   npm run bench -- --quick  home, program, kup-bilet in pl and en-gb, the thank-you page in pl
//   --no-build                measure the existing dist/
//   --only /pl,/de/program    just these pages (while working on them)
//   --runs 5                  Lighthouse runs per page: the run with the median performance score
//                             stands for the scores and sizes, LCP, TBT and CLS are each the median
//                             (a page that misses a timing line on fewer runs is measured five times)
//   --taps 5                  cold taps per control and page (default 3, nine for a control whose median
//                             misses the line; 0 skips tap timing)
// Sizes are gzip -9 of what the page loaded: the local server does not compress, Cloudflare does.
// A page loads only its inline script (client/boot.ts); a page with islands (client/islands.ts: the
// purchase dialog, the contact form, the workshop registration, the order status) loads React,
// the island's chunk and its catalogues when the visitor reaches for one. The JS budget counts
// all of it, every island of the page hydrated ("JS in all").
// The thank-you page (kup-bilet/dziekujemy) is measured with a real order: the bench buys a ticket
// in the page's language through the API and pays it in the demo checkout, as a buyer would, and
// measures the page the checkout sends the buyer to (the order, its QR ticket, the live status).
// Tap timing (scripts/tap-timing.mjs): for each kind of control on a page, the median time from a
// cold tap to its visible answer on Lighthouse's mobile profile. Every page gets the mobile menu;
// the other header controls and the welcome popup are measured on each language's home page, the
// FAQ and plan buttons wherever they are.
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import autocannon from 'autocannon';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, findBrowser } from './browser.mjs';
import { controlsOn, TAP_DELAYS_MS, tapTimes } from './tap-timing.mjs';

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const runs = Math.max(1, Number(args.includes('--runs') ? args[args.indexOf('--runs') + 1] : 1));
const taps = Math.max(0, Number(args.includes('--taps') ? args[args.indexOf('--taps') + 1] : 3));
const HEADER_KINDS = ['language picker', 'header dropdown', 'welcome popup'];
const PORT = Number(process.env.BENCH_PORT ?? 8788);
const BASE = `http://127.0.0.1:${PORT}`;
const BUDGET = { score: 100, lcp: 800, tbt: 50, cls: 0, js: 100 * 1024, css: 15 * 1024, html: 30 * 1024, tap: 100 };

if (!args.includes('--no-build')) execFileSync('npm', ['run', 'build'], { stdio: 'inherit' });

// The bench server gets its own copy of the built config with the rate limits raised, so the
// purchase load is measured rather than refused.
const builtConfig = 'dist/ai_congress/wrangler.json';
const config = JSON.parse(readFileSync(builtConfig, 'utf8'));
for (const limiter of config.ratelimits ?? []) limiter.simple = { limit: 1_000_000, period: 60 };
writeFileSync('dist/ai_congress/wrangler.bench.json', JSON.stringify(config));

// Its own process group, so that stopping it also stops wrangler's workerd children.
const server = spawn('node', ['scripts/serve.mjs', '--config', 'dist/ai_congress/wrangler.bench.json'], {
  env: { ...process.env, PORT: String(PORT), PERSIST_DIR: '.wrangler/bench-state' },
  stdio: ['ignore', 'ignore', 'inherit'],
  detached: true,
});
const stop = () => {
  try {
    process.kill(-server.pid, 'SIGTERM');
  } catch {
    // Already gone.
  }
};
process.on('exit', stop);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130));

async function waitForServer() {
  for (let i = 0; i < 240; i++) {
    try {
      await fetch(`${BASE}/pl`);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  throw new Error('the bench server did not start');
}

/** Pages to measure: [language code, path]. */
function targets() {
  const table = JSON.parse(
    execFileSync('node', [
      '-e',
      `
    import('./dist/ssr/entry-server.js').then(({ pages, languages }) => {
      console.log(JSON.stringify(languages.flatMap((l) => pages.map((p) => [l.code, p.path(l.code)]))));
    });`,
    ]).toString(),
  );
  const only = args.includes('--only') ? args[args.indexOf('--only') + 1].split(',') : undefined;
  if (only) return table.filter(([, path]) => only.includes(path));
  if (!quick) return table;
  const wanted = ['/pl', '/pl/program', '/pl/kup-bilet', '/en-gb', '/en-gb/program', '/en-gb/kup-bilet'];
  wanted.push('/pl/kup-bilet/dziekujemy');
  return table.filter(([, path]) => wanted.includes(path));
}

const isThanksPage = (path) => path.endsWith('/kup-bilet/dziekujemy');

/**
 * The URL to measure a page at. The thank-you page shows an order: one is bought in the page's
 * language and paid in the demo checkout, and the URL is where the checkout sends the buyer.
 */
async function pageUrl(lang, path) {
  if (!isThanksPage(path)) return BASE + path;
  const headers = { origin: BASE, 'content-type': 'application/json' };
  const bought = await fetch(`${BASE}/api/purchase/online-premium`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email: `bench-${lang.toLowerCase()}@example.com`, lang }),
  });
  if (!bought.ok)
    throw new Error(
      `the thank-you page needs an order, and buying one answered ${bought.status}: ${await bought.text()}`,
    );
  const checkout = new URL((await bought.json()).url, BASE);
  const paid = await fetch(`${BASE}${checkout.pathname}/pay`, {
    method: 'POST',
    headers: { origin: BASE, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token: checkout.searchParams.get('token') ?? '' }),
    redirect: 'manual',
  });
  const thanks = paid.headers.get('location');
  if (paid.status !== 303 || !thanks?.includes('?order=')) throw new Error(`the demo checkout answered ${paid.status}`);
  return new URL(thanks, BASE).href;
}

const gzipCache = new Map();
/** Size of a same-origin resource after gzip -9 (what a compressing edge sends, roughly). */
async function gzipBytes(url) {
  if (!url.startsWith(BASE)) throw new Error(`request to another origin: ${url}`);
  if (!gzipCache.has(url)) {
    const body = new Uint8Array(await (await fetch(url)).arrayBuffer());
    gzipCache.set(url, gzipSync(body, { level: 9 }).length);
  }
  return gzipCache.get(url);
}

async function lighthouseRun(port, url) {
  const { lhr } = await lighthouse(url, { port, output: 'json', logLevel: 'error' });
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const audit = (id) => lhr.audits[id]?.numericValue ?? Number.NaN;
  if (args.includes('--only')) {
    const lcpElement = lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node;
    console.log(`LCP element: ${lcpElement?.snippet} (${lcpElement?.selector})`);
    for (const item of lhr.audits['bootup-time']?.details?.items ?? [])
      console.log(`bootup ${item.url} ${Math.round(item.total)} ms`);
  }
  const requests = lhr.audits['network-requests'].details?.items ?? [];
  const bytes = async (type) => {
    let sum = 0;
    for (const r of requests.filter((request) => request.resourceType === type)) sum += await gzipBytes(r.url);
    return sum;
  };
  // The page's inline script is JavaScript too, though it travels inside the HTML.
  const html = await (await fetch(url)).text();
  const inlineJs = [...html.matchAll(/<script(?: [^>]*)?>([\s\S]*?)<\/script>/g)]
    .filter(([tag]) => !tag.includes(' src=') && !tag.includes('application/ld+json'))
    .reduce((sum, [, body]) => sum + gzipSync(body, { level: 9 }).length, 0);
  const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  // A page kept out of search engines on purpose (the thank-you page, a buyer's own order) fails
  // Lighthouse's "is crawlable" by design: its SEO score is that of every other SEO audit.
  const noindex = /<meta name="robots" content="[^"]*noindex/.test(html);
  const seoScore = () => {
    if (!noindex) return score('seo');
    const refs = (lhr.categories.seo?.auditRefs ?? []).filter((ref) => ref.id !== 'is-crawlable' && ref.weight > 0);
    const weight = refs.reduce((sum, ref) => sum + ref.weight, 0);
    const total = refs.reduce((sum, ref) => sum + ref.weight * (lhr.audits[ref.id]?.score ?? 0), 0);
    return Math.round((total / weight) * 100);
  };
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: seoScore(),
    noindex,
    lcp: Math.round(audit('largest-contentful-paint')),
    tbt: Math.round(audit('total-blocking-time')),
    cls: Number(audit('cumulative-layout-shift').toFixed(3)),
    js: (await bytes('Script')) + inlineJs,
    inlineJs,
    css: await bytes('Stylesheet'),
    html: await bytes('Document'),
    scripts: requests.filter((r) => r.resourceType === 'Script').map((r) => new URL(r.url).pathname),
    failing: Object.values(lhr.audits)
      .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
      .filter((a) => !(noindex && a.id === 'is-crawlable'))
      .map((a) => a.id),
  };
}

/** Gzip size of every script a page has loaded once the visitor has reached for each of its islands. */
async function jsOnUse(browser, url) {
  const page = await browser.newPage();
  try {
    await page.goto(url);
    // A focus inside an island is what starts it (client/boot.ts `islands`).
    for (const island of await page.locator('[data-island]').all())
      await island.evaluate((element) => element.dispatchEvent(new FocusEvent('focusin')));
    await page.waitForFunction(
      () => [...document.querySelectorAll('[data-island]')].every((island) => island.dataset.hydrated === 'true'),
      null,
      { timeout: 30_000 },
    );
    // Whatever else the page would load after that (nothing, on a page without islands).
    await page.waitForLoadState('networkidle');
    const scripts = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((entry) => entry.name)
        .filter((name) => new URL(name).pathname.endsWith('.js')),
    );
    let sum = 0;
    for (const script of scripts) sum += await gzipBytes(script);
    return sum;
  } finally {
    await page.close();
  }
}

/** Several runs of one page as one: the run with the median performance score (then LCP) for the
 * scores and sizes, and for each timing the median of its own values. */
function median(all) {
  const middle = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const run = [...all].sort((a, b) => a.performance - b.performance || b.lcp - a.lcp)[Math.floor(all.length / 2)];
  return {
    ...run,
    lcp: middle(all.map((r) => r.lcp)),
    tbt: middle(all.map((r) => r.tbt)),
    cls: middle(all.map((r) => r.cls)),
  };
}

/** "menu 48 · picker 92": the median tap time per kind of control. */
function tapSummary(r) {
  return Object.entries(r.taps ?? {})
    .map(([kind, { median: ms }]) => `${kind} ${ms}`)
    .join(' · ');
}

/** Runs of a page whose measurement misses a timing line: Lighthouse's advice for variable metrics. */
const RECHECK_RUNS = 5;
/**
 * Taps on a control whose median of the first ones misses the line. A tap varies more than a
 * Lighthouse run: DevTools' CPU throttling stretches every moment the renderer is kept waiting by
 * 4, and ten taps on one plan button here ranged from 50 to 210 ms. Nine give a median that two
 * or three slow taps cannot move, either way.
 */
const TAP_RECHECK_RUNS = 9;

const missesTiming = (r) =>
  r.performance < BUDGET.score || r.lcp > BUDGET.lcp || r.tbt > BUDGET.tbt || r.cls > BUDGET.cls;

/** One Lighthouse run; a run Lighthouse itself reports as broken (NO_NAVSTART, say) is repeated twice at most. */
async function measure(port, url) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await lighthouseRun(port, url);
    } catch (error) {
      if (attempt === 3) throw error;
      console.warn(`${error.message}; again`);
    }
  }
}

async function load(name, { redirect = false, ...options }) {
  const result = await autocannon({ url: BASE, connections: 10, duration: quick ? 3 : 8, amount: 20000, ...options });
  return {
    name,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    // A redirect endpoint is meant to answer 3xx; anything else that is not 2xx is a failure.
    failed: result.non2xx - (redirect ? result['3xx'] : 0),
  };
}

await waitForServer();
const chrome = await chromeLauncher.launch({
  chromePath: findBrowser(),
  chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
});
const browser = await chromium.launch({ executablePath: findBrowser(), args: CHROMIUM_ARGS });
const rows = [];
const misses = [];
try {
  for (const [lang, path] of targets()) {
    const url = await pageUrl(lang, path);
    // Lighthouse's timings vary from run to run (here TBT by tens of milliseconds on a busy 2-core
    // machine). A page that misses a timing line is measured five times and the medians count, so
    // that one or two noisy runs neither fail nor pass it.
    const all = [];
    for (let i = 0; i < runs; i++) all.push(await measure(chrome.port, url));
    if (all.length < RECHECK_RUNS && missesTiming(median(all)))
      while (all.length < RECHECK_RUNS) all.push(await measure(chrome.port, url));
    const r = median(all);
    r.jsOnUse = Math.max(r.js, r.inlineJs + (await jsOnUse(browser, url)));
    if (taps > 0) {
      const home = /^\/[a-z-]+$/.test(path);
      const kinds = (await controlsOn(browser, url)).filter((kind) => home || !HEADER_KINDS.includes(kind));
      r.taps = await tapTimes(browser, url, { runs: taps, kinds });
      // Likewise a control whose median tap misses the line is tapped nine times in all.
      const slow = kinds.filter(
        (kind) => r.taps[kind].median > BUDGET.tap && r.taps[kind].times.length < TAP_RECHECK_RUNS,
      );
      if (slow.length)
        Object.assign(
          r.taps,
          await tapTimes(browser, url, { runs: TAP_RECHECK_RUNS - taps, kinds: slow, before: r.taps }),
        );
    }
    rows.push({ path: isThanksPage(path) ? `${path}?order=…` : path, ...r });
    const check = (ok, what) => ok || misses.push(`${path}: ${what}`);
    for (const key of ['performance', 'accessibility', 'bestPractices', 'seo'])
      check(r[key] >= BUDGET.score, `${key} ${r[key]}`);
    check(r.lcp <= BUDGET.lcp, `LCP ${r.lcp} ms`);
    check(r.tbt <= BUDGET.tbt, `TBT ${r.tbt} ms`);
    check(r.cls <= BUDGET.cls, `CLS ${r.cls}`);
    check(r.jsOnUse <= BUDGET.js, `JS in all ${r.jsOnUse} B`);
    for (const [kind, { median: ms, times }] of Object.entries(r.taps ?? {}))
      check(ms <= BUDGET.tap, `tap on ${kind} ${ms} ms (runs: ${times.join(', ')})`);
    check(r.css <= BUDGET.css, `CSS ${r.css} B`);
    check(r.html <= BUDGET.html, `HTML ${r.html} B`);
    if (args.includes('--only')) console.log(r.scripts.join(' '));
    console.log(
      `${path}: ${r.performance}/${r.accessibility}/${r.bestPractices}/${r.seo} LCP ${r.lcp} TBT ${r.tbt} CLS ${r.cls} JS ${r.js} (in all ${r.jsOnUse}) CSS ${r.css} HTML ${r.html} taps ${tapSummary(r)}${r.failing.length ? ` (failing: ${r.failing.join(', ')})` : ''}`,
    );
  }
} finally {
  await chrome.kill();
  await browser.close();
}

const loads = [
  await load('static page /pl/program', { url: `${BASE}/pl/program` }),
  await load('redirect /', { url: `${BASE}/`, redirect: true }),
  await load('GET /api/footer', { url: `${BASE}/api/footer?lang=pl` }),
  await load('POST /api/purchase/standard', {
    url: `${BASE}/api/purchase/standard`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'bench@example.com' }),
    amount: quick ? 300 : 2000,
  }),
];
for (const l of loads) if (l.failed) misses.push(`${l.name}: ${l.failed} failed requests`);
stop();

const kb = (bytes) => (bytes / 1024).toFixed(1);
const table = [
  '| page | perf | a11y | best pr. | SEO | LCP ms | TBT ms | CLS | JS at load KB | JS in all KB | CSS KB | HTML KB | cold tap ms (median per control) |',
  '|---|---|---|---|---|---|---|---|---|---|---|---|---|',
  ...rows.map(
    (r) =>
      `| ${r.path} | ${r.performance} | ${r.accessibility} | ${r.bestPractices} | ${r.seo} | ${r.lcp} | ${r.tbt} | ${r.cls} | ${kb(r.js)} | ${kb(r.jsOnUse)} | ${kb(r.css)} | ${kb(r.html)} | ${tapSummary(r)} |`,
  ),
];
const staticRps = loads[0].rps || 1;
const loadTable = [
  '| endpoint | req/s | × static | p50 ms | p99 ms | failed |',
  '|---|---|---|---|---|---|',
  ...loads.map(
    (l) => `| ${l.name} | ${l.rps} | ${(l.rps / staticRps).toFixed(2)} | ${l.p50} | ${l.p99} | ${l.failed} |`,
  ),
];
const report = [
  `# Benchmark (${quick ? 'quick' : 'full'}, ${runs} Lighthouse run${runs > 1 ? 's' : ''} per page, median), ${new Date().toISOString().slice(0, 10)}`,
  '',
  `Budget: scores ${BUDGET.score}, LCP ≤ ${BUDGET.lcp} ms, TBT ≤ ${BUDGET.tbt} ms, CLS ${BUDGET.cls}, JS in all ≤ ${kb(BUDGET.js)} KB (the inline script, plus on a page with islands React, the islands' chunks and their catalogues, every island hydrated), CSS ≤ ${kb(BUDGET.css)} KB, HTML ≤ ${kb(BUDGET.html)} KB (gzip -9), a cold tap on every kind of control answered in ≤ ${BUDGET.tap} ms (median of ${taps} taps, or ${TAP_RECHECK_RUNS} for a control whose first ${taps} miss, Lighthouse's mobile profile: 375 px, 150 ms RTT, 1.6 Mbps, CPU 4x; the taps come 0-${(TAP_DELAYS_MS.length - 1) * 400} ms after load; a tap on a plan button also starts the purchase island). The thank-you page is measured with a paid order bought for the run; being noindex on purpose, its SEO score leaves out "is crawlable".`,
  '',
  ...table,
  '',
  ...loadTable,
  '',
  misses.length
    ? `**Budget missed (${misses.length}):**\n\n${misses.map((m) => `- ${m}`).join('\n')}`
    : '**Every budget line met.**',
  '',
].join('\n');
writeFileSync('bench/latest.md', report);
console.log(`\n${report}`);
process.exit(misses.length ? 1 : 0);
