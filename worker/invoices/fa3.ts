import { brandName, EVENT, ORGANISER } from '../../site/event';
import {
  formatNip,
  type InvoiceLine,
  type InvoiceParty,
  type IssuedInvoice,
  ossRateOf,
  parseEuVatId,
} from '../../site/invoices';
import { replacesNote } from './replacement';

/**
 * An issued invoice as KSeF's structured invoice, FA(3) (schema `schemat_FA(3)_v1-0E.xsd`, namespace
 * below), read field by field from the schema's own documentation. Pure string building, no Node or
 * Workers API, so the worker sends it to KSeF and the tests validate it against the XSD in Node.
 *
 * The choices, in the schema's terms:
 * - Kinds: `VAT` lists the tickets in `FaWiersz`; `ZAL` (payment received before the congress, the
 *   whole price) documents the payment and describes the order in `Zamowienie` (art. 106f ust. 1
 *   pkt 4), not in `FaWiersz`, which the schema makes optional for it.
 * - Dates: `P_6` is the date of the service (the congress day) on `VAT` and `KOR`, and the date the
 *   payment was received on `ZAL` and `KOR_ZAL` (art. 106b ust. 1 pkt 4), each only when it differs
 *   from the date of issue, as the schema says.
 * - Reverse charge (`vatRate: 'np'`): an online plan sold to a business in another EU country is a
 *   service under art. 28b, which art. 100 ust. 1 pkt 4 lists: its value goes to `P_13_9` (no tax
 *   field), the rate is `np II`, `P_18` is 1 (the words "odwrotne obciążenie"), and the seller shows
 *   its PL VAT prefix (`PrefiksPodatnika`, art. 97 ust. 10 pkt 3).
 * - Outside the scope (`vatRate: 'outside'`): an online plan sold to a buyer outside the EU is
 *   supplied outside Poland and is not one of art. 100 ust. 1 pkt 4's: rate `np I`, value in `P_13_8`.
 * - OSS (`vatRate: 'oss:DE:19'`): an online plan sold to a consumer in another member state under the
 *   special procedure of dział XII rozdział 6a: the line has no `P_12` but the member state's rate in
 *   `P_12_XII` (`P_12Z_XII` on an advance invoice's order line), and the sums go to `P_13_5`/`P_14_5`.
 * - Corrections: the schema asks for the differences ("pola ... wypełnia się poprzez różnicę") and
 *   offers two ways to show lines: the differences, or before and after as separate lines
 *   (`StanPrzed`). An issued correction carries the change, so its lines are the differences
 *   (`FaWiersz` for `KOR`, `ZamowienieWiersz` for `KOR_ZAL`) and every sum is a difference. The
 *   corrected invoice is named by number, date and KSeF number (`NrKSeFN` when it has none); the
 *   type is 2 (effect when the correction is issued: a refund), or 1 for a rate put right (23%
 *   turned reverse charge, its lines the 23% line taken back and an `np` line added); a `KOR_ZAL` states the payment
 *   before (`P_15ZK`) when the correction knows it. A correction's `paidOn` is the day the corrected
 *   invoice's payment was received, which `P_6` of a `KOR_ZAL` repeats.
 */

/** FA(3)'s namespace (the form's registration in the CRD). */
export const FA3_NAMESPACE = 'http://crd.gov.pl/wzor/2025/06/25/13775/';

/** What a document says while the seller is example data (site/example-data.ts). */
export const EXAMPLE_FOOTER =
  'Dane sprzedawcy są przykładowe: ten dokument nie jest fakturą. / ' +
  "The seller's details are an example: this document is not an invoice.";

/** The words the documents add to a reverse-charge invoice, beside the `P_18` flag. */
const REVERSE_CHARGE_NOTE = {
  key: 'Odwrotne obciążenie / Reverse charge',
  value:
    'Usługa, o której mowa w art. 100 ust. 1 pkt 4 ustawy o VAT (miejsce świadczenia: art. 28b); ' +
    'podatek rozlicza nabywca. / VAT to be accounted for by the recipient (Art. 196 Directive 2006/112/EC).',
};

/** The key of the note of an invoice issued in place of one corrected to zero (`DodatkowyOpis`). */
const REPLACES_KEY = 'Faktura wystawiona w miejsce / Replaces';

