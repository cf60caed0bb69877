// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { EVENT, ORGANISER } from '../../site/event';
import type { BuyerKind, InvoiceKind, IssuedInvoice } from '../../site/invoices';
import { paymentDateProblem } from '../../site/payment-date';
import { EXAMPLE_FOOTER, fa3Amount, fa3Xml, UNREADABLE, xmlEscape } from '../../worker/invoices/fa3';
import { fa3Text, fa3Texts, validateFa3, xmlUnescape } from '../support/fa3';
import {
  BUYERS,
  correctionOf,
  GERMAN_CONSUMER,
  issuedInvoice,
  ksefNumber,
  MIXED_ORDER,
  ONSITE_ORDER,
  OSS_ON,
  SELLER,
} from '../support/invoice-fixtures';

const CREATED_AT = '2027-09-15T10:15:00.000Z';
const xmlOf = (invoice: IssuedInvoice) => fa3Xml(invoice, { createdAt: CREATED_AT });

/** Every text of a leaf element, unescaped (enough for the fields a test reads in bulk). */
function leaves(xml: string, name: string): string[] {
  return [...xml.matchAll(new RegExp(`<${name}>([^<]*)</${name}>`, 'g'))].map((m) => xmlUnescape(m[1] ?? ''));
}
const leaf = (xml: string, name: string) => leaves(xml, name)[0];

/** An invoice of a kind: a correction is of the invoice of its advance or regular kind. */
function invoiceOf(kind: InvoiceKind, buyerKind: BuyerKind, order: typeof MIXED_ORDER, i: number): IssuedInvoice {
  const base = issuedInvoice({
    kind: kind === 'VAT' || kind === 'KOR' ? 'VAT' : 'ZAL',
    buyerKind,
    order,
    paymentMethod: i % 2 ? 'transfer' : 'card',
    example: i % 3 !== 0,
  });
  return kind === 'KOR' || kind === 'KOR_ZAL' ? correctionOf(base, { inKsef: i % 2 === 0 }) : base;
}

const ONLINE_ORDER: typeof MIXED_ORDER = [
  ['online-premium', 5],
  ['online-standard', 1],
];
const ORDERS = { mixed: MIXED_ORDER, 'on-site only': ONSITE_ORDER, 'online only': ONLINE_ORDER };
const KINDS: InvoiceKind[] = ['VAT', 'ZAL', 'KOR', 'KOR_ZAL'];
const BUYER_KINDS: BuyerKind[] = ['pl_business', 'eu_business', 'foreign_business', 'person'];

