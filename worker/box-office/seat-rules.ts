import { ONLINE_WORKSHOPS } from '../../site/access';
import { type ProductId, product } from '../../site/tickets';
import type { WorkshopLevel } from '../../site/workshops';
import type { Tx } from './context';
import type { OrderRow, TicketRow } from './schema';
import { ticketRows } from './schema';
import { findCode } from './tickets';

// Who may sit in a workshop, and how many seats are gone: shared by the registration
// (workshops.ts) and the workshop's waiting list (waitlist.ts), so both refuse for the same reason
// and count the same seats. The seats of a workshop live in the content store; the box office keeps
// the last capacity and level it was told (each registration, each sign-up, each publication), so
// the waiting list can offer a seat that came back without asking the store.

const SCHEMA = `
CREATE TABLE IF NOT EXISTS workshop_capacity (
  workshop_id TEXT PRIMARY KEY,
  level TEXT NOT NULL,
  capacity INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);`;

/** Makes the table of workshops' capacities (make-context.ts). */
export function seatTables(sql: SqlStorage): void {
  sql.exec(SCHEMA);
}

export type WorkshopFacts = { workshopId: string; level: WorkshopLevel; capacity: number };

/** Remembers a workshop's capacity and level as the store publishes them now. */
export function noteWorkshop(sql: SqlStorage, w: WorkshopFacts, now: number): void {
  sql.exec(
    `INSERT INTO workshop_capacity (workshop_id, level, capacity, updated_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (workshop_id) DO UPDATE SET level = excluded.level, capacity = excluded.capacity,
       updated_at = excluded.updated_at`,
    w.workshopId,
    w.level,
    w.capacity,
    now,
  );
}

/** A workshop's last known capacity and level, or null when the box office was never told. */
export function workshopFacts(sql: SqlStorage, workshopId: string): WorkshopFacts | null {
  const row = sql
    .exec<{ level: WorkshopLevel; capacity: number }>(
      'SELECT level, capacity FROM workshop_capacity WHERE workshop_id = ?',
      workshopId,
    )
    .toArray()[0];
  return row ? { workshopId, level: row.level, capacity: row.capacity } : null;
}

/**
 * Seats gone in a workshop: those taken, and those an open waiting-list offer keeps for its
 * person (nobody else takes them while the offer runs).
 */
export function seatsGone(sql: SqlStorage, workshopId: string): number {
  return sql
    .exec<{ n: number }>(
      `SELECT (SELECT COUNT(*) FROM workshop_seats WHERE workshop_id = ?)
            + (SELECT COUNT(*) FROM waitlist_offers WHERE workshop_id = ? AND state = 'open') AS n`,
      workshopId,
      workshopId,
    )
    .one().n;
}

/** The ticket a registration names: by its own code, or by the code of a one-ticket order. */
export function ticketForSeat(sql: SqlStorage, code: string): TicketRow | null {
  const found = findCode(sql, code);
  if (found && 'ticket' in found) return found.ticket;
  const order = sql.exec<{ id: string }>('SELECT id FROM orders WHERE code = ?', code).toArray()[0];
  const tickets = order ? ticketRows(sql, order.id) : [];
  return tickets.length === 1 ? (tickets[0] as TicketRow) : null;
}

/**
 * The ticket a holder names by its code (or their order's, with one ticket), with its order, when
 * `email` is the buyer's or the holder's; null otherwise, so nobody learns whether a code exists.
 */
export function holderTicket(c: Tx, code: string, email: string): { ticket: TicketRow; order: OrderRow } | null {
  const ticket = ticketForSeat(c.sql, code);
  const order = ticket && c.row(ticket.order_id);
  const address = email.toLowerCase();
  if (!ticket || !order || (address !== order.email && address !== ticket.email)) return null;
  return { ticket, order };
}

export type SeatRefusal = 'ticket_not_eligible' | 'online_ticket';

/**
 * Why a ticket may not sit in a workshop of `level`, or null when it may: the order must be paid;
 * an online plan takes part online (its stream, recording and materials), never in the room; Pro
 * takes basic-level workshops, VIP any, Standard none.
 */
export function seatRefusal(ticket: TicketRow, order: OrderRow, level: WorkshopLevel): SeatRefusal | null {
  if (order.status === 'paid' && ONLINE_WORKSHOPS.has(ticket.product as ProductId)) return 'online_ticket';
  const access = product(ticket.product as ProductId).workshops;
  const eligible = order.status === 'paid' && (access === 'all' || (access === 'basic' && level === 'basic'));
  return eligible ? null : 'ticket_not_eligible';
}

/** Whether the ticket holds a seat in the workshop. */
export function hasSeat(sql: SqlStorage, workshopId: string, ticketId: string): boolean {
  return (
    sql.exec('SELECT 1 FROM workshop_seats WHERE workshop_id = ? AND ticket_id = ?', workshopId, ticketId).toArray()
      .length > 0
  );
}

/** Seats a ticket in a workshop (the caller checked the rules and the count), logged and e-mailed as any registration. */
export function seatTicket(c: Tx, workshopId: string, ticket: TicketRow, orderId: string, now: number): void {
  c.sql.exec(
    'INSERT INTO workshop_seats (workshop_id, ticket_id, order_id, created_at) VALUES (?, ?, ?, ?)',
    workshopId,
    ticket.id,
    orderId,
    now,
  );
  c.log(orderId, 'workshop_registered', now, { workshop: workshopId, ticket: ticket.id });
  c.addEmail(orderId, 'workshop', workshopId, now);
}
