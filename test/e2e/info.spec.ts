import type { Page } from '@playwright/test';
import { EDITION_YEAR } from '../../site/event';
import { FAQ_GROUPS, FAQ_ITEMS } from '../../site/faq';
import { axeViolations, expect, open, test } from './helpers';

const LANGS = ['pl', 'en-gb', 'en-us', 'de', 'es'] as const;

async function expectNoAxeViolations(page: Page, label: string) {
  expect(await axeViolations(page), label).toEqual([]);
}

const main = (page: Page) => page.getByRole('main');

test.describe('FAQ accordion', () => {
  const question = (page: Page, name: string | RegExp) => main(page).locator('summary', { hasText: name });
  const item = (page: Page, name: string | RegExp) =>
    main(page).locator('details', { has: page.locator('summary', { hasText: name }) });

  test('opens one answer of a group at a time and closes the open one again', async ({ page }) => {
    await open(page, '/pl/faq');
    const when = item(page, 'Kiedy i gdzie odbędzie się kongres?');
    const day = item(page, 'Jak wygląda plan dnia?');
    await expect(when).not.toHaveAttribute('open');
    await expect(when.locator('.accordion__panel')).toBeHidden();

    await question(page, 'Kiedy i gdzie odbędzie się kongres?').click();
    await expect(when).toHaveAttribute('open');
    await expect(when.locator('.accordion__panel')).toContainText(
      '23 października 2027 w godzinach 10:00–21:00 w hali Atlas Arena',
    );
    await expect(when.locator('.accordion__panel')).toContainText('Łódź');

    await question(page, 'Jak wygląda plan dnia?').click();
    await expect(day).toHaveAttribute('open');
    await expect(when).not.toHaveAttribute('open');
    await expect(day.locator('.accordion__panel')).toContainText('kończy kongres o 21:00');

    await question(page, 'Jak wygląda plan dnia?').click();
    await expect(main(page).locator('details[open]')).toHaveCount(0);
  });

  test('works from the keyboard', async ({ page }) => {
    await open(page, '/de/faq');
    const first = item(page, 'Wann und wo findet der Kongress statt?');
    const second = item(page, 'Wie sieht der Tag aus?');
    await question(page, 'Wann und wo findet der Kongress statt?').focus();
    await page.keyboard.press('Enter');
    await expect(first).toHaveAttribute('open');
    await expect(first.locator('.accordion__panel')).toContainText(
      'Am 23. Oktober 2027 von 10:00 bis 21:00 Uhr in der Atlas Arena',
    );
    await page.keyboard.press('Tab');
    // The open answer's link comes first in the tab order, then the next question.
    await expect(page.getByRole('link', { name: 'Siehe: Programm' }).first()).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(second.locator('summary')).toBeFocused();
    await page.keyboard.press('Space');
    await expect(second).toHaveAttribute('open');
    await expect(first).not.toHaveAttribute('open');
    await page.keyboard.press('Space');
    await expect(second).not.toHaveAttribute('open');
  });

  test('answers open with script blocked entirely', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/pl/faq');
    await question(page, 'Kiedy i gdzie odbędzie się kongres?').click();
    await expect(item(page, 'Kiedy i gdzie odbędzie się kongres?').locator('.accordion__panel')).toBeVisible();
    await question(page, 'Jak wygląda plan dnia?').click();
    await expect(main(page).locator('details[open]')).toHaveCount(1);
    await context.close();
  });

  test('holds every question in four groups in every language, with the facts from site/', async ({ page }) => {
    for (const [lang, date] of [
      ['en-us', 'October 23, 2027'],
      ['es', '23 de octubre de 2027'],
    ] as const) {
      await open(page, `/${lang}/faq`);
      const questions = main(page).locator('summary');
      await expect(questions).toHaveCount(FAQ_ITEMS.length);
      await expect(main(page).locator('.faq-group')).toHaveCount(FAQ_GROUPS.length);
      await main(page).locator('.faq-group').nth(1).locator('summary').first().click();
      await expect(main(page).locator('details[open] .accordion__panel')).toContainText(date);
    }
  });
});

