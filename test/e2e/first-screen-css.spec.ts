import type { APIRequestContext, Page, Route } from '@playwright/test';
import { LANGUAGES } from '../../site/languages';
import { href, PAGES, type PageId } from '../../site/pages';
import { POLISH_COMPANY } from '../support/invoice-data';
import { expect, orderByApi, pageScriptReady, paidOrderByApi, test } from './helpers';

// A page whose HTML carries its first screen's rules inline (scripts/critical-css.ts) asks for the
// whole stylesheet once its first content is on the screen (client/first-tap.ts): nothing drawn
// may move when it arrives, at any of the screens the rules were collected at and beyond, the CSP
// must allow the block, and the request must not start before the first contentful paint
// (Lighthouse counts such a request against the largest paint: docs/performance.md, issue 50).

const SCREENS = [
  { width: 375, height: 667 },
  { width: 412, height: 915 },
  { width: 768, height: 1024 },
  { width: 1440, height: 900 },
  { width: 1920, height: 1080 },
];
const STYLESHEET = /\/assets\/index-[\w-]+\.css(\?.*)?$/;

type Box = [number, number, number, number];
type Watched = Window & {
  shifts?: number;
  moved?: string[];
  violations?: string[];
  boxes?: Map<Element, Box>;
};

/** Before any of the page's own script: the layout shifts summed and the CSP's refusals, kept in the window. */
async function watch(page: Page) {
  await page.addInitScript(() => {
    const win = window as Watched;
    win.shifts = 0;
    win.moved = [];
    win.violations = [];
    document.addEventListener('securitypolicyviolation', (event) =>
      win.violations?.push(`${event.violatedDirective} ${event.blockedURI} ${event.sample}`),
    );
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        const shift = entry as unknown as {
          value: number;
          sources: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
        };
        win.shifts = (win.shifts ?? 0) + shift.value;
        // What moved, for the failure's message.
        for (const { node, previousRect: a, currentRect: b } of shift.sources)
          win.moved?.push(
            `shifted ${(node as Element | undefined)?.outerHTML?.slice(0, 80)} ${[a.x, a.y, a.width, a.height]} -> ${[b.x, b.y, b.width, b.height]}`,
          );
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** Notes the boxes of every element drawn on the screen now; `compare` returns those that moved since. */
const noteBoxes = (page: Page) =>
  page.evaluate(() => {
    const win = window as Watched;
    win.boxes = new Map();
    for (const el of Array.from(document.querySelectorAll('body *'))) {
      // What a closed answer holds is not drawn (its rules come with the whole stylesheet), though
      // the browser lays it out when asked for its box.
      const closed = el.parentElement?.closest('details:not([open])');
      if (closed && el.closest('summary')?.parentElement !== closed) continue;
      const { x, y, width, height } = el.getBoundingClientRect();
      if (width === 0 || height === 0 || y >= innerHeight || y + height <= 0) continue;
      win.boxes.set(el, [x, y, width, height]);
    }
    return win.boxes.size;
  });

const movedBoxes = (page: Page) =>
  page.evaluate(() => {
    const moved: string[] = [];
    for (const [el, before] of (window as Watched).boxes ?? []) {
      const { x, y, width, height } = el.getBoundingClientRect();
      const after = [x, y, width, height];
      // A box that runs past the bottom of the screen may grow there: that is not seen.
      const compared = before[1] + before[3] <= innerHeight ? 4 : 3;
      if (after.slice(0, compared).some((v, i) => Math.abs(v - (before[i] ?? 0)) > 0.5))
        moved.push(`${el.tagName.toLowerCase()}.${el.className} ${before.join(',')} -> ${after.join(',')}`);
    }
    return moved;
  });

const twoFrames = (page: Page) =>
  page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

/**
 * Opens `path` at each screen with the whole stylesheet held back until the first screen has been
 * drawn with the inline rules alone, then lets it come: what moved, the shifts, the CSP's refusals,
 * and when the stylesheet was asked for against the first contentful paint.
 */
async function expectSteadyFirstScreen(page: Page, path: string) {
  await watch(page);
  for (const screen of SCREENS) {
    await page.setViewportSize(screen);
    let release: (route: Route) => void = () => {};
    const requested = new Promise<Route>((resolve) => {
      release = resolve;
    });
    await page.route(STYLESHEET, (route) => release(route));
    const response = await page.goto(path, { waitUntil: 'commit' });
    const html = (await response?.text()) ?? '';
    expect(html, `${path} carries its first screen's rules`).toMatch(
      /<style( data-lean)?>[\s\S]{1000,}<\/style><noscript><link/,
    );
    const route = await requested;
    await twoFrames(page);
    const drawn = await noteBoxes(page);
    expect(drawn, `${path} draws its first screen with the inline rules`).toBeGreaterThan(5);
    // The shifts of the load itself are the page's (layout.spec.ts checks them in a first visit);
    // those from here on are the stylesheet's.
    await page.evaluate(() => {
      (window as Watched).shifts = 0;
      (window as Watched).moved = [];
    });
    await route.continue();
    await page.waitForFunction(() => document.querySelector<HTMLLinkElement>('link[rel="stylesheet"]')?.sheet);
    await twoFrames(page);
    const at = `${path} at ${screen.width}x${screen.height}`;
    expect(await movedBoxes(page), `${at}: nothing drawn moves when the stylesheet comes`).toEqual([]);
    const seen = await page.evaluate(() => {
      const win = window as Watched;
      const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN;
      const sheets = performance.getEntriesByType('resource').filter((e) => /\/assets\/index-.+\.css/.test(e.name));
      return {
        shifts: win.shifts,
        moved: win.moved,
        violations: win.violations,
        fcp,
        sheets: sheets.map((e) => e.startTime),
      };
    });
    expect({ shifts: seen.shifts, moved: seen.moved }, `${at}: layout shift`).toEqual({ shifts: 0, moved: [] });
    expect(seen.violations, `${at}: CSP`).toEqual([]);
    expect(seen.sheets, `${at}: the stylesheet asked for once`).toHaveLength(1);
    expect(seen.sheets[0], `${at}: the stylesheet asked for after the first contentful paint`).toBeGreaterThan(
      seen.fcp,
    );
    await page.unroute(STYLESHEET);
  }
}

// Each family of pages in one of the five languages, the languages in turn; the ticket page (its
// built frame opens only the 404 page) and the order page, whose first screen the worker writes, below.
const FAMILIES = PAGES.filter((p) => p.id !== 'ticket' && p.id !== 'thanks' && p.id !== 'home');
test.describe('the first screen drawn with the inline rules does not move when the whole stylesheet comes', () => {
  test.describe.configure({ mode: 'parallel' });
  FAMILIES.forEach((family, i) => {
    const lang = LANGUAGES[i % LANGUAGES.length]?.code ?? 'pl';
    const path = href(lang, family.id as PageId);
    test(path, async ({ page }) => {
      await expectSteadyFirstScreen(page, path);
    });
  });
  test('the 404 page', async ({ page }) => {
    await expectSteadyFirstScreen(page, '/de/gibt-es-nicht');
  });
});

/** A paid order's ticket pages (an on-site ticket and an online one) and its order page's path. */
async function paidOrderPages(request: APIRequestContext) {
  const { orderId, token } = await paidOrderByApi(request, {
    email: `first-screen-${Date.now()}-${Math.random()}@example.com`,
    items: [
      { product: 'onsite-pro', name: 'Ada Lovelace' },
      { product: 'online-vip', name: 'Grace Hopper' },
    ],
  });
  const view = (await (await request.get(`/api/orders/${orderId}?token=${encodeURIComponent(token)}`)).json()) as {
    tickets: { page: string | null }[];
  };
  const tickets = view.tickets.map((t) => t.page ?? '');
  expect(tickets.every(Boolean)).toBe(true);
  return { tickets, order: `/pl/kup-bilet/dziekujemy?order=${orderId}&token=${encodeURIComponent(token)}` };
}

// The ticket page, which the worker writes per holder, carries the rules of its first screen laid
// out at build time with samples of what the worker writes (scripts/prerender.ts): a real on-site
// and online ticket's first screen must not move when the whole stylesheet comes.
test.describe("a real ticket's page, drawn with the inline rules, does not move when the whole stylesheet comes", () => {
  test.describe.configure({ mode: 'parallel' });
  for (const [i, kind] of ['on-site', 'online'].entries())
    test(`an ${kind} ticket`, async ({ page, request }) => {
      const { tickets } = await paidOrderPages(request);
      await expectSteadyFirstScreen(page, tickets[i] ?? '');
    });
});

test("a star sent from a ticket's page lands on its session (a fragment, with the inline rules)", async ({
  page,
  request,
}) => {
  const { tickets } = await paidOrderPages(request);
  for (const screen of [SCREENS[0], SCREENS[3]]) {
    if (!screen) continue;
    await page.setViewportSize(screen);
    await page.goto(tickets[0] ?? '');
    const session = page.locator('#session-llmInProduction');
    const sent = page.waitForResponse((r) => r.request().method() === 'POST' && /\/agenda\?key=/.test(r.url()));
    await session.locator('form button').click();
    expect((await sent).status()).toBe(303);
    await page.waitForURL(/#session-llmInProduction$/);
    await page.waitForFunction(() => document.querySelector<HTMLLinkElement>('link[rel="stylesheet"]')?.sheet);
    await twoFrames(page);
    const [scrolled, top] = await page.evaluate(() => [
      scrollY,
      document.getElementById('session-llmInProduction')?.getBoundingClientRect().top ?? -1,
    ]);
    expect(scrolled, `${screen.width}: the session is below the first screen`).toBeGreaterThan(0);
    expect(top, `${screen.width}: the session at the top of the screen`).toBeGreaterThanOrEqual(0);
    expect(top).toBeLessThan(120);
  }
});

// The order page, which the worker writes per order, carries its first screen's rules too (its QR
// codes once each, its invoice form when asked for: docs/performance.md): a paid order's tickets, an
// order waiting for a transfer (its first screen is the transfer's details) and an order not found.
test.describe("a real order's page, drawn with the inline rules, does not move when the whole stylesheet comes", () => {
  test.describe.configure({ mode: 'parallel' });
  test('paid, two tickets', async ({ page, request }) => {
    const { order } = await paidOrderPages(request);
    await expectSteadyFirstScreen(page, order);
  });
  test('awaiting a transfer', async ({ page, request }) => {
    const transfer = await orderByApi(request, {
      email: `first-screen-transfer-${Date.now()}@example.com`,
      items: [{ product: 'onsite-pro', name: 'Ada Lovelace' }],
      invoice: POLISH_COMPANY,
      payment: 'transfer',
    });
    await expectSteadyFirstScreen(
      page,
      `/de/kup-bilet/dziekujemy?order=${transfer.orderId}&token=${encodeURIComponent(transfer.token)}`,
    );
  });
  test('not found', async ({ page }) => {
    await expectSteadyFirstScreen(page, '/es/kup-bilet/dziekujemy?order=01ARZ3NDEKTSV4RRFFQ69G5FAV&token=wrong');
  });
});

test('the pages with no room for the block link the stylesheet: no shift, no CSP refusal', async ({ page }) => {
  await watch(page);
  for (const path of ['/pl'])
    for (const screen of [SCREENS[0], SCREENS[4]]) {
      if (screen) await page.setViewportSize(screen);
      const response = await page.goto(path);
      expect(await response?.text()).not.toMatch(/<style[ >]/);
      await pageScriptReady(page);
      const seen = await page.evaluate(() => ({
        shifts: (window as Watched).shifts,
        violations: (window as Watched).violations,
        sheets: document.querySelectorAll('link[rel="stylesheet"]').length,
      }));
      expect(seen, path).toEqual({ shifts: 0, violations: [], sheets: 1 });
    }
});

test('a page opened at a fragment lands on its target', async ({ page }) => {
  for (const screen of [SCREENS[0], SCREENS[3]]) {
    if (!screen) continue;
    await page.setViewportSize(screen);
    await page.goto('/pl/program#evening');
    await pageScriptReady(page);
    await page.waitForFunction(() => document.querySelector<HTMLLinkElement>('link[rel="stylesheet"]')?.sheet);
    await twoFrames(page);
    const [scrolled, top] = await page.evaluate(() => [
      scrollY,
      document.getElementById('evening')?.getBoundingClientRect().top ?? -1,
    ]);
    expect(scrolled, 'the target is far down the page').toBeGreaterThan(screen.height);
    // Below the sticky header, as the target's scroll margin puts it.
    expect(top).toBeGreaterThanOrEqual(0);
    expect(top).toBeLessThan(120);
  }
});

test('without script, a page with inline rules gets the whole stylesheet from its noscript link', async ({
  browser,
  page,
}) => {
  const styles = (target: Page) =>
    target.evaluate(() => {
      const footer = getComputedStyle(document.querySelector('footer') as Element);
      return {
        sheets: Array.from(document.styleSheets).map((sheet) => ({ href: sheet.href, rules: sheet.cssRules.length })),
        footer: [footer.backgroundColor, footer.paddingTop, footer.color, footer.display],
      };
    });
  await page.goto('/pl/faq');
  await page.waitForFunction(() => document.querySelector<HTMLLinkElement>('link[rel="stylesheet"]')?.sheet);
  const withScript = await styles(page);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const noScript = await context.newPage();
  await noScript.goto('/pl/faq');
  const without = await styles(noScript);
  await context.close();
  expect(without.sheets).toHaveLength(2);
  const [inline, whole] = without.sheets;
  expect(inline?.href).toBeNull();
  expect(whole?.href).toMatch(STYLESHEET);
  expect(whole?.rules).toBeGreaterThan((inline?.rules ?? 0) * 2);
  // Below the first screen, the footer is styled as with script: by rules only the whole stylesheet has.
  expect(without.footer).toEqual(withScript.footer);
  expect(withScript.sheets).toEqual(without.sheets);
});

test('a purchase dialog asked for before the whole stylesheet has come opens once it has, styled', async ({ page }) => {
  let release: (route: Route) => void = () => {};
  const requested = new Promise<Route>((resolve) => {
    release = resolve;
  });
  await page.route(STYLESHEET, (route) => release(route));
  await page.goto('/en-gb/kup-bilet', { waitUntil: 'commit' });
  const route = await requested;
  const plan = page.locator('button[commandfor][data-product]').first();
  const dialog = page.locator(`dialog#${await plan.getAttribute('commandfor')}`);
  await plan.click();
  await twoFrames(page);
  // Not drawn with the first screen's rules alone, which leave the closed dialogs out.
  await expect(dialog).toBeHidden();
  await route.continue();
  await expect(dialog).toBeVisible();
  // Drawn as the whole stylesheet draws it: a box narrower than the screen, not the page's width.
  const box = await dialog.boundingBox();
  expect(box?.width).toBeLessThan(page.viewportSize()?.width ?? 0);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

/** A page whose HTML has room for its first screen's rules but not for those of what opens there. */
const LEAN_PAGE = '/pl/kup-bilet';

/** Opens `path` at a phone's width with the whole stylesheet held back; `continue` lets it come. */
async function withStylesheetHeld(page: Page, path: string) {
  await page.setViewportSize({ width: 375, height: 667 });
  let release: (route: Route) => void = () => {};
  const requested = new Promise<Route>((resolve) => {
    release = resolve;
  });
  await page.route(STYLESHEET, (route) => release(route));
  const response = await page.goto(path, { waitUntil: 'commit' });
  const html = (await response?.text()) ?? '';
  return { html, route: await requested };
}

test('the menu and an answer asked for before the whole stylesheet has come open at once, styled by the inline rules', async ({
  page,
}) => {
  const { html, route } = await withStylesheetHeld(page, '/pl/faq');
  // A complete block: it has the rules of what opens in the first screen.
  expect(html).toMatch(/<style>[\s\S]{1000,}<\/style>/);
  const answer = page.locator('details.accordion__item').first();
  const menu = page.locator('#mobile-menu');
  await answer.locator('summary').click();
  await expect(answer).toHaveAttribute('open', '');
  await expect(answer.locator('.accordion__panel')).toBeVisible();
  await page.locator('.header__toggle').click();
  // Drawn by the inline rules while the stylesheet is still held: as wide as the screen below the
  // header, dark, as the whole stylesheet draws it.
  await expect(menu).toBeVisible();
  const box = await menu.boundingBox();
  expect(box?.y).toBeGreaterThan(0);
  expect(await menu.evaluate((m) => getComputedStyle(m).backgroundColor)).not.toBe('rgba(0, 0, 0, 0)');
  expect(
    await page.evaluate(() => document.querySelector<HTMLLinkElement>('link[rel="stylesheet"]')?.sheet),
  ).toBeFalsy();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await route.continue();
});

test('on a page whose block is lean, the menu asked for before the whole stylesheet has come opens once it has, styled', async ({
  page,
}) => {
  const { html, route } = await withStylesheetHeld(page, LEAN_PAGE);
  // A lean block: the HTML has no room for the closed menus' and answers' rules.
  expect(html).toMatch(/<style data-lean>[\s\S]{1000,}<\/style>/);
  const menu = page.locator('#mobile-menu');
  await page.locator('.header__toggle').click();
  await twoFrames(page);
  await expect(menu).toBeHidden();
  await route.continue();
  // Opened as the stylesheet comes, drawn by it: as wide as the screen below the header, dark.
  await expect(menu).toBeVisible();
  const box = await menu.boundingBox();
  expect(box?.y).toBeGreaterThan(0);
  expect(await menu.evaluate((m) => getComputedStyle(m).backgroundColor)).not.toBe('rgba(0, 0, 0, 0)');
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  // Once styled, nothing is held: the menu opens at once.
  await page.locator('.header__toggle').click();
  await expect(menu).toBeVisible();
});
