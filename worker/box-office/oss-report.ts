import { type InvoiceVatRate, ossRateOf } from '../../site/invoices';
import type { OrderTax } from '../../site/orders';
import {
  type OssCheck,
  type OssEvidenceCheck,
  type OssRate,
  type OssReportRow,
  quarterMonths,
} from '../../site/oss-report';
import { evidenceFinding } from '../../site/tax-evidence';
import { warsawDay } from '../invoices/lines';
import type { Tx } from './context';
import { type InvoiceRow, toInvoice } from './invoices';
import { ossRate } from './oss-rates';

// The OSS report's figures (site/oss-report.ts), read from the tickets (each keeps its rate) and
// the invoices of the quarter.

type Sold = { vat_rate: string; net: number; vat: number; paid_at: number; refunded_at: number | null };

/** Per member state and rate: the quarter's sales, refunds and invoiced sums, in country order. */
export function ossReportRows(sql: SqlStorage, quarter: string): OssReportRow[] {
  const months = quarterMonths(quarter);
  const inQuarter = (ms: number | null) => ms !== null && months.includes(warsawDay(ms).slice(0, 7));
  const rows = new Map<string, OssReportRow>();
  const rowOf = (rate: InvoiceVatRate) => {
    const oss = ossRateOf(rate);
    if (!oss) return null;
    const key = `${oss.country}:${oss.rate}`;
    let row = rows.get(key);
    if (!row) {
      row = {
        ...oss,
        sales: { tickets: 0, net: 0, vat: 0 },
        refunds: { tickets: 0, net: 0, vat: 0 },
        net: 0,
        vat: 0,
        invoiced: { net: 0, vat: 0 },
      };
      rows.set(key, row);
    }
    return row;
  };
  // Every paid ticket with a member state's rate; a refunded order's refund is its `refunded` entry.
  // A ticket cancelled from a paid order (part-cancel.ts) was sold when the order was paid and
  // refunded when it was cancelled, each counted in its own quarter: an already declared quarter
  // keeps its sale, the refund corrects the quarter it happened in.
  const sold = sql
    .exec<Sold>(
      `SELECT t.vat_rate, t.net, t.vat, o.paid_at,
         (SELECT MAX(at) FROM log WHERE log.order_id = o.id AND log.event = 'refunded') AS refunded_at
       FROM tickets t JOIN orders o ON o.id = t.order_id
       WHERE t.vat_rate LIKE 'oss:%' AND o.paid_at IS NOT NULL
       UNION ALL
       SELECT ct.vat_rate, ct.net, ct.vat, o.paid_at, ct.cancelled_at AS refunded_at
       FROM cancelled_tickets ct JOIN orders o ON o.id = ct.order_id
       WHERE ct.vat_rate LIKE 'oss:%' AND o.paid_at IS NOT NULL AND ct.cancelled_at >= o.paid_at`,
    )
    .toArray();
  for (const ticket of sold) {
    const row = rowOf(ticket.vat_rate as InvoiceVatRate);
    if (!row) continue;
    if (inQuarter(ticket.paid_at)) {
      row.sales.tickets += 1;
      row.sales.net += ticket.net;
      row.sales.vat += ticket.vat;
    }
    if (inQuarter(ticket.refunded_at)) {
      row.refunds.tickets += 1;
      row.refunds.net += ticket.net;
      row.refunds.vat += ticket.vat;
    }
  }
  const invoices = sql
    .exec<InvoiceRow>(
      `SELECT * FROM invoices WHERE substr(json_extract(document, '$.issuedOn'), 1, 7) IN (?, ?, ?) ORDER BY id`,
      ...months,
    )
    .toArray()
    .map(toInvoice);
  for (const invoice of invoices) {
    for (const line of invoice.lines) {
      const row = rowOf(line.vatRate);
      if (!row) continue;
      row.invoiced.net += line.net;
      row.invoiced.vat += line.vat;
    }
  }
  // Only the states and rates the quarter has something of (a sale, a refund, an invoice line).
  return [...rows.values()]
    .filter((row) => row.sales.tickets || row.refunds.tickets || row.invoiced.net || row.invoiced.vat)
    .map((row) => ({ ...row, net: row.sales.net - row.refunds.net, vat: row.sales.vat - row.refunds.vat }))
    .sort((a, b) => a.country.localeCompare(b.country) || a.rate - b.rate);
}

