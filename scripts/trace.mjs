// Where the main thread's time goes: a Chromium trace of one page load, or of one cold tap, on
// Lighthouse's mobile profile (4x CPU throttling, slow 4G), summarised by kind of work. For finding
// what to cut; `npm run bench` is what judges.
//   node scripts/trace.mjs http://127.0.0.1:8787/de/program              the load, until 2 s after it
//   node scripts/trace.mjs http://127.0.0.1:8787/pl --tap 'mobile menu'  a tap (a kind of
//                                                     scripts/tap-timing.mjs CONTROLS), 1 s after load
//   --out bench/tmp/trace.json                        also keep the trace (chrome://tracing, DevTools)
//   --js 'code'                                       run this before the page's scripts (a variant)
//   --css '.purchase__fields{display:none}'           add these rules to the page first, to see what a
//                                                     change would save without building (the CSP,
//                                                     which refuses an injected <style>, is bypassed)
// Prints the time by kind (parse, style, layout, script, paint, other) as self time on the page's
// main thread, the long tasks and what they spent, the elements styled and laid out, and how much
// of the HTML was parsed before the first paint. Times are the main thread's own CPU time (--wall
// for wall time), with the 4x throttling: a busy machine stretches wall time, not CPU time.
import { writeFileSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, findBrowser } from './browser.mjs';
import { ANCHOR_CONTROLS, MOBILE_PROFILE, CONTROLS as SITE_CONTROLS, throttle, watchTap } from './tap-timing.mjs';

const CONTROLS = { ...SITE_CONTROLS, ...ANCHOR_CONTROLS };

const args = process.argv.slice(2);
const url = args.find((arg) => /^https?:/.test(arg));
const option = (name) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const tapKind = option('--tap');
const out = option('--out');
const css = option('--css');
const js = option('--js');
if (!url || (tapKind && !CONTROLS[tapKind])) {
  console.error(
    `usage: node scripts/trace.mjs <url> [--tap '${Object.keys(CONTROLS).join("'|'")}'] [--out file] [--css rules]`,
  );
  process.exit(2);
}

const CATEGORIES = [
  'toplevel',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'blink.user_timing',
  'loading',
  'v8.execute',
];

/** The kind of work a trace event's self time is. */
const KIND = {
  ParseHTML: 'parse HTML',
  ParseAuthorStyleSheet: 'parse CSS',
  UpdateLayoutTree: 'style',
  RecalculateStyles: 'style',
  Layout: 'layout',
  Paint: 'paint',
  PrePaint: 'paint',
  Layerize: 'paint',
  UpdateLayer: 'paint',
  Commit: 'paint',
  PaintImage: 'paint',
  EvaluateScript: 'script',
  FunctionCall: 'script',
  'v8.compile': 'script',
  'v8.compileModule': 'script',
  'v8.run': 'script',
  'V8.Execute': 'script',
  'v8.callFunction': 'script',
  EventDispatch: 'script',
  TimerFire: 'script',
  FireAnimationFrame: 'script',
  MajorGC: 'GC',
  MinorGC: 'GC',
  'V8.GC_SCAVENGER': 'GC',
  HitTest: 'hit test',
};

const context = await (await chromium.launch({ executablePath: findBrowser(), args: CHROMIUM_ARGS })).newContext({
  viewport: { width: (tapKind && CONTROLS[tapKind].width) || MOBILE_PROFILE.viewport.width, height: 740 },
  hasTouch: true,
  bypassCSP: !!css,
});
const browser = context.browser();
const page = await context.newPage();
const control = tapKind ? CONTROLS[tapKind] : undefined;
// A load is traced as Lighthouse loads a page, for a first-time visitor (the welcome popup opens);
// a tap as the bench taps, for a returning one, unless the control is the popup's.
if (control && !control.fresh)
  await page.addInitScript(() => {
    localStorage.setItem('welcomePopupClosed', 'true');
    sessionStorage.setItem('devNoticeClosed', 'true');
  });
if (css)
  await page.addInitScript((rules) => {
    document.addEventListener('DOMContentLoaded', () => {
      const style = document.createElement('style');
      style.textContent = rules;
      document.head.append(style);
    });
  }, css);
// --js 'code': run before the page's own scripts, to try a change of behaviour without building.
if (js) await page.addInitScript(js);
if (control) await page.addInitScript(watchTap, { answer: control.answer, hidden: !!control.hidden });
await throttle(page);
let tapMs;
if (!control) {
  await browser.startTracing(page, { categories: CATEGORIES });
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForTimeout(2500);
} else {
  await page.goto(url, { waitUntil: 'load' });
  const target = page.locator(control.tap).first();
  if (control.fresh) await target.waitFor({ state: 'visible', timeout: 10_000 });
  await target.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  await page.waitForTimeout(1000);
  const box = await target.boundingBox();
  await browser.startTracing(page, { categories: CATEGORIES });
  await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
  await page.waitForFunction(() => typeof window.__tapMs === 'number', null, { timeout: 15_000, polling: 50 });
  tapMs = Math.round(await page.evaluate(() => window.__tapMs));
  await page.waitForTimeout(500);
}
const buffer = await browser.stopTracing();
await browser.close();
if (out) writeFileSync(out, buffer);
const events = JSON.parse(buffer.toString()).traceEvents;

