import { zipSync } from 'fflate';
import { type Context, Hono } from 'hono';
import { z } from 'zod';
import {
  FA3_DAYS,
  INVOICE_KINDS,
  type IssuedInvoice,
  KSEF_STATUSES,
  type VatCheck,
  viesNumberOf,
} from '../../site/invoices';
import { boxOffice } from '../box-office/box-office';
import { currentBuyer, type InvoiceFilter } from '../box-office/invoices';
import { now } from '../clock';
import { csvRows } from '../csv';
import type { AppEnv } from '../env';
import { ApiError } from '../errors';
import { ID_PATTERN } from '../ids';
import { invoiceFileName, invoicePdfBytes, invoiceResponse, invoiceXml } from '../invoices/documents';
import { fa3Amount } from '../invoices/fa3';
import { organiserName } from '../middleware/organisers';
import { allow } from '../middleware/roles';
import { validJson, validQuery } from '../middleware/validation';
import { invoiceRequestBody } from '../orders/invoice-body';
import { checkVatNumber, viesConfig } from '../tax/vies';

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
/**
 * A month invoices can be dated in: FA(3)'s days (site/invoices.ts), so `9999-12` or `1969-12` is
 * no month to ask for (nor one a zip's file times can carry).
 */
const month = z
  .string()
  .regex(MONTH)
  .refine((value) => value >= FA3_DAYS.from.slice(0, 7) && value <= FA3_DAYS.until.slice(0, 7), {
    error: 'out_of_range',
  });