test.describe('cooperation pages', () => {
  const TOPICS = {
    'wspolpraca/dla-wystawcy': 'wystawca',
    'wspolpraca/dla-prelegenta': 'prelegent',
    'wspolpraca/dla-partnera': 'partner',
    'wspolpraca/dla-sponsora': 'sponsor',
    'wspolpraca/pracuj-z-nami': 'praca',
  } as const;

  for (const lang of ['pl', 'en-gb'] as const) {
    test(`each links to the contact form with its own subject (${lang})`, async ({ page }) => {
      for (const [path, topic] of Object.entries(TOPICS)) {
        await open(page, `/${lang}/${path}`);
        await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
        const links = main(page).locator(`a[href="/${lang}/kontakt?temat=${topic}"]`);
        await expect(links.first(), path).toBeVisible();
        await expect(main(page).locator('.info-benefits > li').first()).toBeVisible();
        await expect(main(page).locator('.info-steps > li')).toHaveCount(3);
      }
    });
  }

  test('show their figures and facts in the page language', async ({ page }) => {
    await open(page, '/de/wspolpraca/dla-wystawcy');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Für Aussteller');
    await expect(main(page)).toContainText('23. Oktober 2027 · Atlas Arena, Łódź + online');
    await expect(main(page).getByRole('definition').first()).toHaveText('3.500+');
    await expect(main(page).getByRole('link', { name: 'Anmeldeformular für Aussteller' }).first()).toHaveAttribute(
      'href',
      '/de/kontakt?temat=wystawca',
    );
    await open(page, '/pl/wspolpraca/dla-prelegenta');
    await expect(main(page)).toContainText('Pełną listę prelegentów opublikujemy 1 września 2027.');
    await expect(main(page).getByRole('definition').nth(1)).toHaveText('10 000+');
  });
});

test.describe('contact page', () => {
  for (const [lang, venueTitle, taxId] of [
    ['pl', 'Miejsce wydarzenia', 'NIP: 123-456-78-90'],
    ['es', 'Lugar del evento', 'NIF (NIP): 123-456-78-90'],
  ] as const) {
    test(`shows the venue, e-mail, phone and organiser (${lang})`, async ({ page }) => {
      await open(page, `/${lang}/kontakt`);
      await expect(main(page).getByRole('heading', { name: venueTitle, exact: true })).toBeVisible();
      await expect(main(page)).toContainText('Atlas Arena');
      await expect(main(page)).toContainText('al. Bandurskiego 7');
      await expect(main(page)).toContainText('Przykładowy Organizator sp. z o.o.');
      await expect(main(page)).toContainText(taxId);
      await expect(main(page).locator('a[href="mailto:kontakt@kongres-ai.pl"]').first()).toBeVisible();
      // The venue's accessibility block names the same phone for assistance.
      await expect(main(page).locator('a[href="tel:+48205550100"]').first()).toBeVisible();
      await expect(main(page).locator('a[href="mailto:media@kongres-ai.pl"]')).toBeVisible();
    });
  }
});

