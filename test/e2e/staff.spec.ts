import type { Page } from '@playwright/test';
import { axeViolations, expect, test } from './helpers';
import { E2E_ADMIN_TOKEN } from './playwright.config';
import { staffToken } from './staff';

// Staff with their own roles: an admin makes a door token on the staff screen; the door person
// signs in with it and is offered the door only, and the API refuses everything else.

async function openConsole(page: Page, path: string, token = '') {
  await page.addInitScript((value) => {
    localStorage.setItem('adminLng', 'pl');
    if (value) sessionStorage.setItem('checkInToken', value);
  }, token);
  await page.goto(path);
}

async function shoot(page: Page, name: string) {
  for (const width of [1440, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `test-results/staff-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('an admin makes a door token on the staff screen, shown once, and sees it in the staff log', async ({ page }) => {
  const name = `Bramka ${Date.now() % 100000}`;
  await openConsole(page, '/admin', E2E_ADMIN_TOKEN);
  await page.getByRole('navigation', { name: 'Konsola' }).getByRole('link', { name: 'Zespół' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Zespół i uprawnienia' })).toBeVisible();

  await page.getByRole('button', { name: 'Utwórz token' }).click();
  await expect(page.getByLabel('Imię i nazwisko')).toHaveAccessibleDescription('Wpisz imię i nazwisko.');

  await page.getByLabel('Imię i nazwisko').fill(name);
  await page.getByLabel('Rola').selectOption('door');
  await page.getByRole('button', { name: 'Utwórz token' }).click();
  const token = page.getByLabel('Token', { exact: true });
  await expect(token).toHaveValue(/^kst_/);
  await expect(page.getByText('Skopiuj go teraz i przekaż tej osobie')).toBeVisible();
  const people = page.getByRole('table', { name: 'Osoby z tokenem' });
  await expect(people.getByRole('row').filter({ hasText: name })).toContainText('Wejście');
  await expect(people).not.toContainText(await token.inputValue());
  const log = page.getByRole('table', { name: 'Dziennik zmian' });
  await expect(log.getByRole('row').filter({ hasText: name }).first()).toContainText('ADMIN_TOKEN');

  expect(await axeViolations(page)).toEqual([]);
  await shoot(page, 'screen');

  // Revoked, the token stops at once.
  const value = await token.inputValue();
  page.once('dialog', (dialog) => void dialog.accept());
  await people.getByRole('button', { name: `Unieważnij token: ${name}` }).click();
  await expect(page.getByRole('status').filter({ hasText: 'unieważniony' })).toBeVisible();
  const after = await page.request.get('/api/admin/me', { headers: { Authorization: `Bearer ${value}` } });
  expect(after.status()).toBe(401);
});

test('a door login is offered the door only and cannot refund or see invoice data', async ({ page }) => {
  const token = await staffToken(page.request, 'Piotr Bramkarz', 'door');
  await openConsole(page, '/admin');
  await page.getByLabel('Token organizatora').fill(token);
  await page.getByRole('button', { name: 'Zaloguj' }).click();

  // Straight to the door; the navigation offers nothing else.
  await expect(page).toHaveURL(/\/admin\/door$/);
  const nav = page.getByRole('navigation', { name: 'Konsola' });
  await expect(nav.getByRole('link')).toHaveText(['Wejście']);
  await expect(page.getByText('Piotr Bramkarz')).toBeVisible();

  // A typed link to another screen says it is not for this role and asks the API for nothing.
  const asked: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/admin/') && !request.url().endsWith('/api/admin/me')) asked.push(request.url());
  });
  await page.goto('/admin/invoices');
  await expect(page.getByRole('heading', { level: 1, name: 'Ten ekran nie jest dla Twojej roli' })).toBeVisible();
  expect(asked).toEqual([]);
  expect(await axeViolations(page)).toEqual([]);
  await shoot(page, 'door-not-allowed');

  // And the API refuses what the screens do not offer.
  const headers = { Authorization: `Bearer ${token}` };
  const refund = await page.request.post('/api/admin/orders/01ARZ3NDEKTSV4RRFFQ69G5FAV/refund', { headers });
  expect(refund.status()).toBe(403);
  expect(await refund.json()).toEqual({ error: 'forbidden' });
  for (const path of ['/api/admin/invoices', '/api/admin/orders', '/api/admin/orders/01ARZ3NDEKTSV4RRFFQ69G5FAV']) {
    expect((await page.request.get(path, { headers })).status(), path).toBe(403);
  }
});
