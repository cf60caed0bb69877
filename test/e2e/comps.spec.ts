import { axeViolations, expect, openConsole, screenshotsWideAndPhone, serverEvents, test } from './helpers';
import { E2E_ADMIN_TOKEN } from './playwright.config';

// Free tickets and partner allotments (issue 47): an organiser issues ten speaker tickets from a
// CSV file in the console (a holder's confirmation is in the local outbox), and a partner names a
// person through the link of their allotment; axe 0 on both, looked at at 1440 and 375 px.

const AUTH = { Authorization: `Bearer ${E2E_ADMIN_TOKEN}` };

test('an organiser issues ten speaker tickets from a CSV', async ({ page, request }) => {
  const run = crypto.randomUUID().slice(0, 8);
  const csv = [
    'name;email',
    ...Array.from({ length: 10 }, (_, i) => `Prelegent ${i} ${run};speaker${i}-${run}@example.com`),
  ];
  await openConsole(page, '/admin/comps');
  await expect(page.getByRole('heading', { level: 1, name: 'Bilety bezpłatne' })).toBeVisible();
  await page.getByLabel('Plik CSV').setInputFiles({
    name: 'prelegenci.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`${csv.join('\r\n')}\r\n`),
  });
  await page.getByLabel('Produkt').selectOption('onsite-pro');
  await page.getByRole('button', { name: 'Sprawdź' }).click();
  await expect(page.getByText('10 wierszy poprawnych.')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await screenshotsWideAndPhone(page, 'comps-console');
  await page.getByRole('button', { name: 'Wydaj bilety' }).click();
  await expect(page.getByText('Wydano 10 biletów; potwierdzenia idą e-mailem.')).toBeVisible();

  const list = await request.get(`/api/admin/orders?q=speaker3-${run}`, { headers: AUTH });
  const { orders } = (await list.json()) as { orders: { id: string; comp?: string; gross: number; status: string }[] };
  expect(orders).toHaveLength(1);
  expect(orders[0]).toMatchObject({ comp: 'speaker', gross: 0, status: 'paid' });
  const detail = await request.get(`/api/admin/orders/${orders[0]?.id}`, { headers: AUTH });
  const { emails } = (await detail.json()) as { emails: { kind: string; status: string }[] };
  expect(
    emails.map((e) => e.kind),
    serverEvents(),
  ).toEqual(['confirmation']);
  expect(['queued', 'sent']).toContain(emails[0]?.status);
});

test('a partner names a person from the link of their allotment', async ({ page, request }) => {
  const made = await request.post('/api/admin/allotments', {
    headers: AUTH,
    data: { partner: 'Acme AI', email: `team-${crypto.randomUUID()}@example.com`, tier: 'gold', lang: 'en-GB' },
  });
  expect(made.status(), await made.text()).toBe(201);
  const { url } = (await made.json()) as { url: string };
  await page.goto(new URL(url).pathname);
  await expect(page.getByRole('heading', { level: 1, name: 'Partner tickets: Acme AI' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.getByLabel('Full name').fill('Maria Example');
  await page.getByLabel('E-mail').fill(`maria-${crypto.randomUUID().slice(0, 6)}@example.com`);
  await page.getByLabel('Ticket').selectOption('onsite-vip');
  await page.getByRole('button', { name: 'Issue ticket' }).click();
  await expect(page.getByRole('status')).toContainText('Done: the ticket went to');
  await expect(page.getByText(/1 of 2 used/)).toBeVisible();
  await expect(page.getByText(/Maria Example/)).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await screenshotsWideAndPhone(page, 'partner-page');
  await page.getByRole('link', { name: 'Deutsch' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  expect(await axeViolations(page)).toEqual([]);
});
