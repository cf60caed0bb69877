import { readFileSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { EVENT_ENDS } from '../../site/tickets';
import { ticketLinkSecret } from '../../worker/tickets/page-link';
import { axeViolations, expect, openConsole, paidOrderByApi, test } from './helpers';
import { E2E_ADMIN_TOKEN } from './playwright.config';
import { staffToken } from './staff';

// Certificates of attendance (issue 45): an organiser grants one in the console; after the event
// (the server's clock moved with the Test-Clock header) the holder downloads it through the
// ticket's own link and its public check page confirms it; no axe violation at 1440 and 375 px.

const AUTH = { Authorization: `Bearer ${E2E_ADMIN_TOKEN}` };
const AFTER = new Date(Date.parse(EVENT_ENDS) + 3_600_000).toISOString();
/** The key the local server signs tickets with (worker/tickets/code.ts `ticketKey`). */
const DEVELOPMENT_KEY = 'development-ticket-key';

async function paidOrder(request: APIRequestContext, name: string) {
  const { orderId } = await paidOrderByApi(
    request,
    { email: `firma-${crypto.randomUUID()}@example.com`, items: [{ product: 'onsite-pro', name }] },
    { headers: { 'Idempotency-Key': crypto.randomUUID() } },
  );
  const read = await request.get(`/api/admin/orders/${orderId}`, { headers: AUTH });
  const { order } = (await read.json()) as { order: { tickets: { id: string; code: string }[] } };
  return { orderId, ticket: order.tickets[0] as { id: string; code: string } };
}

async function shoot(page: Page, name: string) {
  for (const width of [1440, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `test-results/certificates-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

test('the console grants a certificate; after the event it downloads and its check page confirms it', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const holder = `Zofia Nowicka ${Date.now() % 10_000}`;
  const { orderId, ticket } = await paidOrder(request, holder);

  // Ewa's own token (finance): the decision is logged with her name.
  await openConsole(page, `/admin/orders/${orderId}`, {
    token: await staffToken(page.request, 'Ewa Finansowa', 'finance'),
  });
  const section = page.getByRole('region', { name: 'Certyfikat', exact: true });
  await expect(section.getByText('Nie przysługuje: brak potwierdzonego udziału')).toBeVisible();
  await section.getByRole('button', { name: 'Przyznaj certyfikat' }).click();
  await expect(section.getByRole('status')).toHaveText('Podaj powód.');
  await section.getByLabel('Powód (zapisywany w historii)').fill('Prelegent, wszedł wejściem dla mówców');
  await section.getByRole('button', { name: 'Przyznaj certyfikat' }).click();
  await expect(section.getByRole('status')).toHaveText('Zapisano.');
  await expect(section.getByText('Przysługuje: przyznany przez organizatora')).toBeVisible();
  await expect(section.getByText(/przyznany: Ewa Finansowa, .*: Prelegent, wszedł wejściem dla mówców/)).toBeVisible();
  expect(await axeViolations(page, { within: '[aria-labelledby="order-certificates"]' })).toEqual([]);
  await shoot(page, 'console');

  // After the event: the holder's link downloads the PDF.
  await page.setExtraHTTPHeaders({ 'Test-Clock': AFTER });
  const k = await ticketLinkSecret(DEVELOPMENT_KEY, ticket);
  await page.goto('/pl');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.evaluate((href) => {
      const link = document.createElement('a');
      link.href = href;
      document.body.append(link);
      link.click();
    }, `/api/tickets/${ticket.id}/certificate.pdf?k=${k}`),
  ]);
  const file = await download.path();
  expect(readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
  const id = /certificate-([0-9A-Z-]+)\.pdf/.exec(download.suggestedFilename())?.[1] ?? '';
  expect(id).toMatch(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){3}$/);

  // Its check page confirms it, with the name and the event only.
  const response = await page.goto(`/pl/certyfikat/${id}`);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'Certyfikat jest autentyczny' })).toBeVisible();
  await expect(page.getByText(holder, { exact: true })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await shoot(page, 'check');

  // An unknown number: the 404 page says no such certificate.
  const unknown = await page.goto('/en-gb/certyfikat/ABCD-EFGH-JKMN-PQRS');
  expect(unknown?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'No such certificate' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});
