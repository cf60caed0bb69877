import { AWARD_CATEGORIES } from '../../site/awards';
import { type CalendarEntry, calendarSlug } from '../../site/calendar';
import { BRAND, EDITION_YEAR, EVENT, SITE_ORIGIN } from '../../site/event';
import { interpolate, siteFacts } from '../../site/facts';
import { formatList, formatNumber } from '../../site/format';
import type { LanguageCode } from '../../site/languages';
import { href } from '../../site/pages';
import type { RoomId } from '../../site/program';
import { catalogue } from '../catalogues';
import type { CalendarSession } from '../content/session-calendar';
import { icsDocument, textProperty } from './ics';

/**
 * The calendar files of the congress, its shows and its published sessions (RFC 5545), in a
 * language: served by the calendar route and attached to the confirmation e-mail.
 */
/** What one VEVENT says, resolved for a language. */
type CalendarEvent = {
  id: string;
  start: string;
  end: string;
  room: RoomId | null;
  title: string;
  description: string[];
  url: string;
};

/** Title and description of the congress or a show in a language. */
function fixedEvent(entry: CalendarEntry, lang: LanguageCode): CalendarEvent {
  const t = catalogue('events', lang);
  const base = {
    id: entry.id,
    start: entry.start,
    end: entry.end,
    room: entry.kind === 'congress' ? null : entry.room,
    url: SITE_ORIGIN + href(lang, entry.page),
  };
  if (entry.kind === 'congress') {
    return {
      ...base,
      title: interpolate(t.calendar.congressTitle, siteFacts(lang)),
      description: [interpolate(t.calendar.congressDescription, siteFacts(lang))],
    };
  }
  if (entry.kind === 'session') throw new Error('sessions come from the content store');
  const number = formatNumber(lang, AWARD_CATEGORIES.length);
  return {
    ...base,
    title: interpolate(t.calendar.summary, { title: t.shows[entry.id].name }),
    description: [interpolate(t.shows[entry.id].summary, { number })],
  };
}

/** A published session in a language: its texts (Polish where missing) and its published speakers. */
function sessionEvent(session: CalendarSession, lang: LanguageCode): CalendarEvent {
  const t = catalogue('events', lang);
  const texts = session.textsIn(lang);
  const names = formatList(lang, session.speakerNames);
  return {
    id: session.id,
    start: session.start,
    end: session.end,
    room: session.room,
    title: interpolate(t.calendar.summary, { title: texts.title }),
    description: [
      ...(session.speakerNames.length ? [interpolate(t.calendar.speakers, { names })] : []),
      texts.abstract,
    ],
    url: SITE_ORIGIN + href(lang, 'program'),
  };
}

/** Where an event takes place: its room (if any), then the venue's name and address. */
function location(event: CalendarEvent, lang: LanguageCode): string {
  const { name, street, postalCode, city } = EVENT.venue;
  const room = event.room ? [catalogue('events', lang).program.rooms[event.room]] : [];
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

/** The whole `.ics` document of the congress or a show (also attached to the confirmation e-mail). */
export function icsFor(entry: CalendarEntry, lang: LanguageCode, now: Date): string {
  return calendarDocument(fixedEvent(entry, lang), lang, now);
}

/** The whole `.ics` document of a published session. */
export function sessionIcs(session: CalendarSession, lang: LanguageCode, now: Date): string {
  return calendarDocument(sessionEvent(session, lang), lang, now);
}

/**
 * One calendar of a holder's or a visitor's starred sessions (the ticket page's feed, the
 * programme page's download): each published session as the session's own file writes it, with
 * the same UID, so a calendar that has one of them already updates it instead of adding another.
 * A feed is read again by the calendar (REFRESH-INTERVAL, RFC 7986; its older X- form too), so a
 * session moved or retitled since shows as it is now, and one unpublished since drops out.
 */
export function agendaIcs(sessions: readonly CalendarSession[], lang: LanguageCode, now: Date, name: string): string {
  return calendarDocument(
    sessions.map((session) => sessionEvent(session, lang)),
    lang,
    now,
    [
      textProperty('NAME', name),
      textProperty('X-WR-CALNAME', name),
      'REFRESH-INTERVAL;VALUE=DURATION:PT1H',
      'X-PUBLISHED-TTL:PT1H',
    ],
  );
}

function calendarDocument(
  events: CalendarEvent | readonly CalendarEvent[],
  lang: LanguageCode,
  now: Date,
  header: readonly string[] = [],
): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${BRAND.name} ${BRAND.highlight} ${BRAND.suffix}//Program ${EDITION_YEAR}//${lang.toUpperCase()}`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    ...header,
    ...VTIMEZONE,
    ...(Array.isArray(events) ? events : [events]).flatMap((event: CalendarEvent) => eventLines(event, lang, now)),
    'END:VCALENDAR',
  ];
  return icsDocument(lines);
}

function eventLines(event: CalendarEvent, lang: LanguageCode, now: Date): string[] {
  const { title, description, url } = event;
  return [
    'BEGIN:VEVENT',
    // The same UID in every language, so a calendar updates the entry instead of duplicating it.
    `UID:${calendarSlug(event.id)}-${EVENT.date}@${new URL(SITE_ORIGIN).hostname}`,
    `DTSTAMP:${utcDateTime(now)}`,
    `DTSTART;TZID=${EVENT.timeZone}:${localDateTime(event.start)}`,
    `DTEND;TZID=${EVENT.timeZone}:${localDateTime(event.end)}`,
    textProperty('SUMMARY', title),
    textProperty('DESCRIPTION', [...description, url].join('\n\n')),
    textProperty('LOCATION', location(event, lang)),
    `URL:${url}`,
    'STATUS:CONFIRMED',
    'TRANSP:OPAQUE',
    'END:VEVENT',
  ];
}
