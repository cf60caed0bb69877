import { SELF } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import de from '../../locales/de/events.json';
import pl from '../../locales/pl/events.json';
import { CALENDAR_ENTRIES, calendarPath, calendarSlug } from '../../site/calendar';
import { LANGUAGES } from '../../site/languages';
import { ORIGIN } from './platform';

const get = (path: string) => SELF.fetch(`${ORIGIN}${path}`, { redirect: 'manual' });

type Property = { name: string; params: Record<string, string>; value: string };

/** Unfolds the content lines (RFC 5545, 3.1) and splits each into name, parameters and value. */
function parse(ics: string): Property[] {
  return ics
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n')
    .filter((line) => line !== '')
    .map((line) => {
      const colon = line.indexOf(':');
      const [name = '', ...params] = line.slice(0, colon).split(';');
      return {
        name,
        params: Object.fromEntries(params.map((p) => p.split('=') as [string, string])),
        value: line.slice(colon + 1),
      };
    });
}

/** Undoes TEXT escaping: `\,` `\;` `\\` `\n`. */
const unescapeText = (value: string) =>
  value.replace(/\\([\\;,nN])/g, (_, c: string) => (c.toLowerCase() === 'n' ? '\n' : c));

/** The properties of the first component with that name, by property name. */
function component(properties: Property[], name: string): Map<string, Property> {
  const start = properties.findIndex((p) => p.name === 'BEGIN' && p.value === name);
  const end = properties.findIndex((p, i) => i > start && p.name === 'END' && p.value === name);
  expect(start, `BEGIN:${name}`).toBeGreaterThanOrEqual(0);
  expect(end, `END:${name}`).toBeGreaterThan(start);
  return new Map(properties.slice(start + 1, end).map((p) => [p.name, p]));
}

async function calendarOf(path: string) {
  const res = await get(path);
  expect(res.status, path).toBe(200);
  const text = await res.text();
  const properties = parse(text);
  return { res, text, properties, event: component(properties, 'VEVENT') };
}

