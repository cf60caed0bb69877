import { buyByApi, closeWelcomePopup, expect, holdPageScript, scriptsLoaded, test } from './helpers';

// Pages are prerendered HTML whose controls are the platform's own; only islands (the forms, the
// order status) load React, when the visitor reaches for one (client/boot.ts). These tests pin
// what a visitor gets before, without and after that.

// The islands' entry (React, hydrateIsland). A page carries a small inline script and loads the
// page script's file (client/page-script.ts) once its first frame is drawn.
const isReactUrl = /\/assets\/index-[\w-]+\.js$/;
const PAGE_SCRIPT = expect.stringMatching(/^\/assets\/page-script-[0-9a-f]+\.js$/);
const isReact = (path: string) => isReactUrl.test(path);
const blockReact = (page: import('@playwright/test').Page) => page.route(isReactUrl, (route) => route.abort());
/**
 * Resolves once the page script (client/boot.ts, LOAD_FAILED) has given up a failed load: it logs
 * it and, in the same task, waits for the next interaction again (one before that would start nothing).
 */
const loadFailed = (page: import('@playwright/test').Page) =>
  page.waitForEvent('console', { predicate: (message) => message.text().startsWith('The app did not load') });

type DialogFrame = { modal: boolean; tickets: boolean; boxes: Record<string, string> };
/**
 * Watches the purchase dialog from the next frame on: what the first animation frame that shows
 * it finds (before that frame is drawn), and, when asked, what is there now: whether it is modal,
 * whether its tickets are drawn, the boxes of the dialog, its e-mail field and its buttons.
 */
async function watchPurchaseDialogFrames(page: import('@playwright/test').Page) {
  const look = () => {
    const dialog = document.getElementById('purchase-dialog') as HTMLDialogElement;
    const box = (element: Element | null) => JSON.stringify(element?.getBoundingClientRect());
    return {
      modal: dialog.matches(':modal'),
      tickets: !!dialog.querySelector('.purchase__tickets')?.checkVisibility(),
      boxes: {
        dialog: box(dialog),
        email: box(dialog.querySelector('input[name="email"]')),
        buttons: box(dialog.querySelector('.purchase__actions')),
      },
    };
  };
  await page.evaluate(`(() => {
    const look = ${look};
    const dialog = document.getElementById('purchase-dialog');
    const watch = () => (dialog.checkVisibility() ? (window.firstDialogFrame = look()) : requestAnimationFrame(watch));
    requestAnimationFrame(watch);
  })()`);
  return async () => ({
    first: (await page.evaluate('window.firstDialogFrame')) as DialogFrame,
    now: (await page.evaluate(look)) as DialogFrame,
  });
}

