import { LANGUAGES } from '../../site/languages';
import { href, PAGES } from '../../site/pages';
import { axeViolations, buyByApi, expect, hydrate, test } from './helpers';

// Every page in every language, prerendered and then hydrated: no violation of any WCAG 2.x A/AA
// rule, label in name (2.5.3) included. The thank-you page is checked with a paid order, as the
// worker serves it and once React watches it.
for (const lang of LANGUAGES) {
  test(`every page in ${lang.label} has no WCAG 2.x A/AA violations`, async ({ page, request }) => {
    test.setTimeout(600_000);
    for (const { id } of PAGES.filter((p) => p.id !== 'thanks')) {
      const path = href(lang.code, id);
      await page.goto(path);
      await hydrate(page);
      expect(await axeViolations(page), path).toEqual([]);
    }
    const { thanks } = await buyByApi(request, { pay: true, lang: lang.code });
    await page.goto(thanks);
    await expect(page.locator('.ticket-card')).toBeVisible();
    expect(await axeViolations(page), thanks).toEqual([]);
    await hydrate(page);
    expect(await axeViolations(page), thanks).toEqual([]);
  });
}

// What a first-time visitor sees first, on a phone: the welcome popup, then the development
// notice, over a page that starts dark (home) and one that starts white (the thank-you page). The
// popup is a modal dialog in the top layer: its logo was once read against the white page behind
// it (Lighthouse accessibility 94 on the thank-you page). The rest of each page is scanned above.
test.describe('for a first-time visitor on a phone', () => {
  test.use({ freshVisitor: true, viewport: { width: 412, height: 823 } });

  for (const lang of LANGUAGES) {
    test(`the welcome popup and the development notice have no violations in ${lang.label}`, async ({
      page,
      request,
    }) => {
      const { thanks } = await buyByApi(request, { pay: true, lang: lang.code });
      for (const path of [href(lang.code, 'home'), thanks]) {
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
