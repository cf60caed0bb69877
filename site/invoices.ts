import { ORGANISER } from './event';
import { venueDay } from './format';
import type { ProductId } from './tickets';

/**
 * The invoice domain's one home: the buyer's invoice data and its rules (NIP checksum, EU VAT
 * numbers, structured address), the VAT treatment of a ticket, the numbering of the series, and the
 * wire type of an issued invoice. The box office issues invoices (worker/box-office/invoices.ts);
 * the FA(3) XML, the PDF and KSeF (worker/invoices/) render and send what it issued; the dialog,
 * the order page and the console import the same types.
 */

/** EU member states as VAT numbers prefix them (Greece is `EL`, not its ISO code `GR`). */
export const EU_VAT_PREFIXES = [
  'AT',
  'BE',
  'BG',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'EL',
  'ES',
  'FI',
  'FR',
  'HR',
  'HU',
  'IE',
  'IT',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SE',
  'SI',
  'SK',
] as const;
export type EuVatPrefix = (typeof EU_VAT_PREFIXES)[number];

/** The ISO 3166 country of an EU VAT prefix (`EL` is Greece, `GR`). */
export const countryOfPrefix = (prefix: EuVatPrefix) => (prefix === 'EL' ? 'GR' : prefix);

/** Whether an ISO 3166 country code is an EU member state. */
export const isEuCountry = (country: string) =>
  country === 'GR' || (country !== 'EL' && (EU_VAT_PREFIXES as readonly string[]).includes(country));

/**
 * What the dialog and `POST /api/orders` send as `invoice`: who the invoice is made out to. A Polish
 * business gives its NIP, a business in another EU country its VAT number with the country prefix
 * (`DE123456789`), a business elsewhere its tax number if it has one, a private person no number.
 */
export type InvoiceData = {
  /** The company's name, or the person's full name. */
  name: string;
  /** NIP (Poland), EU VAT number with its prefix, another country's tax number, or absent. */
  taxId?: string;
  street: string;
  postalCode: string;
  city: string;
  /** ISO 3166-1 alpha-2, upper case (`PL`, `DE`). */
  country: string;
};

/** NIP digits: separators (spaces, hyphens) and a `PL` prefix dropped. */
export const nipDigits = (value: string) => value.replace(/[\s-]/g, '').replace(/^PL/i, '');

/**
 * Whether a NIP is valid: ten digits whose weighted sum (6 5 7 2 3 4 5 6 7) modulo 11 is the last
 * digit (a sum of 10 modulo 11 is never valid).
 */
export function isValidNip(value: string): boolean {
  const digits = nipDigits(value);
  if (!/^\d{10}$/.test(digits) || digits.startsWith('0')) return false;
  const weights = [6, 5, 7, 2, 3, 4, 5, 6, 7];
  const sum = weights.reduce((total, weight, i) => total + weight * Number(digits[i]), 0);
  return sum % 11 === Number(digits[9]);
}

/** A NIP as invoices print it: ten digits, no separators. */
export const formatNip = (value: string) => nipDigits(value);

/**
 * The form of each member state's VAT number after its prefix (VIES's published formats). Poland is
 * not here: a Polish buyer gives a NIP.
 */
const EU_VAT_FORMATS: Record<Exclude<EuVatPrefix, 'PL'>, RegExp> = {
  AT: /^U\d{8}$/,
  BE: /^[01]\d{9}$/,
  BG: /^\d{9,10}$/,
  CY: /^\d{8}[A-Z]$/,
  CZ: /^\d{8,10}$/,
  DE: /^\d{9}$/,
  DK: /^\d{8}$/,
  EE: /^\d{9}$/,
  EL: /^\d{9}$/,
  ES: /^[A-Z0-9]\d{7}[A-Z0-9]$/,
  FI: /^\d{8}$/,
  FR: /^[A-HJ-NP-Z0-9]{2}\d{9}$/,
  HR: /^\d{11}$/,
  HU: /^\d{8}$/,
  IE: /^\d[A-Z0-9+*]\d{5}[A-Z]{1,2}$/,
  IT: /^\d{11}$/,
  LT: /^(\d{9}|\d{12})$/,
  LU: /^\d{8}$/,
  LV: /^\d{11}$/,
  MT: /^\d{8}$/,
  NL: /^\d{9}B\d{2}$/,
  PT: /^\d{9}$/,
  RO: /^\d{2,10}$/,
  SE: /^\d{12}$/,
  SI: /^\d{8}$/,
  SK: /^\d{10}$/,
};