describe('FA(3) documents against the official schema', () => {
  let i = 0;
  for (const kind of KINDS) {
    for (const buyerKind of BUYER_KINDS) {
      for (const [orderName, order] of Object.entries(ORDERS)) {
        const invoice = invoiceOf(kind, buyerKind, order, i++);
        const rates = invoice.reverseCharge
          ? 'with reverse charge'
          : invoice.lines.some((l) => l.vatRate === 'outside')
            ? 'outside Polish VAT online'
            : 'at 23%';
        it(`${kind} for a ${buyerKind}, ${orderName} ${rates}, paid by ${invoice.paymentMethod}: valid and its values right`, () => {
          const xml = xmlOf(invoice);
          const { valid, errors } = validateFa3(xml);
          expect(errors).toBe('- validates');
          expect(valid).toBe(true);

          expect(leaf(xml, 'RodzajFaktury')).toBe(kind);
          expect(leaf(xml, 'P_2')).toBe(invoice.number);
          expect(leaf(xml, 'P_1')).toBe(invoice.issuedOn);
          expect(leaves(xml, 'NIP')[0]).toBe('1234567890');
          expect(leaf(xml, 'P_15')).toBe(fa3Amount(invoice.totals.gross));
          // The sums by rate add up to the total, in the fields of their rates.
          const standard = invoice.lines.filter((l) => l.vatRate === 23);
          const reverse = invoice.lines.filter((l) => l.vatRate === 'np');
          const outside = invoice.lines.filter((l) => l.vatRate === 'outside');
          const sum = (ls: typeof standard, key: 'net' | 'vat') => ls.reduce((s, l) => s + l[key], 0);
          expect(leaves(xml, 'P_13_1')).toEqual(standard.length ? [fa3Amount(sum(standard, 'net'))] : []);
          expect(leaves(xml, 'P_14_1')).toEqual(standard.length ? [fa3Amount(sum(standard, 'vat'))] : []);
          expect(leaves(xml, 'P_13_9')).toEqual(reverse.length ? [fa3Amount(sum(reverse, 'net'))] : []);
          // A business outside the EU: its online plans are supplied outside Poland (np I, P_13_8).
          expect(leaves(xml, 'P_13_8')).toEqual(outside.length ? [fa3Amount(sum(outside, 'net'))] : []);
          expect(outside.length > 0).toBe(buyerKind === 'foreign_business' && orderName !== 'on-site only');
          expect(leaf(xml, 'P_18')).toBe(reverse.length ? '1' : '2');
          expect(invoice.reverseCharge).toBe(buyerKind === 'eu_business' && orderName !== 'on-site only');

          const buyer = BUYERS[buyerKind];
          if (buyerKind === 'pl_business') expect(leaves(xml, 'NIP')[1]).toBe(buyer.taxId);
          if (buyerKind === 'eu_business')
            expect([leaf(xml, 'KodUE'), leaf(xml, 'NrVatUE')]).toEqual(['DE', '123456789']);
          if (buyerKind === 'foreign_business') expect(leaf(xml, 'NrID')).toBe(buyer.taxId);
          if (buyerKind === 'person') expect(leaf(xml, 'BrakID')).toBe('1');
          expect(leaves(xml, 'Nazwa')[1]).toBe(buyer.name);

          const advance = kind === 'ZAL' || kind === 'KOR_ZAL';
          const lines = advance ? leaves(xml, 'P_11NettoZ') : leaves(xml, 'P_11');
          expect(lines).toEqual(invoice.lines.map((l) => fa3Amount(l.net)));
          expect(leaves(xml, advance ? 'P_8BZ' : 'P_8B')).toEqual(invoice.lines.map((l) => String(l.quantity)));
          expect(leaves(xml, advance ? 'P_12Z' : 'P_12')).toEqual(
            invoice.lines.map((l) => (l.vatRate === 23 ? '23' : l.vatRate === 'outside' ? 'np I' : 'np II')),
          );
          expect(leaves(xml, advance ? 'P_11' : 'P_11NettoZ')).toEqual([]);
          expect(leaves(xml, 'StopkaFaktury')).toEqual(invoice.example ? [EXAMPLE_FOOTER] : []);
        });
      }
    }
  }
});

describe('FA(3) of an OSS sale (an online plan to a consumer in another member state)', () => {
  const oss = (kind: 'VAT' | 'ZAL') =>
    issuedInvoice({ kind, buyerKind: 'person', buyer: GERMAN_CONSUMER, order: MIXED_ORDER, tax: OSS_ON });

  it.each(['VAT', 'ZAL'] as const)('%s: P_12_XII 19 on the online lines, P_13_5/P_14_5 their sums, valid', (kind) => {
    const invoice = oss(kind);
    const xml = xmlOf(invoice);
    const { valid, errors } = validateFa3(xml);
    expect(errors).toBe('- validates');
    expect(valid).toBe(true);
    const online = invoice.lines.filter((l) => l.vatRate === 'oss:DE:19');
    const onsite = invoice.lines.filter((l) => l.vatRate === 23);
    expect(online.map((l) => l.product)).toEqual(['online-standard', 'online-vip']);
    expect(online.every((l) => l.vat === Math.round((l.net * 19) / 100))).toBe(true);
    const sum = (ls: typeof online, key: 'net' | 'vat') => ls.reduce((s, l) => s + l[key], 0);
    expect(leaves(xml, 'P_13_5')).toEqual([fa3Amount(sum(online, 'net'))]);
    expect(leaves(xml, 'P_14_5')).toEqual([fa3Amount(sum(online, 'vat'))]);
    expect(leaves(xml, 'P_13_1')).toEqual([fa3Amount(sum(onsite, 'net'))]);
    const advance = kind === 'ZAL';
    // The OSS lines carry the member state's rate instead of a Polish one.
    expect(leaves(xml, advance ? 'P_12Z_XII' : 'P_12_XII')).toEqual(['19', '19']);
    expect(leaves(xml, advance ? 'P_12Z' : 'P_12')).toEqual(['23']);
    expect(leaf(xml, 'P_15')).toBe(fa3Amount(invoice.totals.gross));
    expect(leaf(xml, 'P_18')).toBe('2');
  });

  it('keeps 25.5% (Finland) as the schema takes a percentage, and a correction of it stays valid', () => {
    const invoice = issuedInvoice({
      kind: 'VAT',
      buyerKind: 'person',
      buyer: { ...GERMAN_CONSUMER, country: 'FI', city: 'Helsinki', postalCode: '00100' },
      order: [['online-premium', 1]],
      tax: OSS_ON,
    });
    expect(invoice.lines[0]?.vatRate).toBe('oss:FI:25.5');
    for (const xml of [xmlOf(invoice), xmlOf(correctionOf(invoice, { inKsef: true }))]) {
      expect(validateFa3(xml).errors).toBe('- validates');
      expect(leaves(xml, 'P_12_XII')).toEqual(['25.5']);
    }
  });

  it('refuses an OSS rate for a business buyer', () => {
    const invoice = oss('VAT');
    expect(() => xmlOf({ ...invoice, buyerKind: 'pl_business' })).toThrow(/OSS/);
  });
});

