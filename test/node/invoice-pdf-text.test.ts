import { describe, expect, it } from 'vitest';
import { invoicePdf, proformaPdf } from '../../worker/invoices/pdf';
import {
  advanceInvoice,
  correction,
  euInvoice,
  issuedInvoice,
  KSEF,
  line,
  PERSON,
  proforma,
} from '../support/invoice-pdf-fixtures';
import { qrOnFirstPage, textOf } from '../support/pdf-text';

// The invoice PDFs read back with pdf.js, as a viewer or an accountant's software reads them: the
// text of each element the VAT act asks for, where it belongs. Each text run becomes one item, and
// the items are joined with " | " in drawing order, so "Data wystawienia | 2027-05-04" is that
// label with that value, and a table row is its cells in order.

/** The items, one after another, as they appear in the document. */
const seq = (...items: string[]) => items.join(' | ');
const count = (text: string, part: string) => text.split(part).length - 1;
/** The text as one paragraph, for sentences that wrap onto several lines. */
const prose = (text: string) => text.replaceAll(' | ', ' ');

describe('a VAT invoice in Polish', async () => {
  const text = await textOf(await invoicePdf(issuedInvoice()));

  it('is titled "Faktura" with its number, under the congress name', () => {
    expect(text).toContain(seq('Kongres', 'AI', 'Polska'));
    expect(text).toContain(seq('Faktura', 'nr FV/2027/00042'));
  });

  it('gives the date of issue and the date of the supply (the congress day)', () => {
    expect(text).toContain(seq('Data wystawienia', '2027-05-04'));
    expect(text).toContain(seq('Data wykonania usługi', '2027-10-23'));
    expect(text).not.toContain('Data otrzymania zapłaty');
  });

  it('names the seller and the buyer with their addresses and NIPs', () => {
    expect(text).toContain(
      seq(
        'SPRZEDAWCA',
        'Przykładowy Organizator sp. z o.o.',
        'ul. Przykładowa 1',
        '00-000 Wrocław',
        'Polska',
        'NIP: 1234567890',
      ),
    );
    expect(text).toContain(
      seq('NABYWCA', 'Ministerstwo Finansów', 'ul. Świętokrzyska 12', '00-916 Warszawa', 'Polska', 'NIP: 5260250274'),
    );
  });

  it('lists each line: unit, quantity, unit net price, net value, VAT rate, VAT and gross', () => {
    expect(text).toContain(seq('szt.', '2', '999,00 zł', '1 998,00 zł', '23%', '459,54 zł', '2 457,54 zł'));
    expect(text).toContain(seq('szt.', '3', '499,00 zł', '1 497,00 zł', '23%', '344,31 zł', '1 841,31 zł'));
    expect(text).toContain('Bilet stacjonarny Pro');
    expect(text).toContain('Dostęp online Premium');
  });

  it('sums net, VAT and gross per rate and in total, and states the total amount', () => {
    expect(text).toContain(seq('23%', '3 495,00 zł', '803,85 zł', '4 298,85 zł'));
    expect(text).toContain(seq('Razem', '3 495,00 zł', '803,85 zł', '4 298,85 zł'));
    expect(text).toContain(seq('Kwota należności ogółem', '4 298,85 zł'));
  });

  it('says it was paid, how and when', () => {
    expect(text).toContain(
      seq('PŁATNOŚĆ', 'Zapłacono', '4 298,85 zł', 'Sposób zapłaty', 'karta płatnicza', 'Data zapłaty', '2027-05-03'),
    );
  });

  it('says it has not been sent to KSeF yet, and nothing it is not', () => {
    expect(prose(text)).toContain('Faktura nie została jeszcze przesłana do KSeF.');
    expect(text).not.toContain('Numer KSeF');
    expect(text).not.toContain('PRZYKŁAD');
    expect(text).not.toMatch(/odwrotne obciążenie/i);
    expect(text).not.toContain('Date of issue');
  });

  it('numbers its pages', () => {
    expect(text).toContain('Strona 1 z 1');
  });
});

