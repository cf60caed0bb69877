import type { WorkshopResult } from '../../site/orders';
import type { WorkshopLevel } from '../../site/workshops';
import type { Tx } from './context';
import { hasSeat, holderTicket, noteWorkshop, seatRefusal, seatsGone, seatTicket } from './seat-rules';
import { openWorkshopOffer, placesReturned, takeOffer } from './waitlist';

// Workshop seats: one per paid ticket whose product includes the workshop's level, while seats
// last; given back with the ticket (a refund, a cancellation) or by the holder. A seat that comes
// back goes to the workshop's waiting list first (waitlist.ts): an open offer keeps its seat, so a
// registration counts it as gone.

/**
 * A seat in a workshop for the holder of a paid ticket that includes it (Pro: basic level; VIP:
 * any), while seats last: one per ticket. The ticket's code (or the order code of a one-ticket
 * order) and the holder's or the buyer's e-mail together identify the holder. A holder with an
 * open waiting-list offer for the workshop takes the seat it keeps.
 */
export function registerWorkshop(
  c: Tx,
  input: {
    workshopId: string;
    level: WorkshopLevel;
    capacity: number;
    code: string;
    email: string;
    now: number;
  },
): WorkshopResult {
  const held = holderTicket(c, input.code, input.email);
  if (!held) return { kind: 'refused', error: 'order_not_found' };
  const { ticket, order: row } = held;
  const refusal = seatRefusal(ticket, row, input.level);
  if (refusal) return { kind: 'refused', error: refusal };
  if (hasSeat(c.sql, input.workshopId, ticket.id)) return { kind: 'refused', error: 'already_registered' };
  // The store's capacity as of now (organisers may have added seats), then what came back goes to
  // the list before this registration counts the seats.
  noteWorkshop(c.sql, input, input.now);
  placesReturned(c, input.now);
  const own = openWorkshopOffer(c.sql, input.workshopId, ticket.id);
  if (own) {
    takeOffer(c, own, input.now);
  } else {
    if (seatsGone(c.sql, input.workshopId) >= input.capacity) return { kind: 'refused', error: 'workshop_full' };
    seatTicket(c, input.workshopId, ticket, row.id, input.now);
  }
  return {
    kind: 'registered',
    orderId: row.id,
    seatsLeft: Math.max(0, input.capacity - seatsGone(c.sql, input.workshopId)),
  };
}

export type ReleaseResult = { kind: 'released' } | { kind: 'refused'; error: 'order_not_found' | 'not_registered' };

/**
 * The holder gives up their seat (identified as the registration does): it is freed and goes to
 * the next person on the workshop's waiting list.
 */
export function releaseWorkshopSeat(
  c: Tx,
  input: { workshopId: string; code: string; email: string; now: number },
): ReleaseResult {
  const held = holderTicket(c, input.code, input.email);
  if (!held) return { kind: 'refused', error: 'order_not_found' };
  const { ticket, order: row } = held;
  const freed = c.sql
    .exec('DELETE FROM workshop_seats WHERE workshop_id = ? AND ticket_id = ? RETURNING 1', input.workshopId, ticket.id)
    .toArray().length;
  if (!freed) return { kind: 'refused', error: 'not_registered' };
  c.log(row.id, 'workshop_released', input.now, { workshop: input.workshopId, ticket: ticket.id, by: 'holder' });
  placesReturned(c, input.now);
  return { kind: 'released' };
}

/** Seats taken per workshop. */
export function workshopSeats(sql: SqlStorage): { workshopId: string; taken: number }[] {
  return sql
    .exec<{ workshopId: string; taken: number }>(
      'SELECT workshop_id AS workshopId, COUNT(*) AS taken FROM workshop_seats GROUP BY workshop_id',
    )
    .toArray();
}

/** The workshops an order's tickets hold seats in, each with the ticket that holds it. */
export function registrations(sql: SqlStorage, orderId: string): { workshopId: string; ticketId: string }[] {
  return sql
    .exec<{ workshopId: string; ticketId: string }>(
      'SELECT workshop_id AS workshopId, ticket_id AS ticketId FROM workshop_seats WHERE order_id = ? ORDER BY created_at',
      orderId,
    )
    .toArray();
}

/** Frees an order's workshop seats (in the caller's transaction), each one logged. */
export function releaseSeats(c: Tx, orderId: string, now: number): void {
  const released = c.sql
    .exec<{ workshop_id: string; ticket_id: string }>(
      'DELETE FROM workshop_seats WHERE order_id = ? RETURNING workshop_id, ticket_id',
      orderId,
    )
    .toArray();
  for (const seat of released) {
    c.log(orderId, 'workshop_released', now, { workshop: seat.workshop_id, ticket: seat.ticket_id });
  }
  // The seats go to the workshops' waiting lists (the status change ran the rule before they were free).
  if (released.length) placesReturned(c, now);
}
