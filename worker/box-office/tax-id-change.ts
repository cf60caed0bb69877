import { isExample } from '../../site/example-data';
import { buyerKind, type InvoiceData, type IssuedInvoice, type VatCheck } from '../../site/invoices';
import { invoiceRate, priceWith, vatTreatment } from '../../site/tax-rules';
import { type ProductId, product } from '../../site/tickets';
import { timeSortableId } from '../ids';
import { ksefSends } from '../invoices/ksef-config';
import { buyerParty, linesOf, totalsOf, warsawDay } from '../invoices/lines';
import { currentLines } from '../invoices/rate-correction';
import { correctionKind, replacementPair } from '../invoices/replacement';
import { ossEnabled } from '../tax/oss';
import type { Tx } from './context';
import { insertInvoice, nextNumber } from './invoices';
import { iso, type TicketRow, ticketRows } from './schema';
import { taxConfigAt } from './tickets';
import { recordVatCheck, vatCheckLog } from './vat';

// The buyer's tax number changed on an issued invoice (the console's correction of the buyer's
// data, invoice-requests.ts): the invoice is corrected to zero and a new one is issued to the right
// buyer (worker/invoices/replacement.ts says why), both numbered in the one transaction (both
// numbers or neither), both queued for KSeF and e-mailed, both logged on the order.
//
// The new invoice carries the VAT site/tax-rules.ts gives the right buyer for each ticket, on the
// day it was paid. The money does not move: when that VAT would make the tickets cost other than
// what was paid (an online plan to an EU business turning reverse charge, or ceasing to be), the
// change is refused and nothing is issued; a change of the kind of rate at the same amount (reverse
// charge to outside the scope, say) is issued and the tickets keep their new rate.

/** Why a change of the buyer's tax number is refused (409, with the state that refuses it). */
export type TaxIdChangeRefusal =
  /** The invoice was replaced already: the organisers correct the invoice issued in its place. */
  | { kind: 'refused'; error: 'replaced'; correction: { id: string; number: string }; replacement: Ref }
  /** Nothing stands on it (its order refunded, each ticket cancelled): no sale left to re-invoice. */
  | { kind: 'refused'; error: 'corrected_to_zero'; correction: Ref | null }
  /**
   * The invoice is on its way to KSeF (queued, or sent and its number not known yet): the correction
   * must name its KSeF number, so it waits until KSeF has answered.
   */
  | { kind: 'refused'; error: 'ksef_pending'; ksef: 'queued' | 'sent' }
  /** The right buyer's VAT would make the tickets cost other than what was paid (grosze). */
  | { kind: 'refused'; error: 'amount_would_change'; paid: number; charged: number };

type Ref = { id: string; number: string };

/** An invoice corrected to zero and the invoice issued in its place. */
export type TaxIdChange = { kind: 'corrected'; correction: IssuedInvoice; replacement: IssuedInvoice };

/** The correction to zero of `invoice` that replaced it, if there is one. */
export const replacementOf = (all: IssuedInvoice[], invoice: IssuedInvoice) =>
  all.find((item) => item.correction?.of.id === invoice.id && item.correction.replacedBy);

/**
 * Corrects `invoice` to zero and issues a new one to the buyer `data` names (in the caller's
 * transaction; `all` is its order's invoices, `vatCheck` what VIES said of a new EU VAT number).
 */
