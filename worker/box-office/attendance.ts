import { streamOpenedDuringEvent as openedDuringEvent } from './stream-openings';

// Whether a ticket's holder was there: the one place news audiences (news.ts) and certificates of
// attendance (certificates.ts) read it, so a change of how the door records a scan is one change here.

/** Whether a ticket was admitted at the entrance and the admission stands (not undone; check-in.ts). */
export function checkedIn(sql: SqlStorage, ticketId: string): boolean {
  return (
    sql
      .exec(
        `SELECT 1 FROM scans WHERE ticket_id = ? AND list_id = 'entrance' AND result = 'admitted' AND undone_at IS NULL
         LIMIT 1`,
        ticketId,
      )
      .toArray().length > 0
  );
}

/** Whether an online ticket's holder opened the stream during the event's hours (stream-openings.ts). */
export function streamOpenedDuringEvent(sql: SqlStorage, ticketId: string): boolean {
  return openedDuringEvent(sql, ticketId) !== null;
}
