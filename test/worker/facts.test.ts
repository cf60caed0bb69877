import { describe, expect, it } from 'vitest';
import { CALENDAR_ENTRIES, calendarPath } from '../../site/calendar';
import { DATA_KIND_IDS, lastDayKept } from '../../site/data-map';
import { EDITION_YEAR, EVENT, FIGURES, FIRST_YEAR } from '../../site/event';
import { siteFacts } from '../../site/facts';
import { formatDate, formatNumber, formatTime } from '../../site/format';
import { LANGUAGES, manifestPath } from '../../site/languages';
import { href, PAGES } from '../../site/pages';
import { PRIVACY_POLICY_DATE } from '../../site/privacy';
import { SESSIONS } from '../../site/program';
import { SHOWS } from '../../site/shows';
import { TERMS_DATE } from '../../site/terms';
import { PRODUCTS, priceAt, priceBreakdown } from '../../site/tickets';
import { ORIGIN, visit } from './platform';

// Every date, time and figure that the pages, the JSON-LD, the calendar files and the manifests
// show must be one that site/ holds, formatted by site/format.ts: nothing typed twice can drift.
const get = (path: string) => visit(ORIGIN + path);

const visibleText = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    // The first screen's inline rules (scripts/critical-css.ts): numbers of a stylesheet, not facts.
    .replace(/<style[\s\S]*?<\/style>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;|&#160;/g, '\u00a0')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&');

const TIMES = [
  EVENT.startTime,
  EVENT.endTime,
  ...SESSIONS.flatMap((s) => [s.start, s.end]),
  ...SHOWS.flatMap((s) => [s.start, s.end]),
];
const HEADLINE = Object.values(FIGURES);
// Years a page may name: the edition's, the footer's first year up to the build's, and the dates of
// the legal documents' current versions.
const YEARS = new Set([
  EDITION_YEAR,
  ...Array.from({ length: new Date().getFullYear() - FIRST_YEAR + 1 }, (_, i) => FIRST_YEAR + i),
  Number(TERMS_DATE.slice(0, 4)),
  Number(PRIVACY_POLICY_DATE.slice(0, 4)),
  // The last days the privacy policy says data bound to the event is kept (site/data-map.ts).
  ...DATA_KIND_IDS.flatMap((kind) => lastDayKept(kind) ?? []).map((day) => Number(day.slice(0, 4))),
]);

describe.each(LANGUAGES)('facts on the $code pages', (lang) => {
  const facts = siteFacts(lang.code);
  const times = new Set(TIMES.map((time) => formatTime(lang.code, time)));
  const figures = new Set(HEADLINE.map((n) => formatNumber(lang.code, n)));

  it.each(PAGES.map((p) => [href(lang.code, p.id)]))(
    '%s names only site/ times, years and headline figures',
    async (path) => {
      const text = visibleText(await (await get(path)).text());
      const shownTimes = text.match(/\b\d{1,2}:\d{2}(?:\s?[AP]M)?/g) ?? [];
      for (const time of shownTimes) expect(times, `${path}: ${time}`).toContain(time);
      for (const year of text.match(/\b20\d\d\b/g) ?? []) expect(YEARS, `${path}: ${year}`).toContain(Number(year));
      // A figure with a plus ("3 500+") is a headline figure.
      for (const [, figure = ''] of text.matchAll(/(?<![\d-])(\d{1,3}(?:[\s\u00a0.,]\d{3})*|\d+)\+(?!\d)/g)) {
        expect(figures, `${path}: ${figure}+`).toContain(figure);
      }
    },
  );

  it('shows the date, hours and venue in the home hero and every edition date as site/ formats it', async () => {
    const home = visibleText(await (await get(href(lang.code, 'home'))).text());
    expect(home).toContain(facts.date);
    expect(home).toContain(`${facts.start}–${facts.end}`);
    expect(home).toContain(EVENT.venue.name);
    const faq = visibleText(await (await get(href(lang.code, 'faq'))).text());
    expect(faq).toContain(facts.deadline);
    expect(faq).toContain(formatDate(lang.code, EVENT.listsPublishedOn));
  });

  it('describes the event in JSON-LD with the dates, hours and prices of site/', async () => {
    const html = await (await get(href(lang.code, 'home'))).text();
    const event = JSON.parse(html.match(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/s)?.[1] ?? 'null');
    expect(event.startDate).toBe(`${EVENT.date}T${EVENT.startTime}:00${EVENT.utcOffset}`);
    expect(event.endDate).toBe(`${EVENT.date}T${EVENT.endTime}:00${EVENT.utcOffset}`);
    expect(event.name).toContain(String(EDITION_YEAR));
    // Every product at its price of the moment (the worker writes the offers as it serves the page).
    expect(event.offers.map((o: { price: string }) => o.price)).toEqual(
      PRODUCTS.map((p) => (priceBreakdown(priceAt(p, Date.now()).net).gross / 100).toFixed(2)),
    );
  });

  it('puts the times of site/ into every calendar file', async () => {
    const day = EVENT.date.replaceAll('-', '');
    for (const entry of CALENDAR_ENTRIES) {
      const ics = await (await get(calendarPath(lang.code, entry.id))).text();
      expect(ics).toContain(`DTSTART;TZID=${EVENT.timeZone}:${day}T${entry.start.replace(':', '')}00`);
      expect(ics).toContain(`DTEND;TZID=${EVENT.timeZone}:${day}T${entry.end.replace(':', '')}00`);
      for (const year of ics.match(/\b20\d\d\b/g) ?? [])
        expect([EDITION_YEAR, new Date().getUTCFullYear()]).toContain(Number(year));
    }
  });

  it('builds its own manifest with the date, hours and city of site/', async () => {
    const response = await get(manifestPath(lang.code));
    expect(response.status).toBe(200);
    const manifest = (await response.json()) as { lang: string; start_url: string; description: string };
    expect(manifest.lang).toBe(lang.code);
    expect(manifest.start_url).toBe(href(lang.code, 'home'));
    for (const fact of [facts.date, facts.start, facts.end, facts.city]) expect(manifest.description).toContain(fact);
  });
});
