import { buyerKind, type InvoiceData, type InvoiceVatRate, isEuCountry, ossRateOf } from './invoices';

/**
 * VAT by where and to whom: the one home of the rule that prices a ticket. Pure, so the worker
 * (prices, invoices, reports) and the purchase dialog (its summary) apply the same rule; the table
 * of member states' rates (site/vat-rates.ts) is passed in as a lookup, so it stays in the worker
 * and the dialog gets the day's rates from `GET /api/vat`.
 *
 * The legal basis, as read on 2026-11-27 (ustawa z dnia 11 marca 2004 r. o podatku od towarów i
 * usług, "the VAT act", as amended to implement Council Directive (EU) 2022/542 from 2025-01-01).
 * A tax adviser must confirm the article numbers and the reading before the rules go live:
 * - On-site admission (an on-site ticket): taxed where the event takes place, Poland, 23%, for
 *   every buyer, business (art. 28g ust. 1) or consumer (art. 28g ust. 2).
 * - Online plans (live streams and recordings of the congress, "virtual attendance"):
 *   - to a business (a taxable person): the general rule, taxed where the buyer is established
 *     (art. 28b; since 2025 art. 28g ust. 1 excludes virtual attendance). A Polish business: 23%.
 *     A business in another member state: reverse charge ("odwrotne obciążenie", the buyer
 *     accounts for the VAT), only for a VAT number the EU's VIES register confirmed; unconfirmed
 *     (VIES did not answer), 23% until a re-check confirms it (then a correction, vat-correction).
 *     A business outside the EU: outside the scope of Polish VAT ("np", FA(3) `np I`).
 *   - to a consumer: since 2025-01-01 taxed where the consumer lives (art. 28g ust. 3 as added by
 *     the amending act; Directive 2006/112 art. 54(1) second subparagraph as amended by 2022/542).
 *     A Polish consumer: 23%. A consumer in another member state: that state's standard rate,
 *     declared through the One Stop Shop (OSS, art. 130a-130d), when the seller is registered for it
 *     (`VAT_OSS=on`); not registered, 23% Polish VAT and the console warns the organisers. Beware:
 *     the EUR 10,000 threshold of art. 28k applies to telecommunication, broadcasting and
 *     electronically supplied services; whether a streamed live event is one (then the threshold
 *     applies) or virtual admission under art. 28g ust. 3 (then it does not, and VAT is due in the
 *     consumer's state from the first sale) is the adviser's question. A consumer outside the EU:
 *     outside the scope of Polish VAT (the place of supply is where they live); some countries
 *     (the United Kingdom, Norway, Switzerland) tax such sales themselves above their own thresholds.
 * - The consumer's country is the billing address's (or, without invoice data, the country the
 *   buyer chose in the dialog), checked against the edge's country of the request and, where the
 *   payment provider gives it, the card's country: OSS asks for two pieces of evidence that do not
 *   contradict each other (Council Implementing Regulation 282/2011, art. 24b and 24f). A conflict
 *   that changes the tax is asked of the buyer, and the order keeps every piece.
 */

/** How VAT applies to a ticket. `rate` is the percentage charged on the net price (0 when none). */
export type VatTreatment =
  /** Polish VAT at 23%. */
  | { kind: 'pl'; rate: 23 }
  /** No VAT charged: the buyer, an EU business with a confirmed VAT number, accounts for it. */
  | { kind: 'reverse_charge'; rate: 0 }
  /** Outside the scope of Polish VAT: a buyer outside the EU (FA(3) `np I`). */
  | { kind: 'outside'; rate: 0 }
  /** The consumer's member state's standard rate, declared through the One Stop Shop. */
  | { kind: 'oss'; rate: number; country: string };

/** The seller's configuration: whether it is registered for OSS, and the member states' rates on the day. */
export type TaxConfig = { oss: boolean; rate: (country: string) => number | null };

/** Who buys, as far as tax is concerned. */
export type TaxBuyer = {
  /** The invoice data, when the buyer gave it. */
  invoice: Pick<InvoiceData, 'taxId' | 'country'> | null;
  /** Without invoice data, the country the buyer chose (ISO 3166-1 alpha-2); else ignored. */
  country?: string | null;
  /** Whether VIES confirmed an EU business's VAT number. */
  vatConfirmed: boolean;
};

