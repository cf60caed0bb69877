import {
  TRANSFER_REMINDER_MS,
  type TransferCredit,
  type TransferPayment,
  type TransferReport,
  type TransferResult,
  type TransferReversal,
} from '../../site/orders';
import { paymentDateProblem } from '../../site/payment-date';
import type { Tx } from './context';
import { settle } from './lifecycle';
import { iso } from './schema';
import { applyParts, assignCredit, keepCredit, keptCredit, openParts } from './statement-credits';
import { importTransfers as importStatement } from './transfer-import';

// Bank transfers: an organiser's mark or a statement's credit pays a transfer order (through the
// lifecycle's `settle`), and a transfer order's buyer is reminded before its hold runs out.

/**
 * Records a bank transfer for a transfer order (an organiser's mark, or a statement's line). The
 * amount must be the order's gross, else nothing changes (`amount_mismatch`, with the amount
 * expected). A pending order is paid: tickets, the confirmation and the invoice follow, the
 * invoice dated as paid on the day the money arrived, which must lie within the order's life
 * (site/payment-date.ts; else `invalid_date` with the reason). An order whose hold ran out takes a free
 * place if there is one (the late-payment rule), else it is refused `no_place` and the money is
 * the organisers' to return (logged once as paid without a place). Recorded twice, nothing
 * happens twice (`already_paid`).
 */
export function markTransferPaid(c: Tx, orderId: string, payment: TransferPayment, now: number): TransferResult {
  const row = c.row(orderId);
  if (!row) return { kind: 'refused', error: 'not_found' };
  const order = () => c.load(orderId);
  if (row.provider !== 'transfer') return { kind: 'refused', error: 'not_transfer', order: order() };
  if (row.status === 'paid') return { kind: 'refused', error: 'already_paid', order: order() };
  if (row.status === 'cancelled' || row.status === 'refunded') {
    return { kind: 'refused', error: 'not_payable', order: order() };
  }
  const dateProblem = paymentDateProblem(payment.paidOn, row.created_at, now);
  if (dateProblem) return { kind: 'refused', error: 'invalid_date', reason: dateProblem, order: order() };
  if (payment.amount !== row.gross) {
    return { kind: 'refused', error: 'amount_mismatch', expected: row.gross, order: order() };
  }
  // This transfer came after the order's place was gone, and was recorded then: nothing new.
  if (row.late_paid_at !== null) return { kind: 'refused', error: 'no_place', order: order() };
  c.log(orderId, 'marked_paid', now, {
    by: payment.by,
    amount: payment.amount,
    paidOn: payment.paidOn,
    ...(payment.reference ? { reference: payment.reference } : {}),
  });
  const result = settle(c, orderId, 'paid', now, { provider: 'transfer', by: payment.by, paidOn: payment.paidOn });
  if (!result) return { kind: 'refused', error: 'not_found' };
  if (result.refundDue) return { kind: 'refused', error: 'no_place', order: result.order };
  return { kind: 'paid', order: result.order };
}

/**
 * Records a bank statement's credits, each as `markTransferPaid` records a transfer (one
 * transaction per credit), on its booking day, and reports each credit and reversal
 * (./transfer-import.ts). A statement imported again pays nothing twice.
 */
export function importTransfers(
  c: Tx,
  credits: TransferCredit[],
  now: number,
  by: string,
  reversals: TransferReversal[],
): TransferReport[] {
  return importStatement(
    c.sql,
    credits,
    reversals,
    (orderId, credit, key) => c.transaction(() => payCredit(c, orderId, credit, key, now, by)),
    (credit, key) => c.transaction(() => keepCredit(c.sql, key, credit, 'unmatched', null, now)),
  );
}

/** A statement's credit that pays its order only with others, or pays it with some left over. */
export type CreditKept = { kind: 'kept'; outcome: 'underpaid' | 'overpaid'; expected: number; received: number };

/**
 * A statement's credit for an order, in the caller's transaction: the exact gross pays it as
 * `markTransferPaid` does; a credit below it is kept as a part (a split payment) until the parts
 * kept add up to the gross, which then pays the order once, dated the day the last part arrived;
 * anything over the gross is kept as an excess for the organisers to return. A credit kept before
 * (the same statement line imported again) keeps and pays nothing again.
 */
