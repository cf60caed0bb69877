import { isExample } from '../../site/example-data';
import {
  buyerKind,
  currentInvoiceOf,
  type InvoiceData,
  type InvoiceKind,
  type InvoiceParty,
  type IssuedInvoice,
  invoiceRequestClosesAt,
  type VatCheck,
} from '../../site/invoices';
import type { OrderStatus } from '../../site/orders';
import { timeSortableId } from '../ids';
import { ksefSends } from '../invoices/ksef-config';
import { buyerParty, totalsOf, warsawDay } from '../invoices/lines';
import { currentLines } from '../invoices/rate-correction';
import type { Tx } from './context';
import { currentBuyer, insertInvoice, invoiceById, invoicesOf, issueInvoice, nextNumber } from './invoices';
import { iso, type OrderRow, ticketRows } from './schema';
import { replaceForTaxId, replacementOf, type TaxIdChangeRefusal } from './tax-id-change';

// Two documents made after the sale, each in the box office's one transaction so that a burst
// numbers each once:
// - an invoice a buyer who paid without invoice data asks for later (art. 106b ust. 3 of the VAT
//   act: within three months from the end of the month of the payment), made the way the
//   purchase's is (worker/box-office/invoices.ts `issueInvoice`) from the order as it was sold:
//   its lines are the tickets' stored prices, never priced again for the new buyer;
// - a correction of the buyer's data on an issued invoice (FA(3) `Podmiot2K`): no lines, no
//   amounts, the buyer before and after.

/** Why an invoice cannot be asked for now: 404, or 409 with the order's state. */
export type InvoiceRequestRefusal = {
  kind: 'refused';
  error: 'not_found' | 'not_paid' | 'already_invoiced' | 'nothing_to_invoice' | 'request_closed';
  status?: OrderStatus;
  /** The end of the window (ISO), for `request_closed` and whenever the order was paid. */
  until?: string;
  /** The invoice the order already has, for `already_invoiced`. */
  number?: string;
};

/** Whether a buyer may ask for an invoice of an order at `now` (nothing changes). */
export function invoiceRequestState(
  sql: SqlStorage,
  row: OrderRow | null,
  now: number,
): { kind: 'open'; until: string } | InvoiceRequestRefusal {
  if (!row) return { kind: 'refused', error: 'not_found' };
  const status = row.status as OrderStatus;
  const invoice = currentInvoiceOf(invoicesOf(sql, row.id));
  if (invoice) return { kind: 'refused', error: 'already_invoiced', status, number: invoice.number };
  if (status !== 'paid' || row.paid_at === null) return { kind: 'refused', error: 'not_paid', status };
  const until = iso(invoiceRequestClosesAt(row.paid_at));
  // A free order (a voucher for the whole price) sold nothing to invoice.
  if (row.gross === 0) return { kind: 'refused', error: 'nothing_to_invoice', status, until };
  if (now > invoiceRequestClosesAt(row.paid_at)) return { kind: 'refused', error: 'request_closed', status, until };
  return { kind: 'open', until };
}

/**
 * Whether two buyers are the same in every field a document prints: two sets of invoice data (after
 * `normalInvoiceData`), or two parties of invoices (no tax number, absent or null, is one).
 */
const sameBuyer = (a: InvoiceData | InvoiceParty, b: InvoiceData | InvoiceParty) =>
  a.name === b.name &&
  (a.taxId ?? '') === (b.taxId ?? '') &&
  a.street === b.street &&
  a.postalCode === b.postalCode &&
  a.city === b.city &&
  a.country === b.country;

/**
 * Issues the invoice a buyer asks for after paying (in the caller's transaction), with `data`
 * already validated and normal: the order keeps the data, the invoice is dated today (`P_1`) with
 * the payment's day, numbered in its series, queued for KSeF and e-mailed. Asked again with the
 * same data (a double submit), the same invoice (`repeated`); with other data, 409.
 */
export function requestInvoice(
  c: Tx,
  orderId: string,
  data: InvoiceData,
  now: number,
  by: string,
): { kind: 'issued'; invoice: IssuedInvoice; repeated: boolean } | InvoiceRequestRefusal {
  const row = c.row(orderId);
  const state = invoiceRequestState(c.sql, row, now);
  if (state.kind === 'refused') {
    const asked = row?.invoice ? (JSON.parse(row.invoice) as InvoiceData) : null;
    const invoice = currentInvoiceOf(invoicesOf(c.sql, orderId));
    if (state.error === 'already_invoiced' && invoice && asked && sameBuyer(asked, data)) {
      return { kind: 'issued', invoice, repeated: true };
    }
    return state;
  }
  const order = row as OrderRow;
  const stored = JSON.stringify(data);
  c.sql.exec('UPDATE orders SET invoice = ?, updated_at = ? WHERE id = ?', stored, now, orderId);
  const invoice = issueInvoice(c.sql, { ...order, invoice: stored }, ticketRows(c.sql, orderId), now, {
    ksef: ksefSends(c.env),
    paidOn: warsawDay(order.paid_at as number),
  }) as IssuedInvoice;
  c.log(orderId, 'invoice_issued', now, {
    invoice: invoice.id,
    number: invoice.number,
    kind: invoice.kind,
    requested: true,
    by,
  });
  c.addEmail(orderId, 'invoice', invoice.id, now);
  if (invoice.ksef.status === 'queued') c.scheduleAlarm(Date.now());
  return { kind: 'issued', invoice, repeated: false };
}

