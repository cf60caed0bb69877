import type { Page } from '@playwright/test';

/** Opens a path and waits until the page has hydrated, so clicks reach React. */
export async function open(page: Page, path: string) {
  const response = await page.goto(path);
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
  return response;
}

/** The value of the language cookie the edge reads. */
export async function languageCookie(page: Page) {
  const cookies = await page.context().cookies();
  return cookies.find((c) => c.name === 'i18nextLng')?.value;
}