describe('the per-rate summary', () => {
  it('has its own row for each rate, apart from the total', async () => {
    const text = await textOf(await invoicePdf(euInvoice()));
    expect(text).toContain(
      seq('23%', '999,00 zł', '229,77 zł', '1 228,77 zł', 'np. / n/a', '598,00 zł', '0,00 zł', '598,00 zł'),
    );
    expect(text).toContain(seq('Razem / Total', '1 597,00 zł', '229,77 zł', '1 826,77 zł'));
  });
});

describe('an advance invoice (ZAL)', async () => {
  const text = await textOf(await invoicePdf(advanceInvoice({ buyer: PERSON, buyerKind: 'person' })));

  it('is titled "Faktura zaliczkowa" and gives the date the payment was received', () => {
    expect(text).toContain(seq('Faktura zaliczkowa', 'nr FV/2027/00043'));
    expect(text).toContain(seq('Data otrzymania zapłaty', '2027-05-03'));
    expect(text).not.toContain('Data wykonania usługi');
    expect(text).toContain(seq('Sposób zapłaty', 'przelew'));
  });

  it('prints a private buyer with every Polish letter, and no tax number for them', () => {
    expect(text).toContain(seq('NABYWCA', 'Łucja Źrebięcka-Żółć', 'ul. Ćmielowska 5 m. 3', '90-361 Łódź', 'Polska'));
    expect(count(text, 'NIP:')).toBe(1);
  });
});

it('prints Polish, German and Spanish letters as themselves', async () => {
  const name = 'ąćęłńóśźż ĄĆĘŁŃÓŚŹŻ äöüß ÄÖÜ ñáéíóú ¿¡';
  const text = await textOf(await invoicePdf(issuedInvoice({ buyer: { ...PERSON, name } })));
  expect(text).toContain(seq('NABYWCA', name));
});

describe('names in scripts the embedded font cannot draw (issue 43, item 8)', () => {
  it('prints decomposed Polish letters (NFD) as the letters themselves, not Z?a?z?', async () => {
    const name = 'Z\u0307o\u0301\u0142w Z\u0307a\u0328z\u0307'.normalize('NFD');
    const text = await textOf(
      await invoicePdf(issuedInvoice({ buyer: { ...PERSON, name, city: 'Lo\u0301dz\u0301' } })),
    );
    expect(text).toContain(seq('NABYWCA', 'Żółw Żąż'));
    expect(text).toContain('90-361 Lódź');
    expect(text).not.toContain('?');
    // Nothing had to be left out, so nothing is explained.
    expect(prose(text)).not.toContain('[…]');
  });

  it.each([
    ['Chinese', '北京科技有限公司', 'Hangzhou'],
    ['Arabic', 'شركة الذكاء', 'Dubai'],
    ['emoji', 'Robo 🤖 Labs 👩‍💻', 'Berlin'],
  ])('marks %s it cannot draw as […], explains the mark and never prints a question mark', async (_, name, city) => {
    for (const bytes of [
      await invoicePdf(issuedInvoice({ buyer: { ...PERSON, name, city, country: 'DE' } })),
      await proformaPdf(proforma({ buyer: { ...PERSON, name, city, country: 'DE' } })),
    ]) {
      const text = await textOf(bytes);
      expect(text).not.toContain('?');
      expect(text).toContain('[…]');
      // What a reader sees around the mark stays: the Latin part of the name, the city.
      if (name.startsWith('Robo')) expect(text).toContain('Robo […] Labs […]');
      expect(text).toContain(city);
      expect(prose(text)).toMatch(/\[…\] – znaki, których ten PDF nie potrafi wyświetlić.*e-faktur/);
    }
  });
});

