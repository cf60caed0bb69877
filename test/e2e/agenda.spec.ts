import { readFile } from 'node:fs/promises';
import { expect, expectNoAxeViolations, open, test } from './helpers';

// The programme page's personal agenda (client/lib/agenda.ts, worker/routes/calendar.ts agenda.ics).

const STRATEGY = 'Dodaj do mojego planu: Strategia AI w firmie: od pilotażu do zysku';
const LLM = 'Dodaj do mojego planu: Modele językowe w produkcji bez niespodzianek';

test('a visitor stars two sessions, finds them starred after a reload and downloads both as one .ics', async ({
  page,
}) => {
  await open(page, '/pl/program');
  const strategy = page.getByRole('button', { name: STRATEGY });
  const llm = page.getByRole('button', { name: LLM });
  await expect(strategy).toHaveAttribute('aria-pressed', 'false');
  await llm.click();
  await strategy.click();
  await expect(strategy).toHaveAttribute('aria-pressed', 'true');
  await expect(llm).toHaveAttribute('aria-pressed', 'true');
  const bar = page.getByRole('complementary', { name: 'Mój plan' });
  await expect(bar).toContainText('2 sesje w Twoim planie');

  await page.reload();
  await expect(page.getByRole('button', { name: STRATEGY })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('button', { name: LLM })).toHaveAttribute('aria-pressed', 'true');
  await expect(bar).toContainText('2 sesje w Twoim planie');
  await expectNoAxeViolations(page);

  const [file] = await Promise.all([
    page.waitForEvent('download'),
    bar.getByRole('link', { name: 'Pobierz mój plan (.ics)' }).click(),
  ]);
  expect(file.suggestedFilename()).toBe('kongres-ai-agenda-pl.ics');
  const text = await readFile(await file.path(), 'utf8');
  const uids = [...text.matchAll(/^UID:(.+)\r$/gm)].map(([, uid]) => uid);
  expect(uids).toEqual(['ai-strategy-2027-10-23@kongres-ai.pl', 'llm-in-production-2027-10-23@kongres-ai.pl']);

  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await strategy.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `test-results/agenda-program-${width}.png` });
  }
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('shows no star toggles and no agenda bar', async ({ page }) => {
    await page.goto('/pl/program');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Program kongresu');
    await expect(page.getByRole('button', { name: /^Dodaj do mojego planu/ })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Pobierz mój plan (.ics)' })).toBeHidden();
  });
});
