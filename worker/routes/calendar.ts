import { Hono } from 'hono';
import de from '../../locales/de/events.json';
import enGB from '../../locales/en-GB/events.json';
import enUS from '../../locales/en-US/events.json';
import es from '../../locales/es/events.json';
import pl from '../../locales/pl/events.json';
import { AWARD_CATEGORIES } from '../../site/awards';
import { type CalendarEntry, calendarSlug, findCalendarEntry } from '../../site/calendar';
import { BRAND, EDITION_YEAR, EVENT, SITE_ORIGIN } from '../../site/event';
import { interpolate, siteFacts } from '../../site/facts';
import { formatList, formatNumber } from '../../site/format';
import { findLanguage, type LanguageCode } from '../../site/languages';
import { href } from '../../site/pages';
import { SESSIONS } from '../../site/program';
import { speaker } from '../../site/speakers';
import type { AppEnv } from '../env';

type Catalogue = typeof pl;
const CATALOGUES: Record<LanguageCode, Catalogue> = { pl, 'en-GB': enGB, 'en-US': enUS, de, es };

/**
 * `GET /api/calendar/:lang/:slug.ics`: an iCalendar file (RFC 5545) for the whole congress, a
 * session or a show, with its texts in the language of the prefix. Unknown ids answer 404 JSON.
 */
export const calendar = new Hono<AppEnv>();

calendar.get('/:lang/:file', (c) => {
  const lang = findLanguage(c.req.param('lang'));
  const slug = /^([a-z0-9-]+)\.ics$/.exec(c.req.param('file'))?.[1];
  const entry = slug ? findCalendarEntry(slug) : undefined;
  if (!lang || !entry) return c.json({ error: 'not_found' }, 404);
  return c.body(icsFor(entry, lang.code, new Date()), 200, {
    'Content-Type': 'text/calendar; charset=utf-8',
    'Content-Disposition': `attachment; filename="kongres-ai-${calendarSlug(entry.id)}-${lang.prefix}.ics"`,
    'Cache-Control': 'public, max-age=3600',
  });
});

calendar.all('*', (c) => c.json({ error: 'not_found' }, 404));

/** Title and description of an entry in a language. */
function texts(entry: CalendarEntry, lang: LanguageCode): { title: string; description: string[] } {
  const t = CATALOGUES[lang];
  if (entry.kind === 'congress') {
    return {
      title: interpolate(t.calendar.congressTitle, siteFacts(lang)),
      description: [interpolate(t.calendar.congressDescription, siteFacts(lang))],
    };
  }
  if (entry.kind === 'session') {
    const session = SESSIONS.find((s) => s.id === entry.id);
    const names = formatList(lang, session?.speakers.map((id) => speaker(id).name) ?? []);
    const title = interpolate(t.calendar.summary, { title: t.program.sessions[entry.id].title });
    return {
      title,
      description: [interpolate(t.calendar.speakers, { names }), t.program.sessions[entry.id].abstract],
    };
  }
  const number = formatNumber(lang, AWARD_CATEGORIES.length);
  return {
    title: interpolate(t.calendar.summary, { title: t.shows[entry.id].name }),
    description: [interpolate(t.shows[entry.id].summary, { number })],
  };
}

/** Where an entry takes place: its room (if any), then the venue's name and address. */
function location(entry: CalendarEntry, lang: LanguageCode): string {
  const { name, street, postalCode, city } = EVENT.venue;
  const room = entry.kind === 'congress' ? [] : [CATALOGUES[lang].program.rooms[entry.room]];
  return [...room, name, street, `${postalCode} ${city}`].join(', ');
}

// Europe/Warsaw since 1996: CEST from the last Sunday of March, CET from the last Sunday of October.
const VTIMEZONE = [
  'BEGIN:VTIMEZONE',
  `TZID:${EVENT.timeZone}`,
  'BEGIN:DAYLIGHT',
  'TZOFFSETFROM:+0100',
  'TZOFFSETTO:+0200',
  'TZNAME:CEST',
  'DTSTART:19700329T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
  'END:DAYLIGHT',
  'BEGIN:STANDARD',
  'TZOFFSETFROM:+0200',
  'TZOFFSETTO:+0100',
  'TZNAME:CET',
  'DTSTART:19701025T030000',
  'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
  'END:STANDARD',
  'END:VTIMEZONE',
];

/** The event day at a local time, in iCalendar's basic format: 20271023T100000. */
const localDateTime = (time: string) => `${EVENT.date.replaceAll('-', '')}T${time.replace(':', '')}00`;

/** A UTC instant in iCalendar's basic format: 20270901T120000Z. */
const utcDateTime = (date: Date) => `${date.toISOString().replace(/[-:]/g, '').slice(0, 15)}Z`;

/** Escapes a TEXT value (RFC 5545, 3.3.11). */
const escapeText = (value: string) =>
  value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');

const encoder = new TextEncoder();

/**
 * Folds a content line at 75 octets (RFC 5545, 3.1) without splitting a UTF-8 character or an
 * escape sequence such as `\,`, which some readers do not reassemble.
 */
function fold(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const [char] of line.matchAll(/\\.|./gsu)) {
    const size = encoder.encode(char).length;
    // Continuation lines start with a space, which counts towards their 75 octets.
    const limit = parts.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** The whole `.ics` document of one entry (also attached to the confirmation e-mail). */
export function icsFor(entry: CalendarEntry, lang: LanguageCode, now: Date): string {
  const { title, description } = texts(entry, lang);
  const url = SITE_ORIGIN + href(lang, entry.page);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${BRAND.name} ${BRAND.highlight} ${BRAND.suffix}//Program ${EDITION_YEAR}//${lang.toUpperCase()}`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    ...VTIMEZONE,
    'BEGIN:VEVENT',
    // The same UID in every language, so a calendar updates the entry instead of duplicating it.
    `UID:${calendarSlug(entry.id)}-${EVENT.date}@${new URL(SITE_ORIGIN).hostname}`,
    `DTSTAMP:${utcDateTime(now)}`,
    `DTSTART;TZID=${EVENT.timeZone}:${localDateTime(entry.start)}`,
    `DTEND;TZID=${EVENT.timeZone}:${localDateTime(entry.end)}`,
    `SUMMARY:${escapeText(title)}`,
    `DESCRIPTION:${escapeText([...description, url].join('\n\n'))}`,
    `LOCATION:${escapeText(location(entry, lang))}`,
    `URL:${url}`,
    'STATUS:CONFIRMED',
    'TRANSP:OPAQUE',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}
