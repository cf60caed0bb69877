import { type Context, Hono } from 'hono';
import { z } from 'zod';
import { brandName } from '../../site/event';
import { findLanguage } from '../../site/languages';
import { ticketPageHref } from '../../site/pages';
import { agendaIcs } from '../calendar/documents';
import { catalogue } from '../catalogues';
import { now } from '../clock';
import { prepareStore } from '../content/seed';
import { publishedSessions } from '../content/session-calendar';
import type { AppEnv } from '../env';
import { ApiError } from '../errors';
import { validForm, validQuery } from '../middleware/validation';
import { openTicket } from '../tickets/holder';

/** A session's id as the content store writes them (`aiStrategy`, `ai-ethics-2`). */
const SESSION_ID = /^[A-Za-z0-9-]{1,64}$/;

const keyQuery = z.object({ key: z.string().max(64).optional() });

const star = z.object({
  session: z.string().regex(SESSION_ID, { error: 'invalid_session' }),
  starred: z.enum(['0', '1']),
  lang: z.string().max(8).optional(),
});

/** The ticket a request's link opens (`:id` and `?key=`), or 404 `not_found`: nothing about why. */
async function openedTicket(c: Context<AppEnv>) {
  c.header('Cache-Control', 'private, no-store');
  c.header('Referrer-Policy', 'same-origin');
  const opened = await openTicket(c.env, c.req.param('id') ?? '', c.req.query('key') ?? '');
  if (!opened) throw new ApiError(404, 'not_found');
  return opened;
}

/**
 * Stars or unstars a session; a star only for a session published now (422 on `session`), an
 * unstar for any (the session may have been withdrawn since). 409 `agenda_full` past its limit.
 */
async function starSession(c: Context<AppEnv>, sessionId: string, starred: boolean) {
  const opened = await openedTicket(c);
  if (starred) {
    await prepareStore(c.env.CONTENT_DB, now(c), c.env.ENVIRONMENT);
    const published = await publishedSessions(c.env.CONTENT_DB);
    if (!published.some((session) => session.id === sessionId)) {
      throw new ApiError(422, 'invalid_fields', { fields: { session: 'unknown_session' } });
    }
  }
  const result = await opened.office.starSession(opened.ticket, sessionId, starred, now(c));
  if (result.kind === 'refused') {
    throw result.error === 'full' ? new ApiError(409, 'agenda_full') : new ApiError(404, 'not_found');
  }
  return { opened, sessions: result.sessions };
}

/**
 * A ticket holder's own routes, opened by the secret of their link (`?key=`, tickets/page-link.ts);
 * an unknown ticket, a foreign or old key (the ticket was given to someone else since) and a ticket
 * of an order that is no longer paid are all the same 404:
 * - `GET /api/tickets/:id/agenda.ics`: the holder's starred sessions as one calendar (RFC 5545),
 *   read from the programme as published when the calendar asks, so a subscription (`webcal://`)
 *   follows later changes: a session moved, retitled or withdrawn.
 * - `POST /api/tickets/:id/agenda` (a form: `session`, `starred` 1/0, `lang`): stars or unstars a
 *   session for the ticket page, which has no script; 303 back to the page at that session.
 */
export const tickets = new Hono<AppEnv>()
  .use('/:id/*', validQuery(keyQuery))
  .get('/:id/agenda.ics', async (c) => {
    const { ticket, order, office } = await openedTicket(c);
    await prepareStore(c.env.CONTENT_DB, now(c), c.env.ENVIRONMENT);
    const [stars, sessions] = await Promise.all([office.agenda(ticket.id), publishedSessions(c.env.CONTENT_DB)]);
    const starred = new Set(stars ?? []);
    const lang = order.lang;
    const holder = ticket.name ?? ticket.email ?? order.name ?? order.email;
    const name = `${brandName()}: ${catalogue('events', lang).calendar.agendaName} (${holder})`;
    const ics = agendaIcs(
      sessions.filter((session) => starred.has(session.id)),
      lang,
      new Date(now(c)),
      name,
    );
    return c.body(ics, 200, {
      'Content-Type': 'text/calendar; charset=utf-8',
      'Content-Disposition': 'inline; filename="agenda.ics"',
      'Cache-Control': 'private, no-store',
    });
  })
  .post('/:id/agenda', ...validForm(star, 1024), async (c) => {
    const body = c.req.valid('form');
    const { opened } = await starSession(c, body.session, body.starred === '1');
    const lang = findLanguage(body.lang)?.code ?? opened.order.lang;
    const page = ticketPageHref(lang, opened.ticket.id, c.req.query('key') ?? '');
    return c.redirect(`${page}#session-${body.session}`, 303);
  });