test.describe('a page without islands', () => {
  test('loads no script file but the page script, whatever the visitor does on it', async ({ page }) => {
    await page.goto('/pl/program');
    const nav = page.locator('.header__nav');
    await nav.getByRole('button', { name: 'Program' }).hover();
    await page.mouse.wheel(0, 900);
    await page.keyboard.press('Tab');
    await page.getByRole('main').locator('a, button, summary').first().click({ trial: true });
    await page.waitForTimeout(1500);
    // No React, no island: the page script and the programme's own small one (its personal agenda,
    // client/lib/agenda.ts), each one cached file.
    expect(await scriptsLoaded(page)).toEqual([
      PAGE_SCRIPT,
      expect.stringMatching(/^\/assets\/page-script-agenda-[0-9a-f]+\.js$/),
    ]);
    await expect(page.locator('html')).not.toHaveAttribute('data-hydrated', 'true');
  });

  test('its menu, accordion and language picker work with script disabled', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 800 } });
    const page = await context.newPage();
    await page.goto('/pl/faq');
    await page.getByRole('button', { name: 'Otwórz menu' }).click();
    await expect(page.locator('#mobile-menu')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.locator('#mobile-menu')).toBeHidden();
    const first = page.getByRole('main').locator('details').first();
    await first.locator('summary').click();
    await expect(first).toHaveAttribute('open');
    await expect(first.locator('.accordion__panel')).toBeVisible();
    await page.locator('.header .language-picker__button').click();
    await page.getByRole('link', { name: 'Deutsch' }).click();
    await expect(page).toHaveURL(/\/de\/faq$/);
    await context.close();
  });

  test('what it says and links to is there without React', async ({ page }) => {
    await blockReact(page);
    await page.goto('/pl/program');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Kontakt' }).first()).toHaveAttribute('href', '/pl/kontakt');
  });

  test('a mouse resting on a dropdown before the page script arrives opens it as the script comes', async ({
    page,
  }) => {
    const release = await holdPageScript(page);
    // Not waiting for the load event, which may wait for the held file.
    await page.goto('/pl', { waitUntil: 'domcontentloaded' });
    const program = page.locator('.header__nav').getByRole('button', { name: 'Program' });
    await program.hover();
    const missAi = page.locator('.header__nav').getByRole('link', { name: 'Miss AI' });
    await expect(missAi).toBeHidden();
    const script = page.waitForResponse(/\/assets\/page-script-/);
    release();
    await script;
    await expect(missAi).toBeVisible();
  });

  test('asks for the page script only once its first content is on the screen', async ({ page }) => {
    // A stylesheet that comes late holds the first paint back, as a slow phone or network does: the
    // page script's request, which Lighthouse counts against the largest paint if it ends before,
    // waits for that paint however long it takes (a timer once asked for it at 250 ms). The home
    // page links its stylesheet (no room for its first screen's rules inline: scripts/critical-css.ts).
    await page.route('**/assets/index-*.css', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1200));
      await route.continue();
    });
    const script = page.waitForResponse(/\/assets\/page-script-/);
    await page.goto('/pl', { waitUntil: 'commit' });
    await script;
    const [painted, requested] = await page.evaluate(() => [
      performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
      performance.getEntriesByType('resource').find((entry) => entry.name.includes('/page-script-'))?.startTime,
    ]);
    expect(painted).toBeGreaterThan(1000);
    expect(requested).toBeGreaterThan(painted ?? Number.POSITIVE_INFINITY);
  });

  test('its dropdown opens on hover and its mobile menu at the first tap, React or not', async ({ page }) => {
    await blockReact(page);
    await page.goto('/pl');
    await page.locator('.header__nav').getByRole('button', { name: 'Program' }).hover();
    await expect(page.locator('.header__nav').getByRole('link', { name: 'Miss AI' })).toBeVisible();
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/es');
    await page.getByRole('button', { name: 'Abrir menú' }).click();
    await expect(page.locator('#mobile-menu')).toBeVisible();
  });
});

