import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import {
  type APIRequestContext,
  type BrowserContext,
  test as base,
  expect,
  type Locator,
  type Page,
} from '@playwright/test';
import type { LanguageCode } from '../../site/languages';
import { href, PAGE_READY_MARK } from '../../site/pages';
import { CONSENT_VERSIONS } from '../../site/purchase-rules';
import { E2E_ADMIN_TOKEN, E2E_SERVER_LOG } from './playwright.config';

/** The test server's last logged events (worker/ logs JSON lines), for a failure's message. */
export function serverEvents(lines = 20): string {
  try {
    const log = readFileSync(new URL(`../../${E2E_SERVER_LOG}`, import.meta.url), 'utf8');
    const events = log.split('\n').filter((line) => line.includes('{"event"'));
    return `the server's last events:\n${events.slice(-lines).join('\n')}`;
  } catch {
    return 'no server log';
  }
}

/** Tests run by this worker process so far, for an address of each test's own. */
let started = 0;

/**
 * `test` with the welcome popup and the development notice already dismissed, as for a returning
 * visitor, so they do not cover what a test clicks. Popup tests use `freshVisitor`. Each test is a
 * visitor of its own address (CF-Connecting-IP, as Cloudflare sets it): the worker's per-address
 * limits (10 purchases, 5 messages a minute) count each test apart, however fast the tests run
 * one after another; a test of the limits sends more from one address.
 */
export const test = base.extend<{ freshVisitor: boolean }>({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use, testInfo) => {
    started += 1;
    const address = `198.18.${testInfo.workerIndex % 256}.${(started % 250) + 1}`;
    await use({ ...extraHTTPHeaders, 'CF-Connecting-IP': address });
  },
  freshVisitor: [false, { option: true }],
  page: async ({ page, freshVisitor }, use) => {
    if (!freshVisitor) {
      await page.addInitScript(() => {
        localStorage.setItem('welcomePopupClosed', 'true');
        sessionStorage.setItem('devNoticeClosed', 'true');
      });
    }
    await use(page);
  },
});

export { expect };

/**
 * Opens a path and, on a page with islands (the forms, the order status), lets React arrive the
 * way a visitor reaching for them does, then waits until they have hydrated, so clicks reach React.
 */
export async function open(page: Page, path: string) {
  const response = await page.goto(path);
  await pageScriptReady(page);
  await hydrate(page);
  return response;
}

/**
 * Waits until the page script (asked for a frame after the first paint, client/first-tap.ts) has
 * put all its behaviours in place (client/boot.ts `PAGE_READY_MARK`): a key or a click before that
 * meets the page without them, as it may on a slow phone, which is not what most tests are about.
 * A page without the page script (the demo checkout, the console) is ready at once.
 */
export async function pageScriptReady(page: Page) {
  await page.waitForFunction(
    (mark) =>
      performance.getEntriesByName(mark).length > 0 ||
      !Array.from(document.scripts).some((script) => script.textContent?.includes('/page-script-')),
    PAGE_READY_MARK,
  );
  await stylesheetReady(page);
}

/**
 * Waits until the whole stylesheet is there: a page with its first screen's rules inline asks for
 * it after the first paint (client/first-screen.ts), so below the first screen it is unstyled for
 * a moment after `load`, which a test that reads the page's layout or colours must not see.
 */
export async function stylesheetReady(page: Page) {
  await page.waitForFunction(() => {
    const link = document.querySelector<HTMLLinkElement>('link[rel="stylesheet"]');
    if (link) return link.sheet !== null || link.hasAttribute('data-settled');
    return !Array.from(document.scripts).some((script) => script.textContent?.includes('data-settled'));
  });
}

/**
 * Reaches for every island of the page (a focus inside it, which is what starts its React) and
 * waits until each has hydrated; a page without islands has nothing to wait for. A load that
 * failed (the local server dropped a request under load) is tried again at the next reach.
 */
