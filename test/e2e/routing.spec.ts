import { expect, languageCookie, open, test } from './helpers';

test.describe('language detection at /', () => {
  test('uses the stored language first', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ locale: 'es-ES' });
    await context.addCookies([{ name: 'i18nextLng', value: 'de', url: baseURL ?? '' }]);
    const page = await context.newPage();
    await open(page, '/');
    await expect(page).toHaveURL(/\/de$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await context.close();
  });

  test('uses the browser language when nothing is stored', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'es-ES' });
    const page = await context.newPage();
    await open(page, '/');
    await expect(page).toHaveURL(/\/es$/);
    await context.close();
  });

  test('falls back to Polish for an unsupported browser language', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'fr-FR' });
    const page = await context.newPage();
    await open(page, '/program?utm=x');
    await expect(page).toHaveURL(/\/pl\/program\?utm=x$/);
    await context.close();
  });
});

test('a path in another language switches to it and stores it', async ({ page }) => {
  // Stored by the page script, which comes a frame after the page's first paint: polled.
  await open(page, '/pl');
  await expect.poll(() => languageCookie(page)).toBe('pl');
  await open(page, '/en-us/program');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
  await expect.poll(() => page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('en-US');
  expect(await languageCookie(page)).toBe('en-US');
});

test('the picker switches language, keeps the page and query, and updates the head', async ({ page }) => {
  await open(page, '/pl/kontakt?temat=expo');
  const button = page.getByRole('button', { name: /Zmień język/ });
  await button.click();
  await expect(page.getByRole('link', { name: 'Polski' })).toHaveAttribute('aria-current', 'true');
  await page.getByRole('link', { name: 'Deutsch' }).click();
  await expect(page).toHaveURL(/\/de\/kontakt\?temat=expo$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page).toHaveTitle(/Kontakt/);
  await expect(page.locator('meta[property="og:locale"]')).toHaveAttribute('content', 'de_DE');
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/de\/kontakt$/);
  await expect(page.locator('link[rel="alternate"][hreflang="es"]')).toHaveAttribute('href', /\/es\/kontakt$/);
  await expect(page.locator('link[rel="alternate"][hreflang="x-default"]')).toHaveCount(1);
  // Stored by the new page's script, a frame after its first paint, when the click came before the
  // old page's script had arrived: polled (a fixed read failed once on a loaded CI machine).
  await expect.poll(() => page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('de');
  expect(await languageCookie(page)).toBe('de');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Kontakt/);
});

test('the picker works with the keyboard', async ({ page }) => {
  await open(page, '/pl/program');
  const button = page.getByRole('button', { name: /Zmień język/ });
  await button.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('link', { name: 'Polski' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('link', { name: 'English (UK)' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(button).toBeFocused();
  await expect(page.getByRole('link', { name: 'Polski' })).toBeHidden();
  await page.keyboard.press('Enter');
  // The list takes focus at its toggle event, a task after the key: arrows count from there.
  await expect(page.getByRole('link', { name: 'Polski' })).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(page.getByRole('link', { name: 'Español' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/es\/program$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
});

test('every navigation scrolls to the top', async ({ page }) => {
  await open(page, '/pl');
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Warsztaty' }).click();
  await expect(page).toHaveURL(/\/pl\/warsztaty$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Warsztaty');
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});

test('an unknown path answers 404 with the translated page', async ({ page }) => {
  const response = await open(page, '/en-gb/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Oops! Page not found');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  await page.getByRole('link', { name: /home/i }).first().click();
  await expect(page).toHaveURL(/\/en-gb$/);
});

test('pages and their islands run without warnings and ship only their own language', async ({ page }) => {
  const messages: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') messages.push(message.text());
  });
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  for (const path of ['/pl', '/de/program', '/es/kup-bilet', '/en-us/wspolpraca/dla-wystawcy']) {
    scripts.length = 0;
    await open(page, path);
    await page.waitForLoadState('networkidle');
    const lang = await page.locator('html').getAttribute('lang');
    const catalogues = scripts.filter((url) => url.includes('/locale-'));
    // Only islands load catalogues: a page without one loads no script file but its page script
    // (and the programme its own agenda script, which carries its texts in the page).
    if ((await page.locator('[data-island]').count()) === 0)
      expect(scripts, path).toEqual([
        expect.stringMatching(/\/assets\/page-script-[0-9a-f]+\.js$/),
        ...(path.endsWith('/program') ? [expect.stringMatching(/\/assets\/page-script-agenda-[0-9a-f]+\.js$/)] : []),
      ]);
    else expect(catalogues.length, path).toBeGreaterThan(0);
    for (const url of catalogues) expect(url, path).toContain(`/locale-${lang}-`);
  }
  expect(messages).toEqual([]);
});