/** Characters XML 1.0 forbids, and those KSeF refuses although XML allows them (faktury/weryfikacja-faktury.md). */
const FORBIDDEN =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: these are exactly what must go
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u0084\u0086-\u009f\ufdd0-\ufdef\ufffe\uffff]|[\u{1fffe}\u{1ffff}\u{2fffe}\u{2ffff}\u{3fffe}\u{3ffff}\u{4fffe}\u{4ffff}\u{5fffe}\u{5ffff}\u{6fffe}\u{6ffff}\u{7fffe}\u{7ffff}\u{8fffe}\u{8ffff}\u{9fffe}\u{9ffff}\u{afffe}\u{affff}\u{bfffe}\u{bffff}\u{cfffe}\u{cffff}\u{dfffe}\u{dffff}\u{efffe}\u{effff}\u{ffffe}\u{fffff}\u{10fffe}\u{10ffff}]|[\ud800-\udfff]/gu;

/** Text escaped for XML content, with the characters KSeF refuses dropped. */
export function xmlEscape(value: string): string {
  return value
    .replace(FORBIDDEN, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/**
 * What a required text field says when nothing readable is left of it (a name of noncharacters
 * stored before the input rule refused them): the schema's minLength 1 would refuse the whole
 * document, which then could never reach KSeF nor be corrected.
 */
export const UNREADABLE = '(brak czytelnych danych)';

/**
 * A one-line text field (the schema's `xsd:token` types, all of them required here): the characters
 * KSeF refuses dropped, NFC, whitespace collapsed, cut to the field's length so a long name from a
 * form cannot make the document invalid, and never empty (`UNREADABLE`).
 */
function token(value: string, max: number): string {
  const clean = value.replace(FORBIDDEN, '').normalize('NFC').replace(/\s+/g, ' ').trim();
  return Array.from(clean).slice(0, max).join('').trim() || UNREADABLE;
}

/** Grosze as the schema's amounts (`TKwotowy`: two decimals, a minus for a correction's refund). */
export function fa3Amount(grosze: number): string {
  if (!Number.isSafeInteger(grosze)) throw new Error(`fa3: amount ${grosze} is not whole grosze`);
  const abs = Math.abs(grosze);
  return `${grosze < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** `YYYY-MM-DD` or fail: every date field of the schema is `xsd:date`. */
function date(value: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) throw new Error(`fa3: ${value} is not a YYYY-MM-DD date`);
  return value;
}

type Xml = string | false | null | undefined | Xml[];

/** An element with text or child elements; absent children (false, null) leave no trace. */
function el(name: string, content: Xml | number): string {
  if (typeof content === 'number') return `<${name}>${content}</${name}>`;
  const inner = Array.isArray(content) ? flatten(content) : (content ?? '');
  return `<${name}>${inner}</${name}>`;
}
const flatten = (nodes: Xml[]): string => nodes.map((n) => (Array.isArray(n) ? flatten(n) : n || '')).join('');
/** A text element, escaped. */
const text = (name: string, value: string) => el(name, xmlEscape(value));

/**
 * The line's rate: `P_12` 23, `np II` or `np I`, or for an OSS line (no Polish rate) the member
 * state's percentage in `P_12_XII` (`suffix` `Z` names the order line's fields).
 */
function rateFields(rate: InvoiceLine['vatRate'], suffix: '' | 'Z'): Xml {
  const oss = ossRateOf(rate);
  if (oss) return text(`P_12${suffix}_XII`, String(oss.rate));
  return text(`P_12${suffix}`, rate === 23 ? '23' : rate === 'outside' ? 'np I' : 'np II');
}

/** `TAdres`: country, the street in line 1, postal code and city in line 2. */
function address(party: InvoiceParty): Xml {
  return [
    text('KodKraju', party.country),
    text('AdresL1', token(party.street, 512)),
    text('AdresL2', token(`${party.postalCode} ${party.city}`, 512)),
  ];
}

/** How the buyer is identified (`TPodmiot2`), by the kind of buyer the box office recorded. */
function buyerIdentity(invoice: IssuedInvoice, buyer: InvoiceParty = invoice.buyer): Xml {
  const name = text('Nazwa', token(buyer.name, 512));
  switch (invoice.buyerKind) {
    case 'pl_business':
      return [text('NIP', formatNip(required(buyer.taxId, 'NIP'))), name];
    case 'eu_business': {
      const vat = parseEuVatId(required(buyer.taxId, 'VAT number'));
      // The number as its state issued it: the prefix is KodUE (EL for Greece), the rest NrVatUE.
      if (vat) return [text('KodUE', vat.prefix), text('NrVatUE', vat.number), name];
      return [text('KodKraju', buyer.country), text('NrID', token(required(buyer.taxId, 'VAT number'), 50)), name];
    }
    case 'foreign_business':
      return [text('KodKraju', buyer.country), text('NrID', token(required(buyer.taxId, 'tax number'), 50)), name];
    case 'person':
      return [el('BrakID', 1), name];
  }
}

function required(value: string | null, what: string): string {
  if (!value) throw new Error(`fa3: the buyer has no ${what}`);
  return value;
}

/** Sums of the lines by rate: what `P_13_x`/`P_14_x` show. */
function sums(lines: InvoiceLine[]) {
  const of = (rate: InvoiceLine['vatRate']) => {
    const selected = lines.filter((l) => l.vatRate === rate);
    return {
      any: selected.length > 0,
      net: selected.reduce((s, l) => s + l.net, 0),
      vat: selected.reduce((s, l) => s + l.vat, 0),
    };
  };
  const ossLines = lines.filter((l) => ossRateOf(l.vatRate));
  const oss = {
    any: ossLines.length > 0,
    net: ossLines.reduce((s, l) => s + l.net, 0),
    vat: ossLines.reduce((s, l) => s + l.vat, 0),
  };
  return { standard: of(23), reverse: of('np'), outside: of('outside'), oss };
}

/** Refuses an invoice whose parts disagree: KSeF would accept it, and it would be wrong. */
function check(invoice: IssuedInvoice): void {
  const { lines, totals } = invoice;
  // A correction of the buyer's data alone has no lines and no amounts; anything else has lines.
  const buyerData = Boolean(invoice.correction?.buyerBefore);
  if (lines.length === 0 && !buyerData) throw new Error('fa3: an invoice without lines');
  if (buyerData && (lines.length > 0 || totals.gross !== 0))
    throw new Error('fa3: a buyer data correction with amounts');
  const total = (key: 'net' | 'vat' | 'gross') => lines.reduce((s, l) => s + l[key], 0);
  for (const key of ['net', 'vat', 'gross'] as const) {
    if (total(key) !== totals[key])
      throw new Error(`fa3: the lines' ${key} ${total(key)} is not the total ${totals[key]}`);
  }
  for (const line of lines) {
    if (line.net + line.vat !== line.gross) throw new Error(`fa3: ${line.product}: net and VAT are not the gross`);
    if (line.vatRate === 'np' && line.vat !== 0) throw new Error(`fa3: ${line.product}: reverse charge with VAT`);
    if (line.vatRate === 'outside' && line.vat !== 0)
      throw new Error(`fa3: ${line.product}: outside the scope with VAT`);
  }
  // OSS is a consumer's procedure: a business buyer is reverse charge or Polish VAT.
  if (lines.some((l) => ossRateOf(l.vatRate)) && invoice.buyerKind !== 'person') {
    throw new Error('fa3: an OSS rate for a business buyer');
  }
  const reverse = lines.some((l) => l.vatRate === 'np');
  if (reverse !== invoice.reverseCharge) throw new Error('fa3: reverseCharge disagrees with the lines');
  // `np II` is a service to a taxable person in another member state, nothing else.
  if (reverse && invoice.buyerKind !== 'eu_business') throw new Error('fa3: reverse charge for a buyer outside the EU');
  const correcting = invoice.kind === 'KOR' || invoice.kind === 'KOR_ZAL';
  if (correcting !== (invoice.correction !== null))
    throw new Error(`fa3: a ${invoice.kind} with correction data wrong`);
}

/** `FaWiersz`: one line per product; a correction's lines are the change (negative for a refund). */
function invoiceLines(lines: InvoiceLine[]): Xml {
  return lines.map((line, i) =>
    el('FaWiersz', [
      el('NrWierszaFa', i + 1),
      text('P_7', token(line.name.pl, 512)),
      text('Indeks', line.product),
      text('P_8A', 'szt.'),
      el('P_8B', line.quantity),
      // The sign of a change is the quantity's (tickets taken back); the unit price stays a price.
      text('P_9A', fa3Amount(Math.abs(line.unitNet))),
      // A voucher's discount, not taken into the unit price: P_11 = P_8B × P_9A − P_10.
      line.discount ? text('P_10', fa3Amount(line.discount)) : null,
      text('P_11', fa3Amount(line.net)),
      rateFields(line.vatRate, ''),
    ]),
  );
}

/** `Zamowienie`: the order an advance invoice is paid for, its value with VAT and its lines. */
function order(invoice: IssuedInvoice): Xml {
  return el('Zamowienie', [
    // The whole price is paid in advance, so the order's value is the payment (for a correction,
    // both are the change).
    text('WartoscZamowienia', fa3Amount(invoice.totals.gross)),
    invoice.lines.map((line, i) =>
      el('ZamowienieWiersz', [
        el('NrWierszaZam', i + 1),
        text('P_7Z', token(line.name.pl, 512)),
        text('IndeksZ', line.product),
        text('P_8AZ', 'szt.'),
        el('P_8BZ', line.quantity),
        text('P_9AZ', fa3Amount(Math.abs(line.unitNet))),
        text('P_11NettoZ', fa3Amount(line.net)),
        text('P_11VatZ', fa3Amount(line.vat)),
        rateFields(line.vatRate, 'Z'),
      ]),
    ),
  ]);
}

/**
 * `Adnotacje`: every flag the schema requires, each "2" (no) or the "N" element (none), but
 * `P_18` (reverse charge). No cash accounting, no self-billing, no split payment (tickets are not
 * in annex 15), no exemption, no new means of transport, no simplified triangular procedure, no
 * margin scheme.
 */
function annotations(reverse: boolean): Xml {
  return el('Adnotacje', [
    el('P_16', 2),
    el('P_17', 2),
    el('P_18', reverse ? 1 : 2),
    el('P_18A', 2),
    el('Zwolnienie', el('P_19N', 1)),
    el('NoweSrodkiTransportu', el('P_22N', 1)),
    el('P_23', 2),
    el('PMarzy', el('P_PMarzyN', 1)),
  ]);
}

/** The schema's payment forms: 2 card (Stripe), 6 transfer. */
const PAYMENT_FORM = { card: 2, transfer: 6 } as const;

/**
 * `Platnosc`: paid, on the day, by card or transfer, and for a transfer the account it went to.
 * A correction states only the form (a refund goes back the way the payment came): its amount was
 * not paid by the buyer, and the model has no refund date.
 */
function payment(invoice: IssuedInvoice): Xml {
  const correcting = invoice.correction !== null;
  const { bank } = ORGANISER;
  return el('Platnosc', [
    !correcting && [el('Zaplacono', 1), text('DataZaplaty', date(invoice.paidOn))],
    el('FormaPlatnosci', PAYMENT_FORM[invoice.paymentMethod]),
    invoice.paymentMethod === 'transfer' &&
      el('RachunekBankowy', [
        text('NrRB', bank.iban.replace(/\s/g, '')),
        text('SWIFT', bank.swift),
        text('NazwaBanku', token(bank.name, 256)),
      ]),
  ]);
}

/**
 * The data of a correction: its reason, its effect, the invoice it corrects (by KSeF number when it
 * has one, else flagged as issued outside KSeF), and for an advance invoice the payment before.
 */
function correctionData(invoice: IssuedInvoice): Xml {
  const { correction } = invoice;
  if (!correction) return null;
  const { of } = correction;
  const before = correction.buyerBefore;
  return [
    text('PrzyczynaKorekty', token(correction.reason, 256)),
    // A correction of the buyer's data alone changes no amount and so has no effect in the VAT
    // records to date: the schema makes TypKorekty optional, and it is left out.
    before ? null : typeOf(correction),
    el('DaneFaKorygowanej', [
      text('DataWystFaKorygowanej', date(of.issuedOn)),
      text('NrFaKorygowanej', token(of.number, 256)),
      of.ksefNumber ? [el('NrKSeF', 1), text('NrKSeFFaKorygowanej', of.ksefNumber)] : el('NrKSeFN', 1),
    ]),
    // The buyer in full as the corrected invoice named them; the identification is the same as
    // in Podmiot2 (the schema's rule: a wrong number is not corrected this way).
    before &&
      el('Podmiot2K', [el('DaneIdentyfikacyjne', buyerIdentity(invoice, before)), el('Adres', address(before))]),
    invoice.kind === 'KOR_ZAL' && of.gross !== undefined && text('P_15ZK', fa3Amount(of.gross)),
  ];
}

/** `TypKorekty` of a correction of amounts. */
function typeOf(correction: NonNullable<IssuedInvoice['correction']>): Xml {
  return [
    // A refund (a cancelled order, a payment that came after the places were gone) lowers the base
    // when the correction is issued (art. 29a ust. 13): type 2. A rate put right (reverse charge
    // once VIES confirmed the buyer's number) counts where the corrected invoice did: type 1.
    el('TypKorekty', correction.effect === 'original' ? 1 : 2),
  ];
}

/** The `P_6` date: the service's for a sale, the payment's for an advance; absent when it is the issue date. */
function eventDate(invoice: IssuedInvoice): string | null {
  const advance = invoice.kind === 'ZAL' || invoice.kind === 'KOR_ZAL';
  const day = date(advance ? invoice.paidOn : EVENT.date);
  return day === invoice.issuedOn ? null : day;
}

/** The issued invoice as an FA(3) document, made at `createdAt` (an ISO instant). */
export function fa3Xml(invoice: IssuedInvoice, options: { createdAt: string }): string {
  check(invoice);
  const createdAt = new Date(options.createdAt);
  if (Number.isNaN(createdAt.getTime())) throw new Error(`fa3: createdAt ${options.createdAt} is not an instant`);
  const advance = invoice.kind === 'ZAL' || invoice.kind === 'KOR_ZAL';
  const { standard, reverse, outside, oss } = sums(invoice.lines);
  const serviceOrPayment = eventDate(invoice);
  const { seller } = invoice;

  const children: Xml[] = [
    el('Naglowek', [
      '<KodFormularza kodSystemowy="FA (3)" wersjaSchemy="1-0E">FA</KodFormularza>',
      el('WariantFormularza', 3),
      text('DataWytworzeniaFa', createdAt.toISOString()),
      text('SystemInfo', `${brandName()} (kasa biletowa)`),
    ]),
    el('Podmiot1', [
      invoice.reverseCharge && text('PrefiksPodatnika', 'PL'),
      el('DaneIdentyfikacyjne', [
        text('NIP', formatNip(required(seller.taxId, 'seller NIP'))),
        text('Nazwa', token(seller.name, 512)),
      ]),
      el('Adres', address(seller)),
    ]),
    el('Podmiot2', [
      el('DaneIdentyfikacyjne', buyerIdentity(invoice)),
      el('Adres', address(invoice.buyer)),
      // Not a subordinate unit of a local government, not a member of a VAT group: the schema
      // requires both flags, and a ticket buyer names no third party that would make them 1.
      el('JST', 2),
      el('GV', 2),
    ]),
    el('Fa', [
      text('KodWaluty', invoice.currency),
      text('P_1', date(invoice.issuedOn)),
      text('P_2', token(invoice.number, 256)),
      serviceOrPayment && text('P_6', serviceOrPayment),
      standard.any && [text('P_13_1', fa3Amount(standard.net)), text('P_14_1', fa3Amount(standard.vat))],
      oss.any && [text('P_13_5', fa3Amount(oss.net)), text('P_14_5', fa3Amount(oss.vat))],
      outside.any && text('P_13_8', fa3Amount(outside.net)),
      reverse.any && text('P_13_9', fa3Amount(reverse.net)),
      text('P_15', fa3Amount(invoice.totals.gross)),
      annotations(reverse.any),
      text('RodzajFaktury', invoice.kind),
      correctionData(invoice),
      reverse.any &&
        el('DodatkowyOpis', [text('Klucz', REVERSE_CHARGE_NOTE.key), text('Wartosc', REVERSE_CHARGE_NOTE.value)]),
      // An invoice issued in place of one corrected to zero (a wrong tax number) says which.
      invoice.replaces &&
        el('DodatkowyOpis', [
          text('Klucz', REPLACES_KEY),
          text('Wartosc', token(replacesNote(invoice.replaces).pl, 256)),
        ]),
      !advance && invoice.lines.length > 0 && invoiceLines(invoice.lines),
      payment(invoice),
      el('WarunkiTransakcji', el('Zamowienia', text('NrZamowienia', token(invoice.orderCode, 256)))),
      advance && invoice.lines.length > 0 && order(invoice),
    ]),
    invoice.example && el('Stopka', el('Informacje', text('StopkaFaktury', EXAMPLE_FOOTER))),
  ];
  return `<?xml version="1.0" encoding="UTF-8"?>\n<Faktura xmlns="${FA3_NAMESPACE}">${flatten(children)}</Faktura>\n`;
}