/** An EU VAT number in its compact form: upper case, no spaces, dots or hyphens (`DE123456789`). */
export const compactVatId = (value: string) => value.replace(/[\s.-]/g, '').toUpperCase();

/**
 * An EU VAT number split into its prefix and number when it has the form of its member state's
 * (outside Poland), else null.
 */
export function parseEuVatId(value: string): { prefix: Exclude<EuVatPrefix, 'PL'>; number: string } | null {
  const compact = compactVatId(value);
  const prefix = compact.slice(0, 2) as Exclude<EuVatPrefix, 'PL'>;
  const format = EU_VAT_FORMATS[prefix];
  const number = compact.slice(2);
  return format?.test(number) ? { prefix, number } : null;
}

/** A Polish postal code: `00-950`. */
export const PL_POSTAL_CODE = /^\d{2}-\d{3}$/;

/** Who the buyer is for tax purposes, from their invoice data. */
export type BuyerKind = 'pl_business' | 'eu_business' | 'foreign_business' | 'person';

export function buyerKind(data: Pick<InvoiceData, 'taxId' | 'country'>): BuyerKind {
  if (!data.taxId) return 'person';
  if (data.country === 'PL') return 'pl_business';
  return isEuCountry(data.country) ? 'eu_business' : 'foreign_business';
}

/** The reason an invoice data field is refused, a code the forms translate. */
export type InvoiceFieldError =
  | 'required'
  | 'invalid_nip'
  | 'invalid_vat_id'
  | 'vat_id_country'
  | 'invalid_postal_code';

/**
 * The checks the dialog and the worker both make of invoice data beyond presence and length: a
 * Polish number is a NIP with its checksum, a number from another EU country is a VAT number with
 * that country's prefix and form, a Polish postal code is `00-000`. Returns the fields in error.
 */
export function invoiceDataErrors(
  data: Pick<InvoiceData, 'taxId' | 'country' | 'postalCode'>,
): Partial<Record<'taxId' | 'postalCode', InvoiceFieldError>> {
  const errors: Partial<Record<'taxId' | 'postalCode', InvoiceFieldError>> = {};
  if (data.country === 'PL' && data.postalCode && !PL_POSTAL_CODE.test(data.postalCode.trim())) {
    errors.postalCode = 'invalid_postal_code';
  }
  if (!data.taxId) return errors;
  if (data.country === 'PL') {
    if (!isValidNip(data.taxId)) errors.taxId = 'invalid_nip';
  } else if (isEuCountry(data.country)) {
    const parsed = parseEuVatId(data.taxId);
    if (!parsed) errors.taxId = 'invalid_vat_id';
    else if (countryOfPrefix(parsed.prefix) !== data.country) errors.taxId = 'vat_id_country';
  }
  return errors;
}

/** A buyer's invoice data as it is kept: tax number in its compact form, country upper case. */
export function normalInvoiceData(data: InvoiceData): InvoiceData {
  const country = data.country.trim().toUpperCase();
  const taxId = data.taxId?.trim();
  return {
    name: data.name.trim(),
    ...(taxId ? { taxId: country === 'PL' ? formatNip(taxId) : compactVatId(taxId) } : {}),
    street: data.street.trim(),
    postalCode: data.postalCode.trim(),
    city: data.city.trim(),
    country,
  };
}

/**
 * What VIES said of a buyer's EU VAT number, kept with the order as the evidence of a reverse
 * charge: `valid` (the number is registered), `invalid` (it is not), or `unavailable` (VIES or the
 * member state's register did not answer in time; `error` says how). `requestDate` and
 * `requestIdentifier` (the consultation number) are VIES's own; `name` and `address` as registered,
 * where the member state gives them.
 */
export type VatCheck = {
  status: 'valid' | 'invalid' | 'unavailable';
  countryCode: string;
  vatNumber: string;
  checkedAt: string;
  requestDate: string | null;
  requestIdentifier: string | null;
  name: string | null;
  address: string | null;
  error: string | null;
};

/** The VIES country code and number of an EU business's VAT number, or null for any other buyer. */
export function viesNumberOf(data: Pick<InvoiceData, 'taxId' | 'country'> | null | undefined) {
  if (!data?.taxId || buyerKind(data) !== 'eu_business') return null;
  const parsed = parseEuVatId(data.taxId);
  return parsed ? { countryCode: parsed.prefix, vatNumber: parsed.number } : null;
}

