import type { APIRequestContext, Page } from '@playwright/test';
import sharp from 'sharp';
import { axeViolations, expect, open, openConsole, openOncePublished, test } from './helpers';
import { E2E_ADMIN_TOKEN } from './playwright.config';
import { staffToken } from './staff';

// The console's content screens, in Polish: an organiser adds a speaker with a photo and a session
// naming them, publishes, and the pages of all five languages show both; a concurrent save is
// refused with a clear message that keeps what was typed; a wrong image is refused with the
// server's reason; the screens have no axe violation and no sideways scroll on a phone. Like
// content.spec.ts it runs after the other browser tests (project "content" in playwright.config.ts),
// since a publication changes the pages they read, and it takes back what it published.

const AUTH = { Authorization: `Bearer ${E2E_ADMIN_TOKEN}` };
const PREFIXES = ['pl', 'en-gb', 'en-us', 'de', 'es'] as const;

/** Ewa's own token (content role): the content history names her. */
const ewa = (page: Page) => staffToken(page.request, 'Ewa Konsolowa', 'content');

/**
 * Deletes records through the API (in order: a session before the speaker it names) and, when one
 * of them was on the pages, publishes their removal. A publication renders the pages in the
 * background, so only one that changes them is made: a render still running when the next test
 * publishes could write its older pages last.
 */
async function removeAndPublish(request: APIRequestContext, paths: string[]) {
  let published = false;
  for (const path of paths) {
    const found = await request.get(path, { headers: AUTH });
    if (found.status() !== 200) continue;
    const { version, publishedVersion } = await found.json();
    published ||= publishedVersion !== null;
    await request.delete(path, { headers: { ...AUTH, 'If-Match': `"${version}"` } });
  }
  if (published) await request.post('/api/admin/content/publish', { headers: AUTH, data: {} });
}

/** The visible language panel of the editor's texts. */
const panel = (page: Page) => page.getByRole('tabpanel');

