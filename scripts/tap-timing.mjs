// Time from a cold tap on a control to its visible answer, on Lighthouse's mobile profile:
// 375 px, 150 ms round trip, 1.6 Mbps down, 750 kbps up, CPU 4x slower (DevTools throttling
// through the Chrome DevTools Protocol). Used by scripts/bench.mjs.
//
// "Cold": a fresh page, the control never touched, scrolled into view as a visitor would before
// tapping it. The tap comes at a different moment of the page's life on each run (right after
// load, then later), and the median over the runs counts.
// Only the plan button's dialog belongs to an island: its tap also starts loading React. The clock starts at the tap's pointerdown as the browser
// received it (event.timeStamp: input delay included) and stops at the first animation frame
// after the one in which the answer became visible, i.e. once that frame has been produced.

/** Lighthouse's mobile throttling (its `mobileSlow4G` settings). */
export const MOBILE_PROFILE = {
  viewport: { width: 375, height: 740 },
  latencyMs: 150,
  downloadKbps: 1638.4,
  uploadKbps: 750,
  cpuSlowdown: 4,
};

/** When, after the load event, each run taps. */
export const TAP_DELAYS_MS = [0, 400, 800, 1200, 1600];

/**
 * The kinds of control, each: where it is, what answers a tap, and the page state it needs.
 * `width` overrides the phone width for what only a wide screen shows (the header dropdowns).
 */
export const CONTROLS = {
  'mobile menu': { tap: '.header__toggle', answer: '#mobile-menu' },
  'language picker': { tap: '.header .language-picker__button', answer: '.header .language-picker__list' },
  'header dropdown': { tap: '.header__nav .dropdown__button', answer: '.header__nav .dropdown__menu', width: 1280 },
  // The FAQ accordion's items only: a workshop card's sign-up is a `<details>` too.
  'FAQ answer': { tap: 'main .accordion__item > summary', answer: 'main .accordion__item .accordion__panel' },
  // On a phone the dialog's first frame holds its title, e-mail field and buttons, the next one its
  // tickets: the tap is timed to the first, `complete` (tap-variants only) to the form's.
  'plan button': {
    tap: 'main [data-product]',
    answer: 'dialog.purchase',
    complete: 'dialog.purchase .purchase__tickets',
  },
  'welcome popup': { tap: 'dialog.welcome .button', answer: 'dialog.welcome', hidden: true, fresh: true },
};

/**
 * The controls of the bench's anchor page (scripts/bench.mjs `ANCHOR_PAGES.controls`): a bare
 * `<details>` and a bare `<dialog>` opened by an invoker command, no CSS, no script. What the
 * browser itself takes to answer such a tap on this machine, at this moment, is the floor a
 * site's control is measured against.
 */
export const ANCHOR_CONTROLS = {
  'bare details': { tap: 'details > summary', answer: 'details > p' },
  'bare dialog': { tap: 'button[commandfor]', answer: 'dialog' },
};

/** The anchor control each kind of the site's controls is compared with (issue 50): menus and
 * answers with the bare `<details>`, dialogs with the bare `<dialog>`. */
export const ANCHOR_OF = {
  'mobile menu': 'bare details',
  'language picker': 'bare details',
  'header dropdown': 'bare details',
  'FAQ answer': 'bare details',
  'plan button': 'bare dialog',
  'welcome popup': 'bare dialog',
};

const controlOf = (kind) => CONTROLS[kind] ?? ANCHOR_CONTROLS[kind];

/** How long a tap waits for its answer before it counts as a tap that got none. */
const TAP_ANSWER_LIMIT_MS = 15_000;

// Runs in the page before its own scripts: starts the clock at the first pointerdown and watches
// every frame for the answer.
export function watchTap({ answer, hidden, complete }) {
  window.addEventListener(
    'pointerdown',
    (event) => {
      const start = event.timeStamp;
      // Drawn, not only laid out: an answer kept transparent or `visibility: hidden` until the
      // tap (a control prepared in advance) counts from the frame that shows it.
      const visible = (selector) =>
        !!document.querySelector(selector)?.checkVisibility({ opacityProperty: true, visibilityProperty: true });
      const until = (shown, key) => {
        const frame = () => {
          if (!shown()) return requestAnimationFrame(frame);
          requestAnimationFrame(() => {
            window[key] = performance.now() - start;
          });
        };
        requestAnimationFrame(frame);
      };
      until(() => visible(answer) !== !!hidden, '__tapMs');
      if (complete) until(() => visible(complete), '__tapCompleteMs');
    },
    { capture: true, once: true },
  );
}

