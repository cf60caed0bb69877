import { env, SELF } from 'cloudflare:test';
import { afterEach, describe, expect, it } from 'vitest';
import de from '../../locales/de/events.json';
import pl from '../../locales/pl/events.json';
import { AGENDA_MAX_SESSIONS, agendaPath } from '../../site/calendar';
import { unpublish } from '../../worker/content/store';
import { vevents } from '../support/ics';
import { clearContentStore } from './content-store';
import { ORIGIN } from './platform';

// The programme page's personal agenda (client/lib/agenda.ts): the starred sessions as one file.

const get = (path: string) => SELF.fetch(`${ORIGIN}${path}`, { redirect: 'manual' });

afterEach(() => clearContentStore());

describe('the programme page’s agenda file', () => {
  it('serves two starred sessions as one calendar, in programme order, with their own files’ UIDs', async () => {
    // Given in the reverse order of the day: the file lists them as the programme does.
    const res = await get(agendaPath('pl', ['llmInProduction', 'aiStrategy']));
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('text/calendar; charset=utf-8');
    expect(res.headers.get('Content-Disposition')).toBe('attachment; filename="kongres-ai-agenda-pl.ics"');
    const text = await res.text();
    expect(text.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    for (const line of text.split('\r\n')) expect(new TextEncoder().encode(line).length, line).toBeLessThanOrEqual(75);
    expect(text).toContain('X-WR-CALNAME:Kongres AI Polska: moja agenda');
    const found = vevents(text);
    expect(found.map((e) => e.UID)).toEqual([
      'ai-strategy-2027-10-23@kongres-ai.pl',
      'llm-in-production-2027-10-23@kongres-ai.pl',
    ]);
    expect(found.map((e) => e.DTSTART)).toEqual(['20271023T100000', '20271023T113000']);
    expect(found[0]?.SUMMARY).toContain(pl.program.sessions.aiStrategy.title);
    expect(found[1]?.SUMMARY).toContain(pl.program.sessions.llmInProduction.title);

    // Each event is exactly what the session's own file says (but for the stamp of its making).
    const own = vevents(await (await get('/api/calendar/pl/ai-strategy.ics')).text())[0];
    expect({ ...found[0], DTSTAMP: '' }).toEqual({ ...own, DTSTAMP: '' });
  });

  it('writes the sessions in the language of the prefix, a repeated id once', async () => {
    const res = await get('/api/calendar/de/agenda.ics?s=aiStrategy,aiStrategy');
    expect(res.status).toBe(200);
    const found = vevents(await res.text());
    expect(found).toHaveLength(1);
    expect(found[0]?.SUMMARY).toContain(de.program.sessions.aiStrategy.title);
  });

  it('answers 422 naming the ids that are unknown or no longer published, and gives no file', async () => {
    await get(agendaPath('pl', ['aiStrategy'])); // the store is seeded with the examples
    await unpublish(env.CONTENT_DB, { kind: 'sessions', id: 'llmInProduction', actor: 'test', now: Date.now() });
    const res = await get(agendaPath('pl', ['aiStrategy', 'llmInProduction', 'noSuchSession']));
    expect(res.status).toBe(422);
    expect(res.headers.get('Content-Type')).toContain('application/json');
    expect(await res.json()).toEqual({
      error: 'unknown_sessions',
      fields: { s: 'unknown_session' },
      sessions: ['llmInProduction', 'noSuchSession'],
    });
  });

  it.each([
    ['no list', '/api/calendar/pl/agenda.ics', 'empty'],
    ['an empty list', '/api/calendar/pl/agenda.ics?s=', 'empty'],
    ['only commas', '/api/calendar/pl/agenda.ics?s=,,', 'empty'],
    ['a malformed id', '/api/calendar/pl/agenda.ics?s=aiStrategy,%3Cscript%3E', 'invalid_session'],
    [
      'more ids than the limit',
      `/api/calendar/pl/agenda.ics?s=${Array.from({ length: AGENDA_MAX_SESSIONS + 1 }, (_, i) => `s${i}`).join(',')}`,
      'too_many',
    ],
  ])('answers 422 on `s` for %s', async (_, path, reason) => {
    const res = await get(path);
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({ error: 'invalid_fields', fields: { s: reason } });
  });

  it('takes the limit itself: 100 distinct ids are checked against the programme', async () => {
    const ids = ['aiStrategy', ...Array.from({ length: AGENDA_MAX_SESSIONS - 1 }, (_, i) => `s${i}`)];
    const res = await get(agendaPath('pl', ids));
    expect(res.status).toBe(422);
    expect(((await res.json()) as { error: string; sessions: string[] }).sessions).toHaveLength(
      AGENDA_MAX_SESSIONS - 1,
    );
  });

  it('answers 404 for a language it does not have', async () => {
    const res = await get('/api/calendar/fr/agenda.ics?s=aiStrategy');
    expect(res.status).toBe(404);
  });
});
