import type { CancelledTicket, CancelResult, PartCancelResult, RefundOwed } from '../../site/orders';
import type { ProductId } from '../../site/tickets';
import type { Tx } from './context';
import { correctOrderInvoices, correctTicketInvoices } from './invoices';
import { cancellable, ticketTransition, transition } from './lifecycle';
import { type RefundTurn, refundFailed, refundRecorded, refundTurn } from './refunds';
import { addColumns, iso, TICKET_COLUMNS, ticketRows } from './schema';
import { releaseSeats } from './workshops';

// Part of an order: the buyer (until the terms' deadline) or an organiser (any time) cancels one
// ticket of a paid order. Its gross comes back (through the provider that took the payment, or by
// a transfer the organisers make and record here: `refunds_owed`), its invoice line is corrected,
// its place returns (waitlist.ts `placesReturned`: to the waiting list first), its code and page stop (lifecycle.ts
// `ticketTransition`), the other tickets stay as they are. The last valid ticket cancelled
// cancels the order. Money owed back by transfer (a whole transfer order cancelled too) is kept
// until an organiser records it, once: nothing is paid back twice.

const SCHEMA = `
CREATE TABLE IF NOT EXISTS cancelled_tickets (
  ${TICKET_COLUMNS},
  list_net INTEGER,
  voucher TEXT,
  code TEXT NOT NULL,
  cancelled_at INTEGER NOT NULL,
  by TEXT NOT NULL,
  refund TEXT NOT NULL,
  refund_reference TEXT,
  vat_rate TEXT
);
CREATE INDEX IF NOT EXISTS cancelled_tickets_order ON cancelled_tickets (order_id);
CREATE TABLE IF NOT EXISTS refunds_owed (
  id TEXT PRIMARY KEY,
  order_id TEXT NOT NULL,
  ticket_id TEXT,
  amount INTEGER NOT NULL,
  owed_at INTEGER NOT NULL,
  recorded_amount INTEGER,
  recorded_on TEXT,
  reference TEXT,
  recorded_by TEXT,
  recorded_at INTEGER
);
CREATE INDEX IF NOT EXISTS refunds_owed_order ON refunds_owed (order_id);
`;

/** Makes the tables (the constructor, after the schema's migration). */
export function partCancelTables(sql: SqlStorage): void {
  sql.exec(SCHEMA);
  // A cancelled ticket keeps its VAT rate: the OSS report counts its refund under the member state
  // and rate it was sold at (a box office made before the column gets it here).
  addColumns(sql, 'cancelled_tickets', { vat_rate: 'TEXT' });
}

/** The key of a ticket's refund among the refund claims (refunds.ts): apart from the order's. */
export const ticketRefundKey = (ticketId: string) => `ticket:${ticketId}`;

/** The provider refused or missed a ticket's refund of `attempt` (see `claimTicketRefund`). */
export function ticketRefundFailed(sql: SqlStorage, ticketId: string, attempt: number): void {
  refundFailed(sql, ticketRefundKey(ticketId), attempt, Date.now());
}

type CancelledRow = {
  id: string;
  order_id: string;
  position: number;
  product: string;
  name: string | null;
  gross: number;
  cancelled_at: number;
  by: string;
};

const toCancelled = (row: CancelledRow): CancelledTicket => ({
  id: row.id,
  position: row.position,
  product: row.product as ProductId,
  name: row.name,
  gross: row.gross,
  cancelledAt: iso(row.cancelled_at),
  by: row.by,
});

/** An order's tickets cancelled alone, in the cart's order. */
export function cancelledTickets(sql: SqlStorage, orderId: string): CancelledTicket[] {
  return sql
    .exec<CancelledRow>('SELECT * FROM cancelled_tickets WHERE order_id = ? ORDER BY position', orderId)
    .toArray()
    .map(toCancelled);
}

function cancelledTicket(sql: SqlStorage, orderId: string, ticketId: string): CancelledTicket | null {
  const row = sql
    .exec<CancelledRow>('SELECT * FROM cancelled_tickets WHERE id = ? AND order_id = ?', ticketId, orderId)
    .toArray()[0];
  return row ? toCancelled(row) : null;
}

/** Who cancels: the buyer keeps to the terms' deadline; an organiser (finance, admin) does not. */
export type Canceller = { by: string; organiser: boolean };

/**
 * Whether a ticket of an order may be cancelled alone now: the order paid, the ticket valid and not
 * admitted at a door, and, for the buyer, the terms' deadline not passed (the whole-order rule).
 * Nothing changes. The ticket's gross is what comes back.
 */
