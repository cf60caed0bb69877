import { describe, expect, it } from 'vitest';
import { type InvoiceLine, type IssuedInvoice, invoiceNumber } from '../../site/invoices';
import { product } from '../../site/tickets';
import { fa3Xml } from '../../worker/invoices/fa3';
import { invoicePdf } from '../../worker/invoices/pdf';
import { REVERSE_CHARGE_REASON, reverseChargeChange } from '../../worker/invoices/rate-correction';
import { fa3Text, fa3Texts, validateFa3 } from '../support/fa3';
import { BUYERS, issuedInvoice, line } from '../support/invoice-fixtures';
import { textOf } from '../support/pdf-text';

// Issue 43, item 2: the correction of an invoice issued at 23% while VIES was down, once VIES
// confirmed the buyer's EU VAT number: its online plan becomes reverse charge (FA(3) `np II` in
// P_12, its value in P_13_9, P_18 = 1), the on-site ticket stays at 23%, the difference refunded.

const totalsOf = (lines: InvoiceLine[]) => ({
  net: lines.reduce((sum, l) => sum + l.net, 0),
  vat: lines.reduce((sum, l) => sum + l.vat, 0),
  gross: lines.reduce((sum, l) => sum + l.gross, 0),
});

/** An EU business's invoice of an online VIP plan and an on-site Pro ticket, both at 23% (VIES was down). */
function chargedWhileViesDown(kind: 'ZAL' | 'VAT'): IssuedInvoice {
  const invoice = issuedInvoice({ kind, buyerKind: 'eu_business' });
  // Taxed as for a buyer without a confirmed number: 23% on every line.
  const lines = [line('online-vip', 1, BUYERS.person), line('onsite-pro', 1, BUYERS.person)];
  return { ...invoice, lines, totals: totalsOf(lines), reverseCharge: false };
}

/** Its correction as the box office issues it (worker/box-office/invoices.ts `correctToReverseCharge`). */
function rateCorrection(original: IssuedInvoice): IssuedInvoice {
  const lines = reverseChargeChange(original.lines, (l) => product(l.product).mode === 'online');
  return {
    ...original,
    id: `${original.id}-rate`,
    number: invoiceNumber('KOR', 2027, 3),
    kind: original.kind === 'ZAL' ? 'KOR_ZAL' : 'KOR',
    issuedOn: '2027-10-25',
    issuedAt: '2027-10-25T09:00:00.000Z',
    lines,
    totals: totalsOf(lines),
    reverseCharge: true,
    correction: {
      reason: REVERSE_CHARGE_REASON,
      effect: 'original',
      of: {
        id: original.id,
        number: original.number,
        issuedOn: original.issuedOn,
        ksefNumber: null,
        gross: original.totals.gross,
      },
    },
  };
}

// The fixtures price at the regular price: an online VIP plan is 1,999.00 net, 459.77 VAT.

describe('the correction of a 23% invoice to reverse charge', () => {
  it('as FA(3) (KOR): valid against the schema, the online plan moved from 23% to np II, type 1, the VAT difference', () => {
    const xml = fa3Xml(rateCorrection(chargedWhileViesDown('VAT')), { createdAt: '2027-10-25T09:00:00Z' });
    expect(validateFa3(xml)).toEqual({ valid: true, errors: expect.stringMatching(/validates$/) });
    expect(fa3Text(xml, 'Fa/RodzajFaktury')).toBe('KOR');
    expect(fa3Text(xml, 'Fa/TypKorekty')).toBe('1');
    expect(fa3Text(xml, 'Fa/PrzyczynaKorekty')).toBe(REVERSE_CHARGE_REASON);
    expect(fa3Texts(xml, 'Fa/FaWiersz/Indeks')).toEqual(['online-vip', 'online-vip']);
    expect(fa3Texts(xml, 'Fa/FaWiersz/P_8B')).toEqual(['-1', '1']);
    expect(fa3Texts(xml, 'Fa/FaWiersz/P_11')).toEqual(['-1999.00', '1999.00']);
    expect(fa3Texts(xml, 'Fa/FaWiersz/P_12')).toEqual(['23', 'np II']);
    expect(fa3Text(xml, 'Fa/P_13_1')).toBe('-1999.00');
    expect(fa3Text(xml, 'Fa/P_14_1')).toBe('-459.77');
    expect(fa3Text(xml, 'Fa/P_13_9')).toBe('1999.00');
    expect(fa3Text(xml, 'Fa/P_15')).toBe('-459.77');
    expect(fa3Text(xml, 'Fa/Adnotacje/P_18')).toBe('1');
    expect(fa3Text(xml, 'Podmiot1/PrefiksPodatnika')).toBe('PL');
    expect(fa3Text(xml, 'Fa/DaneFaKorygowanej/NrFaKorygowanej')).toBe('FV/2027/00042');
  });

  it('as FA(3) (KOR_ZAL, the correction of an advance invoice): valid, with the payment before it', () => {
    const original = chargedWhileViesDown('ZAL');
    const xml = fa3Xml(rateCorrection(original), { createdAt: '2027-10-25T09:00:00Z' });
    expect(validateFa3(xml)).toEqual({ valid: true, errors: expect.stringMatching(/validates$/) });
    expect(fa3Text(xml, 'Fa/RodzajFaktury')).toBe('KOR_ZAL');
    expect(fa3Texts(xml, 'Fa/Zamowienie/ZamowienieWiersz/P_12Z')).toEqual(['23', 'np II']);
    expect(fa3Text(xml, 'Fa/P_15ZK')).toBe((original.totals.gross / 100).toFixed(2));
    expect(fa3Text(xml, 'Fa/Zamowienie/WartoscZamowienia')).toBe('-459.77');
  });

  it('as a PDF read back: the corrected invoice, the reason, both lines, the reverse charge and the refund', async () => {
    const text = await textOf(await invoicePdf(rateCorrection(chargedWhileViesDown('VAT'))));
    expect(text).toContain('KOR/2027/00003');
    expect(text).toContain('FV/2027/00042');
    expect(text.replaceAll(' | ', ' ')).toContain('potwierdzony w VIES po wystawieniu faktury');
    expect(text).toContain('Odwrotne obciążenie');
    expect(text).toContain('Do zwrotu nabywcy');
    expect(text).toContain('459,77');
    expect(text).not.toContain('Bilet stacjonarny Pro');
  });
});
