import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type APIRequestContext, chromium, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, findBrowser } from '../../scripts/browser.mjs';
import { qrMatrix } from '../../site/qr';
import { productSymbol, signedMessage, toBase32 } from '../../site/ticket-code';
import { axeViolations, expect, openConsole, paidOrderByApi, test } from './helpers';
import { E2E_ADMIN_TOKEN } from './playwright.config';

// The door app (client/admin/door.tsx, its scanner client/admin/door/scanner.tsx): QR codes read by the zxing-wasm ponyfill from a camera feed
// faked from a ticket's QR code, and a door that admits with the network cut and syncs after.

/** The test server has no TICKET_KEY: the development key signs its tickets (worker/tickets/code.ts). */
const DEV_TICKET_KEY = 'development-ticket-key';
/** The signed code as worker/tickets/code.ts makes it: an Ed25519 key whose seed is an HMAC of the ticket key. */
async function signedTicketCode(key: string, ticket: { code: string; product: string }): Promise<string> {
  const enc = new TextEncoder();
  const hmacKey = await crypto.subtle.importKey('raw', enc.encode(key), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ]);
  const seed = new Uint8Array(await crypto.subtle.sign('HMAC', hmacKey, enc.encode('ticket-signing-key:ed25519:v1')));
  const pkcs8 = new Uint8Array([
    0x30,
    0x2e,
    0x02,
    0x01,
    0x00,
    0x30,
    0x05,
    0x06,
    0x03,
    0x2b,
    0x65,
    0x70,
    0x04,
    0x22,
    0x04,
    0x20,
    ...seed,
  ]);
  const privateKey = await crypto.subtle.importKey('pkcs8', pkcs8, { name: 'Ed25519' }, false, ['sign']);
  const product = productSymbol(ticket.product);
  const signature = await crypto.subtle.sign('Ed25519', privateKey, signedMessage(ticket.code, product));
  return ticket.code + product + toBase32(new Uint8Array(signature));
}

const ADMIN = { Authorization: `Bearer ${E2E_ADMIN_TOKEN}` };

let address = 0;
const clientIp = () => `198.51.100.${(address++ % 250) + 1}`;

/** A paid on-site ticket: its typed code (the order page's) and the signed code its QR code carries. */
async function paidTicket(request: APIRequestContext, product = 'onsite-standard') {
  const { orderId, token } = await paidOrderByApi(
    request,
    { email: `door-${Date.now()}-${address}@example.com`, name: 'Ola Drzwiowa' },
    { route: `/api/purchase/${product}`, headers: { 'CF-Connecting-IP': clientIp() } },
  );
  const view = await request.get(`/api/orders/${orderId}?token=${encodeURIComponent(token)}`);
  const typed = ((await view.json()) as { tickets: { code: string }[] }).tickets[0]?.code as string;
  const signed = await signedTicketCode(DEV_TICKET_KEY, { code: typed.replaceAll('-', '').slice(0, 8), product });
  return { typed, signed };
}

/**
 * A camera feed for Chromium's fake capture device: a Y4M file (uncompressed 4:2:0 frames, what
 * `--use-file-for-fake-video-capture` reads besides MJPEG) of the QR code drawn from its modules.
 */
function qrVideo(text: string): string {
  const width = 640;
  const height = 480;
  const modules = qrMatrix(text);
  const scale = Math.floor(400 / modules.length);
  const left = Math.floor((width - modules.length * scale) / 2);
  const top = Math.floor((height - modules.length * scale) / 2);
  const luma = Buffer.alloc(width * height, 235);
  modules.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (!dark) return;
      for (let dy = 0; dy < scale; dy++)
        luma.fill(
          16,
          (top + y * scale + dy) * width + left + x * scale,
          (top + y * scale + dy) * width + left + (x + 1) * scale,
        );
    });
  });
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const frames = Array.from({ length: 5 }, () => Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]));
  const file = join(tmpdir(), `door-qr-${process.pid}-${Date.now()}.y4m`);
  writeFileSync(
    file,
    Buffer.concat([Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`), ...frames]),
  );
  return file;
}

async function openDoor(page: Page) {
  await openConsole(page, '/admin/door');
  await expect(page.getByRole('heading', { level: 1, name: 'Wpuszczanie uczestników' })).toBeVisible();
}

test('reads a ticket QR code from the camera with the zxing-wasm reader where the browser has none', async ({
  request,
}) => {
  const { signed } = await paidTicket(request);
  const browser = await chromium.launch({
    executablePath: findBrowser(),
    args: [
      ...CHROMIUM_ARGS,
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${qrVideo(signed)}`,
    ],
  });
  try {
    const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    const page = await context.newPage();
    // Firefox, Safari and Chromium on Linux have no BarcodeDetector: the ponyfill must read.
    await page.addInitScript(() => {
      delete (window as { BarcodeDetector?: unknown }).BarcodeDetector;
    });
    const wasm = page.waitForResponse((r) => /\/assets\/admin-zxing_reader-[\w-]+\.wasm$/.test(r.url()));
    await openDoor(page);
    // Decided on the device, by the signature the public key checks (the online route's body limit is
    // the check-in lists' to widen to the signed code's 112 symbols).
    await expect(page.getByText(/Lista z .* na tym urządzeniu/)).toBeVisible();
    await page.getByRole('button', { name: 'Przejdź w tryb offline' }).click();
    await page.getByRole('button', { name: 'Skanuj aparatem' }).click();
    const served = await wasm;
    // From our own origin, cached for a year, as WebAssembly.
    expect(new URL(served.url()).origin).toBe(new URL(page.url()).origin);
    expect(served.headers()['content-type']).toContain('application/wasm');
    expect(served.headers()['cache-control']).toContain('immutable');
    const answer = page.locator('.door-app__answer');
    await expect(answer).toContainText('Wpuść', { timeout: 20_000 });
    await expect(answer).toContainText('Ola Drzwiowa');
    await page.getByRole('button', { name: 'Zatrzymaj aparat' }).click();
  } finally {
    await browser.close();
  }
});

