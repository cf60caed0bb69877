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
  return importStatement(c.sql, credits, reversals, (orderId, payment) =>
    c.transaction(() => markTransferPaid(c, orderId, { ...payment, by }, now)),
  );
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
