import { LANGUAGES } from '../../site/languages';
import { href, PAGES } from '../../site/pages';
import { axeViolations, expect, hydrate, test } from './helpers';

// Every page in every language, prerendered and then hydrated: no violation of any WCAG 2.x A/AA
// rule, label in name (2.5.3) included. The thank-you page needs an order; its own tests cover it.
for (const lang of LANGUAGES) {
  test(`every page in ${lang.label} has no WCAG 2.x A/AA violations`, async ({ page }) => {
    test.setTimeout(600_000);
    for (const { id } of PAGES.filter((p) => p.id !== 'thanks')) {
      const path = href(lang.code, id);
      await page.goto(path);
      await hydrate(page);
      expect(await axeViolations(page), path).toEqual([]);
    }
  });
}