export function ticketCancellable(
  c: Tx,
  orderId: string,
  ticketId: string,
  now: number,
  who: Canceller,
): { kind: 'allowed'; gross: number; provider: string } | Extract<PartCancelResult, { kind: 'refused' }> {
  const row = c.row(orderId);
  if (!row) return { kind: 'refused', error: 'not_found' };
  const order = c.load(orderId);
  const ticket = ticketRows(c.sql, orderId).find((t) => t.id === ticketId);
  if (!ticket) {
    return cancelledTicket(c.sql, orderId, ticketId)
      ? { kind: 'refused', error: 'ticket_cancelled', order }
      : { kind: 'refused', error: 'not_found' };
  }
  if (row.status !== 'paid') return { kind: 'refused', error: 'not_paid', order };
  if (ticket.checked_in_at !== null) return { kind: 'refused', error: 'checked_in', order };
  if (!who.organiser) {
    const rule = cancellable(c, orderId, now);
    if (rule.kind === 'refused' && rule.error === 'cancellation_closed') {
      return { kind: 'refused', error: 'cancellation_closed', order };
    }
  }
  return { kind: 'allowed', gross: ticket.gross, provider: row.provider };
}

/**
 * Whose turn it is to ask the provider for a ticket's refund (refunds.ts, under the ticket's key),
 * after the rules' refusals; a ticket already cancelled answers its cancellation.
 */
export function claimTicketRefund(
  c: Tx,
  orderId: string,
  ticketId: string,
  now: number,
  who: Canceller,
  waitingFor?: number,
): PartCancelResult | (RefundTurn & { amount?: number }) {
  const done = cancelledTicket(c.sql, orderId, ticketId);
  if (done) return answered(c, orderId, done);
  const allowed = ticketCancellable(c, orderId, ticketId, now, who);
  if (allowed.kind === 'refused') return allowed;
  // The lease runs on the real clock: it measures a provider's call, not the shop's time.
  const turn = refundTurn(c.sql, ticketRefundKey(ticketId), Date.now(), waitingFor);
  return turn.kind === 'claimed' ? { ...turn, amount: allowed.gross } : turn;
}

/** The answer to a cancel of a ticket that is cancelled already: the same as the first one's. */
function answered(c: Tx, orderId: string, ticket: CancelledTicket): PartCancelResult {
  const owed = c.sql
    .exec<{ n: number }>('SELECT COUNT(*) AS n FROM refunds_owed WHERE id = ?', owedKey(orderId, ticket.id))
    .one().n;
  return {
    kind: 'cancelled',
    order: c.load(orderId),
    ticket,
    orderCancelled: ticketRows(c.sql, orderId).length === 0,
    refund: owed ? 'owed' : 'refunded',
  };
}

/** How a ticket's gross comes back: refunded by the provider (its reference), or owed by transfer. */
export type TicketRefund = { kind: 'refunded'; reference: string } | { kind: 'owed' };

/**
 * Cancels one ticket of a paid order, in the caller's transaction, once (asked again: the same
 * answer). The rules are checked again here. Its line is corrected, its refund recorded (or owed),
 * and, when it was the last valid ticket, the order is cancelled with it.
 */
export function cancelTicket(
  c: Tx,
  orderId: string,
  ticketId: string,
  now: number,
  who: Canceller,
  refund: TicketRefund,
): PartCancelResult {
  const done = cancelledTicket(c.sql, orderId, ticketId);
  if (done) return answered(c, orderId, done);
  const allowed = ticketCancellable(c, orderId, ticketId, now, who);
  if (allowed.kind === 'refused') return allowed;
  const row = ticketTransition(c, ticketId, 'cancelled', now, {
    by: who.by,
    refund: refund.kind,
    reference: refund.kind === 'refunded' ? refund.reference : null,
  });
  correctTicketInvoices(c, orderId, row, now);
  if (refund.kind === 'refunded') refundRecorded(c.sql, ticketRefundKey(ticketId));
  else if (row.gross > 0) owe(c, orderId, ticketId, row.gross, now);
  const orderCancelled = ticketRows(c.sql, orderId).length === 0;
  if (orderCancelled) {
    // The last valid ticket: the order goes with it (its lines are all corrected already).
    transition(c, orderId, 'refunded', now, {
      stamps: ['cancelled_at'],
      data: { by: who.by, lastTicket: ticketId, refund: refund.kind === 'refunded' ? refund.reference : 'owed' },
    });
    releaseSeats(c, orderId, now);
    correctOrderInvoices(c, orderId, now, 'cancelled');
    c.addEmail(orderId, 'cancellation', null, now);
  } else {
    c.addEmail(orderId, 'ticket_cancellation', ticketId, now);
  }
  const ticket = cancelledTicket(c.sql, orderId, ticketId) as CancelledTicket;
  return { kind: 'cancelled', order: c.load(orderId), ticket, orderCancelled, refund: refund.kind };
}

/** The id of what is owed back for a ticket (or, without one, the whole order): one row each. */
const owedKey = (orderId: string, ticketId: string | null) => (ticketId ? `ticket-${ticketId}` : `order-${orderId}`);

/**
 * Keeps money owed back by a transfer the organisers make (in the caller's transaction), once per
 * ticket or order: the state says `owed` until an organiser records it.
 */
export function owe(c: Tx, orderId: string, ticketId: string | null, amount: number, now: number): void {
  const made = c.sql
    .exec(
      `INSERT INTO refunds_owed (id, order_id, ticket_id, amount, owed_at) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (id) DO NOTHING RETURNING id`,
      owedKey(orderId, ticketId),
      orderId,
      ticketId,
      amount,
      now,
    )
    .toArray().length;
  if (made) c.log(orderId, 'refund_owed', now, { amount, ticket: ticketId });
}

