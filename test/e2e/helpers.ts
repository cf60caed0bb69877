import AxeBuilder from '@axe-core/playwright';
import { test as base, type Page } from '@playwright/test';

/**
 * `test` with the welcome popup and the development notice already dismissed, as for a returning
 * visitor, so they do not cover what a test clicks. Popup tests use `freshVisitor`.
 */
export const test = base.extend<{ freshVisitor: boolean }>({
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

export { expect } from '@playwright/test';

/**
 * Opens a path and lets React arrive the way a visitor's first key press does (pages load it on
 * the first interaction), then waits until the page has hydrated, so clicks reach React.
 */
export async function open(page: Page, path: string) {
  const response = await page.goto(path);
  await hydrate(page);
  return response;
}

/**
 * Starts React with a key press that changes nothing, and waits until it has hydrated. A load that
 * failed (the local server dropped a request under load) is tried again on the next key press.
 */
export async function hydrate(page: Page) {
  const hydrated = page.locator('html[data-hydrated="true"]');
  for (let attempt = 1; ; attempt++) {
    await page.keyboard.press('Shift');
    try {
      await hydrated.waitFor({ state: 'attached', timeout: attempt < 3 ? 8000 : undefined });
      return;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}

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
 */
export async function axeViolations(page: Page, { all = false } = {}) {
  const rules = { 'label-content-name-mismatch': { enabled: true } };
  // One options object: AxeBuilder's options() replaces what withTags() set.
  const { violations } = await new AxeBuilder({ page })
    .options(all ? { rules } : { runOnly: { type: 'tag', values: WCAG_TAGS }, rules })
    .analyze();
  return violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
