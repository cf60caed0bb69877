import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import { CONSENT_VERSIONS } from '../../site/purchase-rules';
import { axeViolations, expect, hydrate, test } from './helpers';
import { mailTexts } from './mails';

// A ticket's own page (issue 45): the holder opens it from their e-mail in a browser of their own,
// and the QR code is there, uncovered and readable; the buyer's order page works without script;
// a printed ticket is one page.

// The decoder's WebAssembly from the package itself, not from a CDN.
const require = createRequire(import.meta.url);
prepareZXingModule({
  overrides: { wasmBinary: readFileSync(require.resolve('zxing-wasm/reader/zxing_reader.wasm')).buffer as ArrayBuffer },
});

/** A paid order of two on-site tickets, the second for a holder with an address of their own. */
async function paidOrder(request: APIRequestContext, holderEmail: string) {
  const buyer = `buyer-${Date.now()}@example.com`;
  const bought = await request.post('/api/orders', {
    data: {
      consent: CONSENT_VERSIONS,
      email: buyer,
      lang: 'pl',
      items: [
        { product: 'onsite-pro', name: 'Ada Lovelace' },
        { product: 'onsite-pro', name: 'Grace Hopper', email: holderEmail },
      ],
    },
    headers: { 'Idempotency-Key': crypto.randomUUID() },
  });
  expect(bought.status(), await bought.text()).toBe(201);
  const { url, orderId } = (await bought.json()) as { url: string; orderId: string };
  const token = new URL(url).searchParams.get('token') ?? '';
  const paid = await request.post(`/checkout/demo/${orderId}/pay`, { form: { token }, maxRedirects: 0 });
  expect(paid.status()).toBe(303);
  return {
    orderId,
    token,
    buyer,
    thanks: `/pl/kup-bilet/dziekujemy?order=${orderId}&token=${encodeURIComponent(token)}`,
  };
}

/** The path of the ticket page's link in the holder's e-mail, once the mail queue has sent it. */
async function linkInEmail(buyer: string): Promise<string> {
  let link = '';
  await expect
    .poll(
      () => {
        for (const file of mailTexts()) {
          const text = readFileSync(file, 'utf8');
          // The holder's e-mail names who gave the ticket: this test's buyer.
          if (!text.includes('Grace Hopper') || !text.includes(buyer)) continue;
          const found = text.match(/https?:\/\/[^\s]+\/pl\/bilet\?ticket=[0-9A-Z]{26}&key=[\w-]{32}/)?.[0];
          if (found) link = found;
        }
        return link;
      },
      { timeout: 30_000 },
    )
    .not.toBe('');
  const url = new URL(link);
  return url.pathname + url.search;
}

/** Whether anything lies over the QR image: the topmost element at its centre and near its corners is the image. */
async function qrUncovered(page: Page) {
  const qr = page.locator('.ticket-card__qr img');
  await qr.scrollIntoViewIfNeeded();
  return qr.evaluate((img) => {
    const box = img.getBoundingClientRect();
    const inset = 4;
    const points = [
      [box.left + box.width / 2, box.top + box.height / 2],
      [box.left + inset, box.top + inset],
      [box.right - inset, box.top + inset],
      [box.left + inset, box.bottom - inset],
      [box.right - inset, box.bottom - inset],
    ];
    return points.every(([x, y]) => document.elementFromPoint(x ?? 0, y ?? 0) === img);
  });
}

/** The number of pages of a PDF, as poppler's pdfinfo reads it. */
function pdfPages(pdf: Buffer, name: string): number {
  const file = join('test-results', `${name}.pdf`);
  writeFileSync(file, pdf);
  const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
  return Number(info.match(/^Pages:\s+(\d+)/m)?.[1]);
}

