import { zipSync } from 'fflate';
import type { CertificateFacts, CertificateRefusal } from '../../site/certificates';
import { latinLetters } from '../../site/format';
import type { LanguageCode } from '../../site/languages';
import type { Ticket } from '../../site/orders';
import { product } from '../../site/tickets';
import { catalogue } from '../catalogues';
import { toCsv } from '../csv';
import { productName } from '../texts';
import { certificatePdf } from './pdf';

/** A ticket of an order with its certificate, or why it has none (box-office/certificates.ts). */
export type IssuedTicket = {
  ticket: Ticket;
  certificate: CertificateFacts | { qualifies: false; reason: CertificateRefusal };
};

const isIssued = (item: IssuedTicket['certificate']): item is CertificateFacts => !('qualifies' in item);

/** A file name part from a holder's name: Latin letters, digits and dashes only. */
const slug = (text: string) =>
  latinLetters(text)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 40);

/**
 * The buyer's file of an order's certificates: one PDF per qualifying ticket (in the order's
 * language) and an attendance list of every ticket (holder, product, how they took part, the
 * certificate's number), so a company sees who has none as well. Null when no ticket qualifies.
 */
export async function certificatesZip(
  items: IssuedTicket[],
  lang: LanguageCode,
  checkUrl: (id: string) => string,
): Promise<Uint8Array | null> {
  const t = catalogue('email', lang).certificate;
  const issued = items.filter((item) => isIssued(item.certificate));
  if (!issued.length) return null;
  const files: Record<string, Uint8Array> = {};
  for (const { ticket, certificate } of issued) {
    const facts = certificate as CertificateFacts;
    const name = [t.file, String(ticket.position), slug(facts.holder ?? '')].filter(Boolean).join('-');
    files[`${name}.pdf`] = await certificatePdf(facts, lang, checkUrl(facts.id));
  }
  const rows = items.map(({ ticket, certificate }) => ({
    holder: (isIssued(certificate) ? certificate.holder : ticket.name) ?? '',
    product: productName(lang, product(ticket.product)),
    attended: t.list.how[isIssued(certificate) ? certificate.basis : 'none'],
    certificate: isIssued(certificate) ? certificate.id : '',
  }));
  const header = [t.list.holder, t.list.product, t.list.attended, t.list.certificate].join(',');
  const body = toCsv(rows, ['holder', 'product', 'attended', 'certificate']).replace(/^[^\r\n]*/, header);
  // A BOM so that a spreadsheet reads the names' letters as UTF-8.
  files[`${t.listFile}.csv`] = new TextEncoder().encode(`\uFEFF${body}`);
  return zipSync(files, { level: 6 });
}
