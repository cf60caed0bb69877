import type { APIRequestContext } from '@playwright/test';
import { axeViolations, expect, openConsole, paidOrderByApi, screenshotsWideAndPhone, test } from './helpers';
import { E2E_ADMIN_TOKEN } from './playwright.config';

// News to ticket holders (issue 45): an organiser writes a message in the console for one
// workshop's participants, previews it, sends it, and the local outbox holds it for those holders
// and for nobody else; the screens have no axe violation at 1440 and 375 px.

const AUTH = { Authorization: `Bearer ${E2E_ADMIN_TOKEN}` };

/** A paid order of on-site Pro tickets, each with its holder's own address; its tickets. */
async function paidOrder(request: APIRequestContext, holders: string[]) {
  const { orderId } = await paidOrderByApi(
    request,
    {
      email: `kupujacy-${crypto.randomUUID()}@example.com`,
      items: holders.map((email, i) => ({ product: 'onsite-pro', name: `Osoba ${i + 1}`, email })),
    },
    { headers: { 'Idempotency-Key': crypto.randomUUID() } },
  );
  const read = await request.get(`/api/admin/orders/${orderId}`, { headers: AUTH });
  return ((await read.json()) as { order: { tickets: { code: string; email: string }[] } }).order.tickets;
}

test('the console sends news to a workshop’s participants, and only they get it', async ({ page, request }) => {
  test.setTimeout(180_000);
  const run = Date.now();
  const inWorkshop = [`warsztat-a-${run}@example.com`, `warsztat-b-${run}@example.com`];
  const outside = [`bez-warsztatu-${run}@example.com`];
  // Other tests of the run took seats in this workshop too: its audience is theirs plus these two.
  const audience = await request.post('/api/admin/news/audience', {
    headers: AUTH,
    data: { audience: { workshop: 'promptLab' } },
  });
  const before = ((await audience.json()) as { recipients: number }).recipients;
  const total = before + 2;
  const tickets = await paidOrder(request, [...inWorkshop, ...outside]);
  for (const ticket of tickets.filter((t) => inWorkshop.includes(t.email))) {
    const seat = await request.post('/api/workshops/promptLab/registrations', {
      data: { email: ticket.email, code: ticket.code },
    });
    expect(seat.status(), await seat.text()).toBe(201);
  }

  await openConsole(page, '/admin');
  await page.getByRole('navigation', { name: 'Konsola' }).getByRole('link', { name: 'Komunikaty' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Komunikaty do uczestników' })).toBeVisible();
  await page.getByRole('link', { name: 'Nowy komunikat' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Nowy komunikat' })).toBeVisible();

  await page.getByLabel('Uczestnicy warsztatu').selectOption({ label: 'Prompt engineering w praktyce' });
  await expect(page.getByText(new RegExp(`^Odbiorcy teraz: ${total} adres`))).toBeVisible();
  const polish = page.getByRole('group', { name: 'Polski (wymagany)' });
  await polish.getByLabel('Temat').fill(`Sala warsztatu zmieniona ${run}`);
  await polish.getByLabel('Treść').fill('Warsztat odbędzie się w sali B.\n\nDo zobaczenia!');
  await page.getByRole('button', { name: 'Pokaż podgląd' }).click();
  const preview = page.frameLocator('iframe[title^="Podgląd wiadomości"]');
  await expect(preview.getByRole('heading', { name: `Sala warsztatu zmieniona ${run}` })).toBeVisible();
  await expect(preview.getByRole('main').getByText('Warsztat odbędzie się w sali B.')).toBeVisible();
  // Saved as a draft on the way: the page is now the message's own.
  await expect(page).toHaveURL(/\/admin\/news\/[0-9A-Z]{26}$/);
  expect(await axeViolations(page)).toEqual([]);
  await screenshotsWideAndPhone(page, 'news-console');

  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: 'Wyślij teraz' }).click();
  // Both in the outbox at once (one batch); the local mail queue sends them when it runs.
  await expect(
    page.getByText(new RegExp(`^Odbiorców: ${total}\\. Wysłano: \\d+, w kolejce: \\d+, nieudane: 0`)),
  ).toBeVisible();
  await expect(page.getByText('wysłany', { exact: true })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  const id = new URL(page.url()).pathname.split('/').at(-1);
  const { recipients } = (await (await request.get(`/api/admin/news/${id}/recipients`, { headers: AUTH })).json()) as {
    recipients: { address: string; state: string }[];
  };
  // Exactly the workshop's two holders are in the outbox, the third ticket's holder is not.
  expect(recipients).toHaveLength(total);
  const ours = recipients.filter(({ address }) => address.endsWith(`-${run}@example.com`));
  expect(ours.map(({ address }) => address)).toEqual([...inWorkshop].sort());
  for (const recipient of ours) expect(['queued', 'sent']).toContain(recipient.state);

  await page.getByRole('link', { name: '← Wszystkie komunikaty' }).click();
  const row = page.getByRole('row', { name: new RegExp(`Sala warsztatu zmieniona ${run}`) });
  await expect(row).toContainText(new RegExp(`\\d+ z ${total}`));
  expect(await axeViolations(page)).toEqual([]);
});
