import { buyByApi, expect, open, test } from './helpers';

test('static files carry the security headers, hashed assets are immutable', async ({ page, request }) => {
  for (const path of ['/favicon.svg', '/pl', '/de/kup-bilet']) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(200);
    expect(res.headers()['content-security-policy'], path).toContain("script-src 'self'");
    expect(res.headers()['x-content-type-options'], path).toBe('nosniff');
    expect(res.headers()['strict-transport-security'], path).toContain('max-age=31536000');
  }
  const assets: { url: string; headers: Record<string, string> }[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/assets/')) assets.push({ url: response.url(), headers: response.headers() });
  });
  await open(page, '/pl');
  expect(assets.some(({ url }) => url.endsWith('.js'))).toBe(true);
  expect(assets.some(({ url }) => url.endsWith('.css'))).toBe(true);
  for (const { url, headers } of assets) {
    expect(headers['cache-control'], url).toContain('immutable');
    expect(headers['x-content-type-options'], url).toBe('nosniff');
    // What only a document reads is left off the hashed files (the stylesheet fits TCP's first window).
    expect(headers['content-security-policy'], url).toBeUndefined();
    expect(headers['permissions-policy'], url).toBeUndefined();
  }
});

test('pages run under the Content-Security-Policy without violations', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  for (const path of ['/pl', '/en-gb/kup-bilet', '/de/program', '/es/kontakt']) {
    await open(page, path);
    await page.waitForLoadState('networkidle');
  }
  expect(violations).toEqual([]);
});

test('the demo checkout asks for nothing that is missing, and /favicon.ico is an icon Chromium draws', async ({
  page,
  request,
}) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  const { checkout } = await buyByApi(request, { pay: false, lang: 'de' });
  await page.goto(checkout);
  await expect(page.getByRole('heading', { name: 'Zahlungsübersicht' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(errors).toEqual([]);
  const width = await page.evaluate(async () => {
    const image = new Image();
    image.src = '/favicon.ico';
    await image.decode();
    return image.naturalWidth;
  });
  expect(width).toBeGreaterThanOrEqual(16);
});