export async function hydrate(page: Page) {
  const islands = page.locator('[data-island]');
  if ((await islands.count()) === 0) return;
  for (let attempt = 1; ; attempt++) {
    for (const island of await islands.all())
      await island.evaluate((element) => element.dispatchEvent(new FocusEvent('focusin')));
    try {
      await page.waitForFunction(
        () =>
          Array.from(document.querySelectorAll<HTMLElement>('[data-island]')).every(
            (el) => el.dataset.hydrated === 'true',
          ),
        null,
        { timeout: attempt < 3 ? 8000 : 30_000 },
      );
      return;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}

/**
 * Holds the page script's file (client/page-script.ts), or the script `file` names (React's entry:
 * REACT_ENTRY), until the returned function is called: what a visitor does before it arrives,
 * however fast or slow the machine. Navigate with `waitUntil: 'domcontentloaded'`; the load event
 * may wait for the held file.
 */
export async function holdPageScript(
  page: Page,
  file: string | RegExp = '**/assets/page-script-*.js',
): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(file, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** React's entry, the script that hydrates the page (holdPageScript). */
export const REACT_ENTRY = /\/assets\/index-[\w-]+\.js$/;

/** The paths of the scripts the page has requested so far (read from resource timing). */
export function scriptsLoaded(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => new URL(entry.name).pathname)
      .filter((path) => path.endsWith('.js')),
  );
}

/** The value of the language cookie the edge reads. */
export async function languageCookie(page: Page) {
  const cookies = await page.context().cookies();
  return cookies.find((c) => c.name === 'i18nextLng')?.value;
}

/** Every WCAG 2.x level A and AA rule of axe. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * Axe's violations on the page as `rule: targets` lines: every WCAG 2.x A/AA rule (or, with
 * `all`, every rule axe runs by default, best practices too), and always label-content-name-mismatch
 * (WCAG 2.5.3 "label in name"), which axe counts as experimental and leaves out otherwise.
 * `within` limits the scan to the elements of one selector.
 */
export async function axeViolations(page: Page, { all = false, within }: { all?: boolean; within?: string } = {}) {
  await stylesheetReady(page);
  // Sections off the screen skip their rendering (`content-visibility: auto`), and axe measured a
  // link's contrast in one against whatever the hit test found behind it (the dark footer); a
  // visitor sees each section rendered when it is on the screen, so axe gets them rendered too.
  await page.evaluate(() => {
    for (const element of Array.from(document.querySelectorAll<HTMLElement>('*')))
      if (getComputedStyle(element).contentVisibility === 'auto') element.style.contentVisibility = 'visible';
  });
  const rules = { 'label-content-name-mismatch': { enabled: true } };
  // One options object: AxeBuilder's options() replaces what withTags() set. Only violations are
  // read, so axe lists one node of the rest (`resultTypes`). Legacy mode runs axe in the page
  // itself: the default opens a blank page of its own for every scan to merge frames' results,
  // which took two thirds of a scan's 2-4 s here, and no page of the site has a frame.
  const options = { resultTypes: ['violations' as const], rules };
  const axe = new AxeBuilder({ page })
    .setLegacyMode()
    .options(all ? options : { ...options, runOnly: { type: 'tag', values: WCAG_TAGS } });
  const { violations } = await (within ? axe.include(within) : axe).analyze();
  return violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Fails on axe's WCAG A/AA violations on the page (axeViolations), naming each. */
export async function expectNoAxeViolations(page: Page) {
  expect(await axeViolations(page)).toEqual([]);
}

/**
 * Opens `path` again until it shows the heading `heading`: a publication is rendered once in the
 * background, and a visitor sees it within a minute.
 */
export async function openOncePublished(page: Page, path: string, heading: string) {
  await expect(async () => {
    await open(page, path);
    await expect(page.getByRole('heading', { name: heading })).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 60_000 });
}

/** Types each value into the field of exactly its label within `scope`, in the order given. */
export async function fillByLabel(scope: Page | Locator, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) await scope.getByLabel(label, { exact: true }).fill(value);
}

/**
 * Closes a fresh visitor's welcome popup with Escape once it is open: it opens 500 ms after load, an
 * Escape sent earlier closes nothing, and the popup then covers what the test reaches for.
 */
export async function closeWelcomePopup(page: Page) {
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
}

/**
 * Screenshots of the page as it stands, at 1440 and at 375 px wide (`test-results/<name>-<width>.png`),
 * failing when the phone's scrolls sideways; the window is 1280 px wide again after it.
 */
export async function screenshotsWideAndPhone(page: Page, name: string) {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: `test-results/${name}-1440.png`, fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: `test-results/${name}-375.png`, fullPage: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.setViewportSize({ width: 1280, height: 900 });
}

/**
 * The organiser console in Polish (its own language choice pinned), this tab logged in with the
 * test organiser's token (or `token`; null for none) and, with `name`, the name the history shows.
 */
export async function openConsole(
  page: Page,
  path = '/admin',
  { token = E2E_ADMIN_TOKEN }: { token?: string | null } = {},
) {
  await page.addInitScript((stored) => {
    localStorage.setItem('adminLng', 'pl');
    if (stored) sessionStorage.setItem('checkInToken', stored);
  }, token);
  await page.goto(path);
}

/** An order bought through the API (and paid in the demo checkout if `pay`): its thank-you page and how to pay it. */
export async function buyByApi(
  request: APIRequestContext,
  { pay, lang = 'pl' }: { pay: boolean; lang?: LanguageCode },
) {
  // From the test's own address (its CF-Connecting-IP, as the page's requests). A 503 is the box
  // office's answer to a reset or an overload, meant to be retried with the same key, as a buyer's
  // dialog does; seen once on a loaded CI machine (its body is in the failure message if it stays).
  const key = crypto.randomUUID();
  const email = `thanks-${Date.now()}@example.com`;
  let bought = await request.post('/api/purchase/online-standard', {
    data: { consent: CONSENT_VERSIONS, email, lang },
    headers: { 'Idempotency-Key': key },
  });
  for (let attempt = 1; bought.status() === 503 && attempt < 3; attempt++) {
    // Said in the run's output even when the retry succeeds: the cause is still to be found.
    console.warn(`a purchase answered 503 (${await bought.text()}); again.\n${serverEvents()}`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    bought = await request.post('/api/purchase/online-standard', {
      data: { consent: CONSENT_VERSIONS, email, lang },
      headers: { 'Idempotency-Key': key },
    });
  }
  expect(bought.status(), `${await bought.text()}\n${serverEvents()}`).toBe(201);
  const { url, orderId } = (await bought.json()) as { url: string; orderId: string };
  const token = new URL(url).searchParams.get('token') ?? '';
  const payNow = async () => {
    const paid = await request.post(`/checkout/demo/${orderId}/pay`, { form: { token }, maxRedirects: 0 });
    expect(paid.status()).toBe(303);
  };
  if (pay) await payNow();
  return {
    thanks: `${href(lang, 'thanks')}?order=${orderId}&token=${encodeURIComponent(token)}`,
    /** The demo checkout's page, where the purchase sends the buyer. */
    checkout: new URL(url).pathname + new URL(url).search,
    pay: payNow,
  };
}

/**
 * An order of `body` (with consent, in Polish unless `body` says otherwise) placed through
 * `POST /api/orders` (or `route`, such as one product's `/api/purchase/...`) with `headers`, not paid:
 * its id, code, the checkout's address it answered with and the order page's token.
 */
export async function orderByApi(
  request: APIRequestContext,
  body: Record<string, unknown>,
  { headers = {}, route = '/api/orders' }: { headers?: Record<string, string>; route?: string } = {},
) {
  const made = await request.post(route, { data: { consent: CONSENT_VERSIONS, lang: 'pl', ...body }, headers });
  expect(made.status(), `${await made.text()}\n${serverEvents()}`).toBe(201);
  const { url, orderId, code } = (await made.json()) as { url: string; orderId: string; code: string };
  return { orderId, code, url, token: new URL(url).searchParams.get('token') ?? '' };
}

/**
 * `orderByApi`, then paid in the demo checkout: its id, code, the order page's token and the
 * checkout's answer (a 303 back to the order page).
 */
export async function paidOrderByApi(
  request: APIRequestContext,
  body: Record<string, unknown>,
  options: Parameters<typeof orderByApi>[2] = {},
) {
  const { orderId, code, token } = await orderByApi(request, body, options);
  const paid = await request.post(`/checkout/demo/${orderId}/pay`, { form: { token }, maxRedirects: 0 });
  expect(paid.status()).toBe(303);
  return { orderId, code, token, paid };
}

/**
 * Records every layout shift of each page the context opens, from before any of the page's own
 * script, as a line a failure's message can be read by: its score, when it came, whether the whole
 * stylesheet had come by then, and each moved box (what it is, where it was and where it went). A
 * box the page has no element for (the browser's own parts of a control, a removed element) is
 * named `no element`.
 */
export async function watchShifts(context: BrowserContext) {
  await context.addInitScript(() => {
    if (location.protocol === 'about:') return;
    const win = window as Window & { shifted?: string[] };
    win.shifted = [];
    const box = (r: DOMRectReadOnly) =>
      `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}x${Math.round(r.height)}`;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        const shift = entry as unknown as {
          value: number;
          startTime: number;
          sources: { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
        };
        const sheet = document.querySelector<HTMLLinkElement>('link[rel="stylesheet"]');
        const moved = shift.sources.map(({ node, previousRect, currentRect }) => {
          const what = node
            ? node instanceof Element
              ? `${node.tagName.toLowerCase()}.${node.className}`
              : `${node.nodeName} "${node.textContent?.slice(0, 30)}"`
            : 'no element';
          return `${what} ${box(previousRect)} -> ${box(currentRect)}`;
        });
        win.shifted?.push(
          `${shift.value.toFixed(6)} at ${Math.round(shift.startTime)} ms, stylesheet ${sheet?.sheet ? 'in' : 'not yet in'}: ${moved.join('; ') || 'no box named'}`,
        );
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The layout shifts `watchShifts` recorded on the page now open. */
export const shiftsOf = (page: Page) => page.evaluate(() => (window as Window & { shifted?: string[] }).shifted ?? []);