describe('an invoice in Polish and English, under reverse charge, with its KSeF number', async () => {
  const bytes = await invoicePdf(euInvoice({ example: true }), { ksef: KSEF });
  const text = await textOf(bytes);

  it('gives every label in Polish and English', () => {
    expect(text).toContain(seq('Faktura zaliczkowa', 'Advance invoice', 'nr / no. FV/2027/00044'));
    expect(text).toContain(seq('Data wystawienia / Date of issue', '2027-05-04'));
    expect(text).toContain(seq('Data otrzymania zapłaty / Date payment received', '2027-05-03'));
    for (const label of [
      'SPRZEDAWCA / SELLER',
      'NABYWCA / BUYER',
      'NIP / Tax ID: 1234567890',
      'POZYCJE / ITEMS',
      seq('Nazwa usługi', 'Description'),
      seq('Wartość netto', 'Net value'),
      seq('Stawka', 'VAT', 'VAT rate'),
      seq('Kwota VAT', 'VAT amount'),
      seq('Wartość brutto', 'Gross value'),
      'Kwota należności ogółem / Total amount',
      'Sposób zapłaty / Payment method',
      'Strona 1 z 1 / Page 1 of 1',
    ]) {
      expect(text).toContain(label);
    }
  });

  it("gives the buyer's EU VAT number and the English name of each line", () => {
    expect(text).toContain(
      seq('Müller & Söhne Straßenbau GmbH', 'Königstraße 12', '70173 Stuttgart', 'Niemcy / Germany'),
    );
    expect(text).toContain('Nr VAT UE / EU VAT number: DE123456789');
    expect(text).toContain('On-site ticket Pro');
  });

  it('says "odwrotne obciążenie" (reverse charge)', () => {
    expect(text).toContain('Odwrotne obciążenie / Reverse charge');
  });

  it('carries the example banner', () => {
    expect(text).toContain('PRZYKŁAD – TO NIE JEST WAŻNA FAKTURA / EXAMPLE – THIS IS NOT A VALID INVOICE');
  });

  it('gives the KSeF number, and again as the label under the verification code', () => {
    expect(text).toContain(seq('Numer KSeF / KSeF number:', KSEF.number, KSEF.number));
    expect(text).not.toContain('nie została jeszcze przesłana');
  });

  it('draws a verification code that reads as the KSeF link', async () => {
    expect(await qrOnFirstPage(bytes)).toBe(KSEF.verificationUrl);
  });
});

describe('a correction (KOR)', async () => {
  const text = await textOf(await invoicePdf(correction('KOR')));
  const unnumbered = (example: boolean) => {
    const base = correction('KOR');
    const of = base.correction ? { ...base.correction.of, ksefNumber: null } : undefined;
    return of && base.correction ? correction('KOR', { example, correction: { ...base.correction, of } }) : base;
  };
  const beforeKsef = await textOf(await invoicePdf(unnumbered(false)));
  const ofExample = await textOf(await invoicePdf(unnumbered(true)));

  it('says the corrected invoice has no KSeF number yet while it is on its way, and none for an example', () => {
    expect(beforeKsef).toContain(seq('Numer KSeF faktury korygowanej:', 'jeszcze nie nadano'));
    expect(beforeKsef).not.toContain('nie dotyczy');
    expect(ofExample).toContain(seq('Numer KSeF faktury korygowanej:', 'nie dotyczy (faktura przykładowa)'));
  });

  it('is titled "Faktura korygująca" and names the corrected invoice, its date and KSeF number', () => {
    expect(text).toContain(seq('Faktura korygująca', 'nr KOR/2027/00001'));
    expect(text).toContain(seq('Faktura korygowana:', 'FV/2027/00042', 'z dnia 2027-05-04'));
    expect(text).toContain(seq('Numer KSeF faktury korygowanej:', '5260250274-20270504-0A1B2C3D4E5F-7A'));
  });

  it('gives the reason and the amounts of the change', () => {
    expect(text).toContain(seq('Przyczyna korekty:', 'Zwrot jednego biletu (anulowanie części zamówienia)'));
    expect(text).toContain(seq('szt.', '-1', '999,00 zł', '-999,00 zł', '23%', '-229,77 zł', '-1 228,77 zł'));
    expect(text).toContain(seq('Kwota korekty brutto', '-1 228,77 zł'));
    expect(text).toContain(seq('Do zwrotu nabywcy', '1 228,77 zł'));
  });
});