type OwedRow = {
  id: string;
  order_id: string;
  ticket_id: string | null;
  amount: number;
  owed_at: number;
  recorded_amount: number | null;
  recorded_on: string | null;
  reference: string | null;
  recorded_by: string | null;
  recorded_at: number | null;
  code: string;
};

const toOwed = (row: OwedRow): RefundOwed => ({
  id: row.id,
  orderId: row.order_id,
  orderCode: row.code,
  ticketId: row.ticket_id,
  amount: row.amount,
  owedAt: iso(row.owed_at),
  state: row.recorded_at === null ? 'owed' : 'recorded',
  recorded:
    row.recorded_at === null
      ? null
      : {
          amount: row.recorded_amount ?? 0,
          on: row.recorded_on ?? '',
          reference: row.reference ?? '',
          by: row.recorded_by ?? '',
          at: iso(row.recorded_at),
        },
});

const OWED_SELECT = 'SELECT r.*, o.code FROM refunds_owed r JOIN orders o ON o.id = r.order_id';

/** Refunds owed by transfer, the unrecorded first (oldest first), then the recorded (newest first); or one order's. */
export function refundsOwed(sql: SqlStorage, orderId?: string): RefundOwed[] {
  const rows = orderId
    ? sql.exec<OwedRow>(`${OWED_SELECT} WHERE r.order_id = ? ORDER BY r.owed_at`, orderId)
    : sql.exec<OwedRow>(
        `${OWED_SELECT} ORDER BY r.recorded_at IS NOT NULL, CASE WHEN r.recorded_at IS NULL THEN r.owed_at ELSE -r.recorded_at END LIMIT 500`,
      );
  return rows.toArray().map(toOwed);
}

/** What an organiser's record of a refund made by transfer came to. */
export type RecordRefundResult =
  | { kind: 'recorded'; refund: RefundOwed }
  | { kind: 'refused'; error: 'not_found' }
  | { kind: 'refused'; error: 'already_recorded' | 'amount_mismatch'; refund: RefundOwed };

/**
 * An organiser records that money owed back was sent (amount, day, the bank's reference), once: a
 * second record is refused with the first one's state, and an amount other than the one owed is
 * refused (the organisers correct it before recording).
 */
export function recordRefund(
  c: Tx,
  id: string,
  record: { amount: number; on: string; reference: string; by: string },
  now: number,
): RecordRefundResult {
  const row = c.sql.exec<OwedRow>(`${OWED_SELECT} WHERE r.id = ?`, id).toArray()[0];
  if (!row) return { kind: 'refused', error: 'not_found' };
  if (row.recorded_at !== null) return { kind: 'refused', error: 'already_recorded', refund: toOwed(row) };
  if (record.amount !== row.amount) return { kind: 'refused', error: 'amount_mismatch', refund: toOwed(row) };
  c.sql.exec(
    `UPDATE refunds_owed SET recorded_amount = ?, recorded_on = ?, reference = ?, recorded_by = ?, recorded_at = ?
     WHERE id = ? AND recorded_at IS NULL`,
    record.amount,
    record.on,
    record.reference,
    record.by,
    now,
    id,
  );
  c.log(row.order_id, 'refund_recorded', now, {
    amount: record.amount,
    on: record.on,
    reference: record.reference,
    by: record.by,
    ticket: row.ticket_id,
  });
  return { kind: 'recorded', refund: toOwed(c.sql.exec<OwedRow>(`${OWED_SELECT} WHERE r.id = ?`, id).one()) };
}

/**
 * The buyer's cancellation of a whole order paid by transfer, until the terms' deadline: its
 * places and seats return and its invoices are corrected at once, as a card order's are; the
 * money is owed back to the account it came from, which the organisers send and record
 * (`recordRefund`). Asked again: the same answer.
 */
export function cancelTransferOrder(c: Tx, orderId: string, now: number, by: string): CancelResult {
  const row = c.row(orderId);
  if (row?.status === 'refunded' && row.cancelled_at !== null) return { kind: 'cancelled', order: c.load(orderId) };
  const allowed = cancellable(c, orderId, now);
  if (allowed.kind === 'refused') return allowed;
  if (row?.status !== 'paid' || row.provider !== 'transfer') {
    return { kind: 'refused', error: 'not_cancellable', order: allowed.order };
  }
  transition(c, orderId, 'refunded', now, { stamps: ['cancelled_at'], data: { by, refund: 'owed' } });
  releaseSeats(c, orderId, now);
  correctOrderInvoices(c, orderId, now, 'cancelled');
  if (row.gross > 0) owe(c, orderId, null, row.gross, now);
  c.addEmail(orderId, 'cancellation', null, now);
  return { kind: 'cancelled', order: c.load(orderId) };
}

/** An order's tickets cancelled alone and the refunds it is owed by transfer, for its views. */
export function orderParts(sql: SqlStorage, orderId: string): { cancelled: CancelledTicket[]; refunds: RefundOwed[] } {
  return { cancelled: cancelledTickets(sql, orderId), refunds: refundsOwed(sql, orderId) };
}
