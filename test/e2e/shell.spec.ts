import type { Locator, Page } from '@playwright/test';
import { LANGUAGES } from '../../site/languages';
import { href, PAGES } from '../../site/pages';
import { axeViolations, closeWelcomePopup, expect, holdPageScript, hydrate, open, test } from './helpers';

test.describe('header', () => {
  test('turns opaque with a shadow after scrolling more than 10 px', async ({ page }) => {
    await open(page, '/pl');
    const header = page.locator('header.header');
    await expect(header).not.toHaveClass(/header--scrolled/);
    await page.evaluate(() => window.scrollTo(0, 8));
    await expect(header).not.toHaveClass(/header--scrolled/);
    await page.evaluate(() => window.scrollTo(0, 40));
    await expect(header).toHaveClass(/header--scrolled/);
  });

  test('the logo leads to the home page of the current language', async ({ page }) => {
    await open(page, '/es/faq');
    await page
      .getByRole('link', { name: /Kongres AI Polska/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/es$/);
  });

  test('the Program dropdown opens on hover and its links navigate', async ({ page }) => {
    await open(page, '/pl');
    const nav = page.getByRole('navigation', { name: 'Główna nawigacja' });
    const button = nav.getByRole('button', { name: 'Program' });
    const menu = page.locator(`#${cssId(await button.getAttribute('popovertarget'))}`);
    await expect(menu).toBeHidden();
    await button.hover();
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('link')).toHaveText(['Program', 'Miss AI', 'Mister AI', 'Roast AI', 'Prompt Awards']);
    await menu.getByRole('link', { name: 'Roast AI' }).click();
    await expect(page).toHaveURL(/\/pl\/roast-ai$/);
    await page.mouse.move(700, 600);
    await expect(menu).toBeHidden();
  });

  test('the Cooperation dropdown works from the keyboard', async ({ page }) => {
    await open(page, '/en-gb');
    const button = page.getByRole('navigation', { name: /main/i }).getByRole('button', { name: 'Get involved' });
    const menu = page.locator(`#${cssId(await button.getAttribute('popovertarget'))}`);
    await button.focus();
    await page.keyboard.press('Enter');
    await expect(menu).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(button).toBeFocused();
    await page.keyboard.press('ArrowDown');
    const links = menu.getByRole('link');
    await expect(links).toHaveCount(5);
    await expect(links.first()).toBeFocused();
    await expectFocusAfterKeys(page, [
      ['ArrowDown', links.nth(1)],
      ['End', links.last()],
      ['ArrowDown', links.first()],
    ]);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/en-gb\/wspolpraca\/dla-wystawcy$/);
  });

  test('the dropdowns and the language picker open and lead somewhere with script blocked', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await page.goto('/pl');
    const button = page.getByRole('navigation', { name: 'Główna nawigacja' }).getByRole('button', { name: 'Program' });
    await button.click();
    const menu = page.locator(`#${cssId(await button.getAttribute('popovertarget'))}`);
    await expect(menu.getByRole('link', { name: 'Roast AI' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await page.getByRole('button', { name: /^PL/ }).click();
    await page.getByRole('link', { name: 'Deutsch' }).click();
    await expect(page).toHaveURL(/\/de$/);
    await context.close();
  });
});

/** An id from React's useId as a CSS selector. */
const cssId = (id: string | null) => CSS_ESCAPE(String(id));
function CSS_ESCAPE(value: string) {
  return value.replace(/[^\w-]/g, (c) => `\\${c}`);
}

/** Presses each key in turn, expecting the focus on its element after it. */
async function expectFocusAfterKeys(page: Page, steps: [key: string, focused: Locator][]) {
  for (const [key, focused] of steps) {
    await page.keyboard.press(key);
    await expect(focused).toBeFocused();
  }
}

test('the keyboard focus ring stands out from the purple buttons and the dark hero (3:1)', async ({ page }) => {
  await page.goto('/pl');
  await page.keyboard.press('Tab');
  const buy = page.locator('.hero__actions a').first();
  await buy.focus();
  const colours = await buy.evaluate((element) => {
    // Any CSS colour as [r, g, b], as the browser draws it.
    const rgb = (colour: string) => {
      const canvas = document.createElement('canvas').getContext('2d') as CanvasRenderingContext2D;
      canvas.fillStyle = colour;
      canvas.fillRect(0, 0, 1, 1);
      return Array.from(canvas.getImageData(0, 0, 1, 1).data.slice(0, 3));
    };
    const style = getComputedStyle(element);
    const hero = element.closest('.hero') as HTMLElement;
    return {
      visible:
        element.matches(':focus-visible') && style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2,
      ring: rgb(style.outlineColor),
      button: rgb(style.backgroundColor),
      hero: rgb(getComputedStyle(hero).backgroundColor),
    };
  });
  // WCAG's relative luminance and contrast ratio.
  const luminance = (rgb: number[]) => {
    const [r = 0, g = 0, b = 0] = rgb.map((v) =>
      v / 255 <= 0.03928 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4,
    );
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const contrast = (a: number[], b: number[]) =>
    (Math.max(luminance(a), luminance(b)) + 0.05) / (Math.min(luminance(a), luminance(b)) + 0.05);
  expect(colours.visible).toBe(true);
  expect(contrast(colours.ring, colours.button)).toBeGreaterThanOrEqual(3);
  expect(contrast(colours.ring, colours.hero)).toBeGreaterThanOrEqual(3);
});

test('the Program dropdown works from the keyboard: Space, arrows, Escape from a link', async ({ page }) => {
  await open(page, '/de');
  const button = page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('button', { name: 'Programm' });
  const menu = page.locator(`#${cssId(await button.getAttribute('popovertarget'))}`);
  const links = menu.getByRole('link');
  await button.focus();
  await page.keyboard.press('Space');
  await expect(menu).toBeVisible();
  await expect(links).toHaveText(['Programm', 'Miss AI', 'Mister AI', 'Roast AI', 'Prompt Awards']);
  await page.keyboard.press('Space');
  await expect(menu).toBeHidden();
  await expectFocusAfterKeys(page, [
    ['ArrowUp', links.last()],
    ['ArrowUp', links.nth(3)],
    ['Home', links.first()],
  ]);
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(button).toBeFocused();
  // Tabbing out of an open menu closes it.
  await page.keyboard.press('ArrowDown');
  for (let i = 0; i < 5; i++) await page.keyboard.press('Tab');
  await expect(menu).toBeHidden();
});

test.describe('mobile menu', () => {
  test.use({ viewport: { width: 375, height: 800 } });
  const section = (page: Page, name: string) => page.locator('#mobile-menu details', { hasText: name });

  test('opens with Program expanded and Cooperation collapsed, and a link closes it', async ({ page }) => {
    await open(page, '/pl');
    await page.getByRole('button', { name: 'Otwórz menu' }).click();
    const menu = page.locator('#mobile-menu');
    await expect(menu).toBeVisible();
    await expect(page.getByRole('button', { name: 'Zamknij menu' })).toBeVisible();
    await expect(section(page, 'Program')).toHaveAttribute('open');
    await expect(section(page, 'Współpraca')).not.toHaveAttribute('open');
    await expect(menu.getByRole('link', { name: 'Miss AI' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Dla wystawców' })).toBeHidden();
    await section(page, 'Współpraca').locator('summary').click();
    await menu.getByRole('link', { name: 'Dla wystawców' }).click();
    await expect(page).toHaveURL(/\/pl\/wspolpraca\/dla-wystawcy$/);
    await expect(menu).toBeHidden();
  });

  test('moves focus into the menu and back to the button on Escape', async ({ page }) => {
    await open(page, '/pl');
    await page.getByRole('button', { name: 'Otwórz menu' }).click();
    await expect(section(page, 'Program').locator('summary')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(page.locator('#mobile-menu')).toBeHidden();
    await expect(page.getByRole('button', { name: 'Otwórz menu' })).toBeFocused();
  });

  test('opens, expands a section and leads to a page with script blocked', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 800 } });
    const page = await context.newPage();
    await page.goto('/pl');
    await page.getByRole('button', { name: 'Otwórz menu' }).click();
    await section(page, 'Współpraca').locator('summary').click();
    await page.locator('#mobile-menu').getByRole('link', { name: 'Dla wystawców' }).click();
    await expect(page).toHaveURL(/\/pl\/wspolpraca\/dla-wystawcy$/);
    await context.close();
  });
});

test.describe('at 320 px', () => {
  test.use({ viewport: { width: 320, height: 640 } });

  for (const lang of LANGUAGES) {
    test(`the home page and its header, buy button included, fit without sideways scrolling in ${lang.label}`, async ({
      page,
    }) => {
      await open(page, `/${lang.prefix}`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
      const header = await page.locator('.header__inner').evaluate((inner) => ({
        overflow: inner.scrollWidth - inner.clientWidth,
        // Every visible control, whole and inside the screen (nothing squeezed or pushed out).
        parts: Array.from(inner.children)
          .filter((child) => getComputedStyle(child).display !== 'none')
          .map((child) => {
            const box = child.getBoundingClientRect();
            return { name: child.className, left: box.left, right: box.right, width: box.width };
          }),
      }));
      expect(header.overflow).toBe(0);
      expect(header.parts.map((part) => part.name)).toEqual([
        'logo',
        'button button--accent header__cta',
        'language-picker',
        'header__toggle',
      ]);
      for (const part of header.parts) {
        expect(part.left, part.name).toBeGreaterThanOrEqual(0);
        expect(part.right, part.name).toBeLessThanOrEqual(320);
      }
      expect(header.parts[3]?.width).toBeGreaterThanOrEqual(40);
      // The language code is still in the picker's name, and the whole logo is there.
      await expect(page.getByRole('button', { name: new RegExp(`^${lang.prefix.toUpperCase()}`) })).toBeVisible();
      await expect(page.locator('.header .logo__suffix')).toBeVisible();
    });
  }

  test('the header shows the buy button at every width from 320 px', async ({ page }) => {
    await page.goto('/es');
    for (const width of [320, 360, 375, 414, 480, 559, 560, 768, 1024, 1180, 1440]) {
      await page.setViewportSize({ width, height: 700 });
      const cta = page.locator('.header__cta');
      await expect(cta, `${width} px`).toBeVisible();
      const box = await cta.boundingBox();
      expect(box && box.x + box.width, `${width} px`).toBeLessThanOrEqual(width);
    }
  });
});

test.describe('welcome popup', () => {
  test.use({ freshVisitor: true });

  test('appears after a moment, closes with Escape and stays closed after a reload', async ({ page }) => {
    await page.goto('/pl');
    const dialog = page.getByRole('dialog', { name: 'Witamy na Kongresie AI Polska!' });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    // Stored by the dialog's close event, a task after it is hidden.
    await expect.poll(() => page.evaluate(() => localStorage.getItem('welcomePopupClosed'))).toBe('true');
    await page.reload();
    await page.waitForTimeout(1000);
    await expect(dialog).toBeHidden();
  });

  for (const [way, name] of [
    ['the button', 'Zaczynamy'],
    ['the close icon', 'Zamknij okno powitalne'],
  ]) {
    test(`closes with ${way}`, async ({ page }) => {
      await page.goto('/pl');
      await page.getByRole('dialog').getByRole('button', { name, exact: true }).click();
      await expect(page.getByRole('dialog')).toBeHidden();
      // Stored by the dialog's close event, a task after it is hidden.
      await expect.poll(() => page.evaluate(() => localStorage.getItem('welcomePopupClosed'))).toBe('true');
    });
  }

  test('does not open over a purchase dialog opened before it, and greets on the next page', async ({ page }) => {
    // The page script (which sets the popup's timer) held until the dialog is open, however slow
    // the machine is.
    const release = await holdPageScript(page);
    await page.goto('/pl/kup-bilet', { waitUntil: 'domcontentloaded' });
    await page.locator('main [data-product="onsite-pro"]').click();
    const purchase = page.getByRole('dialog', { name: 'Zakup biletu: Pro (na miejscu)' });
    await expect(purchase).toBeVisible();
    release();
    // The island hydrates after the page script has run and set the popup's timer: half a second
    // more and the popup would be open.
    await page.waitForFunction(() => document.querySelector<HTMLElement>('[data-island]')?.dataset.hydrated === 'true');
    await page.waitForTimeout(1000);
    await expect(page.locator('dialog.welcome')).toBeHidden();
    await expect(purchase).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('welcomePopupClosed'))).toBeNull();
    await page.goto('/pl');
    await expect(page.getByRole('dialog', { name: 'Witamy na Kongresie AI Polska!' })).toBeVisible();
  });

  test('closes with a click outside it', async ({ page }) => {
    await page.goto('/pl');
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.mouse.click(5, 400);
    await expect(page.getByRole('dialog')).toBeHidden();
    // Stored by the dialog's close event, a task after it is hidden.
    await expect.poll(() => page.evaluate(() => localStorage.getItem('welcomePopupClosed'))).toBe('true');
  });

  test('on a phone the development notice covers none of the buttons of the first screen', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/pl');
    await closeWelcomePopup(page);
    await expect(page.getByRole('region', { name: 'Informacja o stronie' })).toBeAttached();
    for (const button of await page.locator('.hero__actions a').all()) {
      const topmost = await button.evaluate((element) => {
        const box = element.getBoundingClientRect();
        // Below the first screen there is nothing to cover.
        if (box.bottom > window.innerHeight) return true;
        const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        return !!hit && element.contains(hit);
      });
      expect(topmost).toBe(true);
    }
  });

  test('the development notice closes for the rest of the session', async ({ page }) => {
    await page.goto('/pl');
    await closeWelcomePopup(page);
    const notice = page.getByRole('region', { name: 'Informacja o stronie' });
    await expect(notice).toContainText('Strona jest w budowie');
    await notice.getByRole('button', { name: 'Zamknij informację' }).click();
    await expect(notice).toBeHidden();
    await page.reload();
    await page.waitForTimeout(1000);
    await expect(notice).toBeHidden();
    await hydrate(page);
    await expect(notice).toBeHidden();
  });
});

