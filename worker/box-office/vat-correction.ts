import { type InvoiceData, type IssuedInvoice, type VatCheck, viesNumberOf } from '../../site/invoices';
import type { VatStatus } from '../../site/order-view';
import type { OrderStatus } from '../../site/orders';
import { type ProductId, product } from '../../site/tickets';
import { ksefSends } from '../invoices/ksef-config';
import type { Tx } from './context';
import { correctToReverseCharge } from './invoices';
import { type RefundTurn, refundFailed, refundRecorded, refundTurn } from './refunds';
import { iso, type OrderRow, ticketRows } from './schema';
import { recordVatCheck, vatCheckLog, vatChecksOf } from './vat';

// The second chance of an EU business whose VAT number VIES could not check when it ordered (the
// service was down): it paid 23% VAT, and asks VIES again from its order page. Once VIES confirms
// the number, its online plans become reverse charge: the tickets and the order are re-priced
// (net only), its invoice is corrected, and the VAT difference goes back. The rules:
// - Only an order whose checks include `unavailable` and none `valid`, with online plans charged
//   VAT, for an EU business's VAT number (on-site admission is 23% in Poland for everyone).
// - Paid: corrected, and the difference refunded once through the provider that took the payment
//   (a transfer's is due, for the organisers to send back by transfer).
// - Pending with no checkout started (a transfer order awaiting its money): re-priced at once, the
//   buyer then pays the new amount. Pending with a checkout open at the old amount (card, demo):
//   `pay_first`, since a payment of the old amount may land any moment; corrected after it.
// The correction is kept (`vat_corrections`), one row per order: the evidence that it was made.

const SCHEMA = `
CREATE TABLE IF NOT EXISTS vat_corrections (
  order_id TEXT PRIMARY KEY,
  difference INTEGER NOT NULL,
  refund TEXT NOT NULL,
  refund_reference TEXT,
  corrected_at INTEGER NOT NULL
);`;

/** Makes the corrections' table (the constructor, after the schema's migration). */
export function vatCorrectionTables(sql: SqlStorage): void {
  sql.exec(SCHEMA);
}

/** Why a re-check is refused, each answered 409 with the order's state (or 404). */
export type RecheckRefusal = {
  kind: 'refused';
  error: 'not_found' | 'not_eligible' | 'already_corrected' | 'pay_first';
  status?: OrderStatus;
  vatCheck?: VatCheck['status'] | null;
};

/** An order the buyer may have VIES check again: its number, and the VAT a confirmation takes off. */
export type Recheckable = {
  kind: 'eligible';
  number: { countryCode: string; vatNumber: string };
  difference: number;
  paid: boolean;
};

/** The key of an order's VAT refund among the refund claims (refunds.ts): apart from a cancel's. */
export const vatRefundKey = (orderId: string) => `vat:${orderId}`;

/** The provider refused or missed the VAT refund of `attempt` (see `claimVatRefund`). */
export function vatRefundFailed(sql: SqlStorage, orderId: string, attempt: number): void {
  refundFailed(sql, vatRefundKey(orderId), attempt, Date.now());
}

/** The VAT a confirmation takes off: that of the order's online plans still charged VAT. */
function difference(sql: SqlStorage, orderId: string): number {
  return ticketRows(sql, orderId)
    .filter((ticket) => ticket.vat > 0 && product(ticket.product as ProductId).mode === 'online')
    .reduce((sum, ticket) => sum + ticket.vat, 0);
}

