import { streamOpenedDuringEvent as openedDuringEvent } from './stream-openings';

// Whether a ticket's holder was there: the one place news audiences (news.ts) and certificates of
// attendance (certificates.ts) read it, so a change of how the door records a scan is one change here.

/**
 * Whether a ticket was checked in at the entrance.
 * MERGE(s52-lists): today the door keeps one `tickets.checked_in_at`; with per-list scans this reads
 * the entrance list's scan of the ticket instead.
 */
export function checkedIn(sql: SqlStorage, ticketId: string): boolean {
  const row = sql
    .exec<{ at: number | null }>('SELECT checked_in_at AS at FROM tickets WHERE id = ?', ticketId)
    .toArray()[0];
  return row?.at !== null && row?.at !== undefined;
}

/** Whether an online ticket's holder opened the stream during the event's hours (stream-openings.ts). */
export function streamOpenedDuringEvent(sql: SqlStorage, ticketId: string): boolean {
  return openedDuringEvent(sql, ticketId) !== null;
}
