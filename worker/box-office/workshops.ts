import { ONLINE_WORKSHOPS } from '../../site/access';
import type { WorkshopResult } from '../../site/orders';
import { type ProductId, product } from '../../site/tickets';
import type { Tx } from './context';
import type { TicketRow } from './schema';
import { ticketRows } from './schema';
import { findCode } from './tickets';

// Workshop seats: one per paid ticket whose product includes the workshop's level, while seats
// last; given back with the ticket (a refund, a cancellation).

/**
 * A seat in a workshop for the holder of a paid ticket that includes it (Pro: basic level; VIP:
 * any), while seats last: one per ticket. The ticket's code (or the order code of a one-ticket
 * order) and the holder's or the buyer's e-mail together identify the holder.
 */
export function registerWorkshop(
  c: Tx,
  input: {
    workshopId: string;
    level: 'basic' | 'intermediate' | 'advanced';
    capacity: number;
    code: string;
    email: string;
    now: number;
  },
): WorkshopResult {
  const ticket = ticketForSeat(c.sql, input.code);
  const row = ticket && c.row(ticket.order_id);
  const email = input.email.toLowerCase();
  if (!ticket || !row || (email !== row.email && email !== ticket.email)) {
    return { kind: 'refused', error: 'order_not_found' };
  }
  // An online plan with online workshops takes part online (the workshop's stream, recording and
  // materials on the ticket page), never with a seat in the room: say so instead of a bare refusal.
  if (row.status === 'paid' && ONLINE_WORKSHOPS.has(ticket.product as ProductId)) {
    return { kind: 'refused', error: 'online_ticket' };
  }
  const access = product(ticket.product as ProductId).workshops;
  const eligible = row.status === 'paid' && (access === 'all' || (access === 'basic' && input.level === 'basic'));
  if (!eligible) return { kind: 'refused', error: 'ticket_not_eligible' };
  const registered = c.sql
    .exec('SELECT 1 FROM workshop_seats WHERE workshop_id = ? AND ticket_id = ?', input.workshopId, ticket.id)
    .toArray().length;
  if (registered) return { kind: 'refused', error: 'already_registered' };
  const taken = c.sql
    .exec<{ n: number }>('SELECT COUNT(*) AS n FROM workshop_seats WHERE workshop_id = ?', input.workshopId)
    .one().n;
  if (taken >= input.capacity) return { kind: 'refused', error: 'workshop_full' };
  c.sql.exec(
    'INSERT INTO workshop_seats (workshop_id, ticket_id, order_id, created_at) VALUES (?, ?, ?, ?)',
    input.workshopId,
    ticket.id,
    row.id,
    input.now,
  );
  c.log(row.id, 'workshop_registered', input.now, { workshop: input.workshopId, ticket: ticket.id });
  c.addEmail(row.id, 'workshop', input.workshopId, input.now);
  return { kind: 'registered', orderId: row.id, seatsLeft: input.capacity - taken - 1 };
}

/** The ticket a workshop registration names: by its own code, or by the code of a one-ticket order. */
function ticketForSeat(sql: SqlStorage, code: string): TicketRow | null {
  const found = findCode(sql, code);
  if (found && 'ticket' in found) return found.ticket;
  const order = sql.exec<{ id: string }>('SELECT id FROM orders WHERE code = ?', code).toArray()[0];
  const tickets = order ? ticketRows(sql, order.id) : [];
  return tickets.length === 1 ? (tickets[0] as TicketRow) : null;
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
}
