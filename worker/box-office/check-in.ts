import type { CheckInResult, Order, OrderStatus } from '../../site/orders';
import { codeOf, ticketCodeMatches } from '../tickets/code';
import type { Tx } from './context';
import { iso, loadOrder, orderRow, type TicketRow, toTicket } from './schema';
import { ticketRow } from './tickets';

// The door's decision on a scanned code (schema.ts `tickets`, `retired_codes`). A ticket is admitted
// once, by the code it has now; a code retired by a change of holder admits nobody from the moment
// the change is stored. The rule that keeps both true when a change of holder races a scan: the
// box office decides the scan in one transaction, and a ticket already admitted keeps its holder
// (`reissueTicket` refuses the change), so a scan and a change are ordered one way or the other
// and never both succeed: either the old holder is in and the change is refused, or the change is
// made and the old code is refused while the new holder's code admits them.

/** What a code's first eight symbols name: the ticket that has it now, or the ticket that had it. */
type Named = { ticketId: string; current: boolean };

function named(sql: SqlStorage, code: string): Named | null {
  const ticket = sql.exec<{ id: string }>('SELECT id FROM tickets WHERE code = ?', code).toArray()[0];
  if (ticket) return { ticketId: ticket.id, current: true };
  const retired = sql
    .exec<{ ticket_id: string }>('SELECT ticket_id FROM retired_codes WHERE code = ?', code)
    .toArray()[0];
  return retired ? { ticketId: retired.ticket_id, current: false } : null;
}

/**
 * The ticket whose signature a scanned code carries (the code it has now or a code it had), or
 * null for a code no ticket signed. Checked before the decision: a signature depends on the
 * ticket's id alone, never on what the box office holds, so it stays true whatever happens while
 * the key works; what the code names is read again in the decision's transaction.
 */
export async function signedBy(sql: SqlStorage, canonical: string, key: string): Promise<string | null> {
  const code = codeOf(canonical);
  const found = named(sql, code);
  if (!found) return null;
  return (await ticketCodeMatches(key, canonical, { id: found.ticketId, code })) ? found.ticketId : null;
}

/**
 * Decides a scan in the caller's transaction: `admitted` (and the ticket is checked in now),
 * `already` with when, `reissued` for a code its ticket no longer has, `not_valid` with the
 * order's status for a ticket of an order that is not paid, `unknown` for anything else.
 * `signed` is what `signedBy` found before the transaction.
 */
export function decideAtDoor(sql: SqlStorage, canonical: string, signed: string | null, now: number): CheckInResult {
  const found = named(sql, codeOf(canonical));
  if (!signed || !found || found.ticketId !== signed) return { kind: 'unknown' };
  if (!found.current) return { kind: 'reissued' };
  const ticket = ticketRow(sql, found.ticketId) as TicketRow;
  const row = orderRow(sql, ticket.order_id);
  if (!row) return { kind: 'unknown' };
  if (row.status !== 'paid') return { kind: 'not_valid', status: row.status as OrderStatus };
  if (ticket.checked_in_at !== null) {
    return {
      kind: 'already',
      at: iso(ticket.checked_in_at),
      ticket: toTicket(ticket),
      order: loadOrder(sql, row.id) as Order,
    };
  }
  sql.exec('UPDATE tickets SET checked_in_at = ?, updated_at = ? WHERE id = ?', now, now, ticket.id);
  return {
    kind: 'admitted',
    ticket: toTicket({ ...ticket, checked_in_at: now, updated_at: now }),
    order: loadOrder(sql, row.id) as Order,
  };
}

/** The door's one call: checks the code's signature, then decides it and admits its ticket once, logged. */
export async function admit(c: Tx, canonical: string, key: string, now: number): Promise<CheckInResult> {
  const signed = await signedBy(c.sql, canonical, key);
  return c.transaction((): CheckInResult => {
    const result = decideAtDoor(c.sql, canonical, signed, now);
    if (result.kind === 'admitted') {
      c.log(result.order.id, 'checked_in', now, { ticket: result.ticket.id, position: result.ticket.position });
    }
    return result;
  });
}
