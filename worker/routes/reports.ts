import { Hono } from 'hono';
import { z } from 'zod';
import { type OssReport, QUARTER } from '../../site/oss-report';
import { boxOffice } from '../box-office/box-office';
import { csvRows } from '../csv';
import type { AppEnv } from '../env';
import { fa3Amount } from '../invoices/fa3';
import { allow } from '../middleware/roles';
import { validQuery } from '../middleware/validation';
import { ossEnabled } from '../tax/oss';

const ossQuery = z.object({
  quarter: z.string({ error: 'required' }).regex(QUARTER, { error: 'invalid' }),
  format: z.enum(['json', 'csv'], { error: 'invalid' }).default('json'),
});

/** The CSV's columns, in Polish (the accountant's books), amounts in złoty as FA(3) writes them. */
const OSS_COLUMNS = {
  country: 'Państwo członkowskie',
  rate: 'Stawka VAT (%)',
  salesTickets: 'Bilety sprzedane',
  salesNet: 'Sprzedaż netto (zł)',
  salesVat: 'VAT od sprzedaży (zł)',
  refundsTickets: 'Bilety zwrócone',
  refundsNet: 'Zwroty netto (zł)',
  refundsVat: 'VAT od zwrotów (zł)',
  net: 'Do deklaracji netto (zł)',
  vat: 'Do deklaracji VAT (zł)',
  invoicedNet: 'Na fakturach netto (zł)',
  invoicedVat: 'Na fakturach VAT (zł)',
} as const;

/**
 * Reports for the accountant. `GET /reports/oss?quarter=2027-Q1` (JSON, or `&format=csv`): the
 * online plans sold with a member state's VAT through the One Stop Shop, per state and rate
 * (site/oss-report.ts), for the quarterly OSS return. Finance and admins.
 */
export const adminReports = new Hono<AppEnv>().get('/oss', allow('finance'), validQuery(ossQuery), async (c) => {
  const { quarter, format } = c.req.valid('query');
  const rows = await boxOffice(c.env.BOX_OFFICE).ossReport(quarter);
  const report: OssReport = {
    quarter,
    oss: ossEnabled(c.env),
    rows,
    totals: { net: rows.reduce((s, r) => s + r.net, 0), vat: rows.reduce((s, r) => s + r.vat, 0) },
  };
  if (format === 'json') return c.json(report);
  const records = rows.map((row) => ({
    country: row.country,
    rate: String(row.rate),
    salesTickets: String(row.sales.tickets),
    salesNet: fa3Amount(row.sales.net),
    salesVat: fa3Amount(row.sales.vat),
    refundsTickets: String(row.refunds.tickets),
    refundsNet: fa3Amount(row.refunds.net),
    refundsVat: fa3Amount(row.refunds.vat),
    net: fa3Amount(row.net),
    vat: fa3Amount(row.vat),
    invoicedNet: fa3Amount(row.invoiced.net),
    invoicedVat: fa3Amount(row.invoiced.vat),
  }));
  return c.body(`${Object.values(OSS_COLUMNS).join(',')}\r\n${csvRows(records, Object.keys(OSS_COLUMNS))}`, 200, {
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="oss-${quarter}.csv"`,
  });
});
