import {
  type CancelResult,
  canTicketTransition,
  canTransition,
  HOLDING_STATUSES,
  type Json,
  type Order,
  type OrderEvent,
  type OrderStatus,
  SETTLE_FROM,
  type Settlement,
  type SettleResult,
  type TicketStatus,
} from '../../site/orders';
import { cancellationClosesAt } from '../../site/terms';
import { IllegalTransition } from '../errors';
import type { Tx } from './context';
import { correctOrderInvoices, issueOrderInvoice } from './invoices';
import { type RefundTurn, refundRecorded, refundTurn } from './refunds';
import { iso, type OrderRow, type TicketRow, ticketRows } from './schema';
import { placesFree } from './stock';
import { placesReturned } from './waitlist';
import { releaseSeats } from './workshops';

// An order's lifecycle: the one place that writes an order's status (`transition`, guarded by
// site/orders.ts's ORDER_TRANSITIONS), and the rules that ask for each change: a payment, on time
// or late; an order given up or expired; a refund, the buyer's or an organiser's. Each runs in the
// transaction of the box office's call.

/** Who asks for a change of status; `paidOn`, the day a transfer's money arrived (its invoice's). */
export type SettleSource = { provider?: Order['provider']; reference?: string; by: string; paidOn?: string };

/** How long an order whose payment is still being processed (BLIK, Przelewy24) keeps its place. */
const PROCESSING_HOLD_MS = 24 * 60 * 60 * 1000;

/** The columns a change stamps with its time besides `updated_at` (`paid_at` goes with `paid`). */
type Stamp = 'cancelled_at' | 'late_paid_at';

/**
 * Moves an order to `to` (in the caller's transaction): refuses, with IllegalTransition and
 * nothing written, a change that ORDER_TRANSITIONS does not allow from its current status; else
 * writes the status, `updated_at`, `paid_at` for a payment and the `stamps` asked for, and logs
 * the change (`event`, by default the new status) with `from` and `data`. Returns the row as it was.
 */
export function transition(
  c: Tx,
  orderId: string,
  to: OrderStatus,
  now: number,
  detail: { event?: OrderEvent; stamps?: readonly Stamp[]; data: Record<string, Json> },
): OrderRow {
  const row = c.row(orderId);
  if (!row) throw new Error(`order ${orderId} not found`);
  const from = row.status as OrderStatus;
  if (!canTransition(from, to)) throw new IllegalTransition(from, to);
  const stamps = [...(to === 'paid' ? ['paid_at'] : []), ...(detail.stamps ?? [])];
  c.sql.exec(
    `UPDATE orders SET status = ?, updated_at = ?${stamps.map((column) => `, ${column} = ?`).join('')} WHERE id = ?`,
    to,
    now,
    ...stamps.map(() => now),
    orderId,
  );
  c.log(orderId, detail.event ?? (to as OrderEvent), now, { from, ...detail.data });
  // Places that came back (expired, cancelled, refunded) go to the waiting list first; a payment
  // may close the offer it used (waitlist.ts).
  placesReturned(c, now);
  return row;
}

/**
 * Moves one ticket of an order to `to` (in the caller's transaction), by TICKET_TRANSITIONS; throws
 * IllegalTransition otherwise. A ticket is `valid` while it has its row in `tickets`; `cancelled`
 * moves the row to `cancelled_tickets` (part-cancel.ts), so every door, page and list that reads
 * `tickets` stops knowing it at once; its code is retired (an offline door's list refuses it), its
 * workshop seats and its voucher's use are given back, its place returns to the stock, and the
 * order's amounts become those of the tickets it keeps. Returns the ticket's row as it was.
 */
export function ticketTransition(
  c: Tx,
  ticketId: string,
  to: TicketStatus,
  now: number,
  detail: { by: string; refund: string; reference: string | null },
): TicketRow {
  const ticket = c.sql.exec<TicketRow>('SELECT * FROM tickets WHERE id = ?', ticketId).toArray()[0];
  const from: TicketStatus = ticket ? 'valid' : 'cancelled';
  if (!ticket || !canTicketTransition(from, to)) throw new IllegalTransition(from, to);
  const order = c.row(ticket.order_id) as OrderRow;
  c.sql.exec(
    `INSERT INTO cancelled_tickets (id, order_id, position, product, name, email, net, vat, gross, list_net, voucher,
       code, cancelled_at, by, refund, refund_reference, vat_rate)
     SELECT id, order_id, position, product, name, email, net, vat, gross, list_net, voucher, code, ?, ?, ?, ?, vat_rate
     FROM tickets WHERE id = ?`,
    now,
    detail.by,
    detail.refund,
    detail.reference,
    ticketId,
  );
  c.sql.exec(
    'INSERT OR IGNORE INTO retired_codes (code, ticket_id, retired_at) VALUES (?, ?, ?)',
    ticket.code,
    ticketId,
    now,
  );
  const seats = c.sql
    .exec<{ workshop_id: string }>('DELETE FROM workshop_seats WHERE ticket_id = ? RETURNING workshop_id', ticketId)
    .toArray();
  for (const seat of seats) c.log(order.id, 'workshop_released', now, { workshop: seat.workshop_id, ticket: ticketId });
  c.sql.exec('DELETE FROM tickets WHERE id = ?', ticketId);
  // The triggers count a holding order's tickets when its status changes; a ticket leaving alone is
  // counted out here, in the same transaction.
  if (HOLDING_STATUSES.includes(order.status as OrderStatus)) {
    c.sql.exec('UPDATE held SET n = n - 1 WHERE product = ?', ticket.product);
    if (ticket.voucher) c.sql.exec('UPDATE vouchers SET taken = taken - 1 WHERE code = ?', ticket.voucher);
  }
  c.sql.exec(
    'UPDATE orders SET net = net - ?, vat = vat - ?, gross = gross - ?, updated_at = ? WHERE id = ?',
    ticket.net,
    ticket.vat,
    ticket.gross,
    now,
    order.id,
  );
  c.log(order.id, 'ticket_cancelled', now, {
    from,
    ticket: ticketId,
    position: ticket.position,
    product: ticket.product,
    gross: ticket.gross,
    by: detail.by,
    refund: detail.reference ?? detail.refund,
  });
  // Its place came back: the waiting list hears of it first (waitlist.ts).
  if (HOLDING_STATUSES.includes(order.status as OrderStatus)) placesReturned(c, now);
  return ticket;
}

