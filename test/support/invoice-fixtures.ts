import {
  type BuyerKind,
  type InvoiceKind,
  type InvoiceLine,
  type InvoiceParty,
  type IssuedInvoice,
  invoiceNumber,
  sellerParty,
} from '../../site/invoices';
import { invoiceRate, priceWith, type TaxConfig, vatTreatment } from '../../site/tax-rules';
import { PRODUCTS, type ProductId } from '../../site/tickets';
import { standardRate } from '../../site/vat-rates';

// Issued invoices as the box office would record them, for the documents' tests (FA(3), PDF,
// KSeF): every kind, every kind of buyer, 23% and reverse charge. Amounts in grosze.

/** The seller: the organiser of site/event.ts (example data while it is). */
export const SELLER: InvoiceParty = sellerParty();

/** One buyer of each kind; their numbers have the right form (a NIP with its checksum). */
export const BUYERS: Record<BuyerKind, InvoiceParty> = {
  pl_business: {
    name: 'Firma Testowa "Kąt & Syn" sp. z o.o.',
    taxId: '9471010008',
    street: 'ul. Piotrkowska 100/2',
    postalCode: '90-001',
    city: 'Łódź',
    country: 'PL',
  },
  eu_business: {
    name: 'Beispiel Analytik GmbH',
    taxId: 'DE123456789',
    street: 'Friedrichstraße 12',
    postalCode: '10117',
    city: 'Berlin',
    country: 'DE',
  },
  foreign_business: {
    name: 'Example Labs <AI> Inc.',
    taxId: '12-3456789',
    street: '500 Market Street',
    postalCode: 'CA 94105',
    city: 'San Francisco',
    country: 'US',
  },
  person: {
    name: "Zofia Żółkiewska-O'Brien",
    taxId: null,
    street: 'ul. Długa 5 m. 7',
    postalCode: '00-238',
    city: 'Warszawa',
    country: 'PL',
  },
};

/** Names as the documents print them (the tickets catalogue's names, with the kind of ticket). */
const NAMES: Record<ProductId, { pl: string; en: string }> = {
  'online-standard': { pl: 'Bilet online Standard', en: 'Online ticket Standard' },
  'online-premium': { pl: 'Bilet online Premium', en: 'Online ticket Premium' },
  'online-vip': { pl: 'Bilet online Praktyk AI VIP', en: 'Online ticket AI Practitioner VIP' },
  'onsite-standard': { pl: 'Bilet stacjonarny Standard', en: 'On-site ticket Standard' },
  'onsite-pro': { pl: 'Bilet stacjonarny Pro', en: 'On-site ticket Pro' },
  'onsite-vip': { pl: 'Bilet stacjonarny VIP', en: 'On-site ticket VIP' },
};

/** The seller with OSS (a consumer in another member state pays its rate), rates of 2027-03-01. */
export const OSS_ON: TaxConfig = { oss: true, rate: (country) => standardRate(country, '2027-03-01') };

/**
 * A line of `quantity` tickets for a buyer, taxed as site/tax-rules.ts `vatTreatment` says (an EU
 * business's VAT number as VIES confirmed it; without `config`, a seller not registered for OSS).
 */
export function line(
  product: ProductId,
  quantity: number,
  buyer: InvoiceParty,
  config: TaxConfig = { oss: false, rate: () => null },
): InvoiceLine {
  const found = PRODUCTS.find((p) => p.id === product);
  if (!found) throw new Error(`no product ${product}`);
  const unitNet = found.prices[0]?.net ?? 0;
  const data = buyer.taxId ? { taxId: buyer.taxId, country: buyer.country } : null;
  const treatment = vatTreatment(found.mode, { invoice: data, country: buyer.country, vatConfirmed: true }, config);
  const net = unitNet * quantity;
  const { vat, gross } = priceWith(net, treatment);
  return { product, name: NAMES[product], quantity, unitNet, net, vatRate: invoiceRate(treatment), vat, gross };
}

/** What an order holds: online and on-site tickets (reverse charge for an EU business's online ones). */
export const MIXED_ORDER: [ProductId, number][] = [
  ['online-standard', 3],
  ['online-vip', 1],
  ['onsite-pro', 2],
];
/** Only on-site tickets: 23% for every buyer. */
export const ONSITE_ORDER: [ProductId, number][] = [
  ['onsite-standard', 4],
  ['onsite-vip', 1],
];

export type InvoiceFixture = {
  kind?: Extract<InvoiceKind, 'VAT' | 'ZAL'>;
  buyerKind?: BuyerKind;
  order?: [ProductId, number][];
  paymentMethod?: IssuedInvoice['paymentMethod'];
  issuedOn?: string;
  paidOn?: string;
  number?: number;
  example?: boolean;
  /** Another buyer of the kind (a consumer in Germany) and the seller's OSS (site/tax-rules.ts). */
  buyer?: InvoiceParty;
  tax?: TaxConfig;
};