type OssOrder = {
  id: string;
  code: string;
  status: string;
  tax: string;
  card_country: string | null;
  paid_at: number;
  vat: number;
  check_note: string | null;
  check_by: string | null;
  check_at: number | null;
};

/** The paid OSS sales (`AND …` narrows them), each with its VAT and an organiser's check. */
const ossSales = (sql: SqlStorage, where = '', ...bindings: SqlStorageValue[]) =>
  sql
    .exec<OssOrder>(
      `SELECT o.id, o.code, o.status, o.tax, o.card_country, o.paid_at,
         (SELECT SUM(t.vat) FROM tickets t WHERE t.order_id = o.id AND t.vat_rate LIKE 'oss:%') AS vat,
         k.note AS check_note, k.by AS check_by, k.at AS check_at
       FROM orders o LEFT JOIN oss_checks k ON k.order_id = o.id
       WHERE o.paid_at IS NOT NULL AND o.tax IS NOT NULL
         AND EXISTS (SELECT 1 FROM tickets t WHERE t.order_id = o.id AND t.vat_rate LIKE 'oss:%') ${where}
       ORDER BY o.id`,
      ...bindings,
    )
    .toArray();

/** A sale as the list of those to check shows it; null when its evidence backs its billing country. */
function checkOf(order: OssOrder): OssEvidenceCheck | null {
  const tax = JSON.parse(order.tax) as OrderTax;
  const evidence = { ...tax.evidence, card: order.card_country ?? null };
  const finding = evidenceFinding(evidence);
  if (finding === 'agree') return null;
  const checked: OssCheck | null =
    order.check_note !== null && order.check_at !== null
      ? { note: order.check_note, by: order.check_by ?? '', at: new Date(order.check_at).toISOString() }
      : null;
  return {
    orderId: order.id,
    code: order.code,
    status: order.status,
    country: tax.country,
    vat: order.vat,
    finding,
    evidence: { billing: evidence.billing, edge: evidence.edge, card: evidence.card, confirmed: evidence.confirmed },
    checked,
  };
}

/**
 * The OSS sales paid in the quarter whose evidence does not back their billing country
 * (site/tax-evidence.ts): the card's country contradicts it, or nothing else backs it. Each is
 * counted in the rows under its billing country; this list is what an organiser checks, and each
 * says whether they did and what they found.
 */
export function ossEvidenceChecks(sql: SqlStorage, quarter: string): OssEvidenceCheck[] {
  const months = quarterMonths(quarter);
  return ossSales(sql).flatMap((order) =>
    months.includes(warsawDay(order.paid_at).slice(0, 7)) ? (checkOf(order) ?? []) : [],
  );
}

export type OssCheckResult =
  | { kind: 'checked'; check: OssEvidenceCheck }
  | { kind: 'refused'; error: 'not_found' | 'not_to_check' }
  | { kind: 'refused'; error: 'already_checked'; check: OssEvidenceCheck };

/**
 * An organiser records what they found checking a sale of that list (the buyer confirmed where
 * they live, say): once per sale, so two organisers at once keep the first answer. The sale stays
 * declared under its billing country. 404 for an order that is no paid OSS sale, 409 for one whose
 * evidence agrees or that was checked already (with that answer).
 */
export function markOssChecked(c: Tx, orderId: string, note: string, by: string, now: number): OssCheckResult {
  const [order] = ossSales(c.sql, 'AND o.id = ?', orderId);
  if (!order) return { kind: 'refused', error: 'not_found' };
  const before = checkOf(order);
  if (!before) return { kind: 'refused', error: 'not_to_check' };
  if (before.checked) return { kind: 'refused', error: 'already_checked', check: before };
  c.sql.exec('INSERT INTO oss_checks (order_id, note, by, at) VALUES (?, ?, ?, ?)', orderId, note, by, now);
  const [after] = ossSales(c.sql, 'AND o.id = ?', orderId);
  return { kind: 'checked', check: checkOf(after as OssOrder) as OssEvidenceCheck };
}

/** Everything the OSS report of a quarter reads from the box office: its rows, the sales to check, its euro rate. */
export function ossReportData(
  sql: SqlStorage,
  quarter: string,
): { rows: OssReportRow[]; toCheck: OssEvidenceCheck[]; rate: OssRate | null } {
  return { rows: ossReportRows(sql, quarter), toCheck: ossEvidenceChecks(sql, quarter), rate: ossRate(sql, quarter) };
}