describe('the validator', () => {
  const xml = xmlOf(issuedInvoice());

  it('reports a document without its number (P_2) invalid, naming what is missing', () => {
    const broken = xml.replace(/<P_2>[^<]*<\/P_2>/, '');
    expect(broken).not.toBe(xml);
    const { valid, errors } = validateFa3(broken);
    expect(valid).toBe(false);
    expect(errors).toMatch(/P_2/);
  });

  it('reports a rate the schema does not know invalid (the facets are checked, not only the structure)', () => {
    const broken = xml.replace('<P_12Z>23</P_12Z>', '<P_12Z>np</P_12Z>');
    expect(broken).not.toBe(xml);
    expect(validateFa3(broken).valid).toBe(false);
  });

  it('reports a document in another namespace invalid', () => {
    expect(validateFa3(xml.replace('/2025/06/25/13775/', '/2023/06/29/12648/')).valid).toBe(false);
  });

  it('reads values by XPath', () => {
    expect(fa3Text(xml, 'Fa/P_2')).toBe('FV/2027/00042');
    expect(fa3Texts(xml, 'Fa/Zamowienie/ZamowienieWiersz/P_8BZ')).toEqual(['3', '1', '2']);
  });
});

describe('FA(3) fields', () => {
  it('writes amounts in złoty with two decimals', () => {
    expect(fa3Amount(29900)).toBe('299.00');
    expect(fa3Amount(36777)).toBe('367.77');
    expect(fa3Amount(5)).toBe('0.05');
    expect(fa3Amount(0)).toBe('0.00');
    expect(fa3Amount(-712662)).toBe('-7126.62');
    expect(() => fa3Amount(1.5)).toThrow(/whole grosze/);
  });

  it('has the header the schema fixes, the instant it was made and the system that made it', () => {
    const xml = xmlOf(issuedInvoice());
    expect(
      xml.startsWith(
        '<?xml version="1.0" encoding="UTF-8"?>\n<Faktura xmlns="http://crd.gov.pl/wzor/2025/06/25/13775/">',
      ),
    ).toBe(true);
    expect(xml).toContain('<KodFormularza kodSystemowy="FA (3)" wersjaSchemy="1-0E">FA</KodFormularza>');
    expect(fa3Text(xml, 'Naglowek/WariantFormularza')).toBe('3');
    expect(fa3Text(xml, 'Naglowek/DataWytworzeniaFa')).toBe(CREATED_AT);
    expect(fa3Text(xml, 'Naglowek/SystemInfo')).toContain('Kongres AI Polska');
    expect(fa3Text(xml, 'Fa/KodWaluty')).toBe('PLN');
  });

  it('names the seller from ORGANISER: NIP without separators, name and address', () => {
    const xml = xmlOf(issuedInvoice());
    expect(fa3Text(xml, 'Podmiot1/DaneIdentyfikacyjne/NIP')).toBe(ORGANISER.taxId.replace(/-/g, ''));
    expect(fa3Text(xml, 'Podmiot1/DaneIdentyfikacyjne/Nazwa')).toBe(ORGANISER.name);
    expect(fa3Texts(xml, 'Podmiot1/Adres/*')).toEqual([
      'PL',
      ORGANISER.street,
      `${ORGANISER.postalCode} ${ORGANISER.city}`,
    ]);
    expect(fa3Text(xml, 'Podmiot1/PrefiksPodatnika')).toBe('');
  });

  it('gives a buyer JST and GV 2 (no local-government unit, no VAT group), whoever buys', () => {
    for (const buyerKind of ['pl_business', 'person'] as const) {
      const xml = xmlOf(issuedInvoice({ buyerKind }));
      expect([fa3Text(xml, 'Podmiot2/JST'), fa3Text(xml, 'Podmiot2/GV')]).toEqual(['2', '2']);
    }
  });

  it('identifies an EU business by the prefix and number of its VAT id, Greece as EL', () => {
    const invoice = issuedInvoice({ buyerKind: 'eu_business' });
    const greek = { ...invoice, buyer: { ...invoice.buyer, taxId: 'EL123456789', country: 'GR' } };
    const xml = xmlOf(greek);
    expect(validateFa3(xml).valid).toBe(true);
    expect(fa3Texts(xml, 'Podmiot2/DaneIdentyfikacyjne/*')).toEqual(['EL', '123456789', invoice.buyer.name]);
    expect(fa3Text(xml, 'Podmiot2/Adres/KodKraju')).toBe('GR');
  });

  it('marks reverse charge as the schema asks: np II, P_13_9 without tax, P_18 1, the PL prefix, the words', () => {
    const invoice = issuedInvoice({ kind: 'VAT', buyerKind: 'eu_business', order: ONLINE_ORDER });
    const xml = xmlOf(invoice);
    expect(validateFa3(xml).valid).toBe(true);
    expect(fa3Texts(xml, 'Fa/FaWiersz/P_12')).toEqual(['np II', 'np II']);
    expect(fa3Text(xml, 'Fa/P_13_9')).toBe(fa3Amount(invoice.totals.net));
    expect(fa3Text(xml, 'Fa/P_15')).toBe(fa3Amount(invoice.totals.net));
    expect(xml).not.toMatch(/<P_14_/);
    expect(fa3Text(xml, 'Fa/Adnotacje/P_18')).toBe('1');
    expect(fa3Text(xml, 'Podmiot1/PrefiksPodatnika')).toBe('PL');
    expect(fa3Text(xml, 'Fa/DodatkowyOpis/Klucz')).toContain('Odwrotne obciążenie');
    expect(fa3Text(xml, 'Fa/DodatkowyOpis/Wartosc')).toContain('art. 100 ust. 1 pkt 4');
  });

  it('sets every annotation the schema requires to "no" on a 23% invoice', () => {
    const xml = xmlOf(issuedInvoice({ kind: 'VAT' }));
    expect(['P_16', 'P_17', 'P_18', 'P_18A', 'P_23'].map((flag) => leaf(xml, flag))).toEqual(['2', '2', '2', '2', '2']);
    expect(xml).toContain('<Zwolnienie><P_19N>1</P_19N></Zwolnienie>');
    expect(xml).toContain('<NoweSrodkiTransportu><P_22N>1</P_22N></NoweSrodkiTransportu>');
    expect(xml).toContain('<PMarzy><P_PMarzyN>1</P_PMarzyN></PMarzy>');
  });

  it('writes a regular invoice as lines: name in Polish, unit szt., quantity, unit net, net, rate', () => {
    const invoice = issuedInvoice({ kind: 'VAT', buyerKind: 'person', order: ONSITE_ORDER });
    const xml = xmlOf(invoice);
    expect(fa3Texts(xml, 'Fa/FaWiersz/NrWierszaFa')).toEqual(['1', '2']);
    expect(fa3Texts(xml, 'Fa/FaWiersz/P_7')).toEqual(['Bilet stacjonarny Standard', 'Bilet stacjonarny VIP']);
    expect(fa3Texts(xml, 'Fa/FaWiersz/P_8A')).toEqual(['szt.', 'szt.']);
    expect(fa3Texts(xml, 'Fa/FaWiersz/P_8B')).toEqual(['4', '1']);
    expect(fa3Texts(xml, 'Fa/FaWiersz/P_9A')).toEqual(['699.00', '1499.00']);
    expect(fa3Texts(xml, 'Fa/FaWiersz/P_11')).toEqual(['2796.00', '1499.00']);
    expect(fa3Text(xml, 'Fa/P_14_1')).toBe('987.85');
    expect(fa3Text(xml, 'Fa/P_15')).toBe('5282.85');
    expect(fa3Text(xml, 'Fa/Zamowienie')).toBe('');
  });

  it('dates a regular invoice issued after the congress with the congress day (P_6), not one issued on it', () => {
    const after = xmlOf(issuedInvoice({ kind: 'VAT', issuedOn: '2027-10-25' }));
    expect(fa3Text(after, 'Fa/P_6')).toBe(EVENT.date);
    const onTheDay = xmlOf(issuedInvoice({ kind: 'VAT', issuedOn: EVENT.date }));
    expect(onTheDay).not.toContain('<P_6>');
  });

  it('writes an advance invoice as the order paid in full: Zamowienie, its value the payment, P_6 the day paid', () => {
    const invoice = issuedInvoice({ kind: 'ZAL', issuedOn: '2027-09-16', paidOn: '2027-09-14' });
    const xml = xmlOf(invoice);
    expect(validateFa3(xml).valid).toBe(true);
    expect(fa3Text(xml, 'Fa/P_6')).toBe('2027-09-14');
    expect(fa3Text(xml, 'Fa/Zamowienie/WartoscZamowienia')).toBe(fa3Amount(invoice.totals.gross));
    expect(fa3Text(xml, 'Fa/P_15')).toBe(fa3Amount(invoice.totals.gross));
    expect(fa3Texts(xml, 'Fa/Zamowienie/ZamowienieWiersz/P_11VatZ')).toEqual(
      invoice.lines.map((l) => fa3Amount(l.vat)),
    );
    expect(fa3Texts(xml, 'Fa/Zamowienie/ZamowienieWiersz/P_9AZ')).toEqual(['599.00', '1999.00', '999.00']);
    expect(xml).not.toContain('<FaWiersz>');
    expect(xmlOf(issuedInvoice({ kind: 'ZAL', issuedOn: '2027-09-16', paidOn: '2027-09-16' }))).not.toContain('<P_6>');
  });

  it('writes a correction as the change, naming the corrected invoice by its KSeF number', () => {
    const original = issuedInvoice({ kind: 'VAT', issuedOn: '2027-10-23' });
    const correction = correctionOf(original, { reason: 'Zwrot biletów', issuedOn: '2027-10-30' });
    const xml = xmlOf(correction);
    expect(validateFa3(xml).valid).toBe(true);
    expect(fa3Text(xml, 'Fa/RodzajFaktury')).toBe('KOR');
    expect(fa3Text(xml, 'Fa/P_2')).toBe('KOR/2027/00007');
    expect(fa3Text(xml, 'Fa/PrzyczynaKorekty')).toBe('Zwrot biletów');
    expect(fa3Text(xml, 'Fa/TypKorekty')).toBe('2');
    expect(fa3Texts(xml, 'Fa/DaneFaKorygowanej/*')).toEqual([
      '2027-10-23',
      'FV/2027/00042',
      '1',
      ksefNumber(SELLER.taxId ?? '', '2027-10-23'),
    ]);
    expect(fa3Text(xml, 'Fa/P_6')).toBe(EVENT.date);
    expect(fa3Text(xml, 'Fa/P_13_1')).toBe('-5794.00');
    expect(fa3Text(xml, 'Fa/P_14_1')).toBe('-1332.62');
    expect(fa3Text(xml, 'Fa/P_15')).toBe('-7126.62');
    expect(fa3Texts(xml, 'Fa/FaWiersz/P_8B')).toEqual(['-3', '-1', '-2']);
    expect(fa3Texts(xml, 'Fa/FaWiersz/P_9A')).toEqual(['599.00', '1999.00', '999.00']);
    expect(fa3Texts(xml, 'Fa/FaWiersz/P_11')).toEqual(['-1797.00', '-1999.00', '-1998.00']);
    expect(xml).not.toContain('<StanPrzed>');
    // The refund is not a payment the buyer made: only its form.
    expect(fa3Texts(xml, 'Fa/Platnosc/*')).toEqual(['2']);
    expect(xml).not.toContain('<P_15ZK>');
  });

  it('flags a corrected invoice that KSeF never saw (NrKSeFN) instead of a KSeF number', () => {
    const xml = xmlOf(correctionOf(issuedInvoice(), { inKsef: false }));
    expect(validateFa3(xml).valid).toBe(true);
    expect(fa3Text(xml, 'Fa/DaneFaKorygowanej/NrKSeFN')).toBe('1');
    expect(xml).not.toContain('<NrKSeFFaKorygowanej>');
  });

  it('corrects an advance invoice in its order lines, with the payment before the correction (P_15ZK)', () => {
    const original = issuedInvoice({ kind: 'ZAL', buyerKind: 'eu_business', issuedOn: '2027-09-15' });
    const xml = xmlOf(correctionOf(original));
    expect(validateFa3(xml).valid).toBe(true);
    expect(fa3Text(xml, 'Fa/RodzajFaktury')).toBe('KOR_ZAL');
    expect(fa3Text(xml, 'Fa/P_15ZK')).toBe(fa3Amount(original.totals.gross));
    expect(fa3Text(xml, 'Fa/P_15')).toBe(fa3Amount(-original.totals.gross));
    expect(fa3Text(xml, 'Fa/P_13_9')).toBe('-3796.00');
    expect(fa3Text(xml, 'Fa/Zamowienie/WartoscZamowienia')).toBe(fa3Amount(-original.totals.gross));
    expect(fa3Texts(xml, 'Fa/Zamowienie/ZamowienieWiersz/P_8BZ')).toEqual(['-3', '-1', '-2']);
    expect(fa3Text(xml, 'Fa/P_6')).toBe(original.paidOn);
    expect(xml).not.toContain('<FaWiersz>');
  });

  it('records a card payment as paid by card on the day it was paid', () => {
    const xml = xmlOf(issuedInvoice({ paymentMethod: 'card', paidOn: '2027-09-14', issuedOn: '2027-09-15' }));
    expect(fa3Texts(xml, 'Fa/Platnosc/*')).toEqual(['1', '2027-09-14', '2']);
  });

  it("records a transfer with the organiser's account", () => {
    const xml = xmlOf(issuedInvoice({ paymentMethod: 'transfer' }));
    expect(fa3Text(xml, 'Fa/Platnosc/FormaPlatnosci')).toBe('6');
    expect(fa3Texts(xml, 'Fa/Platnosc/RachunekBankowy/*')).toEqual([
      ORGANISER.bank.iban.replace(/\s/g, ''),
      ORGANISER.bank.swift,
      ORGANISER.bank.name,
    ]);
  });

  it('names the order it was paid for', () => {
    expect(fa3Text(xmlOf(issuedInvoice()), 'Fa/WarunkiTransakcji/Zamowienia/NrZamowienia')).toBe('KAI-7Q4M');
  });

  it('says in the footer that an example seller makes no invoice, and says nothing when the seller is real', () => {
    const example = xmlOf(issuedInvoice({ example: true }));
    expect(fa3Text(example, 'Stopka/Informacje/StopkaFaktury')).toMatch(/nie jest fakturą.*not an invoice/);
    expect(xmlOf(issuedInvoice({ example: false }))).not.toContain('<Stopka>');
  });

  it('escapes markup in every text and drops characters KSeF refuses; the document stays valid', () => {
    const invoice = issuedInvoice({ buyerKind: 'foreign_business' });
    const tricky = {
      ...invoice,
      buyer: { ...invoice.buyer, name: 'A & B <Labs> "Quote" \'s\u0001\u0080\ufffe', street: 'Main St.\u000b 5' },
      orderCode: 'KAI-<&>',
    };
    const xml = xmlOf(tricky);
    expect(validateFa3(xml).valid).toBe(true);
    expect(xml).toContain('<Nazwa>A &amp; B &lt;Labs&gt; &quot;Quote&quot; &apos;s</Nazwa>');
    expect(fa3Text(xml, 'Podmiot2/DaneIdentyfikacyjne/Nazwa')).toBe('A & B <Labs> "Quote" \'s');
    expect(fa3Text(xml, 'Fa/WarunkiTransakcji/Zamowienia/NrZamowienia')).toBe('KAI-<&>');
    expect(xmlEscape('x\u0085y\u{1fffe}z')).toBe('x\u0085yz');
  });

  it.each(BUYER_KINDS)(
    'never writes an empty required element for a %s whose name and address are only noncharacters',
    (buyerKind) => {
      // As invoice data stored before the input rule refused them (issue 43, item 8).
      const invoice = issuedInvoice({ buyerKind });
      const xml = xmlOf({
        ...invoice,
        buyer: { ...invoice.buyer, name: '\ufdd0\uffff', street: '\u{10ffff} \ufffe', city: '\ud800' },
      });
      const { valid, errors } = validateFa3(xml);
      expect(errors).toBe('- validates');
      expect(valid).toBe(true);
      expect(fa3Text(xml, 'Podmiot2/DaneIdentyfikacyjne/Nazwa')).toBe(UNREADABLE);
      expect(fa3Text(xml, 'Podmiot2/Adres/AdresL1')).toBe(UNREADABLE);
      expect(xml).not.toMatch(/<(\w+)><\/\1>/);
    },
  );

  it('writes a decomposed name in NFC', () => {
    const invoice = issuedInvoice({ buyerKind: 'person' });
    const xml = xmlOf({ ...invoice, buyer: { ...invoice.buyer, name: 'Z\u0307o\u0301\u0142w' } });
    expect(fa3Text(xml, 'Podmiot2/DaneIdentyfikacyjne/Nazwa')).toBe('Żółw');
  });

  it('cuts a name longer than the schema allows (512) instead of making the document invalid', () => {
    const invoice = issuedInvoice({ buyerKind: 'person' });
    const xml = xmlOf({ ...invoice, buyer: { ...invoice.buyer, name: 'Ż'.repeat(600) } });
    expect(validateFa3(xml).valid).toBe(true);
    expect(fa3Text(xml, 'Podmiot2/DaneIdentyfikacyjne/Nazwa')).toBe('Ż'.repeat(512));
  });

  it('refuses an invoice whose lines do not add up to its totals, or whose rate does not fit the buyer', () => {
    const invoice = issuedInvoice({ kind: 'VAT' });
    expect(() => xmlOf({ ...invoice, totals: { ...invoice.totals, gross: invoice.totals.gross + 1 } })).toThrow(
      /gross/,
    );
    const eu = issuedInvoice({ buyerKind: 'eu_business' });
    expect(() => xmlOf({ ...eu, buyerKind: 'foreign_business' })).toThrow(/reverse charge/);
    expect(() => xmlOf({ ...invoice, kind: 'KOR' })).toThrow(/correction/);
    expect(() => fa3Xml(invoice, { createdAt: 'yesterday' })).toThrow(/createdAt/);
  });
});