test('an organiser adds a speaker with a photo and a session in the console, publishes, and every language shows them', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const speakerPath = '/api/admin/content/speakers/iga-konsolowa';
  const sessionPath = '/api/admin/content/sessions/agenci-w-konsoli';
  try {
    await openConsole(page, '/admin', { token: await ewa(page) });
    await page.getByRole('navigation', { name: 'Konsola' }).getByRole('link', { name: 'Treści' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Treści' })).toBeVisible();
    await page.getByRole('link', { name: 'Dodaj prelegenta' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Nowy prelegent' })).toBeVisible();

    await page.getByLabel('Nazwa').fill('Iga Konsolowa');
    // The id follows the name until the organiser types one.
    await expect(page.getByLabel('Identyfikator')).toHaveValue('iga-konsolowa');
    const photo = await sharp({ create: { width: 240, height: 240, channels: 3, background: '#1d7a46' } })
      .png()
      .toBuffer();
    await page.getByLabel('Zdjęcie').setInputFiles({ name: 'iga.png', mimeType: 'image/png', buffer: photo });
    await expect(page.getByRole('img', { name: 'Aktualny obraz' })).toBeVisible();

    await panel(page).getByLabel('Rola i firma (wymagane)').fill('Architektka agentów AI');
    await panel(page).getByLabel('Biogram (wymagane)').fill('Projektuje <i>agentów</i>, którzy naprawdę działają.');
    // A language without its texts says the Polish ones show there.
    await expect(page.getByRole('tab', { name: /^English \(UK\).*brak tłumaczenia: widać polski/ })).toBeVisible();
    await page.getByRole('tab', { name: /^Deutsch/ }).click();
    await panel(page).getByLabel('Rola i firma').fill('Architektin für KI-Agenten');
    await page.getByRole('button', { name: 'Zapisz szkic' }).click();
    await expect(page.getByRole('status')).toContainText('Zapisano szkic (wersja 1)');
    await expect(page.getByRole('heading', { level: 1, name: 'Prelegent: Iga Konsolowa' })).toBeVisible();
    await expect(page.getByText('szkic, nieopublikowany').first()).toBeVisible();

    await page.getByRole('link', { name: 'Wróć do listy: Prelegenci' }).click();
    const speakers = page.getByRole('table', { name: /Prelegenci: wpisy/ });
    const row = speakers.getByRole('row').filter({ has: page.getByRole('link', { name: 'Iga Konsolowa' }) });
    await expect(row).toContainText('szkic, nieopublikowany');
    await expect(row).toContainText('brak: EN-GB, EN-US, DE, ES (widać polski tekst)');

    await page.getByRole('navigation', { name: 'Rodzaje treści' }).getByRole('link', { name: 'Program' }).click();
    await page.getByRole('link', { name: 'Dodaj wystąpienie' }).click();
    await panel(page).getByLabel('Tytuł (wymagane)').fill('Agenci w konsoli');
    await expect(page.getByLabel('Identyfikator')).toHaveValue('agenci-w-konsoli');
    await panel(page).getByLabel('Opis (wymagane)').fill('Jak agenci przejmują nudną pracę organizatorów.');
    await page.getByLabel('Początek').fill('14:00');
    await page.getByLabel('Koniec').fill('14:45');
    await page.getByRole('group', { name: 'Prelegenci' }).getByLabel('Iga Konsolowa').check();
    await page.getByRole('button', { name: 'Zapisz szkic' }).click();
    await expect(page.getByRole('status')).toContainText('Zapisano szkic (wersja 1)');

    // Before publishing, the organiser sees the programme as visitors will, in a tab of its own.
    const [preview] = await Promise.all([
      page.context().waitForEvent('page'),
      page.getByRole('button', { name: 'Podgląd na stronie' }).click(),
    ]);
    await expect(preview).toHaveURL(/\/api\/preview\?path=%2Fpl%2Fprogram&/);
    await expect(preview.getByText('Tak strona będzie wyglądać po opublikowaniu szkiców.')).toBeVisible();
    await expect(preview.getByRole('heading', { name: 'Agenci w konsoli' })).toBeVisible();
    await preview.close();
    const visitors = await page.request.get('/pl/program');
    expect(await visitors.text()).not.toContain('Agenci w konsoli');

    await page.getByRole('link', { name: 'Wróć do listy: Program' }).click();
    await page.getByRole('button', { name: 'Opublikuj szkice teraz' }).click();
    await page
      .getByRole('group', { name: /Opublikować teraz wszystkie zapisane szkice/ })
      .getByRole('button', { name: 'Tak, publikuję' })
      .click();
    await expect(page.getByRole('status').filter({ hasText: 'Opublikowano.' })).toBeVisible();
    const sessions = page.getByRole('table', { name: /Program: wpisy/ });
    await expect(
      sessions.getByRole('row').filter({ has: page.getByRole('link', { name: 'Agenci w konsoli' }) }),
    ).toContainText('opublikowany');

    // Who did it: the record's own history names the person whose token signed in. (The content
    // store's history page shows its last 100 changes, and a publication writes one per record
    // published, so what earlier tests left in drafts could push this record's creation out of it.)
    await sessions.getByRole('link', { name: 'Agenci w konsoli' }).click();
    const own = page.getByRole('table', { name: /Zmiany tego wpisu/ });
    for (const action of ['Utworzono', 'Opublikowano']) {
      await expect(own.getByRole('row').filter({ hasText: 'Ewa Konsolowa' }).filter({ hasText: action })).toHaveCount(
        1,
      );
    }
    // The history of all content has the publication, newest first.
    await page.goto('/admin/content/history');
    const history = page.getByRole('table', { name: /Kto co zmienił/ });
    await expect(
      history.getByRole('row').filter({ hasText: 'Ewa Konsolowa' }).filter({ hasText: 'Opublikowano' }).first(),
    ).toBeVisible();

    for (const prefix of PREFIXES) {
      // Rendered once after the publication; a visitor sees it within a minute.
      await openOncePublished(page, `/${prefix}/prelegenci`, 'Iga Konsolowa');
      const card = page.locator('#iga-konsolowa');
      await expect(
        card.getByText(prefix === 'de' ? 'Architektin für KI-Agenten' : 'Architektka agentów AI'),
      ).toBeVisible();
      await expect(card.getByText('Projektuje <i>agentów</i>, którzy naprawdę działają.')).toBeVisible();
      await expect(card.locator('img')).toHaveAttribute('src', /^\/content-images\/img-[0-9a-f]{32}\.png$/);

      await openOncePublished(page, `/${prefix}/program`, 'Agenci w konsoli');
      await expect(page.getByRole('link', { name: 'Iga Konsolowa' })).toHaveAttribute(
        'href',
        `/${prefix}/prelegenci#iga-konsolowa`,
      );

      // The home page's speakers, rendered by the same publication.
      await open(page, `/${prefix}`);
      await expect(page.locator('#speakers').getByText('Iga Konsolowa')).toBeVisible();
    }
  } finally {
    await removeAndPublish(request, [sessionPath, speakerPath]);
  }
  // Back to the examples before the next test publishes: the last page the render writes shows it.
  await expect(async () => {
    await page.goto('/es/program');
    await expect(page.getByRole('heading', { name: 'Agenci w konsoli' })).toHaveCount(0, { timeout: 1000 });
  }).toPass({ timeout: 60_000 });
});

test('a save that another organiser beat is refused with a clear message and keeps what was typed', async ({
  page,
  request,
}, testInfo) => {
  const path = '/api/admin/content/speakers/konflikt-e2e';
  const created = await request.put(path, {
    headers: AUTH,
    data: { name: 'Konrad Konfliktowy', texts: { pl: { role: 'Redaktor', bio: 'Pierwsza wersja.' } } },
  });
  expect(created.status()).toBe(201);
  try {
    await openConsole(page, '/admin/content/speakers/konflikt-e2e', { token: await ewa(page) });
    const role = panel(page).getByLabel('Rola i firma (wymagane)');
    await expect(role).toHaveValue('Redaktor');
    await role.fill('Moja wersja roli');

    // Meanwhile another organiser saves the same record.
    const theirs = await request.put(path, {
      headers: { ...AUTH, 'If-Match': '"1"' },
      data: { name: 'Konrad Konfliktowy', texts: { pl: { role: 'Ich wersja', bio: 'Druga wersja.' } } },
    });
    expect(theirs.status()).toBe(200);

    await page.getByRole('button', { name: 'Zapisz szkic' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Ktoś inny' })).toContainText(
      'Ktoś inny zapisał ten wpis w międzyczasie (teraz wersja 2). Twoje zmiany nie zostały zapisane, ale nadal są w formularzu.',
    );
    await expect(role).toHaveValue('Moja wersja roli');
    expect((await (await request.get(path, { headers: AUTH })).json()).draft.texts.pl.role).toBe('Ich wersja');

    // A field the API refuses is marked beside itself, and gets focus.
    const bio = panel(page).getByLabel('Biogram (wymagane)');
    await bio.fill('');
    await page.getByRole('button', { name: 'Zapisz moją wersję zamiast ich' }).click();
    await expect(bio).toHaveAttribute('aria-invalid', 'true');
    await expect(bio).toHaveAccessibleDescription(/To pole jest wymagane\./);
    await expect(bio).toBeFocused();
    await expect(page.getByRole('alert').filter({ hasText: 'Nic nie zapisano' })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('content-editor-errors-1440.png'), fullPage: true });

    await bio.fill('Moja biografia.');
    await page.getByRole('button', { name: 'Zapisz moją wersję zamiast ich' }).click();
    await expect(page.getByRole('status')).toContainText('Zapisano szkic (wersja 3)');
    expect((await (await request.get(path, { headers: AUTH })).json()).draft.texts.pl.role).toBe('Moja wersja roli');

    // Deleting asks once more.
    await page.getByRole('button', { name: 'Usuń wpis' }).click();
    await page
      .getByRole('group', { name: /Usunąć „Konrad Konfliktowy”/ })
      .getByRole('button', { name: 'Tak, usuń' })
      .click();
    await expect(page.getByRole('heading', { level: 2, name: 'Prelegenci' })).toBeVisible();
    expect((await request.get(path, { headers: AUTH })).status()).toBe(404);
  } finally {
    await removeAndPublish(request, [path]);
  }
});

test('a publication is scheduled at a Warsaw time, listed, and cancelled', async ({ page, request }) => {
  await openConsole(page, '/admin/content', { token: await ewa(page) });
  const at = page.getByLabel('Data i godzina (czas warszawski)');
  await at.fill('2026-01-01T10:00');
  await page.getByRole('button', { name: 'Zaplanuj publikację' }).click();
  await expect(at).toHaveAttribute('aria-invalid', 'true');
  await expect(at).toHaveAccessibleDescription(/Ta chwila już minęła/);

  await at.fill('2027-08-31T20:00');
  await page.getByRole('button', { name: 'Zaplanuj publikację' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Publikacja zaplanowana' })).toContainText(
    'Publikacja zaplanowana na 31.08.2027, 20:00 (czas warszawski).',
  );
  const scheduled = async () =>
    (await (await request.get('/api/admin/content/schedule', { headers: AUTH })).json()).scheduled as {
      id: number;
      at: string;
      createdBy: string;
    }[];
  // 20:00 in Warsaw on 31 August is 18:00 UTC (summer time), whatever the browser's own zone.
  const mine = (await scheduled()).find((entry) => entry.at === '2027-08-31T18:00:00.000Z');
  try {
    expect(mine?.createdBy).toBe('Ewa Konsolowa');
    const table = page.getByRole('table', { name: /Publikacje, które dopiero nastąpią/ });
    const row = table.getByRole('row').filter({ hasText: '31.08.2027, 20:00' });
    await expect(row).toContainText('Ewa Konsolowa');
    await row.getByRole('button', { name: 'Anuluj publikację zaplanowaną na 31.08.2027, 20:00' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Anulowano' })).toContainText(
      'Anulowano publikację zaplanowaną na 31.08.2027, 20:00.',
    );
    await expect(page.getByRole('row').filter({ hasText: '31.08.2027, 20:00' })).toHaveCount(0);
    expect((await scheduled()).some((entry) => entry.id === mine?.id)).toBe(false);
  } finally {
    if (mine) await request.delete(`/api/admin/content/schedule/${mine.id}`, { headers: AUTH });
  }
});

test('an image of the wrong type is refused with the server’s reason', async ({ page }) => {
  await openConsole(page, '/admin/content/speakers/new', { token: await ewa(page) });
  const svg = Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200"><script>alert(1)</script></svg>',
  );
  const upload = page.waitForResponse((r) => r.url().endsWith('/api/admin/content/images'));
  await page.getByLabel('Zdjęcie').setInputFiles({ name: 'portret.png', mimeType: 'image/png', buffer: svg });
  expect((await upload).status()).toBe(415);
  const input = page.getByLabel('Zdjęcie');
  await expect(page.getByRole('alert').filter({ hasText: 'Ten plik' })).toHaveText(
    'Ten plik nie jest obrazem PNG, JPEG ani WebP (SVG nie jest przyjmowany). Wybierz inny plik.',
  );
  await expect(input).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('img', { name: 'Aktualny obraz' })).toHaveCount(0);
});

test('the content screens have no axe violation, work from the keyboard and fit a phone', async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  await openConsole(page, '/admin/content/speakers', { token: await ewa(page) });
  await expect(
    page
      .getByRole('table', { name: /Prelegenci: wpisy/ })
      .getByRole('row')
      .nth(1),
  ).toBeVisible();
  const screens = [
    { name: 'list', path: '/admin/content/speakers', ready: page.getByRole('table', { name: /Prelegenci: wpisy/ }) },
    {
      name: 'editor',
      path: '/admin/content/speakers/ewaLisowska',
      ready: page.getByRole('heading', { level: 1, name: /^Prelegent: / }),
    },
    { name: 'session', path: '/admin/content/sessions/new', ready: page.getByRole('group', { name: 'Prelegenci' }) },
    { name: 'exhibitor', path: '/admin/content/exhibitors/new', ready: page.getByLabel('Stoisko') },
    {
      name: 'history',
      path: '/admin/content/history',
      ready: page.getByRole('heading', { level: 1, name: 'Historia zmian' }),
    },
  ];
  for (const screen of screens) {
    await page.goto(screen.path);
    await expect(screen.ready).toBeVisible();
    await expect(page.getByText('Ładowanie…')).toHaveCount(0);
    for (const width of [1440, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: testInfo.outputPath(`content-${screen.name}-${width}.png`), fullPage: true });
      // A phone scrolls a table inside its own box, never the page sideways.
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
        `${screen.name} at ${width} px`,
      ).toBe(0);
      expect(await axeViolations(page), `${screen.name} at ${width} px`).toEqual([]);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  }

  // The language tabs follow the ARIA pattern: arrows move between them, one tab stop.
  await page.goto('/admin/content/speakers/ewaLisowska');
  const polish = page.getByRole('tab', { name: /^Polski/ });
  await polish.focus();
  await page.keyboard.press('ArrowRight');
  const english = page.getByRole('tab', { name: /^English \(UK\)/ });
  await expect(english).toBeFocused();
  await expect(english).toHaveAttribute('aria-selected', 'true');
  await expect(panel(page)).toHaveAttribute('aria-labelledby', (await english.getAttribute('id')) ?? '');
  await page.keyboard.press('End');
  await expect(page.getByRole('tab', { name: /^Español/ })).toBeFocused();
  await page.keyboard.press('Home');
  await expect(polish).toHaveAttribute('aria-selected', 'true');

  // A question before publishing: the safe answer has focus, Escape takes it back to the button.
  await page.goto('/admin/content');
  const publish = page.getByRole('button', { name: 'Opublikuj szkice teraz' });
  await publish.click();
  await expect(page.getByRole('button', { name: 'Nie teraz' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(publish).toBeFocused();
});

test('an exhibitor with a logo and a partner are saved as drafts, a plain http link refused beside its field', async ({
  page,
  request,
}) => {
  const paths = ['/api/admin/content/exhibitors/robo-lab', '/api/admin/content/partners/chmura-plus'];
  try {
    await openConsole(page, '/admin/content/exhibitors/new', { token: await ewa(page) });
    await page.getByLabel('Nazwa').fill('Robo Lab');
    const logo = await sharp({ create: { width: 400, height: 200, channels: 4, background: '#0b1020' } })
      .webp()
      .toBuffer();
    await page.getByLabel('Logo').setInputFiles({ name: 'logo.webp', mimeType: 'image/webp', buffer: logo });
    await expect(page.getByRole('img', { name: 'Aktualny obraz' })).toBeVisible();
    await page.getByLabel('Stoisko').fill('B12');
    await page.getByLabel('Strona WWW').fill('http://robo-lab.example');
    await page.getByLabel('Pokaz na żywo od').fill('11:00');
    await page.getByLabel('Pokaz na żywo do').fill('11:30');
    await panel(page).getByLabel('Opis (wymagane)').fill('Roboty, które sortują paczki.');
    await page.getByRole('button', { name: 'Zapisz szkic' }).click();
    const link = page.getByLabel('Strona WWW');
    await expect(link).toHaveAttribute('aria-invalid', 'true');
    await expect(link).toHaveAccessibleDescription(/Podaj pełny adres zaczynający się od https:\/\/\./);
    await link.fill('https://robo-lab.example');
    await page.getByRole('button', { name: 'Zapisz szkic' }).click();
    await expect(page.getByRole('status')).toContainText('Zapisano szkic (wersja 1)');
    const exhibitor = await (await request.get(paths[0] ?? '', { headers: AUTH })).json();
    expect(exhibitor.draft).toMatchObject({
      name: 'Robo Lab',
      booth: 'B12',
      link: 'https://robo-lab.example',
      demo: { start: '11:00', end: '11:30' },
      logo: expect.stringMatching(/^img-[0-9a-f]{32}\.webp$/),
    });

    await page.goto('/admin/content/partners/new');
    await page.getByLabel('Nazwa').fill('Chmura Plus');
    await page.getByLabel('Pakiet').selectOption({ label: 'Złoty' });
    await page.getByRole('button', { name: 'Zapisz szkic' }).click();
    await expect(page.getByRole('status')).toContainText('Zapisano szkic (wersja 1)');
    const partner = await (await request.get(paths[1] ?? '', { headers: AUTH })).json();
    expect(partner.draft).toMatchObject({ name: 'Chmura Plus', package: 'gold', link: null, logo: null });
  } finally {
    await removeAndPublish(request, paths);
  }
});