test("the holder opens their ticket's page from the e-mail: QR uncovered and readable, agenda kept, one printed page", async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const holderEmail = `grace-${Date.now()}@example.com`;
  const { buyer } = await paidOrder(request, holderEmail);
  const path = await linkInEmail(buyer);

  // A browser of the holder's own: nothing of the buyer's session.
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: 'Twój bilet' })).toBeVisible();
  await expect(page.locator('.ticket-card__holder')).toHaveText('Grace Hopper');
  const code = (await page.locator('.ticket-card__code').textContent()) ?? '';
  expect(code).toMatch(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){4}$/);
  await expect(page.locator('dialog.welcome, .dev-notice')).toHaveCount(0);

  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: 800 });
    expect(await qrUncovered(page), `QR covered at ${width} px`).toBe(true);
    // A decoder reads the code from a picture of the screen.
    const shot = await page.locator('.ticket-card__qr').screenshot();
    const [read] = await readBarcodes(new Uint8Array(shot), { formats: ['QRCode'] });
    // The QR code carries the ticket's signed form (site/ticket-code.ts): its own code, then the
    // product and an Ed25519 signature a door checks offline.
    expect(read?.text, `QR read at ${width} px`).toMatch(/^[0-9A-Z]{112}$/);
    expect(read?.text.slice(0, 8), `QR read at ${width} px`).toBe(code.replaceAll('-', '').slice(0, 8));
    await page.screenshot({ path: `test-results/screens/ticket-page-${width}.png`, fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
  }
  expect(await axeViolations(page, { all: true })).toEqual([]);

  // A star is a form: the page comes back with the session marked and counted.
  // A whole page's round trip (the post, its redirect, the page rendered from the box office and
  // the content store): waited for as a navigation, not within an assertion's five seconds, which a
  // busy CI machine's server once took longer than.
  const session = page.locator('#session-llmInProduction');
  const sent = page.waitForResponse((r) => r.request().method() === 'POST' && /\/agenda\?key=/.test(r.url()));
  await session.getByRole('button', { name: 'Dodaj do agendy' }).click();
  expect((await sent).status()).toBe(303);
  await page.waitForURL(/\/pl\/bilet\?ticket=.*#session-llmInProduction$/);
  await expect(page.locator('#session-llmInProduction')).toHaveClass(/agenda__item--starred/);
  await expect(page.getByText('W Twojej agendzie jest 1 sesja.')).toBeVisible();
  const webcal = await page.getByRole('link', { name: 'Subskrybuj agendę w kalendarzu' }).getAttribute('href');
  expect(webcal).toMatch(/^webcal:\/\/127\.0\.0\.1:\d+\/api\/tickets\/[0-9A-Z]{26}\/agenda\.ics\?key=/);
  const feed = await page.request.get((webcal ?? '').replace(/^webcal:/, 'http:'));
  expect(await feed.text()).toContain('UID:llm-in-production-');

  // Printed (as "Save as PDF" makes it): the ticket alone, on one page, with the event's facts.
  await page.emulateMedia({ media: 'print' });
  const pdf = await page.pdf({ format: 'A4', printBackground: true });
  expect(pdfPages(pdf, 'ticket-page')).toBe(1);
  await context.close();
});

test('a foreign or old ticket link gets the 404 page', async ({ page, request }) => {
  const holderEmail = `old-${Date.now()}@example.com`;
  const { orderId, token, buyer } = await paidOrder(request, holderEmail);
  const path = await linkInEmail(buyer);
  const ticketId = new URL(path, 'http://x').searchParams.get('ticket');
  const renamed = await request.patch(`/api/orders/${orderId}/tickets/${ticketId}?token=${encodeURIComponent(token)}`, {
    data: { name: 'Katherine Johnson' },
  });
  expect(renamed.status()).toBe(200);
  const res = await page.goto(path);
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ups! Nie znaleziono strony');
  await expect(page.locator('.ticket-card')).toHaveCount(0);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test("the order page's change of holder works, and printing one ticket prints one page", async ({
    page,
    request,
  }) => {
    const { thanks } = await paidOrder(request, `nojs-${Date.now()}@example.com`);
    await page.goto(thanks);
    const first = page.locator('.ticket-card').first();
    await expect(first.locator('.ticket-card__holder')).toHaveText('Ada Lovelace');
    // The buyer's way to each ticket's own page.
    await expect(first.getByRole('link', { name: 'Otwórz stronę biletu' })).toHaveAttribute(
      'href',
      /\/pl\/bilet\?ticket=/,
    );
    await first.locator('summary', { hasText: 'Zmień uczestnika' }).click();
    const form = first.getByRole('form', { name: 'Nowy uczestnik biletu 1' });
    await form.getByLabel('Imię i nazwisko').fill('Marta Zastępcza');
    await form.getByRole('button', { name: 'Zapisz i wystaw nowy kod' }).click();
    await expect(page).toHaveURL(/done=saved/);
    await expect(page.locator('.ticket-card').first().locator('.ticket-card__holder')).toHaveText('Marta Zastępcza');
    await expect(page.getByRole('status').filter({ hasText: 'nowy kod QR' })).toBeVisible();
    // The cancellation is there too, as served.
    await expect(page.locator('.order-manage summary')).toHaveText('Anuluj zamówienie');
  });
});

