import { LANGUAGES } from '../../site/languages';
import { href, PAGES } from '../../site/pages';
import { axeViolations, buyByApi, expect, hydrate, test } from './helpers';

// Every page in every language, prerendered and then hydrated, with one h1: no violation of any
// rule axe runs (WCAG 2.x A/AA, label in name (2.5.3) and the best practices). This is the one
// scan of every page: the pages' own specs check their states. The thank-you page is checked with
// a paid order, as the worker serves it and once React watches it.
for (const lang of LANGUAGES) {
  test(`every page in ${lang.label} has no axe violations`, async ({ page, request }) => {
    test.setTimeout(600_000);
    for (const { id } of PAGES.filter((p) => p.id !== 'thanks')) {
      const path = href(lang.code, id);
      await page.goto(path);
      await hydrate(page);
      await expect(page.getByRole('heading', { level: 1 }), path).toHaveCount(1);
      expect(await axeViolations(page, { all: true }), path).toEqual([]);
    }
    const { thanks } = await buyByApi(request, { pay: true, lang: lang.code });
    await page.goto(thanks);
    await expect(page.locator('.ticket-card')).toBeVisible();
    expect(await axeViolations(page, { all: true }), thanks).toEqual([]);
    await hydrate(page);
    expect(await axeViolations(page, { all: true }), thanks).toEqual([]);
  });
}

// What a first-time visitor sees first, on a phone: the welcome popup, then the development
// notice. The popup is a modal dialog in the top layer: its logo was once read against the white
// page behind it (Lighthouse accessibility 94). The order page, a wallet of tickets that may be
// opened at the door, has neither. The rest of each page is scanned above.
test.describe('for a first-time visitor on a phone', () => {
  test.use({ freshVisitor: true, viewport: { width: 412, height: 823 } });

  for (const lang of LANGUAGES) {
    test(`the welcome popup and the development notice have no violations in ${lang.label}`, async ({
      page,
      request,
    }) => {
      const { thanks } = await buyByApi(request, { pay: true, lang: lang.code });
      await page.goto(thanks);
      await expect(page.locator('.ticket-card')).toBeVisible();
      await page.waitForTimeout(1000);
      await expect(page.locator('dialog.welcome, .dev-notice')).toHaveCount(0);
      for (const path of [href(lang.code, 'home')]) {
        await page.goto(path);
        const popup = page.locator('dialog.welcome');
        await expect(popup).toBeVisible();
        expect(await axeViolations(page, { within: 'dialog.welcome' }), `${path}: welcome popup`).toEqual([]);
        await page.keyboard.press('Escape');
        await expect(popup).toBeHidden();
        const notice = page.locator('.dev-notice');
        await notice.scrollIntoViewIfNeeded();
        await expect(notice).toBeVisible();
        expect(await axeViolations(page, { within: '.dev-notice' }), `${path}: development notice`).toEqual([]);
        await page.evaluate(() => localStorage.removeItem('welcomePopupClosed'));
      }
    });
  }
});
