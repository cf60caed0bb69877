/// <reference types="vite/client" />
import { SELF } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import deEmail from '../../locales/de/email.json';
import deFaq from '../../locales/de/faq.json';
import deTickets from '../../locales/de/tickets.json';
import enGBEmail from '../../locales/en-GB/email.json';
import enGBFaq from '../../locales/en-GB/faq.json';
import enGBTickets from '../../locales/en-GB/tickets.json';
import enUSEmail from '../../locales/en-US/email.json';
import enUSFaq from '../../locales/en-US/faq.json';
import enUSTickets from '../../locales/en-US/tickets.json';
import esEmail from '../../locales/es/email.json';
import esFaq from '../../locales/es/faq.json';
import esTickets from '../../locales/es/tickets.json';
import plEmail from '../../locales/pl/email.json';
import plFaq from '../../locales/pl/faq.json';
import plTickets from '../../locales/pl/tickets.json';
import { FAQ_ITEMS } from '../../site/faq';
import { formatNumber } from '../../site/format';
import { LANGUAGES } from '../../site/languages';
import { MAX_TICKETS } from '../../site/orders';
import { href } from '../../site/pages';
import { vatTreatment } from '../../site/tax-rules';
import { VAT_RATE_PERCENT } from '../../site/tickets';
import { standardRate } from '../../site/vat-rates';

// Texts that promise something say what the product does (issue 49, "every promise true"): a group
// buys up to MAX_TICKETS named tickets in the dialog, not through the contact form.
const CATALOGUES = {
  pl: { tickets: plTickets, faq: plFaq, email: plEmail },
  'en-GB': { tickets: enGBTickets, faq: enGBFaq, email: enGBEmail },
  'en-US': { tickets: enUSTickets, faq: enUSFaq, email: enUSEmail },
  de: { tickets: deTickets, faq: deFaq, email: deEmail },
  es: { tickets: esTickets, faq: esFaq, email: esEmail },
} as const;
const catalogue = <N extends 'tickets' | 'faq' | 'email'>(ns: N, lang: keyof typeof CATALOGUES) =>
  CATALOGUES[lang][ns] as (typeof CATALOGUES)['pl'][N];
