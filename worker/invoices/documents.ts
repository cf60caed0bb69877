import type { Context } from 'hono';
import { ORGANISER } from '../../site/event';
import { isExample } from '../../site/example-data';
import { type IssuedInvoice, type Proforma, sellerParty } from '../../site/invoices';
import type { Order } from '../../site/orders';
import type { AppEnv, Bindings } from '../env';
import { ApiError } from '../errors';
import { fa3Xml } from './fa3';
import { ksefSettings } from './ksef-config';
import { ksefVerificationUrl } from './ksef-qr';
import { buyerParty, linesOf, totalsOf, warsawDay } from './lines';

/**
 * An invoice's FA(3) XML. It is made from the invoice alone, with its issue instant as the
 * document's creation time, so it is the same document byte for byte whenever it is made: the one
 * sent to KSeF, downloaded by the buyer and exported for the accountant, whose hash the KSeF
 * verification code carries.
 */
export const invoiceXml = (invoice: IssuedInvoice) => fa3Xml(invoice, { createdAt: invoice.issuedAt });

/** The file name of an invoice's document: `FV-2027-00042.xml`. */
export const invoiceFileName = (invoice: Pick<IssuedInvoice, 'number'>, extension: 'pdf' | 'xml') =>
  `${invoice.number.replaceAll('/', '-')}.${extension}`;

/**
 * An invoice's PDF, with its KSeF number and verification code once KSeF has accepted it. The PDF
 * library and its fonts are a chunk of their own (about 0.7 MB gzip), loaded only when a PDF is made.
 */
export async function invoicePdfBytes(env: Bindings, invoice: IssuedInvoice): Promise<Uint8Array> {
  const { invoicePdf } = await import('./pdf');
  if (invoice.ksef.status !== 'accepted') return invoicePdf(invoice);
  const environment = ksefSettings(env)?.environment ?? 'production';
  const verificationUrl = await ksefVerificationUrl(
    environment,
    invoice.seller.taxId ?? '',
    invoice.issuedOn,
    invoiceXml(invoice),
  );
  return invoicePdf(invoice, { ksef: { number: invoice.ksef.number, verificationUrl } });
}

/** An invoice's PDF as an e-mail attachment. */
export const invoiceAttachment = async (env: Bindings, invoice: IssuedInvoice): Promise<EmailAttachment> => ({
  content: await invoicePdfBytes(env, invoice),
  filename: invoiceFileName(invoice, 'pdf'),
  type: 'application/pdf',
  disposition: 'attachment',
});

/**
 * The pro-forma of an order paid by transfer: what to pay, to which account, with the order code
 * as the title, until the day its hold runs out. Not an invoice (it says so): the invoice comes
 * when the money does. Null for an order without invoice data.
 */
export function proformaOf(order: Order): Proforma | null {
  if (!order.invoice) return null;
  const lines = linesOf(order.tickets);
  return {
    orderCode: order.code,
    issuedOn: warsawDay(Date.parse(order.createdAt)),
    payUntil: warsawDay(Date.parse(order.holdUntil)),
    seller: sellerParty(),
    buyer: buyerParty(order.invoice),
    lines,
    totals: totalsOf(lines),
    reverseCharge: lines.some((line) => line.vatRate === 'np'),
    bank: { ...ORGANISER.bank },
    transferTitle: order.code,
    languages: order.invoice.country === 'PL' ? 'pl' : 'pl+en',
    example: isExample('organiser'),
  };
}

/** An order's pro-forma as a PDF and its file name, or null when it has none. */
export async function proformaFile(order: Order): Promise<{ bytes: Uint8Array; filename: string } | null> {
  const proforma = proformaOf(order);
  if (!proforma) return null;
  const { proformaPdf } = await import('./pdf');
  return { bytes: await proformaPdf(proforma), filename: `proforma-${order.code}.pdf` };
}

/** An invoice as a download, its PDF or its FA(3) XML (as `file` ends), or 404 `no_invoice`. */
export async function invoiceResponse(c: Context<AppEnv>, invoice: IssuedInvoice | undefined, file: string) {
  if (!invoice) throw new ApiError(404, 'no_invoice');
  const pdf = file.endsWith('.pdf');
  const body = pdf ? ((await invoicePdfBytes(c.env, invoice)) as Uint8Array<ArrayBuffer>) : invoiceXml(invoice);
  return c.body(body, 200, {
    'Content-Type': pdf ? 'application/pdf' : 'application/xml; charset=utf-8',
    'Content-Disposition': `attachment; filename="${invoiceFileName(invoice, pdf ? 'pdf' : 'xml')}"`,
  });
}
