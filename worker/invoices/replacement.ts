import {
  type BuyerKind,
  type InvoiceKind,
  type InvoiceLine,
  type InvoiceParty,
  type IssuedInvoice,
  seriesOf,
} from '../../site/invoices';
import { takenBack, totalsOf } from './lines';

// A wrong tax number on an issued invoice (the buyer's NIP or EU VAT number) cannot be corrected
// by a correction of the buyer's data: FA(3)'s `Podmiot2K` keeps the number (its schema's rule),
// and KSeF files an invoice under the buyer's number, so the wrong buyer would keep it. The way out
// the Ministry of Finance gives for KSeF (and the practice before it): the invoice is corrected to
// zero, every line as it stands taken back, with the reason said, and a new invoice is issued to
// the right buyer with the same lines, the same date of sale and the same payment. Pure, so the
// FA(3) and PDF tests build the pair alone; the box office numbers and stores it
// (worker/box-office/tax-id-change.ts).

/** Why the invoice is corrected to zero (in Polish, the invoices' language; FA(3) `PrzyczynaKorekty`). */
export const zeroCorrectionReason = (replacement: string) =>
  `Błędny numer identyfikacyjny nabywcy (NIP/VAT UE): korekta do zera; w jej miejsce faktura ${replacement} dla właściwego nabywcy`;

/** What the pair is made from; `standing` is the invoice's lines after its earlier corrections. */
export type ReplacementInput = {
  /** The invoice corrected to zero, with the buyer as it names them now (after corrections of their data). */
  original: IssuedInvoice;
  standing: InvoiceLine[];
  /** The new invoice's lines: the same tickets, at the VAT the tax rules give the right buyer. */
  lines: InvoiceLine[];
  buyer: InvoiceParty;
  buyerKind: BuyerKind;
  /** The numbers taken for each, in their series, and their ids. */
  correction: { id: string; number: string };
  replacement: { id: string; number: string };
  issuedOn: string;
  issuedAt: string;
  ksef: IssuedInvoice['ksef'];
  example: boolean;
};

/** The kind of the correction of an invoice of `kind`: `KOR`, or `KOR_ZAL` for an advance invoice. */
export const correctionKind = (kind: InvoiceKind): InvoiceKind => (kind === 'ZAL' ? 'KOR_ZAL' : 'KOR');

/**
 * The correction to zero and the invoice issued in its place. The correction names the buyer the
 * invoice names now (a correction states the corrected invoice's parties) and takes back what
 * stands; it counts where the corrected invoice did (TypKorekty 1: a mistake put right, not an
 * event after the sale). The new invoice is of the original's kind (an advance invoice stays one:
 * it documents the same payment), dated today, with the original's payment day and method.
 */
export function replacementPair(input: ReplacementInput): { correction: IssuedInvoice; replacement: IssuedInvoice } {
  const { original, standing } = input;
  if (seriesOf(original.kind) !== 'FV') throw new Error('replacement: only an invoice is corrected to zero');
  const lines = standing.map(takenBack);
  const of = {
    id: original.id,
    number: original.number,
    issuedOn: original.issuedOn,
    ksefNumber: original.ksef.status === 'accepted' ? original.ksef.number : null,
    gross: totalsOf(standing).gross,
  };
  const { replaces: _, ...base } = original;
  const correction: IssuedInvoice = {
    ...base,
    id: input.correction.id,
    number: input.correction.number,
    kind: correctionKind(original.kind),
    issuedOn: input.issuedOn,
    issuedAt: input.issuedAt,
    lines,
    totals: totalsOf(lines),
    reverseCharge: lines.some((line) => line.vatRate === 'np'),
    correction: {
      reason: zeroCorrectionReason(input.replacement.number),
      of,
      effect: 'original',
      replacedBy: input.replacement,
    },
    example: input.example,
    ksef: input.ksef,
  };
  const replacement: IssuedInvoice = {
    ...base,
    id: input.replacement.id,
    number: input.replacement.number,
    issuedOn: input.issuedOn,
    issuedAt: input.issuedAt,
    buyer: input.buyer,
    buyerKind: input.buyerKind,
    languages: input.buyer.country === 'PL' ? 'pl' : 'pl+en',
    lines: input.lines,
    totals: totalsOf(input.lines),
    reverseCharge: input.lines.some((line) => line.vatRate === 'np'),
    correction: null,
    replaces: { ...of, correction: input.correction },
    example: input.example,
    ksef: input.ksef,
  };
  return { correction, replacement };
}

/** The words the new invoice carries about the one it replaces (FA(3) `DodatkowyOpis`, the PDF). */
export function replacesNote(replaces: NonNullable<IssuedInvoice['replaces']>): { pl: string; en: string } {
  const ksef = replaces.ksefNumber ? ` (KSeF ${replaces.ksefNumber})` : '';
  return {
    pl:
      `Wystawiona w miejsce faktury ${replaces.number} z dnia ${replaces.issuedOn}${ksef}, ` +
      `skorygowanej do zera korektą ${replaces.correction.number} z powodu błędnego numeru nabywcy.`,
    en:
      `Issued in place of invoice ${replaces.number} of ${replaces.issuedOn}${ksef}, ` +
      `corrected to zero by ${replaces.correction.number} because of a wrong buyer tax number.`,
  };
}