const page = async (path: string) => (await SELF.fetch(`https://kongres.test${path}`)).text();
// Intl and the catalogues may put no-break spaces in figures, the page escapes apostrophes and quotes.
const plain = (text: string) =>
  text
    .replace(/[\u00a0\u202f]/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');

describe.each(LANGUAGES)('what $label texts promise', (lang) => {
  it('sells a group its tickets in one order, up to the dialog’s limit, on the tickets page and in the FAQ', async () => {
    const max = formatNumber(lang.code, MAX_TICKETS);
    const tickets = plain(await page(href(lang.code, 'tickets')));
    const texts = catalogue('tickets', lang.code);
    expect(tickets).toContain(plain(texts.plans.groupText.replace('{{maxTickets}}', max)));
    // Said once on the page: the on-site section does not send groups elsewhere.
    expect(texts.onsite.lead).not.toMatch(/kontakt|contact/i);
    const faq = catalogue('faq', lang.code).items.groupTickets.answer;
    expect(faq).toContain('{{maxTickets}}');
    expect(FAQ_ITEMS.find((item) => item.id === 'groupTickets')?.link).toBe('tickets');
    const faqPage = plain(await page(href(lang.code, 'faq')));
    expect(faqPage).toContain(plain(faq.replace('{{maxTickets}}', max)).slice(0, 60));
  });

  it('says under the prices that an online plan bought from abroad may carry another VAT than 23%', async () => {
    // An online plan is taxed where its buyer is (issue 48): a German consumer pays German VAT under
    // OSS, a business outside the EU none. One rate for every plan would misstate what is charged.
    const abroad = { invoice: null, country: 'DE', vatConfirmed: false };
    const oss = { oss: true, rate: (country: string) => standardRate(country, '2027-10-23') };
    expect(vatTreatment('online', abroad, oss).rate).not.toBe(VAT_RATE_PERCENT);
    const note = catalogue('tickets', lang.code).plans.netNote;
    expect(note).toMatch(/online/i);
    expect(plain(await page(href(lang.code, 'tickets')))).toContain(
      plain(note.replace('{{vat}}', String(VAT_RATE_PERCENT))),
    );
  });

  it('promises no virtual-space e-mail, no certificate by e-mail and no app to install before the congress', () => {
    const faq = catalogue('faq', lang.code).items;
    const email = catalogue('email', lang.code).confirmation;
    // Online access is the ticket's own page, the certificate a download from it; the networking app
    // is a link on that page for the plans that include it.
    for (const text of [faq.onlineAccess.answer, faq.eCertificate.answer, faq.whatToBring.answer, email.event.online])
      expect(text).not.toMatch(/wirtualn|virtual|virtuell|espacio virtual/i);
    expect(faq.whatToBring.answer).not.toMatch(/aplikac|\bapp\b|App\b/i);
  });
});

// Every catalogue of every language, to read each text with its key path.
const ALL_CATALOGUES = import.meta.glob<Record<string, unknown>>('../../locales/*/*.json', {
  eager: true,
  import: 'default',
});
const texts = function* (node: unknown, path: string): Generator<[string, string]> {
  if (typeof node === 'string') yield [path, node];
  else if (node && typeof node === 'object')
    for (const [key, value] of Object.entries(node)) yield* texts(value, path ? `${path}.${key}` : key);
};
// The only texts that may say "virtual": the Miss and Mister AI contests' AI-made characters, the
// awards' games-and-virtual-worlds category and the influencer zone's virtual influencers. None of
// them is a place online participants enter.
const VIRTUAL_BUT_NO_PLACE = new Set([
  'common:pages.missAi.description',
  'common:pages.misterAi.description',
  'events:shows.missAi.summary',
  'events:shows.misterAi.summary',
  'events:gala.reasons.firstOfItsKind.text',
  'events:gala.reasons.behindTheScenes.text',
  'events:gala.missAi.lead',
  'events:gala.missAi.intro1',
  'events:gala.misterAi.lead',
  'events:gala.misterAi.intro1',
  'events:awards.categories.gameDesign',
  'events:zones.items.influencerAI.text',
  'home:shows.items.missAi.text',
]);

describe('what online participants get', () => {
  it('reads every language’s catalogues', () => {
    expect(Object.keys(ALL_CATALOGUES).filter((file) => file.includes('/locales/pl/')).length).toBeGreaterThan(10);
    for (const lang of LANGUAGES)
      expect(Object.keys(ALL_CATALOGUES).filter((file) => file.includes(`/locales/${lang.code}/`)).length).toBe(
        Object.keys(ALL_CATALOGUES).filter((file) => file.includes('/locales/pl/')).length,
      );
  });

  it.each(LANGUAGES)('no $code catalogue promises a virtual space, expo, chat or tables', (lang) => {
    // Online participants get the live stream, recordings and their plan's services on the ticket's
    // page; there is no virtual space, expo, chat or networking zone (issue 49, "every promise true").
    const place =
      /wirtualn\S* (przestrze|expo|stolik|stref)|virtual (space|expo|tables?|networking|area|venue|booth|stand)|virtuell\S* (Raum|Kongressraum|Expo|Tisch|Networking|Bereich)|(espacio|mesas?|zona|expo\S*) virtual|\bw czacie\b|\bin the chat\b|\bim Chat\b|\ben el chat\b/i;
    const found: string[] = [];
    for (const [file, catalogue] of Object.entries(ALL_CATALOGUES)) {
      if (!file.includes(`/locales/${lang.code}/`)) continue;
      const ns = file.replace(/^.*\/(\w+)\.json$/, '$1');
      for (const [path, text] of texts(catalogue, '')) {
        const key = `${ns}:${path}`;
        if (place.test(text)) found.push(`${key}: ${text}`);
        else if (/wirtual|virtual|virtuell/i.test(text) && !VIRTUAL_BUT_NO_PLACE.has(key))
          found.push(`${key}: ${text}`);
      }
    }
    expect(found).toEqual([]);
  });
});