export function payCredit(
  c: Tx,
  orderId: string,
  credit: TransferCredit,
  key: string,
  now: number,
  by: string,
): TransferResult | CreditKept {
  const kept = keptCredit(c.sql, key);
  const row = c.row(orderId);
  if (kept) {
    const { sum } = openParts(c.sql, orderId);
    if (kept.kind === 'part' && kept.state === 'open') {
      return { kind: 'kept', outcome: 'underpaid', expected: row?.gross ?? 0, received: sum };
    }
    return { kind: 'refused', error: 'already_paid', order: c.load(orderId) };
  }
  const payment = { amount: credit.amount, paidOn: credit.bookedOn, reference: credit.reference, by };
  const exact = markTransferPaid(c, orderId, payment, now);
  if (exact.kind !== 'refused' || exact.error !== 'amount_mismatch') return exact;
  keepCredit(c.sql, key, credit, 'part', orderId, now);
  return settleParts(c, orderId, key, credit, now, by);
}

/**
 * The parts kept for an order, added up: below its gross they wait (`underpaid`); at or over it they
 * pay it once (the excess kept apart, `overpaid`). When the order cannot be paid (no place, a date
 * outside its life), the parts stay kept and the refusal is answered.
 */
function settleParts(
  c: Tx,
  orderId: string,
  key: string,
  credit: Pick<TransferCredit, 'bookedOn' | 'reference'>,
  now: number,
  by: string,
): TransferResult | CreditKept {
  const row = c.row(orderId);
  const gross = row?.gross ?? 0;
  const { sum, lastOn } = openParts(c.sql, orderId);
  if (sum < gross) return { kind: 'kept', outcome: 'underpaid', expected: gross, received: sum };
  const paid = markTransferPaid(
    c,
    orderId,
    { amount: gross, paidOn: lastOn ?? credit.bookedOn, reference: credit.reference, by },
    now,
  );
  if (paid.kind !== 'paid') return paid;
  applyParts(c.sql, orderId, now);
  if (sum === gross) return paid;
  keepCredit(
    c.sql,
    `${key}|excess`,
    { ...credit, amount: sum - gross, title: `excess of ${orderId}` } as TransferCredit,
    'excess',
    orderId,
    now,
    sum - gross,
  );
  return { kind: 'kept', outcome: 'overpaid', expected: gross, received: sum };
}

/**
 * An organiser gives an unmatched credit to a transfer order (its code): it becomes a part of that
 * order's gross and pays it if the parts reach it, as a statement's credits do.
 */
export function matchCredit(
  c: Tx,
  key: string,
  orderCode: string,
  now: number,
  by: string,
): TransferResult | CreditKept | { kind: 'refused'; error: 'credit_not_found' | 'credit_not_open' } {
  const kept = keptCredit(c.sql, key);
  if (!kept) return { kind: 'refused', error: 'credit_not_found' };
  if (kept.kind !== 'unmatched' || kept.state !== 'open') return { kind: 'refused', error: 'credit_not_open' };
  const order = c.sql.exec<{ id: string }>('SELECT id FROM orders WHERE code = ?', orderCode).toArray()[0];
  if (!order) return { kind: 'refused', error: 'not_found' };
  const row = c.row(order.id);
  if (row?.provider !== 'transfer') return { kind: 'refused', error: 'not_transfer', order: c.load(order.id) };
  if (row.status === 'paid') return { kind: 'refused', error: 'already_paid', order: c.load(order.id) };
  assignCredit(c.sql, key, order.id, by, now);
  return settleParts(c, order.id, key, { bookedOn: kept.bookedOn, reference: kept.reference }, now, by);
}

/**
 * Queues the reminder of each pending transfer order whose hold runs out within
 * TRANSFER_REMINDER_DAYS_BEFORE days, once per order; returns how many.
 */
export function remindTransfers(c: Tx, now: number): number {
  const due = c.sql
    .exec<{ id: string; hold_until: number }>(
      `SELECT id, hold_until FROM orders WHERE status = 'pending' AND provider = 'transfer'
         AND reminded_at IS NULL AND hold_until > ? AND hold_until - ? <= ? LIMIT 500`,
      now,
      TRANSFER_REMINDER_MS,
      now,
    )
    .toArray();
  for (const { id, hold_until } of due) {
    c.sql.exec('UPDATE orders SET reminded_at = ? WHERE id = ?', now, id);
    c.log(id, 'transfer_reminder_queued', now, { holdUntil: iso(hold_until) });
    c.addEmail(id, 'transfer_reminder', null, now);
  }
  return due.length;
}
