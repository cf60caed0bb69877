import { ticketRow } from './tickets';

// A ticket holder's personal agenda: the sessions they starred on their ticket page, kept with the
// ticket so that its calendar feed (worker/routes/tickets.ts) lists them wherever it is read. The
// stars belong to the holder of the time: they are kept under the ticket's current code, so a
// ticket given to someone else starts empty (and its old link, which could change them, stops).

/** How many sessions one agenda holds at most: more than the day has, few enough to stay small. */
export const MAX_STARS = 200;

/** The sessions a ticket's current holder starred, by id, oldest star first; null for no such ticket. */
export function agendaOf(sql: SqlStorage, ticketId: string): string[] | null {
  const ticket = ticketRow(sql, ticketId);
  if (!ticket) return null;
  return sql
    .exec<{ session_id: string }>(
      'SELECT session_id FROM agenda_stars WHERE ticket_id = ? AND code = ? ORDER BY created_at, session_id',
      ticket.id,
      ticket.code,
    )
    .toArray()
    .map((row) => row.session_id);
}

/**
 * Stars or unstars a session for a ticket's holder (asked again, the same answer). `code` is the
 * code the caller's link was checked against: a ticket given to someone else since is `not_found`,
 * so a star sent from the old holder's page never lands in the new holder's agenda. Refused with
 * `full` past MAX_STARS; returns the agenda after it.
 */
export function setStar(
  sql: SqlStorage,
  expected: { id: string; code: string },
  sessionId: string,
  starred: boolean,
  now: number,
): { kind: 'ok'; sessions: string[] } | { kind: 'refused'; error: 'not_found' | 'full' } {
  const ticket = ticketRow(sql, expected.id);
  if (!ticket || ticket.code !== expected.code) return { kind: 'refused', error: 'not_found' };
  if (starred) {
    const count =
      sql
        .exec<{ n: number }>(
          'SELECT COUNT(*) AS n FROM agenda_stars WHERE ticket_id = ? AND code = ?',
          ticket.id,
          ticket.code,
        )
        .one().n ?? 0;
    const has = sql
      .exec(
        'SELECT 1 FROM agenda_stars WHERE ticket_id = ? AND code = ? AND session_id = ?',
        ticket.id,
        ticket.code,
        sessionId,
      )
      .toArray().length;
    if (!has && count >= MAX_STARS) return { kind: 'refused', error: 'full' };
    sql.exec(
      'INSERT INTO agenda_stars (ticket_id, code, session_id, created_at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING',
      ticket.id,
      ticket.code,
      sessionId,
      now,
    );
  } else {
    sql.exec(
      'DELETE FROM agenda_stars WHERE ticket_id = ? AND code = ? AND session_id = ?',
      ticket.id,
      ticket.code,
      sessionId,
    );
  }
  return { kind: 'ok', sessions: agendaOf(sql, ticket.id) ?? [] };
}
