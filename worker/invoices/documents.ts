import type { IssuedInvoice } from '../../site/invoices';
import { fa3Xml } from './fa3';

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