/** Whether an order may ask VIES again now, by the rules above (in the caller's transaction). */
export function recheckState(sql: SqlStorage, row: OrderRow | null): Recheckable | RecheckRefusal {
  if (!row) return { kind: 'refused', error: 'not_found' };
  const checks = vatChecksOf(sql, row.id);
  const last = checks.at(-1)?.status ?? null;
  const state = { status: row.status as OrderStatus, vatCheck: last };
  const number = viesNumberOf(row.invoice ? (JSON.parse(row.invoice) as InvoiceData) : null);
  if (checks.some((check) => check.status === 'valid'))
    return { kind: 'refused', error: 'already_corrected', ...state };
  if (!number || !checks.some((check) => check.status === 'unavailable')) {
    return { kind: 'refused', error: 'not_eligible', ...state };
  }
  if (row.status !== 'paid' && row.status !== 'pending') return { kind: 'refused', error: 'not_eligible', ...state };
  const vat = difference(sql, row.id);
  if (vat === 0) return { kind: 'refused', error: 'not_eligible', ...state };
  if (row.status === 'pending' && row.provider_ref) return { kind: 'refused', error: 'pay_first', ...state };
  return { kind: 'eligible', number, difference: vat, paid: row.status === 'paid' };
}

/**
 * Re-prices an order's online plans as reverse charge (net only) and the order with them, in the
 * caller's transaction; returns the VAT taken off.
 */
export function repriceReverseCharge(sql: SqlStorage, orderId: string, now: number): number {
  let taken = 0;
  for (const ticket of ticketRows(sql, orderId)) {
    if (ticket.vat === 0 || product(ticket.product as ProductId).mode !== 'online') continue;
    sql.exec("UPDATE tickets SET vat = 0, gross = net, vat_rate = 'np', updated_at = ? WHERE id = ?", now, ticket.id);
    taken += ticket.vat;
  }
  sql.exec(
    'UPDATE orders SET vat = vat - ?, gross = gross - ?, updated_at = ? WHERE id = ?',
    taken,
    taken,
    now,
    orderId,
  );
  return taken;
}

/** Keeps the correction of an order (in the caller's transaction). */
export function recordCorrection(
  sql: SqlStorage,
  orderId: string,
  correction: { difference: number; refund: 'refunded' | 'due' | 'none'; reference: string | null },
  now: number,
): void {
  sql.exec(
    'INSERT INTO vat_corrections (order_id, difference, refund, refund_reference, corrected_at) VALUES (?, ?, ?, ?, ?)',
    orderId,
    correction.difference,
    correction.refund,
    correction.reference,
    now,
  );
}

/** What the order page shows of an order's VAT number (site/order-view.ts), or null for an order without one. */
export function vatStatus(sql: SqlStorage, row: OrderRow | null): VatStatus | null {
  if (!row) return null;
  const last = vatChecksOf(sql, row.id).at(-1);
  if (!last) return null;
  const state = recheckState(sql, row);
  const made = sql
    .exec<{ difference: number; refund: 'refunded' | 'due' | 'none'; corrected_at: number }>(
      'SELECT difference, refund, corrected_at FROM vat_corrections WHERE order_id = ?',
      row.id,
    )
    .toArray()[0];
  return {
    vatId: `${last.countryCode}${last.vatNumber}`,
    status: last.status,
    checkedAt: last.checkedAt,
    recheck: state.kind === 'eligible' ? 'available' : state.error === 'pay_first' ? 'pay_first' : null,
    correction: made ? { difference: made.difference, refund: made.refund, at: iso(made.corrected_at) } : null,
  };
}

/** How a paid order's VAT difference came back: through its provider, or due by the organisers' transfer. */
export type VatRefund = { reference: string; due: boolean };

/**
 * Applies the reverse charge VIES confirmed (`check`), in the caller's transaction: the check kept,
 * the order re-priced, its invoices corrected and the correction kept. `refund` for a paid order
 * (null for a pending one). Returns the VAT taken off and the corrections issued.
 */
export function applyReverseCharge(
  sql: SqlStorage,
  orderId: string,
  check: VatCheck,
  refund: VatRefund | null,
  now: number,
  options: { ksef: boolean },
): { difference: number; corrections: IssuedInvoice[] } {
  recordVatCheck(sql, orderId, check);
  const taken = repriceReverseCharge(sql, orderId, now);
  const corrections = correctToReverseCharge(sql, orderId, now, options);
  recordCorrection(
    sql,
    orderId,
    {
      difference: taken,
      refund: refund ? (refund.due ? 'due' : 'refunded') : 'none',
      reference: refund?.reference ?? null,
    },
    now,
  );
  if (refund) refundRecorded(sql, vatRefundKey(orderId));
  return { difference: taken, corrections };
}