describe('calendar files', () => {
  it('serves a session as a UTF-8 iCalendar attachment', async () => {
    const { res } = await calendarOf('/api/calendar/pl/ai-strategy.ics');
    expect(res.headers.get('Content-Type')).toBe('text/calendar; charset=utf-8');
    expect(res.headers.get('Content-Disposition')).toMatch(/^attachment; filename="[a-z0-9-]+\.ics"$/);
  });

  it('declares version, product and the Europe/Warsaw time zone', async () => {
    const { properties } = await calendarOf('/api/calendar/pl/ai-strategy.ics');
    expect(properties[0]).toMatchObject({ name: 'BEGIN', value: 'VCALENDAR' });
    expect(properties.at(-1)).toMatchObject({ name: 'END', value: 'VCALENDAR' });
    const calendar = new Map(properties.map((p) => [p.name, p]));
    expect(calendar.get('VERSION')?.value).toBe('2.0');
    expect(calendar.get('PRODID')?.value).toMatch(/^-\/\/.+\/\/.+/);
    const zone = component(properties, 'VTIMEZONE');
    expect(zone.get('TZID')?.value).toBe('Europe/Warsaw');
    const summer = component(properties, 'DAYLIGHT');
    expect(summer.get('TZOFFSETTO')?.value).toBe('+0200');
    const winter = component(properties, 'STANDARD');
    expect(winter.get('TZOFFSETTO')?.value).toBe('+0100');
  });

  it('gives the session its local start and end in Europe/Warsaw', async () => {
    const { event } = await calendarOf('/api/calendar/pl/ai-strategy.ics');
    expect(event.get('DTSTART')).toEqual({
      name: 'DTSTART',
      params: { TZID: 'Europe/Warsaw' },
      value: '20271023T100000',
    });
    expect(event.get('DTEND')?.params.TZID).toBe('Europe/Warsaw');
    expect(event.get('DTEND')?.value).toBe('20271023T110000');
    expect(event.get('DTSTAMP')?.value).toMatch(/^\d{8}T\d{6}Z$/);
    expect(event.get('UID')?.value).toMatch(/^ai-strategy-2027-10-23@/);
  });

  it('ends the last session at 17:15 and the whole congress at 21:00 with the evening shows', async () => {
    const panel = await calendarOf('/api/calendar/en-gb/open-models-panel.ics');
    expect(panel.event.get('DTSTART')?.value).toBe('20271023T161500');
    expect(panel.event.get('DTEND')?.value).toBe('20271023T171500');
    const congress = await calendarOf('/api/calendar/de/congress.ics');
    expect(congress.event.get('DTSTART')?.value).toBe('20271023T100000');
    expect(congress.event.get('DTEND')?.value).toBe('20271023T210000');
  });

  it('writes the summary, description and room in the requested language', async () => {
    const polish = await calendarOf('/api/calendar/pl/ai-strategy.ics');
    const german = await calendarOf('/api/calendar/de/ai-strategy.ics');
    expect(unescapeText(polish.event.get('SUMMARY')?.value ?? '')).toContain(pl.program.sessions.aiStrategy.title);
    expect(unescapeText(german.event.get('SUMMARY')?.value ?? '')).toContain(de.program.sessions.aiStrategy.title);
    expect(unescapeText(german.event.get('DESCRIPTION')?.value ?? '')).toContain(
      de.program.sessions.aiStrategy.abstract,
    );
    expect(unescapeText(polish.event.get('LOCATION')?.value ?? '')).toBe(
      'Sala główna, Atlas Arena, al. Bandurskiego 7, 94-020 Łódź',
    );
    expect(unescapeText(german.event.get('LOCATION')?.value ?? '')).toMatch(/^Großer Saal, Atlas Arena/);
  });

  it('gives a show its own times: the gala from 17:00 to 19:00', async () => {
    const { event } = await calendarOf('/api/calendar/es/miss-ai.ics');
    expect(event.get('DTSTART')?.value).toBe('20271023T170000');
    expect(event.get('DTEND')?.value).toBe('20271023T190000');
    expect(unescapeText(event.get('SUMMARY')?.value ?? '')).toContain('Miss AI: gala Miss y Mister AI');
  });

  it('escapes commas in text values', async () => {
    const { text } = await calendarOf('/api/calendar/pl/ai-strategy.ics');
    const location = parse(text).find((p) => p.name === 'LOCATION')?.value ?? '';
    expect(location).toContain('Sala główna\\, Atlas Arena\\,');
    expect(location).not.toMatch(/[^\\],/);
  });

  it('uses CRLF line endings and folds lines at 75 octets without breaking characters', async () => {
    const { text, event } = await calendarOf('/api/calendar/pl/generative-marketing.ics');
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text).not.toMatch(/[^\r]\n/);
    const lines = text.split('\r\n');
    for (const line of lines) expect(new TextEncoder().encode(line).length, line).toBeLessThanOrEqual(75);
    expect(
      lines.some((line) => line.startsWith(' ')),
      'some line was folded',
    ).toBe(true);
    // Unfolding gives back the exact text, Polish letters included.
    expect(unescapeText(event.get('DESCRIPTION')?.value ?? '')).toContain(
      pl.program.sessions.generativeMarketing.abstract,
    );
  });

  it.each(LANGUAGES)('serves every entry in $label with the same UID as in Polish', async (lang) => {
    for (const entry of CALENDAR_ENTRIES) {
      const { event } = await calendarOf(calendarPath(lang.code, entry.id));
      const start = event.get('DTSTART')?.value ?? '';
      const end = event.get('DTEND')?.value ?? '';
      expect(start < end, entry.id).toBe(true);
      expect(event.get('UID')?.value).toBe(`${calendarSlug(entry.id)}-2027-10-23@kongres-ai.pl`);
      expect(event.get('SUMMARY')?.value.trim()).not.toBe('');
    }
  });

  it.each([
    '/api/calendar/pl/no-such-session.ics',
    '/api/calendar/fr/ai-strategy.ics',
    '/api/calendar/pl/ai-strategy.txt',
    '/api/calendar/pl',
  ])('answers 404 JSON for %s', async (path) => {
    const res = await get(path);
    expect(res.status).toBe(404);
    expect(res.headers.get('Content-Type')).toContain('application/json');
    expect(await res.json()).toEqual({ error: 'not_found' });
  });
});
