import sharp from 'sharp';
import { axeViolations, expect, open, openOncePublished, test } from './helpers';
import { E2E_ADMIN_TOKEN } from './playwright.config';

// Publishing without a deploy, end to end: an organiser's tool (the same API the console uses)
// adds a speaker with a photo and a session, publishes, and the pages of all five languages show
// them. It runs after every other browser test (its own project in playwright.config.ts), since a
// publication changes the pages the other tests read; it takes everything back at the end.

const AUTH = { Authorization: `Bearer ${E2E_ADMIN_TOKEN}` };
const PREFIXES = ['pl', 'en-gb', 'en-us', 'de', 'es'] as const;

test('a speaker with a photo and a session, published, appear on the pages in all five languages', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const photo = await sharp({ create: { width: 320, height: 320, channels: 3, background: '#5b3df5' } })
    .png()
    .toBuffer();
  const upload = await request.post('/api/admin/content/images', {
    headers: { ...AUTH, 'Content-Type': 'image/png' },
    data: photo,
  });
  expect(upload.status()).toBe(201);
  const { key } = await upload.json();

  const speaker = await request.put('/api/admin/content/speakers/e2e-speaker', {
    headers: AUTH,
    data: {
      name: 'Ola Testowa',
      image: key,
      texts: {
        pl: { role: 'Inżynierka danych', bio: '<b>Nie pogrubiona</b> i bezpieczna.', topics: ['Dane'] },
        de: { role: 'Dateningenieurin' },
      },
    },
  });
  expect(speaker.status()).toBe(201);
  const session = await request.put('/api/admin/content/sessions/e2e-session', {
    headers: AUTH,
    data: {
      track: 'business',
      room: 'mainHall',
      start: '12:30',
      end: '13:15',
      speakers: ['e2e-speaker'],
      texts: { pl: { title: 'Dane w praktyce', abstract: 'Skąd brać dane.' } },
    },
  });
  expect(session.status()).toBe(201);
  expect((await request.post('/api/admin/content/publish', { headers: AUTH, data: {} })).status()).toBe(200);

  try {
    for (const prefix of PREFIXES) {
      // Rendered once in the background after the publication: within a minute, here at once.
      await openOncePublished(page, `/${prefix}/prelegenci`, 'Ola Testowa');
      const card = page.locator('#e2e-speaker');
      await expect(card.getByText(prefix === 'de' ? 'Dateningenieurin' : 'Inżynierka danych')).toBeVisible();
      await expect(card.getByText('<b>Nie pogrubiona</b> i bezpieczna.')).toBeVisible();
      const img = card.locator('img');
      await expect(img).toHaveAttribute('width', '160');
      await img.scrollIntoViewIfNeeded();
      await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBe(320);
      expect(await axeViolations(page, { all: true })).toEqual([]);

      await open(page, `/${prefix}/program`);
      const link = page.getByRole('link', { name: 'Ola Testowa' });
      await expect(link).toHaveAttribute('href', `/${prefix}/prelegenci#e2e-speaker`);
      await expect(page.getByRole('heading', { name: 'Dane w praktyce' })).toBeVisible();
      expect(await axeViolations(page, { all: true })).toEqual([]);
    }
  } finally {
    // Back to the examples: the session first (it names the speaker), then publish the removal.
    const version = async (path: string) => (await (await request.get(path, { headers: AUTH })).json()).version;
    const sessionPath = '/api/admin/content/sessions/e2e-session';
    await request.delete(sessionPath, { headers: { ...AUTH, 'If-Match': String(await version(sessionPath)) } });
    const speakerPath = '/api/admin/content/speakers/e2e-speaker';
    await request.delete(speakerPath, { headers: { ...AUTH, 'If-Match': String(await version(speakerPath)) } });
    await request.post('/api/admin/content/publish', { headers: AUTH, data: {} });
  }
  await expect(async () => {
    await page.goto('/pl/prelegenci');
    await expect(page.getByRole('heading', { name: 'Ola Testowa' })).toHaveCount(0, { timeout: 1000 });
  }).toPass({ timeout: 60_000 });
});