test.describe('footer', () => {
  test('shows the footer service parts with the year range and the organiser', async ({ page }) => {
    await open(page, '/de');
    const footer = page.getByRole('contentinfo');
    // The page asks the footer service once the footer comes near the screen.
    await footer.scrollIntoViewIfNeeded();
    await expect(footer.locator('[data-footer="loaded"]')).toBeVisible();
    const year = new Date().getFullYear();
    await expect(footer).toContainText(year === 2024 ? '© 2024 ' : `© 2024-${year} `);
    await expect(footer).toContainText('Przykładowy Organizator sp. z o.o.');
    await expect(footer.getByRole('link', { name: 'Datenschutz' }).last()).toHaveAttribute(
      'href',
      '/de/polityka-prywatnosci',
    );
  });

  test('falls back to a plain footer when the service fails', async ({ page }) => {
    await page.route('**/api/footer*', (route) => route.fulfill({ status: 503, body: 'down' }));
    await open(page, '/pl');
    const footer = page.getByRole('contentinfo');
    await footer.scrollIntoViewIfNeeded();
    await expect(footer.locator('[data-footer="failed"]')).toBeVisible();
    await expect(footer).toContainText('Wszelkie prawa zastrzeżone');
  });

  test('never runs script from the footer service', async ({ page }) => {
    await page.route('**/api/footer*', (route) =>
      route.fulfill({
        json: {
          top: '© {year} <img src=x onerror="window.pwned=1"><script>window.pwned=2</script>',
          middle: '<a href="javascript:window.pwned=3">click</a>',
          bottom: '<b onclick="window.pwned=4">bold</b>',
        },
      }),
    );
    await open(page, '/pl');
    const footer = page.getByRole('contentinfo');
    await footer.scrollIntoViewIfNeeded();
    await expect(footer.locator('[data-footer="loaded"]')).toBeVisible();
    await footer.getByText('click').click();
    await footer.getByText('bold').click();
    expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
    await expect(footer.locator('img, script, [onclick]')).toHaveCount(0);
  });
});