it('titles a correction of an advance invoice (KOR_ZAL) "Faktura korygująca" with the payment date', async () => {
  const text = await textOf(await invoicePdf(correction('KOR_ZAL')));
  expect(text).toContain(seq('Faktura korygująca', 'nr KOR/2027/00001'));
  expect(text).toContain(seq('Data otrzymania zapłaty', '2027-05-03'));
});

describe('a pro-forma', async () => {
  const text = await textOf(await proformaPdf(proforma({ example: true })));

  it('is titled "Faktura pro forma" and says it is not an invoice', () => {
    expect(text).toContain(seq('Faktura pro forma', 'Zamówienie KAI-7Q4M'));
    expect(prose(text)).toContain('Dokument nie jest fakturą VAT ani dowodem księgowym');
  });

  it('gives the amount, the account, the transfer title and the pay-by date', () => {
    expect(text).toContain(seq('Do zapłaty', '4 298,85 zł'));
    expect(text).toContain(seq('Tytuł przelewu', 'KAI-7Q4M', 'Termin płatności', '2027-05-11'));
    expect(text).toContain(
      seq('Numer rachunku', 'PL00 0000 0000 1234 5678 9012 3456', 'Bank', 'Przykładowy Bank S.A.'),
    );
    expect(text).toContain(seq('SWIFT/BIC', 'XMPLPLPW'));
  });

  it('lists the lines and sums', () => {
    expect(text).toContain(seq('szt.', '2', '999,00 zł', '1 998,00 zł', '23%', '459,54 zł', '2 457,54 zł'));
    expect(text).toContain(seq('Razem', '3 495,00 zł', '803,85 zł', '4 298,85 zł'));
  });

  it('warns that the account is an example', () => {
    expect(text).toContain('PRZYKŁAD – NIE WYKONUJ PRZELEWU');
  });

  it('is in English too for a buyer abroad', async () => {
    const english = await textOf(await proformaPdf(proforma({ languages: 'pl+en' })));
    expect(english).toContain(seq('Faktura pro forma', 'Pro forma invoice'));
    expect(english).toContain(seq('Tytuł przelewu / Transfer title', 'KAI-7Q4M'));
    expect(english).toContain(seq('Do zapłaty / Amount to pay', '4 298,85 zł'));
    expect(english).not.toContain('PRZYKŁAD');
  });
});

describe("a voucher's discount and the correction of one discounted ticket", async () => {
  // Four on-site Pro at 999,00 zł net with 20% off (P_10 799,20 zł), then one of them cancelled alone.
  const discounted = { ...line('onsite-pro', 4, 999_00), discount: 799_20, net: 3196_80, vat: 735_26, gross: 3932_06 };
  const invoice = issuedInvoice({ lines: [discounted], totals: { net: 3196_80, vat: 735_26, gross: 3932_06 } });
  const back = { ...line('onsite-pro', -1, 999_00), discount: -199_80, net: -799_20, vat: -183_82, gross: -983_02 };
  const part = correction('KOR', { lines: [back], totals: { net: -799_20, vat: -183_82, gross: -983_02 } });
  const text = await textOf(await invoicePdf(invoice));
  const correctionText = await textOf(await invoicePdf(part));
  const english = await textOf(await invoicePdf(euInvoice({ lines: [discounted] })));

  it('shows the discount with its label under the unit price', () => {
    expect(text).toContain(seq('4', '999,00 zł', 'Rabat', '-799,20 zł', '3 196,80 zł'));
    expect(prose(english)).toContain('Rabat / Discount -799,20 zł');
  });

  it("shows the cancelled ticket's line with its own discount, taken back", () => {
    expect(correctionText).toContain(seq('-1', '999,00 zł', 'Rabat', '-199,80 zł', '-799,20 zł', '23%', '-183,82 zł'));
  });
});