/**
 * FA(3)'s kinds of invoice (`RodzajFaktury`): a regular one (`VAT`), one for a payment received
 * before the service (`ZAL`, an advance invoice; see the README for why a ticket paid before the
 * congress gets one), and the corrections of each (`KOR`, `KOR_ZAL`).
 */
export const INVOICE_KINDS = ['VAT', 'ZAL', 'KOR', 'KOR_ZAL'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];

/**
 * The days an FA(3) document may carry (its schema's `TData`, 2016-07-01 to 2050-01-01): no
 * invoice is dated outside them, so neither is a payment it records nor a month organisers ask for.
 */
export const FA3_DAYS = { from: '2016-07-01', until: '2050-01-01' } as const;

/**
 * The last instant a buyer who paid at `paidAt` may ask for an invoice (art. 106b ust. 3 of the VAT
 * act: within three months from the end of the month in which the payment was received), counted
 * in Warsaw: the end of the third calendar month after the payment's month, 23:59:59.999 there.
 */
export function invoiceRequestClosesAt(paidAt: number): number {
  const [year, month] = venueDay(paidAt).split('-').map(Number) as [number, number];
  // The first day of the fourth month after the payment's (months 1..12; Date.UTC rolls the year).
  const next = new Date(Date.UTC(year, month - 1 + 4, 1));
  return warsawMidnight(next.toISOString().slice(0, 10)) - 1;
}

/** The instant a day (`YYYY-MM-DD`) begins in Warsaw (its offset is +01:00 or +02:00 then). */
function warsawMidnight(day: string): number {
  for (const offset of ['+01:00', '+02:00']) {
    const at = Date.parse(`${day}T00:00:00${offset}`);
    if (venueDay(at) === day && venueDay(at - 1) !== day) return at;
  }
  throw new Error(`no Warsaw midnight for ${day}`);
}

/** The two series, each gap-free per calendar year: invoices, and corrections. */
export type InvoiceSeries = 'FV' | 'KOR';
export const seriesOf = (kind: InvoiceKind): InvoiceSeries => (kind === 'KOR' || kind === 'KOR_ZAL' ? 'KOR' : 'FV');

/** An invoice's number: `FV/2027/00042`, `KOR/2027/00001`. */
export const invoiceNumber = (series: InvoiceSeries, year: number, n: number) =>
  `${series}/${year}/${String(n).padStart(5, '0')}`;

/** A party of an invoice: the seller (site/event.ts ORGANISER) or the buyer (the order's data). */
export type InvoiceParty = {
  name: string;
  /** NIP (ten digits) for a Polish party, the VAT number with its prefix, or another tax number. */
  taxId: string | null;
  street: string;
  postalCode: string;
  city: string;
  country: string;
};

/** The seller of every invoice: the organiser of site/event.ts (example data while it is). */
export const sellerParty = (): InvoiceParty => ({
  name: ORGANISER.name,
  taxId: formatNip(ORGANISER.taxId),
  street: ORGANISER.street,
  postalCode: ORGANISER.postalCode,
  city: ORGANISER.city,
  country: ORGANISER.country,
});

/** One line of an invoice: the tickets of one product. Amounts in grosze. */
export type InvoiceLine = {
  product: ProductId;
  /** The product's name in Polish and in English, as the documents print it. */
  name: { pl: string; en: string };
  quantity: number;
  /** Net price of one ticket (before a voucher's discount, when there is one). */
  unitNet: number;
  /** The line's discount by a voucher, net (FA(3) `P_10`); `net` is after it. Absent without one. */
  discount?: number;
  net: number;
  /**
   * 23 (Polish VAT); `np` (not taxed in Poland: the buyer, an EU business, accounts for it, reverse
   * charge); `outside` (outside the scope of Polish VAT: a buyer outside the EU); or `oss:DE:19`, a
   * member state's rate through the One Stop Shop (site/tax-rules.ts says which applies).
   */
  vatRate: InvoiceVatRate;
  vat: number;
  gross: number;
};

/** An invoice line's VAT rate (`InvoiceLine.vatRate`). */
export type InvoiceVatRate = 23 | 'np' | 'outside' | `oss:${string}:${number}`;

/** The member state and rate of an OSS line's rate, or null for any other rate. */
export function ossRateOf(rate: InvoiceVatRate): { country: string; rate: number } | null {
  const match = typeof rate === 'string' ? rate.match(/^oss:([A-Z]{2}):(\d+(?:\.\d+)?)$/) : null;
  return match?.[1] && match[2] ? { country: match[1], rate: Number(match[2]) } : null;
}

