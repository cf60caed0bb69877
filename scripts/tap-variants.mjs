// What a change would do to a cold tap, before building it: the tap is timed as the bench times it
// (scripts/tap-timing.mjs: Lighthouse's phone profile, the clock from the pointerdown to the frame
// after the answer's), on the page as served and on each variant of it, round by round beside the
// bare `<dialog>` anchor, and split by the page's own Event Timing and Long Animation Frames entries.
//   node scripts/tap-variants.mjs http://127.0.0.1:8787/pl                          the page as it is
//   --control 'plan button'                          a kind of control of tap-timing.mjs (the default)
//   --css noshadow='.purchase{box-shadow:none}'      a variant: CSS rules added as the DOM is parsed
//   --js focus='document.querySelector("dialog.purchase").autofocus = true'
//                                                    a variant: a script run at DOMContentLoaded
//                                                    (--css and --js of one name make one variant)
//   --runs 9                                         taps per variant (default 9)
// Prints per variant the median tap and its runs, and the medians of: `click` when the click's
// listeners began, `listeners` how long they ran, `forced` the style and layout they forced,
// `frame` the rest until the clock stopped, and for a control whose answer comes in two frames (the
// plan button's dialog on a phone) `complete`, the tap to the frame after the whole answer's. On a
// busy 2-core machine the bare dialog's own taps range over 40 ms or more within a run: a difference
// under about 15 ms needs more runs than nine.
// Needs the site served from `dist/` (`npm run preview`); writes the bench's anchors into it.
import { chromium } from '@playwright/test';
import { ANCHOR_PAGES, writeAnchors } from './anchors.mjs';
import { CHROMIUM_ARGS, findBrowser } from './browser.mjs';
import { ANCHOR_CONTROLS, CONTROLS, TAP_DELAYS_MS, tapOnce } from './tap-timing.mjs';

const args = process.argv.slice(2);
const url = args.find((arg) => /^https?:/.test(arg));
const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const kind = option('--control', 'plan button');
const runs = Number(option('--runs', 9));
if (!url || !CONTROLS[kind] || !(runs > 0)) {
  console.error(
    `usage: node scripts/tap-variants.mjs <url> [--control '${Object.keys(CONTROLS).join("'|'")}'] [--css name=rules] [--js name=code] [--runs n]`,
  );
  process.exit(2);
}

const variants = { 'as served': {} };
args.forEach((arg, i) => {
  if (arg !== '--css' && arg !== '--js') return;
  const [name, ...rest] = (args[i + 1] ?? '').split('=');
  if (!name || !rest.length) throw new Error(`${arg} needs name=value`);
  variants[name] = { ...variants[name], [arg.slice(2)]: rest.join('=') };
});

// The anchor page is a static file: the server serves it once it has seen the new file.
writeAnchors();
const anchor = new URL(ANCHOR_PAGES.controls, url).href;
for (let tries = 0; (await fetch(anchor).catch(() => ({ ok: false }))).ok === false; tries++) {
  if (tries === 60) throw new Error(`${anchor} is not served: is the site served from dist/?`);
  await new Promise((done) => setTimeout(done, 1000));
}

const browser = await chromium.launch({ executablePath: findBrowser(), args: CHROMIUM_ARGS });
const results = { 'bare dialog': [] };
for (const name of Object.keys(variants)) results[name] = [];
try {
  for (let round = 0; round < runs; round++) {
    const delay = TAP_DELAYS_MS[round % TAP_DELAYS_MS.length];
    results['bare dialog'].push(
      await tapOnce(browser, anchor, ANCHOR_CONTROLS['bare dialog'], delay, undefined, { breakdown: true }),
    );
    for (const [name, variant] of Object.entries(variants))
      results[name].push(await tapOnce(browser, url, CONTROLS[kind], delay, undefined, { variant, breakdown: true }));
  }
} finally {
  await browser.close();
}

const median = (values) => {
  const known = values.filter((value) => typeof value === 'number').sort((a, b) => a - b);
  return known.length ? known[Math.floor(known.length / 2)] : '–';
};
console.log(`${url}: ${kind}, ${runs} cold taps per variant (ms; medians)`);
for (const [name, taps] of Object.entries(results)) {
  const parts = ['click', 'listeners', 'forced', 'frame', 'complete'].map(
    (part) => `${part} ${median(taps.map((tap) => tap[part]))}`,
  );
  console.log(
    `${name.padEnd(14)} ${String(median(taps.map((tap) => tap.ms))).padStart(4)}  (${taps.map((tap) => tap.ms).join(', ')})  ${parts.join(' · ')}`,
  );
}
