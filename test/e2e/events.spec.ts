import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { CONGRESS_PROFILES } from '../../site/event';
import { expect, open, test } from './helpers';

// The event pages: program, the shows, speakers, expo, zones and workshops (issue 5).
const SLUGS = [
  'program',
  'miss-ai',
  'mister-ai',
  'roast-ai',
  'prompt-awards',
  'prelegenci',
  'expo',
  'strefy',
  'warsztaty',
];

/** The section (a region) whose heading has this name. */
const region = (page: Page, name: string | RegExp) => page.getByRole('region', { name });

/** Downloads the file behind a link and returns its name and text. */
async function download(page: Page, name: string | RegExp) {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name }).click()]);
  const path = await file.path();
  return { filename: file.suggestedFilename(), text: await readFile(path, 'utf8') };
}

test.describe('program', () => {
  test('shows two tracks of two sessions with times, rooms and seats (pl)', async ({ page }) => {
    await open(page, '/pl/program');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Program kongresu');
    const tracks = region(page, 'Wybierz swoją ścieżkę');
    for (const track of ['Biznes i strategia', 'Technologia i wdrożenia']) {
      await expect(tracks.getByRole('region', { name: track }).getByRole('article')).toHaveCount(2);
    }
    const sessions = tracks.getByRole('article');
    await expect(sessions).toHaveCount(4);
    await expect(sessions.nth(0)).toContainText('10:00–11:00');
    await expect(sessions.nth(0)).toContainText('Sala główna');
    await expect(sessions.nth(0)).toContainText('500 miejsc');
    await expect(sessions.nth(0)).toContainText('Ewa Lisowska');
    await expect(sessions.nth(3)).toContainText('16:15–17:15');
    await expect(sessions.nth(3)).toContainText('Sala B');
    await expect(sessions.nth(3)).toContainText('200 miejsc');
    await expect(tracks.getByText('500 miejsc')).toHaveCount(2);
    await expect(tracks.getByText('200 miejsc')).toHaveCount(2);
    await expect(page.getByRole('link', { name: /^Dodaj do kalendarza / })).toHaveCount(8);
    // The evening: the shows with their times, linked to their pages.
    const evening = region(page, 'Wieczór wydarzeń specjalnych');
    await expect(evening.getByRole('listitem')).toHaveCount(4);
    await expect(evening).toContainText('16:00–17:00');
    await expect(evening).toContainText('19:30–21:00');
    await evening.getByRole('link', { name: 'Roast AI', exact: true }).click();
    await expect(page).toHaveURL(/\/pl\/roast-ai$/);
  });

  test('shows the same program in German, with German times and seats', async ({ page }) => {
    await open(page, '/de/program');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Kongressprogramm');
    const sessions = region(page, 'Wählen Sie Ihren Track').getByRole('article');
    await expect(sessions).toHaveCount(4);
    await expect(sessions.nth(0)).toContainText('10:00–11:00 Uhr');
    await expect(sessions.nth(0)).toContainText('500 Plätze');
    await expect(sessions.nth(3)).toContainText('16:15–17:15 Uhr');
    await expect(sessions.nth(3)).toContainText('200 Plätze');
    await expect(sessions.nth(3)).toContainText('Tomasz Gajda und Ewa Lisowska');
  });

  test('writes times the American way in en-US', async ({ page }) => {
    await open(page, '/en-us/program');
    const sessions = region(page, 'Choose your track').getByRole('article');
    await expect(sessions.nth(0)).toContainText('10:00 AM–11:00 AM');
    await expect(sessions.nth(3)).toContainText('4:15 PM–5:15 PM');
  });

  test('downloads a session as an .ics file in the page language', async ({ page }) => {
    await open(page, '/pl/program');
    const { filename, text } = await download(page, /^Dodaj do kalendarza Strategia AI w firmie/);
    expect(filename).toMatch(/\.ics$/);
    expect(text.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(text).toContain('\r\nDTSTART;TZID=Europe/Warsaw:20271023T100000\r\n');
    expect(text).toContain('\r\nDTEND;TZID=Europe/Warsaw:20271023T110000\r\n');
    expect(text.replace(/\r\n /g, '')).toContain('SUMMARY:Strategia AI w firmie: od pilotażu do zysku');
    expect(text).toContain('BEGIN:VTIMEZONE\r\nTZID:Europe/Warsaw');
  });

  test('downloads the whole congress day from 10:00 to 21:00', async ({ page }) => {
    await open(page, '/de/program');
    const { text } = await download(page, 'Kongress in den Kalender');
    expect(text).toContain('DTSTART;TZID=Europe/Warsaw:20271023T100000');
    expect(text).toContain('DTEND;TZID=Europe/Warsaw:20271023T210000');
    expect(text).toContain('SUMMARY:Kongres AI Polska 2027');
  });
});

test.describe('galas', () => {
  for (const [path, title, other, otherTitle] of [
    ['/pl/miss-ai', 'Miss AI 2027', 'Mister AI: gala Miss i Mister AI', 'Mister AI 2027'],
    ['/pl/mister-ai', 'Mister AI 2027', 'Miss AI: gala Miss i Mister AI', 'Miss AI 2027'],
  ] as const) {
    test(`${path} is one contest of the gala from 17:00 to 19:00, with its features, voting, reasons, hosts and access note`, async ({
      page,
    }) => {
      await open(page, path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
      await expect(page.getByRole('definition').filter({ hasText: '17:00–19:00' })).toHaveCount(1);
      await expect(page.getByText('Gala Miss i Mister AI · 23 października 2027')).toBeVisible();
      await expect(page.getByRole('definition').filter({ hasText: 'Ogłosimy wkrótce' })).toHaveCount(1);
      await expect(region(page, 'Co zobaczysz podczas gali').getByRole('listitem')).toHaveCount(4);
      await expect(region(page, 'Jak oddać głos').getByRole('listitem')).toHaveCount(3);
      await expect(region(page, 'Dlaczego warto przyjść').getByRole('listitem')).toHaveCount(3);
      await expect(region(page, 'Kto może wejść na galę?')).toContainText(
        'otwarta dla uczestników kongresu z ważnym biletem oraz dla zaproszonych gości',
      );
      await page.getByRole('link', { name: other, exact: true }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(otherTitle);
    });
  }

  test('the Mister AI gala in English keeps the same structure', async ({ page }) => {
    await open(page, '/en-gb/mister-ai');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mister AI 2027');
    await expect(page.getByRole('definition').filter({ hasText: '17:00–19:00' })).toHaveCount(1);
    await expect(region(page, 'What you will see at the gala').getByRole('listitem')).toHaveCount(4);
    await expect(region(page, 'Who can attend the gala?')).toContainText(
      'open to congress attendees with a valid ticket and to invited guests',
    );
  });
});

test.describe('Roast AI', () => {
  for (const [path, highlights, reasons, performers] of [
    ['/pl/roast-ai', 'Najważniejsze punkty wieczoru', 'Dlaczego warto przyjść', 'Występujący'],
    ['/de/roast-ai', 'Die Höhepunkte des Abends', 'Warum Sie dabei sein sollten', 'Auf der Bühne'],
  ] as const) {
    test(`${path} has five highlights, three reasons and the performers note, 19:30-21:00`, async ({ page }) => {
      await open(page, path);
      await expect(page.getByRole('definition').filter({ hasText: /19:30–21:00/ })).toHaveCount(1);
      await expect(region(page, highlights).getByRole('listitem')).toHaveCount(5);
      await expect(region(page, reasons).getByRole('listitem')).toHaveCount(3);
      await expect(region(page, performers).getByRole('paragraph')).not.toHaveCount(0);
    });
  }
});

test.describe('Prompt Awards', () => {
  for (const [path, categories, alt, sample] of [
    ['/pl/prompt-awards', 'Kategorie nagród', /^Statuetka Prompt Awards/, 'Najlepszy prompt graficzny'],
    ['/es/prompt-awards', 'Categorías de los premios', /^El trofeo de los Prompt Awards/, 'Mejor chatbot'],
  ] as const) {
    test(`${path} shows its image, subtitle and all 23 categories, 16:00-17:00`, async ({ page }) => {
      await open(page, path);
      await expect(page.getByRole('definition').filter({ hasText: '16:00–17:00' })).toHaveCount(1);
      const image = page.getByRole('img', { name: alt });
      await expect(image).toBeVisible();
      expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
      await expect(page.locator('.event-hero .lead')).not.toBeEmpty();
      const list = region(page, categories);
      await expect(list).toContainText('23');
      await expect(list.getByRole('listitem')).toHaveCount(23);
      await expect(list.getByRole('listitem').filter({ hasText: sample })).toHaveCount(1);
    });
  }
});

test.describe('speakers', () => {
  test('shows three example speakers, labelled so, whose links lead to the congress profiles, and the 1 September banner', async ({
    page,
  }) => {
    await open(page, '/pl/prelegenci');
    await expect(page.getByText('Pełna lista prelegentów: 1 września 2027')).toBeVisible();
    const cards = page.getByRole('article');
    await expect(cards).toHaveCount(3);
    const ewa = page.getByRole('article', { name: 'Ewa Lisowska' });
    await expect(ewa.getByRole('img', { name: 'Abstrakcyjny portret: Ewa Lisowska' })).toBeVisible();
    await expect(ewa.getByRole('list', { name: 'Tematy' }).getByRole('listitem')).toHaveCount(3);
    await expect(ewa.getByText('Przykład', { exact: true })).toBeVisible();
    // An example speaker is nobody's profile: the links are the congress's own.
    const linkedin = ewa.getByRole('link', { name: /^Kongres AI Polska na LinkedIn/ });
    await expect(linkedin).toHaveAttribute('href', CONGRESS_PROFILES.linkedin);
    await expect(linkedin).toHaveAttribute('target', '_blank');
    await expect(linkedin).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(ewa.getByRole('link', { name: /^Kongres AI Polska na X/ })).toHaveAttribute(
      'href',
      CONGRESS_PROFILES.x,
    );
    // Every portrait loads, and the initials give way to it.
    await expect(page.locator('.avatar[data-state="loaded"]')).toHaveCount(3);
    await expect(ewa.getByText('EL', { exact: true })).toBeHidden();
  });

  test('shows the drawn portraits with the page itself, whatever happens to image requests (de)', async ({ page }) => {
    // The portraits are the site's own drawings, put in the page (client/lib/images.ts): nothing to
    // load, nothing to fail. A photo's failed load keeps the initials (test/client/avatar.test.tsx).
    const images: string[] = [];
    await page.route(/\.(svg|png|jpe?g|webp|avif)(\?|$)/, (route) => {
      images.push(route.request().url());
      return route.fulfill({ status: 404, body: '' });
    });
    await open(page, '/de/prelegenci');
    await expect(page.getByText('Vollständige Speaker-Liste: 1. September 2027')).toBeVisible();
    const tomasz = page.getByRole('article', { name: 'Tomasz Gajda' });
    await expect(tomasz.getByRole('img', { name: /Tomasz Gajda/ })).toBeVisible();
    await expect(page.locator('.avatar[data-state="loaded"]')).toHaveCount(3);
    expect(images).toEqual([]);
  });
});

test.describe('expo', () => {
  test('links to the exhibitor page and to the illustrative schematic, captioned as one, with the figures and dates (pl)', async ({
    page,
  }) => {
    await open(page, '/pl/expo');
    await expect(page.getByRole('link', { name: 'Zostań wystawcą' })).toHaveAttribute(
      'href',
      '/pl/wspolpraca/dla-wystawcy',
    );
    const plan = page.getByRole('link', { name: 'Schemat hali (SVG)' });
    const response = await page.request.get((await plan.getAttribute('href')) ?? '');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('image/svg+xml');
    expect(await response.text()).toContain('<svg');
    const stats = region(page, 'Expo w liczbach');
    await expect(stats).toContainText('120+');
    await expect(stats).toContainText('50+');
    await expect(page.getByText('Lista wystawców: 1 września 2027')).toBeVisible();
    await expect(page.getByRole('article', { name: 'Strefa networkingu' })).toContainText('10 stołów');
    // On-site tables, and the networking app only for the online plans that include it.
    await expect(page.getByRole('article', { name: 'Strefa networkingu' })).toContainText(
      'uczestnicy online z pakietem Premium lub VIP umawiają się w aplikacji networkingowej',
    );
    await expect(page.getByRole('article', { name: 'Strefa networkingu' })).not.toContainText('wirtualn');
    await expect(page.getByRole('article', { name: 'Pokazy na żywo' })).toContainText('1 września 2027');
    const image = page.getByRole('img', { name: /^Poglądowy schemat \(ilustracja, nie plan obiektu Atlas Arena\)/ });
    await image.scrollIntoViewIfNeeded();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await page.getByRole('link', { name: 'Zostań wystawcą' }).click();
    await expect(page).toHaveURL(/\/pl\/wspolpraca\/dla-wystawcy$/);
  });

  test('shows the same facts in German', async ({ page }) => {
    await open(page, '/de/expo');
    await expect(page.getByRole('link', { name: 'Aussteller werden' })).toHaveAttribute(
      'href',
      '/de/wspolpraca/dla-wystawcy',
    );
    await expect(page.getByRole('link', { name: 'Schematischer Hallenplan (SVG)' })).toHaveAttribute(
      'href',
      '/images/events/floor-plan.svg',
    );
    await expect(page.getByRole('article', { name: 'Networking-Bereich' })).toContainText('10 Tische');
    await expect(page.getByRole('article', { name: 'Live-Demos' })).toContainText('1. September 2027');
  });
});

test.describe('zones', () => {
  for (const [path, title, sample] of [
    ['/pl/strefy', 'Odkryj strefy', 'AI dla dzieci'],
    ['/es/strefy', 'Descubre las zonas', 'Influencer IA'],
  ] as const) {
    test(`${path} lists the eight zones with name, description and icon`, async ({ page }) => {
      await open(page, path);
      const zones = region(page, title).getByRole('listitem');
      await expect(zones).toHaveCount(8);
      for (const zone of await zones.all()) {
        await expect(zone.getByRole('heading', { level: 3 })).toHaveCount(1);
        await expect(zone.locator('svg')).toHaveCount(1);
        await expect(zone.getByRole('paragraph').first()).not.toBeEmpty();
      }
      await expect(region(page, title).getByRole('heading', { name: sample })).toHaveCount(1);
    });
  }
});

test.describe('workshops', () => {
  test('shows three workshops with capacities, durations, prerequisites and a way to sign up (pl)', async ({
    page,
  }) => {
    await open(page, '/pl/warsztaty');
    await expect(page.getByText('Pełna lista warsztatów: 1 września 2027')).toBeVisible();
    const cards = page.getByRole('article');
    await expect(cards).toHaveCount(3);
    const expected = [
      ['Praktyczne', '4 godziny', '25 miejsc', 'Podstawowy', 1],
      ['Techniczne', '6 godzin', '20 miejsc', 'Zaawansowany', 2],
      ['Biznesowe', '3 godziny', '30 miejsc', 'Średnio zaawansowany', 1],
    ] as const;
    for (const [index, [category, duration, capacity, level, prerequisites]] of expected.entries()) {
      const card = cards.nth(index);
      await expect(card).toContainText(category);
      await expect(card).toContainText(duration);
      await expect(card).toContainText(capacity);
      await expect(card).toContainText(level);
      await expect(card.locator('.workshop-card__prerequisites li')).toHaveCount(prerequisites);
    }
    // Signing up opens the seat registration for ticket holders, on the card itself.
    const first = cards.nth(0);
    await first.locator('summary', { hasText: /^Zapisz się/ }).click();
    await expect(first.getByLabel('Numer zamówienia')).toBeVisible();
    await expect(first.getByRole('button', { name: 'Zapisz mnie' })).toBeVisible();
  });

  test('a seat request typed and sent before React is there is sent with what was typed', async ({ page }) => {
    // React's entry is held back until the form has been sent.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/pl/warsztaty');
    const card = page.getByRole('article').first();
    await card.locator('summary', { hasText: /^Zapisz się/ }).click();
    await card.getByLabel('Adres e-mail z zamówienia').fill('ktos@example.com');
    await card.getByLabel('Numer zamówienia').fill('KAI-NOPE');
    const request = page.waitForRequest((r) => r.url().includes('/registrations') && r.method() === 'POST');
    await card.getByRole('button', { name: 'Zapisz mnie' }).click();
    await expect(card.locator('[data-island]')).not.toHaveAttribute('data-hydrated', 'true');
    release();
    expect((await request).postDataJSON()).toEqual({ email: 'ktos@example.com', code: 'KAI-NOPE' });
    // The box office's answer (no such order) is said in the status box; the fields keep what was typed.
    await expect(card.getByRole('status')).toBeVisible();
    await expect(card.getByLabel('Numer zamówienia')).toHaveValue('KAI-NOPE');
  });

  test('shows the German durations and capacities', async ({ page }) => {
    await open(page, '/de/warsztaty');
    const cards = page.getByRole('article');
    await expect(cards).toHaveCount(3);
    for (const [index, text] of ['4 Stunden', '6 Stunden', '3 Stunden'].entries()) {
      await expect(cards.nth(index)).toContainText(text);
    }
    for (const [index, text] of ['25 Plätze', '20 Plätze', '30 Plätze'].entries()) {
      await expect(cards.nth(index)).toContainText(text);
    }
  });
});

test('the event pages hydrate without warnings, with one h1, sized images and no outside requests', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const messages: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') messages.push(message.text());
  });
  const outside: string[] = [];
  page.on('request', (request) => {
    if (!request.url().startsWith(baseURL ?? '')) outside.push(request.url());
  });
  for (const prefix of ['pl', 'de']) {
    for (const slug of SLUGS) {
      const path = `/${prefix}/${slug}`;
      await open(page, path);
      await page.waitForLoadState('networkidle');
      await expect(page.locator('h1'), path).toHaveCount(1);
      const unsized = await page.locator('main img:not([width]), main img:not([height])').count();
      expect(unsized, path).toBe(0);
    }
  }
  expect(messages).toEqual([]);
  expect(outside).toEqual([]);
});

// Every event page's axe scan is the one of every page in test/e2e/a11y.spec.ts.