test.describe('an island', () => {
  test('loads React when the visitor reaches for it, in the page language and with its catalogue only', async ({
    page,
  }) => {
    await page.goto('/de/kontakt');
    await page.mouse.wheel(0, 600);
    await page.waitForTimeout(500);
    expect(await scriptsLoaded(page)).toEqual([PAGE_SCRIPT]);
    await page.getByLabel('Vor- und Nachname').focus();
    await page.locator('[data-island="contact"][data-hydrated="true"]').waitFor({ state: 'attached' });
    const scripts = await scriptsLoaded(page);
    expect(scripts.some(isReact)).toBe(true);
    expect(scripts.filter((path) => path.includes('/locale-'))).toEqual([
      expect.stringMatching(/\/locale-de-contact-[\w-]+\.js$/),
    ]);
  });

  test('the purchase dialog opens from a plan button with React blocked, for that plan', async ({ page }) => {
    await blockReact(page);
    await page.goto('/pl/kup-bilet');
    await page.getByRole('button', { name: 'Wybierz pakiet Premium' }).click();
    const dialog = page.getByRole('dialog', { name: 'Zakup biletu: Premium' });
    await expect(dialog).toBeVisible();
    await expect(dialog.locator('dl:visible')).toHaveCount(1);
    await expect(dialog.locator('dl:visible')).toContainText(/499,00\s*zł/);
    await expect(dialog.getByLabel('Adres e-mail')).toBeFocused();
    await dialog.getByRole('button', { name: 'Anuluj' }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: 'Wybierz pakiet Praktyk AI VIP' }).click();
    await expect(page.getByRole('dialog', { name: 'Zakup biletu: Praktyk AI VIP' })).toBeVisible();
  });

  test('a plan button shows the dialog first and starts the purchase island only after that frame', async ({
    page,
  }) => {
    await page.goto('/pl/kup-bilet');
    // The first animation frame in which the dialog is shown comes before that frame is drawn.
    await page.evaluate(() => {
      const dialog = document.getElementById('purchase-dialog') as HTMLDialogElement;
      const watch = () => {
        if (dialog.checkVisibility()) (window as unknown as { openFrame: number }).openFrame = performance.now();
        else requestAnimationFrame(watch);
      };
      requestAnimationFrame(watch);
    });
    await page.getByRole('button', { name: 'Wybierz pakiet Premium' }).click();
    await expect(page.getByRole('dialog', { name: 'Zakup biletu: Premium' })).toBeVisible();
    await page.locator('[data-island="purchase"][data-hydrated="true"]').waitFor({ state: 'attached' });
    const { openFrame, requested } = await page.evaluate(() => ({
      openFrame: (window as unknown as { openFrame: number }).openFrame,
      requested: performance
        .getEntriesByType('resource')
        .find((entry) => /\/assets\/index-[\w-]+\.js$/.test(entry.name))?.startTime,
    }));
    expect(requested).toBeGreaterThan(openFrame);
  });

  test('a plan button draws its dialog where the modal one is, before the page behind it is made inert', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/pl');
    const seen = await watchPurchaseDialogFrames(page);
    const button = page.getByRole('button', { name: 'Wybierz pakiet Premium' });
    await button.click();
    const dialog = page.getByRole('dialog', { name: 'Zakup biletu: Premium' });
    await expect(dialog).toBeVisible();
    await expect.poll(() => dialog.evaluate((element) => element.matches(':modal'))).toBe(true);
    const { first, now } = await seen();
    expect(first.modal).toBe(false);
    // On a phone the first frame holds the title, the e-mail field and the buttons, not the tickets;
    // the next one adds them, and nothing that was drawn moves.
    expect(first.tickets).toBe(false);
    expect(now.tickets).toBe(true);
    expect(first.boxes).toEqual(now.boxes);
    // Modal now: the page behind takes no focus, the dialog has it, and it goes back on closing.
    await expect(dialog.getByLabel('Adres e-mail')).toBeFocused();
    const behindTakesFocus = await page.evaluate(() => {
      const link = document.querySelector<HTMLElement>('header a');
      link?.focus();
      return document.activeElement === link;
    });
    expect(behindTakesFocus).toBe(false);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(button).toBeFocused();
  });

  test('on the tallest screen that draws the purchase dialog in two frames, its form still fills it in every language', async ({
    page,
  }) => {
    // 479 x 1000 px, the largest screen of the rule in tickets.css: where the form were shorter
    // than the screen, the dialog would shrink as the tickets came.
    await page.setViewportSize({ width: 479, height: 1000 });
    for (const language of ['pl', 'en-gb', 'en-us', 'de', 'es']) {
      await page.goto(`/${language}`);
      const seen = await watchPurchaseDialogFrames(page);
      await page.locator('main [data-product]').first().click();
      const dialog = page.locator('dialog.purchase');
      await expect.poll(() => dialog.evaluate((element) => element.matches(':modal'))).toBe(true);
      const { first, now } = await seen();
      expect(first.tickets, language).toBe(false);
      expect(first.boxes, language).toEqual(now.boxes);
    }
  });

  test('the purchase dialog sent before React marks the missing e-mail beside its field, once React is there', async ({
    page,
  }) => {
    await page.goto('/pl/kup-bilet');
    await page.getByRole('button', { name: 'Wybierz pakiet Premium' }).click();
    const dialog = page.getByRole('dialog', { name: 'Zakup biletu: Premium' });
    // Sent at once, before React is there: held, then sent by React, which finds no e-mail.
    await dialog.getByRole('button', { name: 'Przejdź do płatności' }).click();
    const email = dialog.getByLabel('Adres e-mail zamawiającego');
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toHaveAccessibleDescription(/Podaj adres e-mail/);
    await expect(email).toBeFocused();
    // Beside the field, inside the modal dialog: seen where the buyer types.
    const error = dialog.locator('.field__error').first();
    const beside = await error.evaluate((element) => {
      const box = element.getBoundingClientRect();
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return !!hit && element.contains(hit);
    });
    expect(beside).toBe(true);
  });

  test('the thank-you page shows the order the worker wrote in, with no script at all', async ({
    browser,
    request,
  }) => {
    const { thanks } = await buyByApi(request, { pay: true });
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(thanks);
    const main = page.getByRole('main');
    await expect(main).toContainText('Opłacone');
    await expect(page.getByRole('img', { name: /^Kod QR biletu [0-9A-Z-]+$/ })).toBeVisible();
    await expect(page.locator('.ticket-card__code')).toHaveText(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){4}$/);
    // A wrong secret or no order at all: "not found", the same way.
    await page.goto(thanks.replace(/token=[^&]+/, 'token=wrong'));
    await expect(main).toContainText('Nie znaleźliśmy zamówienia');
    await page.goto('/pl/kup-bilet/dziekujemy');
    await expect(main).toContainText('Nie znaleźliśmy zamówienia');
    await context.close();
  });

  test('a pending order starts React once the page has loaded, and shows the payment when it comes', async ({
    page,
    request,
  }) => {
    const { thanks, pay } = await buyByApi(request, { pay: false });
    await page.goto(thanks);
    await expect(page.getByRole('main')).toContainText('Oczekuje na płatność');
    await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
    await pay();
    await expect(page.getByRole('main')).toContainText('Opłacone', { timeout: 15_000 });
    await expect(page.getByRole('img', { name: /^Kod QR biletu / })).toBeVisible();
  });

  test('the contact page with a preset subject starts React at load and selects it', async ({ page }) => {
    await page.goto('/es/kontakt?temat=bilety-vip');
    await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
    await expect(page.getByLabel('Asunto')).toHaveValue('Entrada presencial: VIP');
  });

  // Some browsers keep a module that failed to load in their module map and reject every later
  // import of its URL without a request (Debian's Chromium 150 does): each retry must use new URLs.
  for (const [what, failing] of [
    ["the islands' entry", /\/index-[\w-]+\.js$/],
    ["the island's catalogue", /\/locale-pl-contact-[\w-]+\.js$/],
    ["the island's chunk", /\/contact-form-[\w-]+\.js$/],
  ] as const) {
    test(`a failed load of ${what} is tried again at the next interaction`, async ({ page, browser }) => {
      const named = `in Chromium ${browser.version()}`;
      test.info().annotations.push({ type: 'browser', description: named });
      const requested: string[] = [];
      await page.route(failing, (route) => {
        requested.push(new URL(route.request().url()).pathname);
        return requested.length === 1 ? route.abort() : route.continue();
      });
      await page.goto('/pl/kontakt');
      const island = page.locator('[data-island="contact"]');
      const name = page.getByLabel('Imię i nazwisko');
      const failed = loadFailed(page);
      await name.focus();
      await failed;
      expect(requested, `first load requested ${named}`).toHaveLength(1);
      await expect(island).not.toHaveAttribute('data-hydrated', 'true');
      await page.keyboard.type('A');
      await expect(island, `hydrated after the retry ${named}`).toHaveAttribute('data-hydrated', 'true');
      // The retry asked for the file again, at a new URL.
      expect(requested, named).toHaveLength(2);
      expect(requested[1], named).not.toBe(requested[0]);
      // What was typed while it loaded is still there.
      await expect(name).toHaveValue('A');
    });
  }

  test('a button pressed while its island fails to load stops waiting, and a second press works', async ({
    page,
    request,
  }) => {
    const { thanks } = await buyByApi(request, { pay: true });
    let fail = true;
    // Every attempt's entry: a retry asks for it under /assets/retry-<n>/.
    await page.route(/\/index-[\w-]+\.js$/, (route) => (fail ? route.abort() : route.continue()));
    await page.addInitScript(() => {
      window.print = () => document.documentElement.setAttribute('data-printed', 'true');
    });
    // An order whose e-mail is still on its way starts its island at load: that load fails first.
    const atLoad = loadFailed(page);
    await page.goto(thanks);
    if (await page.locator('[data-island="order"]').getAttribute('data-start')) await atLoad;
    const print = page.getByRole('button', { name: 'Drukuj bilet' });
    const failed = loadFailed(page);
    await print.click();
    await failed;
    await expect(print).not.toHaveAttribute('aria-busy');
    await expect(page.locator('html')).not.toHaveAttribute('data-printed');
    fail = false;
    // An island that started at load also tries again by itself: a try of its own already under
    // way when the network came back may still fail, and a press held by it with it.
    await expect(async () => {
      await print.click();
      await expect(page.locator('html')).toHaveAttribute('data-printed', 'true', { timeout: 3000 });
    }).toPass();
  });

  test('a page visited remembers its language for the edge without any interaction', async ({ page }) => {
    await page.goto('/en-us/faq');
    await expect
      .poll(async () => (await page.context().cookies()).find((c) => c.name === 'i18nextLng')?.value)
      .toBe('en-US');
    expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('en-US');
  });
});