export function replaceForTaxId(
  c: Tx,
  invoice: IssuedInvoice,
  all: IssuedInvoice[],
  data: InvoiceData,
  now: number,
  by: string,
  vatCheck: VatCheck | null,
): TaxIdChange | TaxIdChangeRefusal {
  const earlier = all.filter((item) => item.correction?.of.id === invoice.id);
  const standing = currentLines(
    invoice.lines,
    earlier.map((item) => item.lines),
  );
  if (!standing.length) {
    const last = earlier.filter((item) => item.lines.length).at(-1);
    return { kind: 'refused', error: 'corrected_to_zero', correction: last ? ref(last) : null };
  }
  if (invoice.ksef.status === 'queued' || invoice.ksef.status === 'sent') {
    return { kind: 'refused', error: 'ksef_pending', ksef: invoice.ksef.status };
  }
  const order = c.row(invoice.orderId);
  const paidAt = order?.paid_at ?? Date.parse(invoice.issuedAt);
  const priced = repriced(ticketRows(c.sql, invoice.orderId), data, vatCheck?.status === 'valid', {
    oss: ossEnabled(c.env),
    at: paidAt,
  });
  const lines = linesOf(priced);
  const paid = totalsOf(standing).gross;
  const charged = totalsOf(lines).gross;
  if (charged !== paid) return { kind: 'refused', error: 'amount_would_change', paid, charged };

  const issuedOn = warsawDay(now);
  const year = Number(issuedOn.slice(0, 4));
  const kind = correctionKind(invoice.kind);
  const correctionNumber = nextNumber(c.sql, kind, year);
  const replacementNumber = nextNumber(c.sql, invoice.kind, year);
  const { correction, replacement } = replacementPair({
    original: { ...invoice, buyer: currentBuyerOf(earlier, invoice) },
    standing,
    lines,
    buyer: buyerParty(data),
    buyerKind: buyerKind(data),
    correction: { id: timeSortableId(now), number: correctionNumber.number },
    replacement: { id: timeSortableId(now), number: replacementNumber.number },
    issuedOn,
    issuedAt: iso(now),
    ksef: ksefSends(c.env) ? { status: 'queued', attempts: 0 } : { status: 'waiting' },
    example: isExample('organiser'),
  });
  insertInvoice(c.sql, correction, correctionNumber, now, ':zero');
  insertInvoice(c.sql, replacement, replacementNumber, now);

  // The tickets keep the rate the new invoice gives them (a later cancel of one corrects that line).
  for (const ticket of priced) {
    c.sql.exec(
      'UPDATE tickets SET vat_rate = ?, vat = ?, gross = ?, updated_at = ? WHERE id = ? AND vat_rate IS NOT ?',
      ticket.vat_rate,
      ticket.vat,
      ticket.gross,
      now,
      ticket.id,
      ticket.vat_rate,
    );
  }
  c.sql.exec('UPDATE orders SET invoice = ?, updated_at = ? WHERE id = ?', JSON.stringify(data), now, invoice.orderId);
  if (vatCheck) {
    recordVatCheck(c.sql, invoice.orderId, vatCheck);
    c.log(invoice.orderId, 'vat_checked', now, { ...vatCheckLog(vatCheck), by });
  }
  c.log(invoice.orderId, 'invoice_corrected', now, {
    invoice: correction.id,
    number: correction.number,
    corrects: invoice.number,
    toZero: true,
    taxIdBefore: correction.buyer.taxId,
    taxIdAfter: replacement.buyer.taxId,
    by,
  });
  c.log(invoice.orderId, 'invoice_issued', now, {
    invoice: replacement.id,
    number: replacement.number,
    kind: replacement.kind,
    replaces: invoice.number,
    by,
  });
  c.addEmail(invoice.orderId, 'invoice', correction.id, now);
  c.addEmail(invoice.orderId, 'invoice', replacement.id, now);
  if (correction.ksef.status === 'queued') c.scheduleAlarm(Date.now());
  return { kind: 'corrected', correction, replacement };
}

const ref = (invoice: IssuedInvoice): Ref => ({ id: invoice.id, number: invoice.number });

/** The buyer the invoice names now: after its latest correction of their data. */
const currentBuyerOf = (earlier: IssuedInvoice[], invoice: IssuedInvoice) =>
  earlier.filter((item) => item.correction?.buyerBefore).at(-1)?.buyer ?? invoice.buyer;

/**
 * An order's tickets priced for another buyer: the same net, the VAT site/tax-rules.ts gives that
 * buyer for each ticket's product on the day of payment (its rates then; OSS as the seller is set).
 */
function repriced(
  rows: TicketRow[],
  data: InvoiceData,
  vatConfirmed: boolean,
  config: { oss: boolean; at: number },
): TicketRow[] {
  const taxConfig = taxConfigAt(config.oss, config.at);
  return rows.map((row) => {
    const treatment = vatTreatment(product(row.product as ProductId).mode, { invoice: data, vatConfirmed }, taxConfig);
    return { ...row, ...priceWith(row.net, treatment), vat_rate: String(invoiceRate(treatment)) };
  });
}