describe('the date of payment of an advance invoice paid by transfer (issue 43)', () => {
  const orderedAt = Date.parse('2027-03-14T23:30:00Z'); // 15 March in Warsaw
  const now = Date.parse('2027-03-18T23:30:00Z'); // 19 March in Warsaw
  const paidOn = (day: string) =>
    xmlOf(issuedInvoice({ kind: 'ZAL', paymentMethod: 'transfer', issuedOn: '2027-03-19', paidOn: day }));

  it('validates for every day the box office takes as a payment day, and the box office refuses the others', () => {
    const days = Array.from({ length: 9 }, (_, i) => new Date(Date.UTC(2027, 2, 12 + i)).toISOString().slice(0, 10));
    const taken = days.filter((day) => paymentDateProblem(day, orderedAt, now) === null);
    expect(taken).toEqual(['2027-03-15', '2027-03-16', '2027-03-17', '2027-03-18', '2027-03-19']);
    for (const day of taken) {
      const { valid, errors } = validateFa3(paidOn(day));
      expect(errors).toBe('- validates');
      expect(valid).toBe(true);
    }
  });

  it.each(['0026-11-27', '2015-06-30', '1999-12-31'])('refuses %s, which no FA(3) document can carry', (day) => {
    expect(paymentDateProblem(day, orderedAt, now)).toBe('before_order');
    expect(validateFa3(paidOn(day)).valid).toBe(false);
  });
});

describe("a voucher's discount on an invoice", () => {
  it('gives a discounted line its list price in P_9A, the discount in P_10 and the net after it in P_11: valid', () => {
    const invoice = issuedInvoice({ kind: 'VAT' });
    const line = invoice.lines[0];
    if (!line) throw new Error('no line');
    const discount = 5000 * line.quantity;
    invoice.lines[0] = { ...line, unitNet: line.unitNet + 5000, discount };
    const xml = xmlOf(invoice);
    const { valid, errors } = validateFa3(xml);
    expect(errors).toBe('- validates');
    expect(valid).toBe(true);
    expect(leaf(xml, 'P_9A')).toBe(fa3Amount(line.unitNet + 5000));
    expect(leaf(xml, 'P_10')).toBe(fa3Amount(discount));
    expect(leaf(xml, 'P_11')).toBe(fa3Amount(line.net));
  });
});