/** Why a correction of the buyer's data is refused. */
export type BuyerCorrectionRefusal =
  | { kind: 'refused'; error: 'not_found' }
  /** A correction names the invoice it corrects: the buyer's data are corrected on that invoice. */
  | { kind: 'refused'; error: 'correct_the_invoice'; invoice: { id: string; number: string } }
  /** 422: nothing differs. */
  | { kind: 'invalid'; error: 'nothing_changed' }
  /** A change of the tax number refused (tax-id-change.ts), or an invoice replaced already. */
  | TaxIdChangeRefusal;

/** Why a buyer's data are corrected, as the correction says (in Polish, the invoice's language). */
export const BUYER_CORRECTION_REASON = 'Korekta danych nabywcy (bez zmiany kwot)';

/**
 * Corrects the buyer's data on an invoice (in the caller's transaction), `data` validated and
 * normal. The name or address: a correction (`KOR`, or `KOR_ZAL` for an advance invoice) of the
 * corrections' series with no lines and no amounts, the buyer as the invoice named them
 * (`buyerBefore`, after any earlier correction of them) and as they are now; the order keeps the
 * new data, KSeF gets it, the buyer gets it by e-mail. The tax number, which FA(3) does not correct
 * in `Podmiot2K` (the buyer's number must be the same before and after): the invoice corrected to
 * zero and a new one to the right buyer (tax-id-change.ts), `vatCheck` being what VIES said of a
 * new EU VAT number. Sent again once done (a double submit), the same documents.
 */
export function correctBuyerData(
  c: Tx,
  invoiceId: string,
  data: InvoiceData,
  now: number,
  by: string,
  vatCheck: VatCheck | null = null,
): { kind: 'corrected'; correction: IssuedInvoice; replacement?: IssuedInvoice } | BuyerCorrectionRefusal {
  const invoice = invoiceById(c.sql, invoiceId);
  if (!invoice) return { kind: 'refused', error: 'not_found' };
  if (invoice.correction) {
    const { id, number } = invoice.correction.of;
    return { kind: 'refused', error: 'correct_the_invoice', invoice: { id, number } };
  }
  const all = invoicesOf(c.sql, invoice.orderId);
  const zero = replacementOf(all, invoice);
  if (zero?.correction?.replacedBy) {
    const replacement = all.find((item) => item.id === zero.correction?.replacedBy?.id);
    // The same data sent again: the pair that change made.
    if (replacement && sameBuyer(replacement.buyer, buyerParty(data))) {
      return { kind: 'corrected', correction: zero, replacement };
    }
    return {
      kind: 'refused',
      error: 'replaced',
      correction: { id: zero.id, number: zero.number },
      replacement: zero.correction.replacedBy,
    };
  }
  const before = currentBuyer(all, invoice);
  const after = buyerParty(data);
  if ((before.taxId ?? '') !== (after.taxId ?? '')) return replaceForTaxId(c, invoice, all, data, now, by, vatCheck);
  if (sameBuyer(before, after)) return { kind: 'invalid', error: 'nothing_changed' };
  const kind: InvoiceKind = invoice.kind === 'ZAL' ? 'KOR_ZAL' : 'KOR';
  const issuedOn = warsawDay(now);
  const numbering = nextNumber(c.sql, kind, Number(issuedOn.slice(0, 4)));
  const earlier = all.filter((item) => item.correction?.of.id === invoice.id).map((item) => item.lines);
  const correction: IssuedInvoice = {
    ...invoice,
    id: timeSortableId(now),
    number: numbering.number,
    kind,
    issuedOn,
    issuedAt: iso(now),
    buyer: after,
    buyerKind: buyerKind(data),
    languages: data.country === 'PL' && before.country === 'PL' ? 'pl' : 'pl+en',
    lines: [],
    totals: { net: 0, vat: 0, gross: 0 },
    reverseCharge: false,
    correction: {
      reason: BUYER_CORRECTION_REASON,
      of: {
        id: invoice.id,
        number: invoice.number,
        issuedOn: invoice.issuedOn,
        ksefNumber: invoice.ksef.status === 'accepted' ? invoice.ksef.number : null,
        gross: totalsOf(currentLines(invoice.lines, earlier)).gross,
      },
      buyerBefore: before,
    },
    example: isExample('organiser'),
    ksef: ksefSends(c.env) ? { status: 'queued', attempts: 0 } : { status: 'waiting' },
  };
  insertInvoice(c.sql, correction, numbering, now);
  const row = c.row(invoice.orderId);
  const kept = row?.invoice ? (JSON.parse(row.invoice) as InvoiceData) : null;
  // The order's data follow the invoice's buyer (its tax number is the same by the rule above).
  c.sql.exec(
    'UPDATE orders SET invoice = ?, updated_at = ? WHERE id = ?',
    JSON.stringify({ ...data, ...(kept?.taxId ? { taxId: kept.taxId } : {}) }),
    now,
    invoice.orderId,
  );
  c.log(invoice.orderId, 'invoice_corrected', now, {
    invoice: correction.id,
    number: correction.number,
    corrects: invoice.number,
    buyerData: true,
    by,
  });
  c.addEmail(invoice.orderId, 'invoice', correction.id, now);
  if (correction.ksef.status === 'queued') c.scheduleAlarm(Date.now());
  return { kind: 'corrected', correction };
}