/**
 * A change of status asked for by a payment, a timer, the buyer or an organiser, when the rules
 * allow it (SETTLE_FROM). `provider` and `reference` must match the order's own (a payment for
 * another session changes nothing). Returns the order and whether it changed; null for no order.
 */
export function settle(c: Tx, id: string, change: Settlement, now: number, source: SettleSource): SettleResult | null {
  const row = c.row(id);
  if (!row) return null;
  if (source.provider && row.provider !== source.provider) return null;
  if (source.reference && row.provider_ref && row.provider_ref !== source.reference) return null;
  if (!SETTLE_FROM[change].includes(row.status as OrderStatus)) return { order: c.load(id), changed: false };
  const holdRanOut = row.status === 'pending' && row.hold_until <= now;
  // A payment still being processed keeps a place only while the order holds one.
  if (change === 'processing' && holdRanOut) return { order: c.load(id), changed: false };
  if (change === 'paid' && (row.status !== 'pending' || holdRanOut)) {
    const late = latePayment(c, row, now, source);
    if (late) return late;
  }
  const data = {
    by: source.by,
    ...(source.reference ? { reference: source.reference } : {}),
    ...(change === 'paid' && row.status !== 'pending' ? { late: true } : {}),
  };
  if (change === 'processing') {
    c.sql.exec(
      'UPDATE orders SET hold_until = MAX(hold_until, ?), updated_at = ? WHERE id = ?',
      now + PROCESSING_HOLD_MS,
      now,
      id,
    );
    c.log(id, 'payment_processing', now, { from: row.status, ...data });
  } else {
    transition(c, id, change, now, { data });
  }
  // The invoice, when asked for, is issued by the transaction that records the payment, before
  // the confirmation that carries it; then exactly one confirmation per payment, and one ticket
  // e-mail per holder with an address of their own.
  if (change === 'paid') {
    issueOrderInvoice(c, id, now, source.paidOn);
    sendTickets(c, row, now);
  }
  // A ticket given back gives back everything it held: its workshop seats too, and its invoice
  // is corrected.
  if (change === 'refunded' || change === 'cancelled') releaseSeats(c, id, now);
  if (change === 'refunded') correctOrderInvoices(c, id, now, 'refunded');
  return { order: c.load(id), changed: true };
}

/**
 * A payment for an order that no longer holds a place (its hold ran out, it expired, it was
 * cancelled). An expired order takes a place if one is free, and is then paid as usual (null
 * here). A cancelled one (the buyer or an organiser decided against it) never does, nor does one
 * whose place is gone: the payment is recorded, the order keeps no place, and its refund is
 * due, which the caller asks of the provider and records with `refundLate`.
 */
function latePayment(c: Tx, row: OrderRow, now: number, source: SettleSource): SettleResult | null {
  if (row.late_paid_at !== null) return { order: c.load(row.id), changed: false, refundDue: true };
  if (row.status !== 'cancelled' && placesFree(c.sql, ticketRows(c.sql, row.id), now)) return null;
  const data = { by: source.by, ...(source.reference ? { reference: source.reference } : {}) };
  if (row.status === 'pending') {
    transition(c, row.id, 'expired', now, { event: 'paid_without_place', stamps: ['late_paid_at'], data });
  } else {
    // Expired or cancelled already: its status stays, the payment is recorded to be given back.
    c.sql.exec('UPDATE orders SET late_paid_at = ?, updated_at = ? WHERE id = ?', now, now, row.id);
    c.log(row.id, 'paid_without_place', now, { from: row.status, ...data });
  }
  return { order: c.load(row.id), changed: true, refundDue: true };
}

/**
 * Records the refund of a payment that came without a place (see `latePayment`): the order is
 * refunded and its buyer gets an e-mail that says so, both once.
 */
