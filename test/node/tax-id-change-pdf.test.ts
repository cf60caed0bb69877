import { describe, expect, it } from 'vitest';
import type { InvoiceParty } from '../../site/invoices';
import { invoicePdf } from '../../worker/invoices/pdf';
import { replacementPair } from '../../worker/invoices/replacement';
import { advanceInvoice, EU_BUSINESS, issuedInvoice, PL_BUSINESS, POLISH_LINES } from '../support/invoice-pdf-fixtures';
import { textOf } from '../support/pdf-text';

// A wrong tax number put right (issue 48; worker/invoices/replacement.ts), read back with pdf.js:
// the correction to zero of FV/2027/00042 and the invoice issued in its place. Items are joined
// with " | " in drawing order (test/support/pdf-text.ts).

const RIGHT_BUYER: InvoiceParty = { ...PL_BUSINESS, name: 'Właściwa Firma S.A.', taxId: '1234563218' };

/** The pair made of `original` for the right buyer, on 10 June 2027. */
const pairOf = (
  original = issuedInvoice(),
  buyer = RIGHT_BUYER,
  buyerKind: 'pl_business' | 'eu_business' = 'pl_business',
) =>
  replacementPair({
    original,
    standing: original.lines,
    lines: original.lines,
    buyer,
    buyerKind,
    correction: { id: 'inv_zero', number: 'KOR/2027/00007' },
    replacement: { id: 'inv_new', number: 'FV/2027/00051' },
    issuedOn: '2027-06-10',
    issuedAt: '2027-06-10T08:00:00.000Z',
    ksef: { status: 'waiting' },
    example: false,
  });

/** The text of a PDF with pdf.js's item joints taken out, to find a sentence that wraps. */
const flat = (text: string) => text.replaceAll(' | ', ' ').replace(/\s+/g, ' ');

describe('a wrong tax number put right', () => {
  it('corrects the invoice to zero: the wrong buyer, every line taken back, the reason and the new number said', async () => {
    const { correction } = pairOf();
    const text = await textOf(await invoicePdf(correction));
    expect(text).toContain('Faktura korygująca');
    expect(text).toContain('nr KOR/2027/00007');
    expect(text).toContain('FV/2027/00042');
    // The buyer the corrected invoice named, with the wrong number.
    expect(text).toContain('5260250274');
    expect(text).not.toContain('1234563218');
    expect(flat(text)).toContain('korekta do zera; w jej miejsce faktura FV/2027/00051 dla właściwego nabywcy');
    // Every line taken back: 4 298,85 zł gross (POLISH_LINES) returns whole.
    expect(text).toContain('-4 298,85');
    expect(POLISH_LINES.reduce((sum, line) => sum + line.gross, 0)).toBe(4_298_85);
  });

  it('issues the new invoice to the right buyer with the same lines and payment, saying what it replaces', async () => {
    const { replacement } = pairOf();
    const text = await textOf(await invoicePdf(replacement));
    expect(text).toContain('nr FV/2027/00051');
    expect(text).toContain('Właściwa Firma S.A.');
    expect(text).toContain('1234563218');
    expect(text).not.toContain('5260250274');
    expect(text).toContain('4 298,85');
    expect(text).not.toContain('-4 298,85');
    // The payment as the original had it.
    expect(text).toContain('2027-05-03');
    expect(flat(text)).toContain(
      'Wystawiona w miejsce faktury FV/2027/00042 z dnia 2027-05-04, skorygowanej do zera korektą KOR/2027/00007 z powodu błędnego numeru nabywcy.',
    );
  });

  it('says it in Polish and English for a buyer outside Poland, an advance invoice staying one', async () => {
    const { replacement } = pairOf(advanceInvoice(), { ...EU_BUSINESS }, 'eu_business');
    expect(replacement).toMatchObject({ kind: 'ZAL', languages: 'pl+en' });
    const text = flat(await textOf(await invoicePdf(replacement)));
    expect(text).toContain('Wystawiona w miejsce faktury FV/2027/00043');
    expect(text).toContain('Issued in place of invoice FV/2027/00043 of 2027-05-04');
    expect(text).toContain('Müller & Söhne Straßenbau GmbH');
  });
});