/** A consumer in Germany as she gives her invoice data: with OSS, an online plan carries German VAT. */
export const GERMAN_CONSUMER_DATA: Omit<InvoiceParty, 'taxId'> = {
  name: 'Lena Schmidt',
  street: 'Karl-Marx-Allee 3',
  postalCode: '10178',
  city: 'Berlin',
  country: 'DE',
};
/** The same consumer as an invoice names her. */
export const GERMAN_CONSUMER: InvoiceParty = { ...GERMAN_CONSUMER_DATA, taxId: null };

/** An issued invoice (`VAT` or `ZAL`) for one buyer and an order of tickets. */
export function issuedInvoice(fixture: InvoiceFixture = {}): IssuedInvoice {
  const kind = fixture.kind ?? 'ZAL';
  const buyerKind = fixture.buyerKind ?? 'pl_business';
  const buyer = fixture.buyer ?? BUYERS[buyerKind];
  const lines = (fixture.order ?? MIXED_ORDER).map(([product, quantity]) =>
    line(product, quantity, buyer, fixture.tax),
  );
  const total = (key: 'net' | 'vat' | 'gross') => lines.reduce((sum, l) => sum + l[key], 0);
  const issuedOn = fixture.issuedOn ?? (kind === 'VAT' ? '2027-10-23' : '2027-09-15');
  return {
    id: `inv-${kind}-${buyerKind}`,
    number: invoiceNumber('FV', 2027, fixture.number ?? 42),
    kind,
    orderId: '01JABCDEFGHJKMNPQRSTVWXYZ0',
    orderCode: 'KAI-7Q4M',
    issuedOn,
    issuedAt: `${issuedOn}T10:15:00.000Z`,
    paidOn: fixture.paidOn ?? issuedOn,
    paymentMethod: fixture.paymentMethod ?? 'card',
    seller: SELLER,
    buyer,
    buyerKind,
    languages: buyer.country === 'PL' ? 'pl' : 'pl+en',
    lines,
    totals: { net: total('net'), vat: total('vat'), gross: total('gross') },
    reverseCharge: lines.some((l) => l.vatRate === 'np'),
    currency: 'PLN',
    correction: null,
    example: fixture.example ?? true,
    ksef: { status: 'waiting' },
  };
}

/** CRC-8 (polynomial 0x07, start 0) as two upper-case hex digits: a KSeF number's check (faktury/numer-ksef.md). */
function crc8(text: string): string {
  let crc = 0;
  for (const byte of new TextEncoder().encode(text)) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x80 ? ((crc << 1) ^ 0x07) & 0xff : (crc << 1) & 0xff;
  }
  return crc.toString(16).toUpperCase().padStart(2, '0');
}

/** A KSeF number of the form KSeF gives: seller's NIP, day of acceptance, technical part, CRC-8. */
export function ksefNumber(nip: string, acceptedOn: string, technical = '0100001AF629'): string {
  const data = `${nip}-${acceptedOn.replace(/-/g, '')}-${technical}`;
  return `${data}-${crc8(data)}`;
}

/**
 * A correction of an invoice, as the box office issues one for a cancelled order: its lines and
 * totals are the change, here every ticket taken back (negative quantities and amounts).
 */
export function correctionOf(
  original: IssuedInvoice,
  options: { reason?: string; issuedOn?: string; inKsef?: boolean; number?: number } = {},
): IssuedInvoice {
  // A week after the invoice it corrects, unless the test says when.
  const issuedOn =
    options.issuedOn ?? new Date(Date.parse(original.issuedOn) + 7 * 86_400_000).toISOString().slice(0, 10);
  const negate = (l: InvoiceLine): InvoiceLine => ({
    ...l,
    quantity: -l.quantity,
    net: -l.net,
    vat: -l.vat,
    gross: -l.gross,
  });
  const inKsef = options.inKsef ?? true;
  return {
    ...original,
    id: `${original.id}-kor`,
    number: invoiceNumber('KOR', 2027, options.number ?? 7),
    kind: original.kind === 'ZAL' ? 'KOR_ZAL' : 'KOR',
    issuedOn,
    issuedAt: `${issuedOn}T08:00:00.000Z`,
    lines: original.lines.map(negate),
    totals: { net: -original.totals.net, vat: -original.totals.vat, gross: -original.totals.gross },
    correction: {
      reason: options.reason ?? 'Anulowanie zamówienia przez nabywcę i zwrot zapłaty',
      of: {
        id: original.id,
        number: original.number,
        issuedOn: original.issuedOn,
        ksefNumber: inKsef ? ksefNumber(original.seller.taxId ?? '', original.issuedOn) : null,
        gross: original.totals.gross,
      },
    },
    ksef: { status: 'waiting' },
  };
}
