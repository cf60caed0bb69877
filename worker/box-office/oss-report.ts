import { type InvoiceVatRate, ossRateOf } from '../../site/invoices';
import { type OssReportRow, quarterMonths } from '../../site/oss-report';
import { warsawDay } from '../invoices/lines';
import { type InvoiceRow, toInvoice } from './invoices';

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
  const sold = sql
    .exec<Sold>(
      `SELECT t.vat_rate, t.net, t.vat, o.paid_at,
         (SELECT MAX(at) FROM log WHERE log.order_id = o.id AND log.event = 'refunded') AS refunded_at
       FROM tickets t JOIN orders o ON o.id = t.order_id
       WHERE t.vat_rate LIKE 'oss:%' AND o.paid_at IS NOT NULL`,
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
