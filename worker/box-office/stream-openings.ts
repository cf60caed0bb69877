import { duringEvent } from '../../site/access';
import { iso } from './schema';
import { ticketRow } from './tickets';

// Attendance online: the first opening of a ticket's join link during the event's hours, kept
// once per ticket. It is what an online ticket's certificate of attendance rests on.

/**
 * Records that a ticket's join link was opened at `now` on `target` (`track:business`, a workshop),
 * when that is during the event's hours and the ticket has no opening yet; later openings change
 * nothing. True when this call recorded it.
 */
export function recordStreamOpening(sql: SqlStorage, ticketId: string, target: string, now: number): boolean {
  if (!duringEvent(now)) return false;
  const ticket = ticketRow(sql, ticketId);
  if (!ticket) return false;
  const inserted = sql
    .exec(
      `INSERT INTO stream_openings (ticket_id, order_id, opened_at, target) VALUES (?, ?, ?, ?)
       ON CONFLICT (ticket_id) DO NOTHING RETURNING ticket_id`,
      ticketId,
      ticket.order_id,
      now,
      target,
    )
    .toArray();
  return inserted.length === 1;
}

/** When a ticket first opened the stream during the event (an ISO instant), or null: for certificates. */
export function streamOpenedDuringEvent(sql: SqlStorage, ticketId: string): string | null {
  const row = sql
    .exec<{ opened_at: number }>('SELECT opened_at FROM stream_openings WHERE ticket_id = ?', ticketId)
    .toArray()[0];
  return row ? iso(row.opened_at) : null;
}