/** Lighthouse's mobile network and CPU throttling on a page, through the DevTools protocol. */
export async function throttle(page, profile = MOBILE_PROFILE) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: profile.latencyMs,
    downloadThroughput: (profile.downloadKbps * 1024) / 8,
    uploadThroughput: (profile.uploadKbps * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpuSlowdown });
}

/**
 * One cold tap: milliseconds from the tap to its visible answer. For trying a change without a
 * build (scripts/tap-variants.mjs), `variant` adds CSS rules and a script to the page as its DOM is
 * parsed (past the CSP), and `breakdown` also returns where the time went (`tapBreakdown`).
 */
export async function tapOnce(browser, url, control, delayMs, profile = MOBILE_PROFILE, { variant, breakdown } = {}) {
  const context = await browser.newContext({
    viewport: { width: control.width ?? profile.viewport.width, height: profile.viewport.height },
    hasTouch: true,
    bypassCSP: !!(variant?.css || variant?.js),
  });
  try {
    const page = await context.newPage();
    if (variant?.css)
      await page.addInitScript((css) => {
        document.addEventListener('DOMContentLoaded', () =>
          document.head.append(Object.assign(document.createElement('style'), { textContent: css })),
        );
      }, variant.css);
    if (variant?.js)
      await page.addInitScript(`document.addEventListener('DOMContentLoaded', () => {${variant.js}\n});`);
    if (breakdown) await page.addInitScript(watchEntries);
    await page.addInitScript((fresh) => {
      if (fresh) return;
      localStorage.setItem('welcomePopupClosed', 'true');
      sessionStorage.setItem('devNoticeClosed', 'true');
    }, !!control.fresh);
    await page.addInitScript(watchTap, {
      answer: control.answer,
      hidden: !!control.hidden,
      complete: breakdown ? control.complete : undefined,
    });
    await throttle(page, profile);
    await page.goto(url, { waitUntil: 'load' });
    const target = page.locator(control.tap).first();
    // The welcome popup is there to be closed only once it has opened (500 ms after load).
    if (control.fresh) await target.waitFor({ state: 'visible', timeout: 10_000 });
    // A visitor taps what is on the screen: the control is scrolled into view and the page has
    // drawn it before the delay starts. Without that, Playwright's own scroll comes a moment before
    // the tap, and the tap was charged with drawing the sections the jump revealed (they are
    // rendered on approach, content-visibility: auto) and with the hit test Playwright forces
    // on pointerdown to check its target, which then waits for that drawing.
    // Sections drawn on approach take their real height as they are drawn, which can move the
    // control off the screen again: it is scrolled to until it stays where it is.
    await target.evaluate(async (element) => {
      const drawn = () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
      for (let tries = 0, last = Number.NaN; tries < 20; tries++) {
        const { top, bottom } = element.getBoundingClientRect();
        if (top === last && top >= 0 && bottom <= innerHeight) return;
        last = top;
        element.scrollIntoView({ block: 'center' });
        await drawn();
      }
      throw new Error('the control never came to rest on the screen');
    });
    // Playwright evaluates its helper script in the page at the first waitForFunction: done here,
    // not in the frames after the tap that are being timed.
    await page.waitForFunction(() => true);
    // The tap itself is the touchscreen's, at the control's centre: a locator's tap() first checks
    // in the page that the control is stable and hit (animation frames, a hit test and a listener
    // of Playwright's on pointerdown), work that ran in the very frames being timed, and that a
    // visitor's finger does not cost.
    await page.waitForTimeout(delayMs);
    const point = await target.evaluate((element) => {
      const box = element.getBoundingClientRect();
      const [x, y] = [box.left + box.width / 2, box.top + box.height / 2];
      return element.contains(document.elementFromPoint(x, y)) ? { x, y } : null;
    });
    if (!point) throw new Error(`${control.tap} is covered where it would be tapped`);
    await page.touchscreen.tap(point.x, point.y);
    await page.waitForFunction(() => typeof window.__tapMs === 'number', null, {
      timeout: TAP_ANSWER_LIMIT_MS,
      polling: 50,
    });
    const ms = Math.round(await page.evaluate(() => window.__tapMs));
    if (!breakdown) return ms;
    // Long animation frames are reported once their frame is over.
    await page.waitForTimeout(300);
    const { entries, complete } = await page.evaluate(() => ({
      entries: window.__tapEntries,
      complete: window.__tapCompleteMs,
    }));
    return { ms, ...tapBreakdown(ms, entries), ...(complete === undefined ? {} : { complete: Math.round(complete) }) };
  } finally {
    await context.close();
  }
}