test.describe('home page', () => {
  test('has its sections in order with the counts of the specification', async ({ page }) => {
    await open(page, '/pl');
    // Visible ones: the closed purchase dialog's title is in the page too.
    const headings = await page.locator('main h2:visible').allTextContents();
    expect(headings.slice(0, 8)).toEqual([
      'Wszystko o AI w jednym miejscu',
      'Na scenie wystąpią liderzy AI',
      'Program dnia',
      'Wystawcy',
      'Wieczór pełen emocji',
      'Wybierz swój pakiet',
      'Najczęściej zadawane pytania',
      'Porozmawiajmy',
    ]);
    await expect(page.locator('#about li.card')).toHaveCount(6);
    await expect(page.locator('#expo .proof__logo')).toHaveCount(8);
    await expect(page.locator('#expo')).toContainText('Ilustracja');
    await expect(page.locator('#shows li.card')).toHaveCount(3);
    await expect(page.locator('#shows')).toContainText('17:00–19:00');
    await expect(page.locator('#shows')).toContainText('19:30–21:00');
    await expect(page.locator('#shows')).toContainText('16:00–17:00');
    await expect(page.locator('.plan')).toHaveCount(3);
    await expect(page.locator('#faq .accordion__item')).toHaveCount(7);
    // The speakers published (the examples, until the organisers publish theirs) and the way to all.
    await expect(page.locator('#speakers')).toContainText('Ewa Lisowska');
    await expect(page.locator('#speakers a[href="/pl/prelegenci"]').first()).toBeVisible();
  });

  test('shows the five statistics on large screens only', async ({ page }) => {
    await open(page, '/en-us');
    await expect(page.locator('.hero__stat')).toHaveCount(5);
    await expect(page.locator('.hero__stats')).toBeVisible();
    await expect(page.locator('.hero__stats')).toContainText('10,000+');
    await page.setViewportSize({ width: 375, height: 800 });
    await expect(page.locator('.hero__stats')).toBeHidden();
  });

  test('the FAQ accordion keeps one item open and can close it again', async ({ page }) => {
    await open(page, '/pl');
    const faq = page.locator('#faq');
    const item = (name: string) => faq.locator('details', { hasText: name });
    const first = item('Kiedy i gdzie odbędzie się kongres?');
    const second = item('Czy bilet jest jednodniowy?');
    await first.locator('summary').click();
    await expect(first).toHaveAttribute('open');
    await expect(first.locator('.accordion__panel')).toBeVisible();
    await second.locator('summary').press('Enter');
    await expect(second).toHaveAttribute('open');
    await expect(first).not.toHaveAttribute('open');
    await second.locator('summary').click();
    await expect(second).not.toHaveAttribute('open');
  });

  test('every link on the home page carries the language prefix', async ({ page }) => {
    await open(page, '/de');
    const hrefs = await page
      .locator('a[href^="/"]:not(.language-picker a)')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(hrefs.length).toBeGreaterThan(30);
    for (const href of hrefs) expect(href).toMatch(/^\/de(\/|$|#|\?)/);
  });

  for (const lang of LANGUAGES) {
    test(`has no axe violations in ${lang.label}`, async ({ page }) => {
      await open(page, `/${lang.prefix}`);
      expect(await axeViolations(page, { all: true })).toEqual([]);
    });
  }
});

// A component's own `display` outranks the browser's `[hidden] { display: none }`: the ticket
// page's "payment cancelled" notice (a flex box) was shown to every visitor, at every width.
test('nothing a page marks hidden is shown, on any page', async ({ page }) => {
  test.setTimeout(120_000);
  for (const { id } of PAGES.filter((p) => p.id !== 'thanks')) {
    const path = href('pl', id);
    await page.goto(path);
    const shown = await page
      .locator('[hidden]')
      .evaluateAll((elements) => elements.filter((e) => e.checkVisibility()).map((e) => e.outerHTML.slice(0, 120)));
    expect(shown, path).toEqual([]);
  }
});

// A touch screen reports a tap as a hover that stays until the next tap elsewhere: the plan button
// kept its tinted background after its dialog closed, a card stayed lifted. Hover looks are for
// pointers that hover (every `:hover` rule sits in `@media (hover: hover)`); a mouse still gets them.
test.describe('on a touch screen', () => {
  test.use({ hasTouch: true, viewport: { width: 375, height: 740 } });

  test('a tap leaves no hover look behind, and every hover rule of the site and the console is for pointers that hover', async ({
    page,
  }) => {
    await open(page, '/pl/kup-bilet');
    const button = page.getByRole('button', { name: 'Kup bilet Pro na miejscu' });
    const background = () => button.evaluate((element) => getComputedStyle(element).backgroundColor);
    const atRest = await background();
    await button.tap();
    const dialog = page.getByRole('dialog', { name: /Zakup biletu: Pro/ });
    await expect(dialog).toBeVisible();
    // Closed without a second tap: the tap's point, on the button, is where the pointer stays.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect.poll(() => button.evaluate((element) => element.matches(':hover'))).toBe(true);
    expect(await background()).toBe(atRest);
    expect(await hoverRulesOutsideHoverMedia(page)).toEqual([]);
    // The organiser console too: the door's check-in runs on a phone.
    await page.goto('/admin');
    await expect(page.getByRole('button', { name: 'Zaloguj' })).toBeVisible();
    expect(await hoverRulesOutsideHoverMedia(page)).toEqual([]);
  });
});

/** The selectors of the page's `:hover` rules that are not inside `@media (hover: hover)`. */
function hoverRulesOutsideHoverMedia(page: Page) {
  return page.evaluate(() => {
    const found: string[] = [];
    const walk = (rules: CSSRuleList, hovers: boolean) => {
      for (const rule of Array.from(rules)) {
        if (rule instanceof CSSStyleRule && rule.selectorText.includes(':hover') && !hovers)
          found.push(rule.selectorText);
        if (rule instanceof CSSGroupingRule)
          walk(rule.cssRules, hovers || (rule instanceof CSSMediaRule && rule.media.mediaText === '(hover: hover)'));
      }
    };
    for (const sheet of Array.from(document.styleSheets)) walk(sheet.cssRules, false);
    return found;
  });
}

test('a mouse still gets the hover look', async ({ page }) => {
  await open(page, '/pl/kup-bilet');
  const button = page.getByRole('button', { name: 'Kup bilet Pro na miejscu' });
  const background = () => button.evaluate((element) => getComputedStyle(element).backgroundColor);
  const atRest = await background();
  await button.hover();
  await expect.poll(background).not.toBe(atRest);
});