test.describe('without React, for a first-time visitor', () => {
  test.use({ freshVisitor: true });
  // React never arrives: these behaviours must not need it.
  test.beforeEach(({ page }) => blockReact(page));

  test('the welcome popup opens after load and closes without React', async ({ page }) => {
    await page.goto('/en-gb');
    const dialog = page.getByRole('dialog', { name: 'Welcome to Kongres AI Polska!' });
    await expect(dialog).toBeVisible();
    // The browser keeps focus inside the modal dialog.
    await expect(dialog.getByRole('button', { name: 'Close welcome message' })).toBeFocused();
    await dialog.getByRole('button', { name: "Let's go" }).click();
    await expect(dialog).toBeHidden();
    // Stored by the dialog's close event, a task after it is hidden.
    await expect.poll(() => page.evaluate(() => localStorage.getItem('welcomePopupClosed'))).toBe('true');
  });

  test('the development notice shows at load and closes without React', async ({ page }) => {
    await page.goto('/de');
    await closeWelcomePopup(page);
    const notice = page.getByRole('region', { name: 'Hinweis zur Website' });
    await expect(notice).toBeVisible();
    await notice.getByRole('button').click();
    await expect(notice).toBeHidden();
    expect(await page.evaluate(() => sessionStorage.getItem('devNoticeClosed'))).toBe('true');
  });
});