const POLISH: VatTreatment = { kind: 'pl', rate: 23 };

/** The buyer's country for tax: the billing address's, else the chosen one, else Poland. */
export const taxCountry = (buyer: Pick<TaxBuyer, 'invoice' | 'country'>) =>
  buyer.invoice?.country ?? buyer.country ?? 'PL';

/** How VAT applies to a ticket of a product (`online` plan or `onsite` admission) for a buyer. */
export function vatTreatment(mode: 'online' | 'onsite', buyer: TaxBuyer, config: TaxConfig): VatTreatment {
  if (mode === 'onsite') return POLISH;
  const country = taxCountry(buyer);
  const kind = buyer.invoice ? buyerKind(buyer.invoice) : 'person';
  if (kind === 'pl_business' || country === 'PL') return POLISH;
  if (kind === 'eu_business') return buyer.vatConfirmed ? { kind: 'reverse_charge', rate: 0 } : POLISH;
  if (kind === 'foreign_business') return { kind: 'outside', rate: 0 };
  // A consumer (or a business that gave no tax number, which the law treats as one).
  if (!isEuCountry(country)) return { kind: 'outside', rate: 0 };
  const rate = config.oss ? config.rate(country) : null;
  return rate === null ? POLISH : { kind: 'oss', rate, country };
}

/** Whether two treatments tax alike (same kind, rate and member state). */
export const sameTreatment = (a: VatTreatment, b: VatTreatment) =>
  a.kind === b.kind && a.rate === b.rate && (a.kind !== 'oss' || b.kind !== 'oss' || a.country === b.country);

/** A ticket's net, VAT and gross under a treatment, VAT rounded to whole grosze. */
export function priceWith(
  net: number,
  treatment: Pick<VatTreatment, 'rate'>,
): { net: number; vat: number; gross: number } {
  // In tenths of a percent, so 25.5% multiplies by an integer.
  const vat = Math.round((net * Math.round(treatment.rate * 10)) / 1000);
  return { net, vat, gross: net + vat };
}

/**
 * The evidence of a consumer's country an order keeps (OSS needs two that agree): the billing
 * country (the address, or the dialog's choice), the edge's country of the request, the card's
 * country when the payment provider gives it, and whether the buyer confirmed the billing country
 * when the edge disagreed.
 */
export type CountryEvidence = {
  billing: string;
  edge: string | null;
  card?: string | null;
  confirmed: boolean;
};

/** A country code from the edge (`request.cf.country`): `XX` (unknown) and `T1` (Tor) are no evidence. */
export const edgeCountry = (value: unknown) =>
  typeof value === 'string' && /^[A-Z]{2}$/.test(value) && value !== 'XX' ? value : null;

/**
 * Whether the edge's country contradicts the billing country in a way that changes the tax of an
 * online plan: then the dialog asks the buyer which is right before the order is made.
 */
export function evidenceConflict(buyer: TaxBuyer, edge: string | null, config: TaxConfig): boolean {
  if (!edge || edge === taxCountry(buyer)) return false;
  const billing = vatTreatment('online', buyer, config);
  const atEdge = vatTreatment(
    'online',
    { ...buyer, invoice: buyer.invoice && { ...buyer.invoice, country: edge }, country: edge },
    config,
  );
  return !sameTreatment(billing, atEdge);
}

/** The invoice line's rate of a treatment (site/invoices.ts `InvoiceVatRate`). */
export function invoiceRate(treatment: VatTreatment): InvoiceVatRate {
  if (treatment.kind === 'pl') return 23;
  if (treatment.kind === 'reverse_charge') return 'np';
  if (treatment.kind === 'outside') return 'outside';
  return `oss:${treatment.country}:${treatment.rate}`;
}

/**
 * A ticket's rate as its row stores it (`tickets.vat_rate`, the text of its `InvoiceVatRate`).
 * Rows from before the column were 23% or reverse charge: VAT 0 on a net above 0 was reverse charge.
 */
export function storedRate(stored: string | null | undefined, ticket: { net: number; vat: number }): InvoiceVatRate {
  if (stored === 'np' || stored === 'outside') return stored;
  if (stored && ossRateOf(stored as InvoiceVatRate)) return stored as InvoiceVatRate;
  if (stored === '23') return 23;
  return ticket.vat === 0 && ticket.net > 0 ? 'np' : 23;
}