export function refundLate(c: Tx, id: string, refundReference: string, now: number, by: string): Order | null {
  const row = c.row(id);
  if (!row || row.late_paid_at === null) return null;
  if (row.status === 'refunded') return c.load(id);
  transition(c, id, 'refunded', now, { data: { by, refund: refundReference, late: true } });
  c.addEmail(id, 'late_refund', null, now);
  return c.load(id);
}

/**
 * Whether the buyer may cancel an order now: a pending one always (its hold is let go), a paid
 * one until the deadline of the terms (site/terms.ts). Nothing changes here.
 */
export function cancellable(c: Tx, orderId: string, now: number): CancelResult {
  const row = c.row(orderId);
  if (!row) return { kind: 'refused', error: 'not_found' };
  const order = c.load(orderId);
  if (row.status !== 'paid' && row.status !== 'pending') return { kind: 'refused', error: 'not_cancellable', order };
  if (now >= cancellationClosesAt()) return { kind: 'refused', error: 'cancellation_closed', order };
  return { kind: 'cancelled', order };
}

/** Whose turn it is to ask the provider for a paid order's refund (refunds.ts), after the rules' refusals. */
export function claimRefund(c: Tx, orderId: string, now: number, waitingFor?: number): CancelResult | RefundTurn {
  const row = c.row(orderId);
  if (row?.status === 'refunded' && row.cancelled_at !== null) return { kind: 'cancelled', order: c.load(orderId) };
  const allowed = cancellable(c, orderId, now);
  if (allowed.kind === 'refused') return allowed;
  if (row?.status !== 'paid') return { kind: 'refused', error: 'not_cancellable', order: allowed.order };
  // The lease runs on the real clock: it measures a provider's call, not the shop's time.
  return refundTurn(c.sql, orderId, Date.now(), waitingFor);
}

/**
 * The buyer's cancellation of a paid order, once the provider has given the money back
 * (`refundReference`): its places and workshop seats return, it is refunded, and the buyer gets
 * an e-mail that says so, all once. The rules are checked again here, in the transaction.
 */
export function cancelPaid(c: Tx, orderId: string, refundReference: string, now: number): CancelResult {
  const row = c.row(orderId);
  if (row?.status === 'refunded' && row.cancelled_at !== null) return { kind: 'cancelled', order: c.load(orderId) };
  const allowed = cancellable(c, orderId, now);
  if (allowed.kind === 'refused' || row?.status !== 'paid') return allowed;
  transition(c, orderId, 'refunded', now, {
    stamps: ['cancelled_at'],
    data: { by: 'buyer', refund: refundReference },
  });
  refundRecorded(c.sql, orderId);
  releaseSeats(c, orderId, now);
  correctOrderInvoices(c, orderId, now, 'cancelled');
  c.addEmail(orderId, 'cancellation', null, now);
  return { kind: 'cancelled', order: c.load(orderId) };
}

/**
 * Gives up an order whose checkout could not be started (the provider failed): its place returns
 * at once and its Idempotency-Key is freed, so the buyer's retry with the same key makes a new
 * attempt instead of replaying a dead one. An order that reached its provider is left alone.
 */
export function abandon(c: Tx, id: string, now: number, reason: string): boolean {
  const row = c.row(id);
  if (row?.status !== 'pending' || row.provider_ref) return false;
  transition(c, id, 'cancelled', now, { data: { by: 'payment_start_failed', reason: reason.slice(0, 200) } });
  c.sql.exec('DELETE FROM idempotency WHERE order_id = ?', id);
  return true;
}

/**
 * An organiser lets an unpaid order's hold go: the order expires and its places return at once;
 * nothing was charged, and a payment that still arrives is refunded by the late-payment rule.
 * Null for no such order; `changed: false` when it is no longer pending.
 */
export function releaseHold(c: Tx, id: string, now: number, by: string): SettleResult | null {
  const row = c.row(id);
  if (!row) return null;
  if (row.status !== 'pending') return { order: c.load(id), changed: false };
  c.log(id, 'hold_released', now, { by, provider: row.provider, holdUntil: iso(row.hold_until) });
  return settle(c, id, 'expired', now, { by });
}

/** Expires the orders whose hold ran out unpaid, each in a transaction of its own; returns how many. */
export function expireHolds(c: Tx, now: number): number {
  const expired = c.sql
    .exec<{ id: string }>("SELECT id FROM orders WHERE status = 'pending' AND hold_until <= ? LIMIT 500", now)
    .toArray();
  for (const { id } of expired) c.transaction(() => settle(c, id, 'expired', now, { by: 'hold_timer' }));
  return expired.length;
}

/**
 * A paid order's e-mails: the buyer's confirmation listing every ticket, and each ticket's own to
 * its holder when the holder has an address other than the buyer's (in the caller's transaction).
 */
function sendTickets(c: Tx, order: OrderRow, now: number): void {
  c.addEmail(order.id, 'confirmation', null, now);
  for (const ticket of ticketRows(c.sql, order.id)) {
    if (ticket.email && ticket.email !== order.email) c.addEmail(order.id, 'ticket', ticket.id, now);
  }
}
