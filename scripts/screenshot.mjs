// Screenshots of pages at phone and desktop width, for looking at what we build:
//   node scripts/screenshot.mjs [--base http://127.0.0.1:8787] [--widths 320,1440] [--chunks] /pl /de/kup-bilet ...
// Writes test-results/screens/<path>-<width>.png (full page). Needs a running server.
import { mkdirSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, findBrowser } from './browser.mjs';

const args = process.argv.slice(2);
if (args.length === 0 || args.includes('--help') || args.includes('-h')) {
  console.log(`usage: npm run screenshot -- [options] <path>...

Full-page screenshots of a running server (npm start or npm run preview) into test-results/screens/,
as a returning visitor (welcome popup and development notice already closed, the brand typeface in
the browser's cache).

  --base URL        server to photograph (default http://127.0.0.1:8787)
  --widths A,B,...  viewport widths in px (default 375,1440)
  --chunks          one viewport-high image per screen instead of one tall image

example: npm run screenshot -- --widths 320 /de /es`);
  process.exit(args.length === 0 ? 1 : 0);
}
/** Removes `--name value` from args and returns the value. */
function option(name) {
  const index = args.indexOf(name);
  return index >= 0 ? args.splice(index, 2)[1] : undefined;
}
const base = option('--base') ?? 'http://127.0.0.1:8787';
const widths = (option('--widths') ?? '375,1440').split(',').map(Number);
if (widths.some((w) => !Number.isInteger(w) || w < 200)) throw new Error('--widths takes pixel widths, e.g. 320,1440');
// --chunks: one viewport-sized image per screen instead of one tall image (easier to read).
const chunks = args.includes('--chunks');
if (chunks) args.splice(args.indexOf('--chunks'), 1);
const out = 'test-results/screens';
mkdirSync(out, { recursive: true });

const browser = await chromium.launch({ executablePath: findBrowser(), args: CHROMIUM_ARGS });
// A returning visitor has the brand typeface in the cache (client/boot.ts brandFont): one page first
// to fill it, so that every screenshot shows the face from its first paint.
const context = await browser.newContext();
{
  const warm = await context.newPage();
  await warm.goto(`${base}${args[0]}`, { waitUntil: 'networkidle' });
  await warm.evaluate(() => document.fonts.load('400 1em "Space Grotesk"', 'Aą'));
  await warm.close();
}
for (const path of args) {
  for (const width of widths) {
    const page = await context.newPage();
    await page.setViewportSize({ width, height: 900 });
    await page.addInitScript(() => {
      localStorage.setItem('brandFont', 'true');
      localStorage.setItem('welcomePopupClosed', 'true');
      sessionStorage.setItem('devNoticeClosed', 'true');
    });
    await page.goto(base + path, { waitUntil: 'networkidle' });
    // `font-display: optional` keeps the fallback when the face is not ready at once (a busy machine
    // reading its cache): a second load finds it in the page's own memory.
    await page.reload({ waitUntil: 'networkidle' });
    // Sections off screen are not painted until they come near it (content-visibility: auto), and
    // a full-page capture does not scroll: paint them all, as a visitor scrolling down sees them.
    await page.evaluate(() => {
      for (const element of document.querySelectorAll('*'))
        if (getComputedStyle(element).contentVisibility === 'auto') element.style.contentVisibility = 'visible';
    });
    const file = `${out}/${path.replace(/^\//, '').replace(/[/?=&]/g, '_') || 'root'}-${width}.png`;
    if (!chunks) {
      await page.screenshot({ path: file, fullPage: true });
      console.log(file);
    } else {
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      for (let y = 0, i = 0; y < height && i < 16; y += 900, i++) {
        await page.evaluate((top) => window.scrollTo(0, top), y);
        await page.waitForTimeout(100);
        const chunk = file.replace('.png', `-${String(i).padStart(2, '0')}.png`);
        await page.screenshot({ path: chunk });
        console.log(chunk);
      }
    }
    await page.close();
  }
}
await browser.close();