/** Where an invoice stands with KSeF, the national e-invoicing system. */
export type KsefState =
  /** KSeF is not configured (or the seller is example data): the invoice waits, nothing is sent. */
  | { status: 'waiting' }
  /** Queued for sending; `attempts` so far, `error` of the last one. */
  | { status: 'queued'; attempts: number; error?: string; nextAt?: string }
  /** Sent in a session, its acceptance not yet known. */
  | { status: 'sent'; attempts: number; reference: string }
  | { status: 'accepted'; number: string; acceptedAt: string }
  /** KSeF refused it (a fault in the document): reported to the organisers, never sent again as is. */
  | { status: 'rejected'; error: string; at: string };

/** Every KSeF state, in the order an invoice passes through them (filters and lists name them). */
export const KSEF_STATUSES = [
  'waiting',
  'queued',
  'sent',
  'accepted',
  'rejected',
] as const satisfies readonly KsefState['status'][];

/** The fields of an invoice that a correction names: the invoice it corrects. */
export type CorrectedInvoice = {
  id: string;
  number: string;
  issuedOn: string;
  ksefNumber: string | null;
  /**
   * Its gross total as it stood before this correction (grosze): the correction of an advance
   * invoice states the payment before it (FA(3) `P_15ZK`).
   */
  gross?: number;
};

/** An issued invoice or correction: immutable once issued (but for its KSeF state). */
export type IssuedInvoice = {
  id: string;
  number: string;
  kind: InvoiceKind;
  orderId: string;
  orderCode: string;
  /** Date of issue (`YYYY-MM-DD`, Warsaw) and the instant. */
  issuedOn: string;
  issuedAt: string;
  /** When the payment was received (`YYYY-MM-DD`, Warsaw). */
  paidOn: string;
  /** How it was paid. */
  paymentMethod: 'card' | 'transfer';
  seller: InvoiceParty;
  buyer: InvoiceParty;
  buyerKind: BuyerKind;
  /** Polish only, or Polish and English (a buyer outside Poland). */
  languages: 'pl' | 'pl+en';
  lines: InvoiceLine[];
  totals: { net: number; vat: number; gross: number };
  reverseCharge: boolean;
  currency: 'PLN';
  /**
   * A correction's reason and the invoice it corrects; `effect` when the change counts for the
   * corrected invoice's period (`original`: a wrong rate put right) rather than for the
   * correction's own (a refund, the default).
   */
  correction: {
    reason: string;
    of: CorrectedInvoice;
    effect?: 'original' | 'correction';
    /**
     * A correction of the buyer's data (no amounts, no lines): the buyer as the corrected invoice
     * named them (FA(3) `Podmiot2K`); `buyer` is the data after it.
     */
    buyerBefore?: InvoiceParty;
    /**
     * A correction to zero made because the buyer's tax number was wrong: the invoice issued in
     * the corrected one's place, to the right buyer (`IssuedInvoice.replaces` names it back).
     */
    replacedBy?: { id: string; number: string };
  } | null;
  /**
   * An invoice issued in place of one corrected to zero because its buyer's tax number was wrong:
   * that invoice and the correction that took it to zero.
   */
  replaces?: CorrectedInvoice & { correction: { id: string; number: string } };
  /** The seller is example data (site/example-data.ts): the documents say so, KSeF never sees it. */
  example: boolean;
  ksef: KsefState;
};

/**
 * The invoice an order has now (not a correction): the last one issued, which is the one issued in
 * place of an invoice corrected to zero for a wrong tax number. `invoices` in the order of issue.
 */
export const currentInvoiceOf = (invoices: IssuedInvoice[]): IssuedInvoice | undefined =>
  invoices.filter((invoice) => !invoice.correction).at(-1);

/**
 * A pro-forma for an order paid by transfer: not an invoice (no number in a series, no tax effect),
 * it tells the buyer what to pay, to which account, with which title and by when. Amounts in grosze.
 */
export type Proforma = {
  orderCode: string;
  /** Date of issue and the last day to pay (`YYYY-MM-DD`, Warsaw). */
  issuedOn: string;
  payUntil: string;
  seller: InvoiceParty;
  buyer: InvoiceParty;
  lines: InvoiceLine[];
  totals: { net: number; vat: number; gross: number };
  reverseCharge: boolean;
  /** The organiser's account (site/event.ts ORGANISER.bank). */
  bank: { name: string; iban: string; swift: string };
  /** The transfer's title: the order code, by which the payment is matched to the order. */
  transferTitle: string;
  languages: 'pl' | 'pl+en';
  /** The seller is example data: the document says so. */
  example: boolean;
};
