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
