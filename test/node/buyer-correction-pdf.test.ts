import { describe, expect, it } from 'vitest';
import type { IssuedInvoice } from '../../site/invoices';
import { invoicePdf } from '../../worker/invoices/pdf';
import { EU_BUSINESS, issuedInvoice, PL_BUSINESS } from '../support/invoice-pdf-fixtures';
import { textOf } from '../support/pdf-text';

// A correction of the buyer's data (issue 48; worker/box-office/invoice-requests.ts) read back
// with pdf.js: the data before and after it, side by side, and no amounts. Items are joined with
// " | " in drawing order (test/support/pdf-text.ts).

/** A correction of FV/2027/00042's buyer: the street and postal code put right, nothing else. */
function buyerCorrection(before: IssuedInvoice['buyer'], after: IssuedInvoice['buyer']): IssuedInvoice {
  return issuedInvoice({
    kind: 'KOR',
    number: 'KOR/2027/00007',
    issuedOn: '2027-06-10',
    issuedAt: '2027-06-10T08:00:00.000Z',
    buyer: after,
    buyerKind: 'pl_business',
    lines: [],
    totals: { net: 0, vat: 0, gross: 0 },
    languages: before.country === 'PL' && after.country === 'PL' ? 'pl' : 'pl+en',
    correction: {
      reason: 'Korekta danych nabywcy (bez zmiany kwot)',
      of: { id: 'inv_1', number: 'FV/2027/00042', issuedOn: '2027-05-04', ksefNumber: null },
      buyerBefore: before,
    },
  });
}

describe('a correction of the buyer data', () => {
  it('shows the data before and after the correction, and says the amounts stand', async () => {
    const after = { ...PL_BUSINESS, street: 'ul. Nowy Świat 7', postalCode: '00-496' };
    const text = await textOf(await invoicePdf(buyerCorrection(PL_BUSINESS, after)));
    expect(text).toContain('Faktura korygująca');
    expect(text).toContain('nr KOR/2027/00007');
    expect(text).toContain('FV/2027/00042');
    const before = text.indexOf('DANE PRZED KOREKTĄ');
    const corrected = text.indexOf('DANE PO KOREKCIE');
    expect(before).toBeGreaterThan(0);
    expect(corrected).toBeGreaterThan(before);
    // The old street under "before", the new one under "after".
    expect(text.slice(before, corrected)).toContain('ul. Świętokrzyska 12');
    expect(text.slice(corrected)).toContain('ul. Nowy Świat 7');
    expect(text.slice(corrected)).toContain('00-496 Warszawa');
    expect(text.replaceAll(' | ', ' ')).toContain('kwoty faktury korygowanej pozostają bez zmian');
    // No lines and no sums: nothing to pay or refund.
    expect(text).not.toContain('Do zwrotu');
    expect(text).not.toContain('Kwota korekty brutto');
  });

  it('labels both in Polish and English for a buyer outside Poland', async () => {
    const after = { ...EU_BUSINESS, street: 'Schlossplatz 1' };
    const text = await textOf(await invoicePdf({ ...buyerCorrection(EU_BUSINESS, after), buyerKind: 'eu_business' }));
    expect(text).toContain('DANE PRZED KOREKTĄ / DATA BEFORE THE CORRECTION');
    expect(text).toContain('DANE PO KOREKCIE / DATA AFTER THE CORRECTION');
    expect(text).toContain('Schlossplatz 1');
    expect(text).toContain('Königstraße 12');
  });
});