// Runs in the page before its own scripts: keeps its Event Timing entries (16 ms and longer) and
// its long animation frames.
function watchEntries() {
  window.__tapEntries = [];
  const keep = (list) => {
    for (const entry of list.getEntries()) window.__tapEntries.push(entry.toJSON());
  };
  new PerformanceObserver(keep).observe({ type: 'event', durationThreshold: 16, buffered: true });
  new PerformanceObserver(keep).observe({ type: 'long-animation-frame', buffered: true });
}

/**
 * Where a tap's time went, from the page's own entries: `click` when the click's listeners began,
 * `listeners` how long they ran, `forced` the style and layout they forced (the long animation
 * frame's scripts), `frame` the rest, until the clock stopped (the answer's frame drawn).
 */
export function tapBreakdown(ms, entries) {
  const down = entries.find((entry) => entry.name === 'pointerdown');
  const click = entries.find((entry) => entry.name === 'click');
  if (!down || !click) return {};
  const scripts = entries
    .filter((entry) => entry.entryType === 'long-animation-frame')
    .flatMap((frame) => frame.scripts)
    .filter((script) => script.startTime >= click.processingStart && script.startTime < click.processingEnd);
  return {
    click: Math.round(click.processingStart - down.startTime),
    listeners: Math.round(click.processingEnd - click.processingStart),
    forced: Math.round(scripts.reduce((sum, script) => sum + script.forcedStyleAndLayoutDuration, 0)),
    frame: Math.round(ms - (click.processingEnd - down.startTime)),
  };
}

/** Which controls a page has (from its prerendered HTML), by kind. */
export async function controlsOn(browser, url) {
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    await page.goto(url);
    const kinds = [];
    for (const [kind, control] of Object.entries(CONTROLS))
      if ((await page.locator(control.tap).count()) > 0) kinds.push(kind);
    return kinds;
  } finally {
    await context.close();
  }
}

/**
 * Cold taps interleaved round by round: in each round every target (`{ key, url, kind }`) is tapped
 * once, at that round's moment of TAP_DELAYS_MS, so that the anchors and the pages tapped beside
 * them share whatever the machine was doing meanwhile. `before` holds times already measured (by
 * key), which count with the new ones; the new ones take the moments after theirs. Returns the
 * median and the times per key.
 */
export async function tapRounds(browser, targets, { runs = 3, before = {}, profile = MOBILE_PROFILE } = {}) {
  const times = Object.fromEntries(targets.map(({ key }) => [key, [...(before[key]?.times ?? [])]]));
  for (let round = 0; round < runs; round++)
    for (const { key, url, kind } of targets) {
      const done = times[key].length;
      // A tap whose answer never came (15 s) is a tap that missed: counted as that long, so that the
      // report names the control, rather than ending the run.
      const ms = await tapOnce(
        browser,
        url,
        controlOf(kind),
        TAP_DELAYS_MS[done % TAP_DELAYS_MS.length],
        profile,
      ).catch((error) => {
        if (error?.name !== 'TimeoutError') throw error;
        console.warn(`${key}: no answer to the tap within ${TAP_ANSWER_LIMIT_MS} ms`);
        return TAP_ANSWER_LIMIT_MS;
      });
      times[key].push(ms);
    }
  const result = {};
  for (const [key, all] of Object.entries(times)) {
    const sorted = [...all].sort((a, b) => a - b);
    result[key] = { median: sorted[Math.floor(sorted.length / 2)], times: all };
  }
  return result;
}
