import { Hono } from 'hono';
import {
  AGENDA_FILE,
  AGENDA_MAX_SESSIONS,
  AGENDA_QUERY,
  calendarSlug,
  findFixedCalendarEntry,
} from '../../site/calendar';
import { brandName } from '../../site/event';
import { findLanguage } from '../../site/languages';
import { agendaIcs, icsFor, sessionIcs } from '../calendar/documents';
import { catalogue } from '../catalogues';
import { now } from '../clock';
import { prepareStore } from '../content/seed';
import { publishedSessionBySlug, publishedSessions } from '../content/session-calendar';
import type { AppEnv } from '../env';
import { ApiError } from '../errors';

/**
 * `GET /api/calendar/:lang/:slug.ics`: an iCalendar file (RFC 5545) for the whole congress, a
 * published session of the content store or a show, with its texts in the language of the prefix
 * (a session's missing translation in Polish). Unknown or unpublished ids answer 404 JSON.
 */
export const calendar = new Hono<AppEnv>();

/** As the schedule exports: a publication shows in the files within a minute. */
const CACHE = 'public, max-age=60';

/** A session's id as the content store writes them (`aiStrategy`, `ai-ethics-2`). */
const SESSION_ID = /^[A-Za-z0-9-]{1,64}$/;

/**
 * `GET /api/calendar/:lang/agenda.ics?s=<id>,<id>`: the sessions a visitor starred on the programme
 * page (kept in their browser, client/lib/agenda.ts) as one calendar, each event as the session's own
 * file writes it (same UID). The whole list or nothing: an empty or too long list, a malformed id
 * (422 `invalid_fields` on `s`) or an id that is not published now (422 `unknown_sessions`, naming
 * them) gives no file, so a visitor never imports a plan that silently lacks a session.
 */
calendar.get(`/:lang/${AGENDA_FILE}`, async (c) => {
  const lang = findLanguage(c.req.param('lang'));
  if (!lang) return c.json({ error: 'not_found' }, 404);
  const ids = [...new Set((c.req.query(AGENDA_QUERY) ?? '').split(',').map((id) => id.trim()))].filter(Boolean);
  const invalid = (reason: string) => new ApiError(422, 'invalid_fields', { fields: { [AGENDA_QUERY]: reason } });
  if (ids.length === 0) throw invalid('empty');
  if (ids.length > AGENDA_MAX_SESSIONS) throw invalid('too_many');
  if (!ids.every((id) => SESSION_ID.test(id))) throw invalid('invalid_session');
  await prepareStore(c.env.CONTENT_DB, now(c), c.env.ENVIRONMENT);
  const published = await publishedSessions(c.env.CONTENT_DB);
  const known = new Set(published.map((session) => session.id));
  const unknown = ids.filter((id) => !known.has(id));
  if (unknown.length) {
    throw new ApiError(422, 'unknown_sessions', { fields: { [AGENDA_QUERY]: 'unknown_session' }, sessions: unknown });
  }
  const wanted = new Set(ids);
  // In the programme's order (time, then id), whatever order the stars were given in.
  const sessions = published.filter((session) => wanted.has(session.id));
  const name = `${brandName()}: ${catalogue('events', lang.code).calendar.agendaName}`;
  return c.body(agendaIcs(sessions, lang.code, new Date(now(c)), name), 200, {
    'Content-Type': 'text/calendar; charset=utf-8',
    'Content-Disposition': `attachment; filename="kongres-ai-agenda-${lang.prefix}.ics"`,
    'Cache-Control': CACHE,
  });
});

calendar.get('/:lang/:file', async (c) => {
  const lang = findLanguage(c.req.param('lang'));
  const slug = /^([a-z0-9-]+)\.ics$/.exec(c.req.param('file'))?.[1];
  if (!lang || !slug) return c.json({ error: 'not_found' }, 404);
  const fixed = findFixedCalendarEntry(slug);
  let ics: string;
  let id: string;
  if (fixed) {
    ics = icsFor(fixed, lang.code, new Date());
    id = fixed.id;
  } else {
    // A session is content: the file exists while the session is published (one D1 read).
    await prepareStore(c.env.CONTENT_DB, now(c), c.env.ENVIRONMENT);
    const session = await publishedSessionBySlug(c.env.CONTENT_DB, slug);
    if (!session) return c.json({ error: 'not_found' }, 404);
    ics = sessionIcs(session, lang.code, new Date());
    id = session.id;
  }
  return c.body(ics, 200, {
    'Content-Type': 'text/calendar; charset=utf-8',
    'Content-Disposition': `attachment; filename="kongres-ai-${calendarSlug(id)}-${lang.prefix}.ics"`,
    'Cache-Control': CACHE,
  });
});

calendar.all('*', (c) => c.json({ error: 'not_found' }, 404));
