import { Hono } from 'hono';
import { calendarSlug, findFixedCalendarEntry } from '../../site/calendar';
import { findLanguage } from '../../site/languages';
import { icsFor, sessionIcs } from '../calendar/documents';
import { now } from '../clock';
import { prepareStore } from '../content/seed';
import { publishedSessionBySlug } from '../content/session-calendar';
import type { AppEnv } from '../env';

/**
 * `GET /api/calendar/:lang/:slug.ics`: an iCalendar file (RFC 5545) for the whole congress, a
 * published session of the content store or a show, with its texts in the language of the prefix
 * (a session's missing translation in Polish). Unknown or unpublished ids answer 404 JSON.
 */
export const calendar = new Hono<AppEnv>();

/** As the schedule exports: a publication shows in the files within a minute. */
const CACHE = 'public, max-age=60';

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