test('printing one ticket of the order page prints one page; all of them, one page each', async ({ page, request }) => {
  const { thanks } = await paidOrder(request, `print-${Date.now()}@example.com`);
  await page.goto(thanks);
  await expect(page.locator('.ticket-card')).toHaveCount(2);
  expect(await axeViolations(page, { all: true })).toEqual([]);
  // One ticket marked for printing (as its print button marks it while the dialog is open).
  await page
    .locator('.ticket-card')
    .first()
    .evaluate((card) => {
      card.setAttribute('data-print', 'true');
    });
  await page.emulateMedia({ media: 'print' });
  expect(pdfPages(await page.pdf({ format: 'A4' }), 'order-one-ticket')).toBe(1);
  await page
    .locator('.ticket-card')
    .first()
    .evaluate((card) => {
      card.removeAttribute('data-print');
    });
  // The browser's own print: every ticket, one page each, no blank page after the last.
  expect(pdfPages(await page.pdf({ format: 'A4' }), 'order-all-tickets')).toBe(2);
});

test("the order page's QR codes, a pixel per module scaled up, are read from the screen and in print, each its ticket's", async ({
  page,
  request,
}, testInfo) => {
  const { orderId, token, thanks } = await paidOrder(request, `scan-${Date.now()}@example.com`);
  const view = (await (await request.get(`/api/orders/${orderId}?token=${encodeURIComponent(token)}`)).json()) as {
    tickets: { qrCode: string }[];
  };
  // The island takes each image from its own card as it hydrates (they are not in its props):
  // React finds what it renders, so it says nothing of a mismatch, and the images stay as served.
  const said: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') said.push(message.text());
  });
  page.on('pageerror', (error) => said.push(error.message));
  await page.goto(thanks);
  const images = page.locator('.ticket-card__qr img');
  await expect(images).toHaveCount(2);
  const served = await images.evaluateAll((all) => all.map((img) => img.getAttribute('src')));
  await hydrate(page);
  expect(await images.evaluateAll((all) => all.map((img) => img.getAttribute('src')))).toEqual(served);
  expect(served.every((src) => src?.startsWith('data:image/png;base64,'))).toBe(true);
  expect(said).toEqual([]);
  // Drawn sharp, as squares: smoothing would blur a 45-pixel image scaled to 288 into grey edges.
  expect(await images.first().evaluate((img) => getComputedStyle(img).imageRendering)).toBe('pixelated');
  for (const media of ['screen', 'print'] as const) {
    await page.emulateMedia({ media });
    for (const width of [375, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      for (const [i, ticket] of view.tickets.entries()) {
        const shot = await page.locator('.ticket-card__qr').nth(i).screenshot();
        const [read] = await readBarcodes(new Uint8Array(shot), { formats: ['QRCode'] });
        expect(read?.text, `ticket ${i + 1} read at ${width} px (${media})`).toBe(ticket.qrCode);
      }
      if (media === 'screen') await page.screenshot({ path: testInfo.outputPath(`order-qr-${width}.png`) });
    }
  }
});
