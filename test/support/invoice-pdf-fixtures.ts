import { ORGANISER } from '../../site/event';
import {
  type InvoiceLine,
  type InvoiceParty,
  type IssuedInvoice,
  type Proforma,
  sellerParty,
} from '../../site/invoices';
import type { ProductId } from '../../site/tickets';

/**
 * Issued invoices of every kind and pro-formas for the PDF tests: the seller is the organiser
 * (site/event.ts), the buyers a Polish business (the Ministry of Finance's own, public NIP), a
 * German business with an EU VAT number and a private person. Every amount on a fixture is
 * different from the others on it, so a test that finds one has found that one.
 */

export const SELLER: InvoiceParty = sellerParty();

export const PL_BUSINESS: InvoiceParty = {
  name: 'Ministerstwo Finansów',
  taxId: '5260250274',
  street: 'ul. Świętokrzyska 12',
  postalCode: '00-916',
  city: 'Warszawa',
  country: 'PL',
};

export const EU_BUSINESS: InvoiceParty = {
  name: 'Müller & Söhne Straßenbau GmbH',
  taxId: 'DE123456789',
  street: 'Königstraße 12',
  postalCode: '70173',
  city: 'Stuttgart',
  country: 'DE',
};

/** A private person: no tax number, and every Polish letter in the name. */
export const PERSON: InvoiceParty = {
  name: 'Łucja Źrebięcka-Żółć',
  taxId: null,
  street: 'ul. Ćmielowska 5 m. 3',
  postalCode: '90-361',
  city: 'Łódź',
  country: 'PL',
};

const NAMES: Partial<Record<ProductId, { pl: string; en: string }>> = {
  'onsite-pro': {
    pl: 'Bilet stacjonarny Pro – Kongres AI Polska 2027',
    en: 'On-site ticket Pro – Kongres AI Polska 2027',
  },
  'online-premium': {
    pl: 'Dostęp online Premium – Kongres AI Polska 2027',
    en: 'Online access Premium – Kongres AI Polska 2027',
  },
  'online-standard': {
    pl: 'Dostęp online Standard – Kongres AI Polska 2027',
    en: 'Online access Standard – Kongres AI Polska 2027',
  },
};

/** A line of `quantity` tickets at a net price, VAT at 23% or not taxed (reverse charge). */
export function line(product: ProductId, quantity: number, unitNet: number, vatRate: 23 | 'np' = 23): InvoiceLine {
  const net = quantity * unitNet;
  const vat = vatRate === 'np' ? 0 : Math.round((net * 23) / 100);
  return {
    product,
    name: NAMES[product] ?? { pl: product, en: product },
    quantity,
    unitNet,
    net,
    vatRate,
    vat,
    gross: net + vat,
  };
}

const totalsOf = (lines: InvoiceLine[]) =>
  lines.reduce((sum, l) => ({ net: sum.net + l.net, vat: sum.vat + l.vat, gross: sum.gross + l.gross }), {
    net: 0,
    vat: 0,
    gross: 0,
  });

/** 2 on-site Pro and 3 online Premium, 23%: 2 457,54 zł + 1 841,31 zł = 4 298,85 zł gross. */
export const POLISH_LINES = [line('onsite-pro', 2, 999_00), line('online-premium', 3, 499_00)];

/** For a German business: on-site Pro at 23%, online Standard under reverse charge. */
export const REVERSE_CHARGE_LINES = [line('onsite-pro', 1, 999_00), line('online-standard', 2, 299_00, 'np')];

/** An issued invoice: a VAT invoice to the Polish business, paid by card, unless overridden. */
export function issuedInvoice(overrides: Partial<IssuedInvoice> = {}): IssuedInvoice {
  const lines = overrides.lines ?? POLISH_LINES;
  return {
    id: 'inv_01JD0000000000000000000001',
    number: 'FV/2027/00042',
    kind: 'VAT',
    orderId: 'ord_01JD0000000000000000000001',
    orderCode: 'KAI-7Q4M',
    issuedOn: '2027-05-04',
    issuedAt: '2027-05-04T09:15:00.000Z',
    paidOn: '2027-05-03',
    paymentMethod: 'card',
    seller: SELLER,
    buyer: PL_BUSINESS,
    buyerKind: 'pl_business',
    languages: 'pl',
    lines,
    totals: totalsOf(lines),
    reverseCharge: false,
    currency: 'PLN',
    correction: null,
    example: false,
    ksef: { status: 'waiting' },
    ...overrides,
  };
}

/** An advance invoice (ZAL) for a ticket paid before the congress, by transfer. */
export const advanceInvoice = (overrides: Partial<IssuedInvoice> = {}) =>
  issuedInvoice({ kind: 'ZAL', number: 'FV/2027/00043', paymentMethod: 'transfer', ...overrides });

/** An advance invoice to a German business, in Polish and English, under reverse charge. */
export const euInvoice = (overrides: Partial<IssuedInvoice> = {}) =>
  advanceInvoice({
    number: 'FV/2027/00044',
    buyer: EU_BUSINESS,
    buyerKind: 'eu_business',
    languages: 'pl+en',
    lines: REVERSE_CHARGE_LINES,
    totals: totalsOf(REVERSE_CHARGE_LINES),
    reverseCharge: true,
    ...overrides,
  });

/** A correction of FV/2027/00042 returning one on-site ticket: its lines are the change. */
export function correction(kind: 'KOR' | 'KOR_ZAL' = 'KOR', overrides: Partial<IssuedInvoice> = {}): IssuedInvoice {
  const lines = [line('onsite-pro', -1, 999_00)];
  return issuedInvoice({
    kind,
    number: 'KOR/2027/00001',
    issuedOn: '2027-06-10',
    issuedAt: '2027-06-10T08:00:00.000Z',
    lines,
    totals: totalsOf(lines),
    correction: {
      reason: 'Zwrot jednego biletu (anulowanie części zamówienia)',
      of: {
        id: 'inv_01JD0000000000000000000001',
        number: 'FV/2027/00042',
        issuedOn: '2027-05-04',
        ksefNumber: '5260250274-20270504-0A1B2C3D4E5F-7A',
      },
    },
    ...overrides,
  });
}

/** A pro-forma for the Polish business's order, to be paid by transfer within 7 days. */
export function proforma(overrides: Partial<Proforma> = {}): Proforma {
  // The order of issuedInvoice(), on the day it was placed, before it was paid.
  const { orderCode, issuedOn, seller, buyer, languages, reverseCharge, example } = issuedInvoice();
  const lines = overrides.lines ?? POLISH_LINES;
  return {
    orderCode,
    issuedOn,
    payUntil: '2027-05-11',
    seller,
    buyer,
    lines,
    totals: totalsOf(lines),
    reverseCharge,
    bank: { ...ORGANISER.bank },
    transferTitle: orderCode,
    languages,
    example,
    ...overrides,
  };
}

/** A KSeF number and its verification link (KOD I: `/invoice/{NIP}/{DD-MM-YYYY}/{SHA-256, Base64URL}`). */
export const KSEF = {
  number: '1234567890-20270504-9F8E7D6C5B4A-3C',
  verificationUrl:
    'https://qr-test.ksef.mf.gov.pl/invoice/1234567890/04-05-2027/UtQp9Gpc51y-u3xApZjIjgkpZ01js-J8KflSPW8WzIE',
};