test('admits with the network cut, keeps the scan through a reload, and refuses a second entry', async ({
  page,
  context,
  request,
}) => {
  const first = await paidTicket(request);
  const second = await paidTicket(request, 'onsite-vip');
  await openDoor(page);
  // The list is kept on the device (its hint says when it was taken and how many tickets it has).
  await expect(page.getByText(/Lista z .* na tym urządzeniu/)).toBeVisible();
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect(page.getByRole('button', { name: 'Przejdź w tryb offline' })).toBeEnabled();

  await context.setOffline(true);
  const code = page.getByRole('textbox', { name: 'Kod biletu' });
  // The typed code: its request fails, so the door goes offline by itself and decides by the list's hash.
  await code.fill(first.typed);
  await page.getByRole('button', { name: 'Sprawdź' }).click();
  const answer = page.locator('.door-app__answer');
  // The status bar: online or offline, and how many scans wait to be sent.
  const mode = page.locator('.door-app__mode');
  await expect(answer).toContainText('Wpuść');
  await expect(answer).toContainText('Sprawdzone na tym urządzeniu');
  await expect(mode).toContainText('Offline');
  await expect(mode).toContainText('Do wysłania: 1');
  // The signed code of another ticket, checked with the public key.
  await code.fill(second.signed);
  await page.getByRole('button', { name: 'Sprawdź' }).click();
  await expect(answer).toContainText('Ola Drzwiowa');
  await expect(mode).toContainText('Do wysłania: 2');
  // A forged signature is no ticket.
  await code.fill(second.signed.slice(0, 50) + (second.signed[50] === '0' ? '1' : '0') + second.signed.slice(51));
  await page.getByRole('button', { name: 'Sprawdź' }).click();
  await expect(answer).toContainText('Nieznany kod');

  // Still offline: the service worker serves the door, and the queue is still there.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Wpuszczanie uczestników' })).toBeVisible();
  await expect(page.getByText(/Lista z .* na tym urządzeniu/)).toBeVisible();
  await page.getByRole('button', { name: 'Przejdź w tryb offline' }).click();
  await expect(mode).toContainText('Do wysłania: 2');
  await code.fill(first.signed);
  await page.getByRole('button', { name: 'Sprawdź' }).click();
  await expect(answer).toContainText(/bilet użyty o \d/);
  await expect(mode).toContainText('Do wysłania: 2');

  expect(await axeViolations(page)).toEqual([]);
  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `test-results/door-offline-${width}.png`, fullPage: true });
  }
});

test('sends the offline scans when the network returns, reports the conflict, and counts nothing twice', async ({
  page,
  context,
  request,
}) => {
  const ticket = await paidTicket(request);
  const own = ticket.typed.replaceAll('-', '').slice(0, 8);
  const entrance = async () => {
    const { lists } = (await (await request.get('/api/admin/check-in/lists', { headers: ADMIN })).json()) as {
      lists: { id: string; admitted: number; conflicts: number }[];
    };
    return lists.find((l) => l.id === 'entrance') ?? { admitted: -1, conflicts: -1 };
  };
  const before = await entrance();
  await openDoor(page);
  await expect(page.getByText(/Lista z .* na tym urządzeniu/)).toBeVisible();
  await page.getByRole('button', { name: 'Przejdź w tryb offline' }).click();
  await context.setOffline(true);
  await page.getByRole('textbox', { name: 'Kod biletu' }).fill(ticket.signed);
  await page.getByRole('button', { name: 'Sprawdź' }).click();
  await expect(page.locator('.door-app__answer')).toContainText('Wpuść');
  await expect(page.locator('.door-app__mode')).toContainText('Do wysłania: 1');
  // Meanwhile another door, online, admits the same ticket: two doors let one ticket in.
  const other = await request.post('/api/admin/check-in', {
    headers: ADMIN,
    data: { code: ticket.typed, list: 'entrance', device: 'other-door' },
  });
  expect(other.status()).toBe(200);
  await context.setOffline(false);
  const sent = page.waitForRequest((r) => r.url().endsWith('/api/admin/check-in/sync'));
  await page.getByRole('button', { name: 'Wróć online i wyślij' }).click();
  const report = page.getByRole('region', { name: 'Wysyłka skanów' });
  await expect(report).toContainText('Wysłano skanów: 1');
  await expect(page.locator('.door-app__mode')).toContainText('Do wysłania: 0');
  // The offline admission came first, so it counts; the other door's is the conflict, listed in the console.
  const conflicts = page.getByRole('table', { name: 'Konflikty z urządzeń offline' });
  await expect(conflicts.getByRole('row', { name: new RegExp(own) })).toContainText('other-door');
  expect(await entrance()).toEqual(expect.objectContaining({ admitted: before.admitted + 1 }));
  expect((await entrance()).conflicts).toBe(before.conflicts + 1);
  // The same queue sent again (a retry after a lost answer) answers the same and counts nothing twice.
  const again = await request.post('/api/admin/check-in/sync', {
    headers: ADMIN,
    data: JSON.parse((await sent).postData() ?? '{}'),
  });
  expect(again.status()).toBe(200);
  expect(((await again.json()) as { results: { result: string }[] }).results.map((r) => r.result)).toEqual([
    'admitted',
  ]);
  expect(await entrance()).toEqual(
    expect.objectContaining({ admitted: before.admitted + 1, conflicts: before.conflicts + 1 }),
  );
  expect(await axeViolations(page)).toEqual([]);
});