// The page's main thread: the renderer's main thread that parsed the page (a navigation from
// about:blank changes process, and Chromium runs other renderers of its own meanwhile), or for a
// tap, the one that dispatched it.
const mains = events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args.name === 'CrRendererMain');
const ours = (e) =>
  tapKind
    ? e.name === 'EventDispatch' && e.args?.data?.type === 'pointerdown'
    : e.name === 'ParseHTML' && e.args?.beginData?.url?.startsWith(url.split('?')[0]);
const busiest = mains.find(({ pid, tid }) => events.some((e) => e.pid === pid && e.tid === tid && ours(e)));
if (!busiest) throw new Error('no renderer main thread in the trace handled the page');
const thread = events
  .filter((e) => e.pid === busiest.pid && e.tid === busiest.tid && e.ph === 'X' && e.dur !== undefined)
  .sort((a, b) => a.ts - b.ts || b.dur - a.dur);

// Self time per event: its duration less that of the events nested in it. The thread's own CPU
// time (`tdur`) where the trace has it: on a shared machine the wall time of a task also holds the
// moments the renderer was waiting for a CPU, which say nothing of the page.
const cpu = !args.includes('--wall');
const length = (event) => (cpu ? (event.tdur ?? event.dur) : event.dur);
const stack = [];
for (const event of thread) {
  event.self = length(event);
  while (stack.length && stack.at(-1).ts + stack.at(-1).dur <= event.ts) stack.pop();
  const parent = stack.at(-1);
  if (parent) {
    parent.self -= length(event);
    event.parent = parent;
  }
  stack.push(event);
}
const kindOf = (event) => KIND[event.name] ?? (event.parent ? kindOf(event.parent) : 'other');
const byKind = (list) => {
  const sums = {};
  for (const event of list) sums[kindOf(event)] = (sums[kindOf(event)] ?? 0) + Math.max(0, event.self);
  return Object.entries(sums)
    .sort((a, b) => b[1] - a[1])
    .map(([kind, us]) => `${kind} ${(us / 1000).toFixed(1)}`)
    .join(' · ');
};
const ms = (us) => (us / 1000).toFixed(1);
const start = thread[0]?.ts ?? 0;

console.log(`${url}${tapKind ? ` tap on ${tapKind}: ${tapMs} ms to the frame after its answer` : ' load'}`);
console.log(`main thread, ms of self ${cpu ? 'CPU' : 'wall'} time by kind: ${byKind(thread)}`);
const tasks = thread.filter((e) => e.name === 'RunTask' && !e.parent);
const long = tasks.filter((task) => length(task) > 50_000);
console.log(`tasks: ${tasks.length}, over 50 ms: ${long.length}`);
for (const task of long.sort((a, b) => length(b) - length(a)).slice(0, 8)) {
  const inside = thread.filter((e) => e.ts >= task.ts && e.ts + e.dur <= task.ts + task.dur);
  console.log(`  at ${ms(task.ts - start)} ms, ${ms(length(task))} ms: ${byKind(inside)}`);
}
for (const event of thread.filter((e) => e.name === 'UpdateLayoutTree' && length(e) > 2000))
  console.log(
    `  style at ${ms(event.ts - start)} ms, ${ms(length(event))} ms: ${event.args?.elementCount ?? '?'} elements`,
  );
for (const event of thread.filter((e) => e.name === 'Layout' && length(e) > 2000)) {
  const data = event.args?.beginData ?? {};
  console.log(
    `  layout at ${ms(event.ts - start)} ms, ${ms(length(event))} ms: ${data.dirtyObjects ?? '?'} of ${data.totalObjects ?? '?'} objects${data.partialLayout ? ' (partial)' : ''}`,
  );
}
if (!tapKind) {
  // Total blocking time as DevTools measures it at 4x (wall time of each task past 50 ms, from the
  // first contentful paint on), and the same from CPU time.
  const fcp = events.find((e) => e.name === 'firstContentfulPaint' && e.pid === busiest.pid);
  const after = tasks.filter((task) => fcp && task.ts + task.dur > fcp.ts);
  const blocking = (of) => after.reduce((sum, task) => sum + Math.max(0, of(task) - 50_000), 0);
  console.log(
    `blocking time after first contentful paint: ${ms(blocking((t) => t.dur))} ms of wall time, ${ms(blocking((t) => t.tdur ?? t.dur))} ms of CPU time`,
  );
  const paint = events.find((e) => e.name === 'firstContentfulPaint' && e.pid === busiest.pid);
  const parses = thread.filter((e) => e.name === 'ParseHTML');
  const before = parses.filter((e) => !paint || e.ts < paint.ts);
  console.log(
    `first contentful paint at ${paint ? ms(paint.ts - start) : '?'} ms; HTML parsed before it: ${before.length} of ${parses.length} chunks, ${ms(before.reduce((sum, e) => sum + length(e), 0))} ms`,
  );
}