/** VIES says the number is not registered: the answer is kept as evidence, nothing else changes. */
export function notRegistered(c: Tx, orderId: string, check: VatCheck, now: number): void {
  const state = recheckState(c.sql, c.row(orderId));
  if (state.kind === 'refused' && state.error !== 'pay_first') return;
  recordVatCheck(c.sql, orderId, check);
  c.log(orderId, 'vat_checked', now, { ...vatCheckLog(check), by: 'buyer' });
}

/**
 * Whose turn it is to ask the provider for a paid order's VAT difference, as a cancel's refund is
 * claimed (refunds.ts, under a key of its own), with the amount; or why not.
 */
export function claimVatRefund(
  c: Tx,
  orderId: string,
  now: number,
  waitingFor?: number,
): (RefundTurn & { amount?: number }) | RecheckRefusal {
  const state = recheckState(c.sql, c.row(orderId));
  if (state.kind === 'refused') return state;
  if (!state.paid) return { kind: 'refused', error: 'not_eligible', status: 'pending' };
  const turn = refundTurn(c.sql, vatRefundKey(orderId), now, waitingFor);
  return turn.kind === 'claimed' ? { ...turn, amount: state.difference } : turn;
}

/**
 * Applies the reverse charge VIES confirmed: a paid order with its refund (`refund`, from the
 * caller that claimed it), a pending one without a checkout with none; the corrections and an
 * e-mail follow, all once. `paid_meanwhile` when a pending order was paid since the caller looked:
 * the caller then refunds the difference.
 */
export function confirmVat(
  c: Tx,
  orderId: string,
  check: VatCheck,
  refund: VatRefund | null,
  now: number,
): { kind: 'corrected' | 'paid_meanwhile' } | RecheckRefusal {
  const state = recheckState(c.sql, c.row(orderId));
  if (state.kind === 'refused') return state;
  if (state.paid && !refund) return { kind: 'paid_meanwhile' };
  if (!state.paid && refund) return { kind: 'refused', error: 'not_eligible', status: 'pending' };
  const made = applyReverseCharge(c.sql, orderId, check, refund, now, { ksef: ksefSends(c.env) });
  c.log(orderId, 'vat_checked', now, { ...vatCheckLog(check), by: 'buyer' });
  c.log(orderId, 'vat_corrected', now, {
    difference: made.difference,
    refund: refund ? (refund.due ? 'due' : 'refunded') : 'none',
    ...(refund ? { reference: refund.reference } : {}),
  });
  for (const correction of made.corrections) {
    c.log(orderId, 'invoice_corrected', now, {
      invoice: correction.id,
      number: correction.number,
      corrects: correction.correction?.of.number ?? null,
    });
    if (correction.ksef.status === 'queued') c.scheduleAlarm(Date.now());
  }
  // The buyer gets the corrections and the refund by e-mail; a transfer still awaited is paid at the
  // new amount, so its details go out again.
  if (state.paid) c.addEmail(orderId, 'vat_correction', null, now);
  else if (c.row(orderId)?.provider === 'transfer') c.addEmail(orderId, 'proforma', null, now);
  return { kind: 'corrected' };
}

/** An order's recheck state by its id (the class's `vatRecheck`). */
export const recheckOf = (c: Tx, orderId: string) => recheckState(c.sql, c.row(orderId));

/** An order's VAT status by its id (the class's `vatStatus`). */
export const vatStatusOf = (c: Tx, orderId: string) => vatStatus(c.sql, c.row(orderId));

/** `claimVatRefund` on the real clock (the class's call). */
export const claimVatRefundNow = (c: Tx, orderId: string, waitingFor?: number) =>
  claimVatRefund(c, orderId, Date.now(), waitingFor);
