import { Hono } from 'hono';
import { z } from 'zod';
import {
  inEuro,
  OSS_CHECK_NOTE_MAX,
  type OssRate,
  type OssReport,
  QUARTER,
  quarterLastDay,
  rateMicros,
} from '../../site/oss-report';
import { boxOffice } from '../box-office/box-office';
import { now } from '../clock';
import { csvRows } from '../csv';
import type { AppEnv, Bindings } from '../env';
import { ApiError } from '../errors';
import { ID_PATTERN } from '../ids';
import { fa3Amount } from '../invoices/fa3';
import { warsawDay } from '../invoices/lines';
import { organiserName } from '../middleware/organisers';
import { allow } from '../middleware/roles';
import { validJson, validQuery } from '../middleware/validation';
import { addDays, ECB_API_BASE, EcbError, ecbRate } from '../tax/ecb';
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
  eurNet: 'Do deklaracji netto (EUR)',
  eurVat: 'Do deklaracji VAT (EUR)',
  eurRate: 'Kurs EUR/PLN',
  eurRateDay: 'Kurs z dnia',
  eurRateSource: 'Źródło kursu',
} as const;

/** How long after a quarter's last day a rate may be dated: the ECB's next publication comes within days. */
const RATE_DAY_WINDOW = 14;

const rateBody = z.object({
  quarter: z.string({ error: 'required' }).regex(QUARTER, { error: 'invalid' }),
  // As the ECB writes it, a string: a number would lose its trailing zeros and gain binary fractions.
  rate: z
    .string({ error: 'required' })
    .trim()
    .refine((rate) => rateMicros(rate) !== null, { error: 'invalid_rate' }),
  day: z
    .string({ error: 'invalid' })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'invalid' })
    .optional(),
});

const checkBody = z.object({
  orderId: z.string({ error: 'required' }).regex(ID_PATTERN, { error: 'invalid' }),
  note: z
    .string({ error: 'required' })
    .trim()
    .min(1, { error: 'required' })
    .max(OSS_CHECK_NOTE_MAX, { error: 'too_long' }),
});

/** Whether a `YYYY-MM-DD` names a day of the calendar (not 2027-02-30). */
function realDay(day: string): boolean {
  const date = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day;
}

/** Whether a quarter has ended (its last day is behind, Warsaw time): only then has its return a rate. */
const quarterClosed = (quarter: string, at: number) => warsawDay(at) > quarterLastDay(quarter);

/** The ECB data service to ask: the ECB's own in production, else ECB_API_BASE when set (the stand-in). */
const ecbBase = (env: Bindings) =>
  env.ENVIRONMENT !== 'production' && env.ECB_API_BASE ? env.ECB_API_BASE : ECB_API_BASE;

/** The amount of a CSV cell in euro (cents as `12.34`), or empty while there is no rate. */
const euroCell = (cents: number | undefined) => (cents === undefined ? '' : fa3Amount(cents));

/**
 * Reports for the accountant. `GET /reports/oss?quarter=2027-Q1` (JSON, or `&format=csv`): the
 * online plans sold with a member state's VAT through the One Stop Shop, per state and rate
 * (site/oss-report.ts), for the quarterly OSS return. Finance and admins.
 */