test.describe('icon and web app manifest', () => {
  test('the icon is in the page and the manifest is linked after load, so neither is fetched while it loads', async ({
    page,
  }) => {
    const beforeLoad: string[] = [];
    let loaded = false;
    page.on('request', (request) => {
      if (!loaded) beforeLoad.push(new URL(request.url()).pathname);
    });
    await page.goto('/es/prelegenci', { waitUntil: 'load' });
    loaded = true;
    expect(beforeLoad.filter((path) => /favicon|manifest/.test(path))).toEqual([]);

    const icon = await page.locator('link[rel="icon"]').getAttribute('href');
    expect(icon).toMatch(/^data:image\/svg\+xml,/);
    const svg = decodeURIComponent((icon ?? '').slice('data:image/svg+xml,'.length));
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[\s\S]*<\/svg>$/);

    const manifest = page.locator('link[rel="manifest"]');
    await manifest.waitFor({ state: 'attached' });
    // The manifest of the page's language: Spanish texts, starting at the Spanish home page.
    await expect(manifest).toHaveAttribute('href', '/manifest-es.webmanifest');
    const href = await manifest.evaluate((link: HTMLLinkElement) => link.href);
    const response = await page.request.get(href);
    expect(response.headers()['content-type']).toContain('application/manifest+json');
    const body = await response.json();
    expect(body).toMatchObject({ name: 'Kongres AI Polska', lang: 'es', start_url: '/es' });
    expect(body.description).toContain('23 de octubre de 2027');
    for (const { src, type } of body.icons) {
      const iconResponse = await page.request.get(src);
      expect(iconResponse.status(), src).toBe(200);
      expect(iconResponse.headers()['content-type'], src).toContain(type);
    }
  });
});
