import type { APIRequestContext, Page } from '@playwright/test';
import { axeViolations, expect, paidOrderByApi, test } from './helpers';
import { E2E_ADMIN_TOKEN } from './playwright.config';
import { staffToken } from './staff';

// Check-in lists at the door (issue 46): the console's door serves one list at a time; a workshop
// room admits its seat holders and refuses other tickets, saying why; a wrong admission is undone
// in the console with a reason, and the list counts it no more.

let address = 0;
/** A client address of its own per purchase, so the per-address limits never bite. */
const clientIp = () => `198.51.100.${(address++ % 250) + 1}`;
const ADMIN = { Authorization: `Bearer ${E2E_ADMIN_TOKEN}` };

/** A paid order of an on-site Pro ticket (with a seat in the prompt lab) and an on-site Standard ticket. */
async function ticketsWithSeat(request: APIRequestContext, run: string) {
  const email = `lists-${run}@example.com`;
  const { orderId, token } = await paidOrderByApi(
    request,
    {
      email,
      items: [
        { product: 'onsite-pro', name: `Ada Warsztat ${run}` },
        { product: 'onsite-standard', name: `Bolek Bezzapisu ${run}` },
      ],
    },
    { headers: { 'CF-Connecting-IP': clientIp(), 'Idempotency-Key': `lists-${run}-key-0001` } },
  );
  const view = (await (await request.get(`/api/orders/${orderId}?token=${encodeURIComponent(token)}`)).json()) as {
    tickets: { product: string; code: string }[];
  };
  const pro = view.tickets.find((t) => t.product === 'onsite-pro')?.code ?? '';
  const standard = view.tickets.find((t) => t.product === 'onsite-standard')?.code ?? '';
  const seat = await request.post('/api/workshops/promptLab/registrations', {
    headers: { 'CF-Connecting-IP': clientIp() },
    data: { email, code: pro },
  });
  expect(seat.status(), await seat.text()).toBe(201);
  return { pro, standard };
}

/** The door as Ola Bramka signs in to it: her own token of the door role, so each scan says who. */
async function openDoor(page: Page) {
  const token = await staffToken(page.request, 'Ola Bramka', 'door');
  await page.addInitScript((value) => {
    localStorage.setItem('adminLng', 'pl');
    sessionStorage.setItem('checkInToken', value);
  }, token);
  await page.goto('/admin/door');
  await expect(page.getByRole('textbox', { name: 'Kod biletu' })).toBeVisible();
}

async function scan(page: Page, code: string) {
  await page.getByRole('textbox', { name: 'Kod biletu' }).fill(code);
  await page.getByRole('button', { name: 'Sprawdź bilet' }).click();
}

const workshopCount = async (request: APIRequestContext) => {
  const { lists } = (await (await request.get('/api/admin/check-in/lists', { headers: ADMIN })).json()) as {
    lists: { id: string; admitted: number }[];
  };
  return lists.find((l) => l.id === 'workshop-promptLab')?.admitted ?? -1;
};

test('a workshop door admits a seat holder, refuses another ticket, and an admission is undone in the console', async ({
  page,
  request,
}) => {
  const run = Date.now().toString(36);
  const { pro, standard } = await ticketsWithSeat(request, run);
  const before = await workshopCount(request);
  await openDoor(page);
  await page.getByLabel('Lista przy tych drzwiach').selectOption('workshop-promptLab');

  await scan(page, pro);
  await expect(page.getByText('Wpuść – bilet ważny')).toBeVisible();
  await scan(page, standard);
  await expect(page.locator('.door-app__verdict-text')).toHaveText(
    'Nie wpuszczaj – ta osoba nie jest zapisana na ten warsztat',
  );
  expect(await workshopCount(request)).toBe(before + 1);

  // The latest scans of this list, newest first, with the ticket's code and holder.
  const latest = page.getByRole('table', { name: /Ostatnie skany: Sala warsztatu promptLab/ });
  const proCode = pro.slice(0, 9).replace('-', '');
  await expect(latest.getByRole('row').nth(1)).toContainText(`Bolek Bezzapisu ${run}`);
  await expect(latest.getByRole('row').nth(1)).toContainText('Nieważny tutaj: brak zapisu na warsztat');
  await expect(latest.getByRole('row').nth(2)).toContainText(`Ada Warsztat ${run}`);
  await expect(latest.getByRole('row').nth(2)).toContainText(proCode);
  // Which door and who: this browser's device name and the organiser's.
  await expect(latest.getByRole('row').nth(2)).toContainText(/console-\w{6} · Ola Bramka/);

  // Making lists is the admin's: the door role's screen does not offer it.
  await expect(page.getByText('Dodaj listę wejść')).toHaveCount(0);
  await page.screenshot({ path: 'test-results/door-lists-1440.png', fullPage: true });
  expect(await axeViolations(page)).toEqual([]);

  await latest.getByRole('button', { name: `Cofnij wejście ${proCode}` }).click();
  await page.getByLabel('Powód (zostaje w historii)').fill('Zeskanowany bilet sąsiada');
  await page.getByRole('button', { name: 'Cofnij wejście', exact: true }).click();
  await expect(page.getByText(`Cofnięto wejście biletu ${proCode}.`)).toBeVisible();
  await expect(latest.getByRole('row').nth(2)).toContainText('Cofnięte (Ola Bramka: Zeskanowany bilet sąsiada)');
  expect(await workshopCount(request)).toBe(before);
  expect(await axeViolations(page)).toEqual([]);

  // The same door on a phone: one column, nothing to scroll sideways.
  await page.setViewportSize({ width: 375, height: 812 });
  await scan(page, pro);
  await expect(page.getByText('Wpuść – bilet ważny')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.screenshot({ path: 'test-results/door-lists-375.png', fullPage: true });
  expect(await axeViolations(page)).toEqual([]);
});
