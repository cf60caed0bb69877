import { EVENT } from './event';
import { type LanguageCode, language } from './languages';
import type { PageId } from './pages';
import { type LocalTime, type RoomId, SESSIONS } from './program';
import { SHOWS, type ShowId } from './shows';

/** Where the worker serves calendar files; `calendarPath` builds the full path. */
export const CALENDAR_BASE = '/api/calendar';

/**
 * Something a visitor can add to a calendar: the whole congress, a session or a show. A session's
 * id is its content store id (any published session has a file; worker/routes/calendar.ts).
 */
export type CalendarEntry =
  | { kind: 'congress'; id: 'congress'; start: LocalTime; end: LocalTime; page: PageId }
  | { kind: 'session'; id: string; start: LocalTime; end: LocalTime; room: RoomId; page: PageId }
  | { kind: 'show'; id: ShowId; start: LocalTime; end: LocalTime; room: RoomId; page: PageId };

const calendarEntries = (): readonly CalendarEntry[] => [
  { kind: 'congress', id: 'congress', start: EVENT.startTime, end: EVENT.endTime, page: 'program' },
  ...SESSIONS.map((s) => ({
    kind: 'session' as const,
    id: s.id,
    start: s.start,
    end: s.end,
    room: s.room,
    page: 'program' as const,
  })),
  ...SHOWS.map((s) => ({ kind: 'show' as const, id: s.id, start: s.start, end: s.end, room: s.room, page: s.page })),
];

/**
 * Every calendar entry of site/ (the example sessions among them), all on the event day. Pure, so that a bundle that only builds links (the
 * order page's island) leaves it, the programme and the shows out.
 */
export const CALENDAR_ENTRIES: readonly CalendarEntry[] = /* @__PURE__ */ calendarEntries();

/** The URL slug of an entry id: `aiStrategy` -> `ai-strategy`. */
export const calendarSlug = (id: CalendarEntry['id']) => id.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** The entry whose slug matches, if any. */
export function findCalendarEntry(slug: string): CalendarEntry | undefined {
  return CALENDAR_ENTRIES.find((e) => calendarSlug(e.id) === slug);
}

/**
 * The congress or show whose slug matches, if any: the entries that are facts of site/. Sessions
 * are content: the worker finds them among the published ones.
 */
export function findFixedCalendarEntry(slug: string): CalendarEntry | undefined {
  return CALENDAR_ENTRIES.find((e) => e.kind !== 'session' && calendarSlug(e.id) === slug);
}

/** Path of the `.ics` file of an entry in a language: `/api/calendar/de/ai-strategy.ics`. */
export function calendarPath(lang: LanguageCode, id: CalendarEntry['id']): string {
  return `${CALENDAR_BASE}/${language(lang).prefix}/${calendarSlug(id)}.ics`;
}

/** The programme page's personal agenda as one file: `/api/calendar/<prefix>/agenda.ics?s=<id>,<id>`. */
export const AGENDA_FILE = 'agenda.ics';
/** The query parameter that lists the starred sessions' ids, comma-separated. */
export const AGENDA_QUERY = 's';
/** How many sessions one downloaded agenda holds at most (the day has far fewer). */
export const AGENDA_MAX_SESSIONS = 100;

/** Path of the agenda file of some sessions in a language (worker/routes/calendar.ts). */
export function agendaPath(lang: LanguageCode, ids: readonly string[]): string {
  return `${CALENDAR_BASE}/${language(lang).prefix}/${AGENDA_FILE}?${AGENDA_QUERY}=${ids.map(encodeURIComponent).join(',')}`;
}

/**
 * Links that add the whole congress to Google Calendar and Outlook (on the web), for the order
 * page; the `.ics` file of the congress is `calendarPath(lang, 'congress')`.
 */
export function congressCalendarLinks(title: string, location: string): { google: string; outlook: string } {
  const day = EVENT.date.replaceAll('-', '');
  const compact = (time: string) => `${day}T${time.replace(':', '')}00`;
  const google = new URL('https://calendar.google.com/calendar/render');
  google.search = new URLSearchParams({
    action: 'TEMPLATE',
    text: title,
    dates: `${compact(EVENT.startTime)}/${compact(EVENT.endTime)}`,
    ctz: EVENT.timeZone,
    location,
  }).toString();
  const outlook = new URL('https://outlook.live.com/calendar/0/deeplink/compose');
  outlook.search = new URLSearchParams({
    path: '/calendar/action/compose',
    rru: 'addevent',
    subject: title,
    startdt: `${EVENT.date}T${EVENT.startTime}:00${EVENT.utcOffset}`,
    enddt: `${EVENT.date}T${EVENT.endTime}:00${EVENT.utcOffset}`,
    location,
  }).toString();
  return { google: google.toString(), outlook: outlook.toString() };
}