export const adminReports = new Hono<AppEnv>()
  .get('/oss', allow('finance'), validQuery(ossQuery), async (c) => {
    const { quarter, format } = c.req.valid('query');
    const office = boxOffice(c.env.BOX_OFFICE);
    const data = await office.ossReport(quarter);
    // The return's euro rate: kept once it is known; for an ended quarter without one, the ECB's,
    // fetched now and kept, so the report reads the same tomorrow.
    let rate: OssRate | null = data.rate;
    let missing: OssReport['missing'];
    if (!rate && !quarterClosed(quarter, now(c))) missing = 'open';
    else if (!rate) {
      rate = await fetchEcbRate(c.env, quarter).then((found) =>
        found ? office.setOssRate(quarter, { ...found, source: 'ecb', by: null }, now(c)) : null,
      );
      if (!rate) missing = 'unavailable';
    }
    const euro = rate ? inEuro(data.rows, rate.rate) : null;
    const rows = data.rows.map((row, index) => ({ ...row, eur: euro?.rows[index] ?? null }));
    const report: OssReport = {
      quarter,
      oss: ossEnabled(c.env),
      rows,
      totals: { net: rows.reduce((s, r) => s + r.net, 0), vat: rows.reduce((s, r) => s + r.vat, 0) },
      euro: rate && euro ? { rate, totals: euro.totals } : null,
      ...(missing ? { missing } : {}),
      toCheck: data.toCheck,
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
      eurNet: euroCell(row.eur?.net),
      eurVat: euroCell(row.eur?.vat),
      eurRate: rate?.rate ?? '',
      eurRateDay: rate?.day ?? '',
      eurRateSource: rate ? (rate.source === 'ecb' ? 'EBC' : `ręcznie: ${rate.by ?? ''}`) : '',
    }));
    // The totals as the return adds them: the złoty sums, and the euro sums of the rounded lines.
    if (rows.length) {
      records.push({
        country: 'Razem',
        rate: '',
        salesTickets: '',
        salesNet: '',
        salesVat: '',
        refundsTickets: '',
        refundsNet: '',
        refundsVat: '',
        net: fa3Amount(report.totals.net),
        vat: fa3Amount(report.totals.vat),
        invoicedNet: '',
        invoicedVat: '',
        eurNet: euroCell(report.euro?.totals.net),
        eurVat: euroCell(report.euro?.totals.vat),
        eurRate: rate?.rate ?? '',
        eurRateDay: rate?.day ?? '',
        eurRateSource: '',
      });
    }
    return c.body(`${Object.values(OSS_COLUMNS).join(',')}\r\n${csvRows(records, Object.keys(OSS_COLUMNS))}`, 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="oss-${quarter}.csv"`,
    });
  })
  /**
   * `PUT /reports/oss/rate` `{quarter, rate, day?}`: an organiser enters or overrides the euro rate
   * of an ended quarter's return (złoty per euro as the ECB writes it, up to six decimals; `day`
   * the rate's date, by default the quarter's last day, at most 14 days after it). 409
   * `quarter_open` before the quarter ends: no rate of its last day exists yet.
   */
  .put('/oss/rate', allow('finance'), ...validJson(rateBody, 1024), async (c) => {
    const { quarter, rate, day } = c.req.valid('json');
    if (!quarterClosed(quarter, now(c))) throw new ApiError(409, 'quarter_open', { quarter });
    const last = quarterLastDay(quarter);
    const dated = day ?? last;
    // A real day, from the quarter's last to the window's end.
    if (!realDay(dated) || dated < last || dated > addDays(last, RATE_DAY_WINDOW)) {
      throw new ApiError(422, 'invalid_fields', { fields: { day: 'out_of_range' } });
    }
    const kept = await boxOffice(c.env.BOX_OFFICE).setOssRate(
      quarter,
      { rate, day: dated, source: 'manual', by: organiserName(c) },
      now(c),
    );
    return c.json(kept);
  })
  /**
   * `POST /reports/oss/checks` `{orderId, note}`: an organiser records what they found checking an
   * OSS sale whose evidence did not back its billing country (the buyer confirmed where they live,
   * say); the sale stays declared under that country. Answers the sale as the list shows it. 404
   * `not_found` for an order that is no paid OSS sale; 409 `not_to_check` when its evidence agrees,
   * `already_checked` (with `check`, the answer kept) when someone checked it first.
   */
  .post('/oss/checks', allow('finance'), ...validJson(checkBody, 4096), async (c) => {
    const { orderId, note } = c.req.valid('json');
    const done = await boxOffice(c.env.BOX_OFFICE).markOssChecked(orderId, note, organiserName(c), now(c));
    if (done.kind === 'checked') return c.json(done.check);
    if (done.error === 'not_found') throw new ApiError(404, 'not_found');
    throw new ApiError(409, done.error, done.error === 'already_checked' ? { check: done.check } : {});
  });

/** The ECB's rate for a quarter's return, or null when it has none yet or cannot be reached (logged). */
async function fetchEcbRate(env: Bindings, quarter: string) {
  try {
    return await ecbRate(ecbBase(env), quarterLastDay(quarter));
  } catch (error) {
    if (!(error instanceof EcbError)) throw error;
    console.warn(JSON.stringify({ event: 'ecb_rate_unavailable', quarter, message: error.message }));
    return null;
  }
}