const listQuery = z.object({
  month: month.optional(),
  kind: z.enum(INVOICE_KINDS).optional(),
  ksef: z.enum(KSEF_STATUSES).optional(),
  q: z.string().trim().min(1).max(100).optional(),
  cursor: z.string().regex(ID_PATTERN).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
const monthQuery = z.object({ month });

/** Invoices read per call to the box office while an export is made. */
const EXPORT_PAGE = 500;

/** Every invoice of a month, in the order they were issued. */
async function monthOf(c: Context<AppEnv>, month: string): Promise<IssuedInvoice[]> {
  const office = boxOffice(c.env.BOX_OFFICE);
  const invoices: IssuedInvoice[] = [];
  let cursor: string | null = null;
  do {
    const page = await office.listInvoices({ month }, cursor, EXPORT_PAGE);
    invoices.push(...page.invoices);
    cursor = page.cursor;
  } while (cursor);
  return invoices;
}

/**
 * One line per invoice for the accountant (in Polish, the books' language): headers and values in
 * words, not the system's codes (`ZAL`, `card`), amounts in złoty with two decimals as FA(3) writes them.
 */
const CSV_COLUMNS = {
  number: 'Numer faktury',
  kind: 'Rodzaj',
  issuedOn: 'Data wystawienia',
  paidOn: 'Data zapłaty',
  corrects: 'Faktura korygowana',
  orderCode: 'Kod zamówienia',
  buyerName: 'Nabywca',
  buyerTaxId: 'NIP lub numer VAT nabywcy',
  buyerCountry: 'Kraj nabywcy',
  net: 'Netto (zł)',
  vat: 'VAT (zł)',
  gross: 'Brutto (zł)',
  reverseCharge: 'Odwrotne obciążenie',
  paymentMethod: 'Sposób zapłaty',
  ksefStatus: 'Stan w KSeF',
  ksefNumber: 'Numer KSeF',
} as const;

const KIND_WORDS: Record<IssuedInvoice['kind'], string> = {
  VAT: 'faktura VAT',
  ZAL: 'faktura zaliczkowa',
  KOR: 'faktura korygująca',
  KOR_ZAL: 'korekta faktury zaliczkowej',
};
const PAYMENT_WORDS: Record<IssuedInvoice['paymentMethod'], string> = { card: 'karta lub BLIK', transfer: 'przelew' };
const KSEF_WORDS: Record<IssuedInvoice['ksef']['status'], string> = {
  waiting: 'czeka na wysłanie',
  queued: 'w kolejce',
  sent: 'wysłana, czeka na numer',
  accepted: 'przyjęta',
  rejected: 'odrzucona',
};

const csvRecord = (invoice: IssuedInvoice) => ({
  number: invoice.number,
  kind: KIND_WORDS[invoice.kind],
  issuedOn: invoice.issuedOn,
  paidOn: invoice.paidOn,
  corrects: invoice.correction?.of.number ?? '',
  orderCode: invoice.orderCode,
  buyerName: invoice.buyer.name,
  buyerTaxId: invoice.buyer.taxId ?? '',
  buyerCountry: invoice.buyer.country,
  net: fa3Amount(invoice.totals.net),
  vat: fa3Amount(invoice.totals.vat),
  gross: fa3Amount(invoice.totals.gross),
  reverseCharge: invoice.reverseCharge ? 'tak' : 'nie',
  paymentMethod: PAYMENT_WORDS[invoice.paymentMethod],
  ksefStatus: KSEF_WORDS[invoice.ksef.status],
  ksefNumber: invoice.ksef.status === 'accepted' ? invoice.ksef.number : '',
});

/** The month's CSV: a header line in words, then one line per invoice. */
const invoicesCsv = (invoices: IssuedInvoice[]) =>
  `${Object.values(CSV_COLUMNS).join(',')}\r\n${csvRows(invoices.map(csvRecord), Object.keys(CSV_COLUMNS))}`;

const attachment = (name: string) => `attachment; filename="${name}"`;

/**
 * Invoices for organisers (the console's token): the list with filters (`month`, `kind`, `ksef`,
 * `q`: number, order code, buyer's name or tax number) and cursor pages; a month's invoices as
 * CSV (`/export.csv?month=2027-03`, headers and values in words, amounts in złoty) or as their PDF
 * and FA(3) XML files in a zip with that CSV (`/export.zip?month=`); one invoice's XML.
 */
export const adminInvoices = new Hono<AppEnv>()
  .get('/', allow('finance'), validQuery(listQuery), async (c) => {
    const { cursor, limit, ...filter } = c.req.valid('query');
    return c.json(await boxOffice(c.env.BOX_OFFICE).listInvoices(filter as InvoiceFilter, cursor ?? null, limit));
  })
  .get('/export.csv', allow('finance'), validQuery(monthQuery), async (c) => {
    const { month } = c.req.valid('query');
    const invoices = await monthOf(c, month);
    return c.body(invoicesCsv(invoices), 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': attachment(`faktury-${month}.csv`),
    });
  })
  .get('/export.zip', allow('finance'), validQuery(monthQuery), async (c) => {
    const { month } = c.req.valid('query');
    const invoices = await monthOf(c, month);
    const encode = (text: string) => new TextEncoder().encode(text);
    const files: Record<string, Uint8Array> = {
      [`faktury-${month}.csv`]: encode(invoicesCsv(invoices)),
    };
    // Each invoice as the buyer got it (PDF) and as KSeF has it (FA(3) XML), one after another:
    // a PDF takes a moment of CPU, and a month's few hundred must not all be held at once.
    for (const invoice of invoices) {
      files[invoiceFileName(invoice, 'xml')] = encode(invoiceXml(invoice));
      files[invoiceFileName(invoice, 'pdf')] = await invoicePdfBytes(c.env, invoice);
    }
    const zip = zipSync(files, { level: 6, mtime: new Date(`${month}-01T12:00:00Z`) });
    return c.body(zip, 200, {
      'Content-Type': 'application/zip',
      'Content-Disposition': attachment(`faktury-${month}.zip`),
    });
  })
  // A correction of the buyer's data on an issued invoice (box-office/invoice-requests.ts): 201
  // with the correction; a new tax number corrects the invoice to zero and issues a new one to the
  // right buyer (box-office/tax-id-change.ts), 201 with both (`invoice`, `replacement`). 422
  // `invalid_fields` for the data (a new EU VAT number VIES does not know: `vat_id_not_registered`),
  // `nothing_changed` when they are the same; 409 `correct_the_invoice` for a correction, naming the
  // invoice it corrects, `replaced` for an invoice replaced already (naming the new one),
  // `corrected_to_zero` when nothing stands on it, `ksef_pending` while KSeF has not numbered it
  // (the correction names that number), `amount_would_change` when the right buyer's VAT
  // would make the tickets cost other than what was paid (`paid`, `charged`, in grosze).
  .post('/:id/buyer-correction', allow('finance'), ...validJson(invoiceRequestBody, 4096), async (c) => {
    const office = boxOffice(c.env.BOX_OFFICE);
    const data = c.req.valid('json').invoice;
    const invoice = await office.invoice(c.req.param('id'));
    if (!invoice) throw new ApiError(404, 'not_found');
    // A new EU VAT number is checked in VIES as at checkout: reverse charge only for one it confirms.
    let vatCheck: VatCheck | null = null;
    const viesNumber = viesNumberOf(data);
    if (viesNumber && !invoice.correction) {
      const before = currentBuyer(await office.invoices(invoice.orderId), invoice);
      if ((before.taxId ?? '') !== data.taxId) vatCheck = await checkVatNumber(viesConfig(c.env), viesNumber, now(c));
    }
    if (vatCheck?.status === 'invalid') {
      throw new ApiError(422, 'invalid_fields', { fields: { 'invoice.taxId': 'vat_id_not_registered' } });
    }
    const result = await office.correctBuyerData(invoice.id, data, now(c), organiserName(c), vatCheck);
    if (result.kind === 'corrected') {
      return c.json(
        { invoice: result.correction, ...(result.replacement ? { replacement: result.replacement } : {}) },
        201,
      );
    }
    if (result.kind === 'invalid') throw new ApiError(422, result.error);
    if (result.error === 'not_found') throw new ApiError(404, 'not_found');
    const { kind: _, error, ...state } = result;
    throw new ApiError(409, error, state);
  })
  .get('/:file{[0-9A-Z]{26}\\.(?:pdf|xml)}', allow('finance'), async (c) => {
    const [id = ''] = c.req.param('file').split('.');
    const invoice = await boxOffice(c.env.BOX_OFFICE).invoice(id);
    if (!invoice) throw new ApiError(404, 'not_found');
    return invoiceResponse(c, invoice, c.req.param('file'));
  });