test.describe('legal pages', () => {
  test('the privacy policy names the controller, the processors and every browser storage key', async ({ page }) => {
    for (const [lang, controller, cookie] of [
      ['pl', 'Administrator danych', 'plik cookie'],
      ['de', 'Verantwortlicher', 'Cookie'],
    ] as const) {
      await open(page, `/${lang}/polityka-prywatnosci`);
      const text = main(page);
      await expect(text.getByRole('heading', { level: 2, name: new RegExp(controller) })).toBeVisible();
      await expect(text).toContainText('Przykładowy Organizator sp. z o.o., ul. Przykładowa 1, 00-000 Wrocław');
      await expect(text).toContainText('Stripe');
      await expect(text).toContainText('Cloudflare Workers KV');
      for (const key of ['i18nextLng', 'welcomePopupClosed', 'devNoticeClosed']) {
        await expect(text.locator('code', { hasText: key }).first()).toBeVisible();
      }
      await expect(text.locator('#cookies .storage-list__item').first()).toContainText(cookie);
      await expect(text).toContainText('SameSite=Lax');
      await expect(text.locator('.legal__section')).toHaveCount(7);
    }
  });

  test('the terms give the 14-day cancellation rule with its date', async ({ page }) => {
    await open(page, '/pl/regulamin');
    await expect(main(page).locator('.legal__section')).toHaveCount(3);
    await expect(main(page)).toContainText('Warunkiem udziału w kongresie jest zakup biletu.');
    await expect(main(page).locator('#participation-cancel')).toContainText(
      'najpóźniej 14 dni przed kongresem, czyli do 9 października 2027 włącznie',
    );
    await open(page, '/en-us/regulamin');
    await expect(main(page).locator('#participation-cancel')).toContainText(
      'up to 14 days before the congress, that is until October 9, 2027 inclusive',
    );
  });

  test('the table of contents jumps to the sections', async ({ page }) => {
    await open(page, '/en-gb/polityka-prywatnosci');
    await page.getByRole('navigation', { name: 'On this page' }).getByRole('link', { name: 'Your rights' }).click();
    await expect(page).toHaveURL(/#rights$/);
    await expect(page.getByRole('heading', { name: /Your rights/, level: 2 })).toBeInViewport();
  });

  test('everything the site keeps in the browser is listed in the privacy policy', async ({ page }) => {
    await open(page, '/pl/polityka-prywatnosci');
    const documented = await main(page).locator('.storage-list code').allTextContents();
    for (const path of ['/pl', '/de/kontakt', '/es/faq']) {
      await open(page, path);
      await page.waitForTimeout(800);
      await page.keyboard.press('Escape');
    }
    const stored = await page.evaluate(() => [
      ...Object.keys(localStorage),
      ...Object.keys(sessionStorage),
      ...document.cookie
        .split(';')
        .map((c) => c.trim().split('=')[0] ?? '')
        .filter(Boolean),
    ]);
    expect(stored.length).toBeGreaterThan(0);
    for (const key of stored) expect(documented, key).toContain(key);
  });
});

test.describe('press page', () => {
  for (const [lang, title] of [
    ['pl', 'Informacja prasowa'],
    ['en-gb', 'Press release'],
  ] as const) {
    test(`offers the press contact and four downloads with type and size (${lang})`, async ({ page }) => {
      await open(page, `/${lang}/dla-mediow`);
      await expect(main(page).locator('a[href="mailto:media@kongres-ai.pl"]').first()).toBeVisible();
      await expect(main(page).locator(`a[href="/${lang}/kontakt?temat=media"]`)).toBeVisible();
      const downloads = main(page).locator('.press-download a[download]');
      await expect(downloads).toHaveCount(4);
      await expect(downloads.first()).toHaveAccessibleName(new RegExp(`${title} \\(PDF, \\d+ kB\\)`));
      await expect(downloads.first()).toHaveAttribute(
        'href',
        `/press/kongres-ai-${EDITION_YEAR}-informacja-prasowa-${lang}.pdf`,
      );
      await expect(main(page).locator('.press-gallery img')).toHaveCount(4);
      // Drawings are offered as illustrations, never as photographs of an edition.
      for (const caption of await main(page).locator('.press-gallery figcaption > span').allTextContents()) {
        expect(caption).toMatch(/^(Ilustracja|Illustration): /);
      }
    });
  }

  test('every download answers 200 with its content type and the size the page shows', async ({ page, request }) => {
    const TYPES: Record<string, RegExp> = {
      pdf: /^application\/pdf/,
      zip: /^application\/zip/,
      jpg: /^image\/jpeg/,
    };
    for (const lang of LANGS) {
      await open(page, `/${lang}/dla-mediow`);
      const links = await main(page)
        .locator('a[download]')
        .evaluateAll((as) => as.map((a) => ({ href: a.getAttribute('href') ?? '', text: a.textContent ?? '' })));
      expect(links.length).toBe(8);
      for (const { href, text } of links) {
        const response = await request.get(href);
        expect(response.status(), href).toBe(200);
        const extension = href.slice(href.lastIndexOf('.') + 1);
        expect(response.headers()['content-type'], href).toMatch(TYPES[extension] ?? /^$/);
        const body = await response.body();
        const kilobytes = Math.max(1, Math.round(body.length / 1000));
        // The speakers' bios follow each publication, so the page gives their type only.
        if (href.includes('-prelegenci-')) expect(text, href).toMatch(/\(PDF\)$/);
        else expect(text.replace(/\D/g, ''), href).toContain(String(kilobytes));
        if (extension === 'pdf') expect(body.subarray(0, 5).toString()).toBe('%PDF-');
        if (extension === 'zip') expect(body.readUInt32LE(0)).toBe(0x04034b50);
      }
    }
  });

  test('the logo pack holds SVG logos', async ({ request }) => {
    const zip = await (await request.get('/press/kongres-ai-logo.zip')).body();
    const names = zip.toString('latin1').match(/kongres-ai-logo\/[\w-]+\.svg/g) ?? [];
    expect(new Set(names).size).toBeGreaterThanOrEqual(4);
    const svg = await request.get('/press/logo/kongres-ai-logo-kolor.svg');
    expect(svg.headers()['content-type']).toMatch(/^image\/svg\+xml/);
  });
});

test.describe('partnership page', () => {
  for (const [lang, booth, talks] of [
    ['pl', 'Stoisko na Expo AI', 'Wystąpienia w programie'],
    ['es', 'Estand en la AI Expo', 'Ponencias en el programa'],
  ] as const) {
    test(`shows Silver, Gold and Platinum with booth area, talks and features (${lang})`, async ({ page }) => {
      await open(page, `/${lang}/zostac-partnerem`);
      const tiers = main(page).locator('.partner-tier');
      await expect(tiers).toHaveCount(3);
      const expected = [
        ['Silver', '6 m²', '2', 1],
        ['Gold', '12 m²', '4', 2],
        ['Platinum', '24 m²', '6', 3],
      ] as const;
      for (const [index, [name, area, count, features]] of expected.entries()) {
        const tier = tiers.nth(index);
        await expect(tier.getByRole('heading', { level: 3 })).toHaveText(name);
        await expect(tier.getByRole('term').first()).toHaveText(booth);
        await expect(tier.getByRole('definition').first()).toHaveText(area);
        await expect(tier.getByRole('term').nth(1)).toHaveText(talks);
        await expect(tier.getByRole('definition').nth(1)).toHaveText(count);
        await expect(tier.locator('.partner-tier__features li')).toHaveCount(features);
        await expect(tier.getByRole('link')).toHaveAttribute('href', `/${lang}/kontakt?temat=partnerstwo`);
      }
    });
  }
});

test.describe('accessibility (axe, WCAG 2.2 AA)', () => {
  // Every page's scan (and its one h1) is in test/e2e/a11y.spec.ts; here, the states a scan of a page misses.
  test('the contact form in its error and preset states, and an open FAQ answer, have no violations', async ({
    page,
  }) => {
    await open(page, '/pl/kontakt?temat=wystawca');
    await expect(page.getByLabel('Temat')).not.toHaveValue('');
    await page.getByRole('button', { name: 'Wyślij wiadomość' }).click();
    await expect(page.locator('.contact-form__status')).toBeVisible();
    await expectNoAxeViolations(page, 'contact with errors');
    await open(page, '/es/faq');
    await page.locator('.accordion__button').first().click();
    await expectNoAxeViolations(page, 'faq open');
  });
});

test.describe('accessibility statement', () => {
  // Each language's footer link text, the statement's heading, its authority line and the example label.
  const STATEMENTS = [
    ['pl', 'Dostępność', 'Deklaracja dostępności', 'Przykład'],
    ['en-gb', 'Accessibility', 'Accessibility statement', 'Example'],
    ['en-us', 'Accessibility', 'Accessibility statement', 'Example'],
    ['de', 'Barrierefreiheit', 'Erklärung zur Barrierefreiheit', 'Beispiel'],
    ['es', 'Accesibilidad', 'Declaración de accesibilidad', 'Ejemplo'],
  ] as const;

  for (const [lang, link, title, example] of STATEMENTS) {
    test(`is reached from the footer and reads in full in ${lang}, with no axe violations`, async ({ page }) => {
      await open(page, `/${lang}/faq`);
      await page.getByRole('contentinfo').getByRole('link', { name: link, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/${lang}/dostepnosc$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
      // The EU model statement's parts, in order, then the venue.
      await expect(main(page).locator('.legal__section')).toHaveCount(6);
      await expect(main(page).locator('#status')).toContainText('WCAG 2.2');
      await expect(main(page).locator('#enforcement')).toContainText(
        'Prezes Państwowego Funduszu Rehabilitacji Osób Niepełnosprawnych',
      );
      await expect(main(page).getByRole('link', { name: 'www.pfron.org.pl' })).toHaveAttribute(
        'href',
        'https://www.pfron.org.pl',
      );
      // The answer time and the venue stay labelled as examples until the organisers confirm them.
      await expect(main(page).locator('#feedback .badge--example')).toHaveText(example);
      await expect(main(page).locator('#venue .badge--example')).toHaveText(example);
      await expect(main(page).locator('#venue li')).toHaveCount(5);
      await expectNoAxeViolations(page, `statement ${lang}`);
    });
  }

  test('the contact and ticket pages show the venue accessibility, labelled as an example, and link the statement', async ({
    page,
  }) => {
    for (const [path, heading] of [
      ['/pl/kontakt', 'Dostępność miejsca wydarzenia'],
      ['/de/kup-bilet', 'Barrierefreiheit des Veranstaltungsorts'],
    ] as const) {
      await open(page, path);
      const block = main(page).locator('.venue-access');
      await expect(main(page).getByRole('heading', { name: heading })).toBeVisible();
      await expect(block.locator('li')).toHaveCount(5);
      await expect(block.locator('.badge--example')).toBeVisible();
      await expect(
        block.getByRole('link', { name: /Deklaracja dostępności|Erklärung zur Barrierefreiheit/ }),
      ).toHaveAttribute('href', path.startsWith('/pl') ? '/pl/dostepnosc' : '/de/dostepnosc');
    }
  });
});

test.describe('travel and venue page', () => {
  const TRAVEL = [
    ['pl', 'Dojazd', 'Dojazd i nocleg', 'Przykład'],
    ['en-gb', 'Getting there', 'Getting there and staying', 'Example'],
    ['en-us', 'Getting there', 'Getting there and staying', 'Example'],
    ['de', 'Anreise', 'Anreise und Unterkunft', 'Beispiel'],
    ['es', 'Cómo llegar', 'Cómo llegar y dónde alojarse', 'Ejemplo'],
  ] as const;

  for (const [lang, link, title, example] of TRAVEL) {
    test(`is reached from the footer in ${lang}, with the hotels labelled as examples and no axe violations`, async ({
      page,
    }) => {
      await open(page, `/${lang}/kontakt`);
      await page.getByRole('contentinfo').getByRole('link', { name: link, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/${lang}/dojazd$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
      for (const id of ['train', 'city', 'car', 'plane', 'hotels'])
        await expect(main(page).locator(`#${id} h2`)).not.toBeEmpty();
      await expect(main(page).locator('#hotels li')).toHaveCount(3);
      await expect(main(page).locator('#hotels .badge--example')).toHaveText(example);
      await expect(main(page).locator('#car .badge--example')).toHaveText(example);
      await expect(main(page).locator('#car')).toContainText('al. Bandurskiego 7, 94-020 Łódź');
      await expect(main(page).locator('#accessibility a')).toHaveAttribute('href', `/${lang}/dostepnosc#venue`);
      await expectNoAxeViolations(page, `travel ${lang}`);
    });
  }
});
