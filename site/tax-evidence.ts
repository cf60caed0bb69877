import { type InvoiceVatRate, ossRateOf } from './invoices';
import type { Order } from './orders';
import type { CountryEvidence } from './tax-rules';

/**
 * Whether an order's evidence of its consumer's country holds up for the One Stop Shop. OSS presumes
 * the consumer lives where two pieces of evidence that do not contradict each other say (Council
 * Implementing Regulation 282/2011 art. 24b(d), the pieces listed in art. 24f: the billing address,
 * the IP address's country, the country of the bank or card used to pay...). The billing country
 * decides the rate; the order keeps the edge's country of the request and, where the payment
 * provider gives it, the card's country.
 * - `agree`: the card's country, or (without one) the edge's, is the billing country.
 * - `conflict`: the card's country is another country. The sale is taxed by the billing country,
 *   as the buyer declared, but an organiser must ask the buyer and correct it if the buyer lives
 *   elsewhere (art. 24d lets the seller rebut a presumption with evidence).
 * - `single`: nothing backs the billing country: no card country, and the edge's country is
 *   unknown or another one the buyer confirmed against in the dialog.
 * A card that agrees outweighs an edge that does not (a buyer travelling, a VPN): billing and card
 * are then the two pieces that agree.
 */
export type EvidenceFinding = 'agree' | 'conflict' | 'single';

/** What an order's evidence says of its billing country (see EvidenceFinding). */
export function evidenceFinding(evidence: CountryEvidence): EvidenceFinding {
  if (evidence.card && evidence.card !== evidence.billing) return 'conflict';
  if (evidence.card === evidence.billing || evidence.edge === evidence.billing) return 'agree';
  return 'single';
}

/** Whether a ticket's rate is a member state's, declared through OSS. */
const isOss = (rate: InvoiceVatRate | undefined) => rate !== undefined && ossRateOf(rate) !== null;

/** Whether an order is an OSS sale: one of its tickets carries a member state's rate. */
export const ossSale = (order: Pick<Order, 'tickets'>) => order.tickets.some((ticket) => isOss(ticket.vatRate));

/** An OSS sale whose evidence an organiser must check: what it says, piece by piece. */
export type EvidenceToCheck = { finding: Exclude<EvidenceFinding, 'agree'>; evidence: CountryEvidence };

/**
 * The evidence an organiser must check of an order, or null: only an OSS sale's (elsewhere the
 * consumer's country does not choose the tax), and only when no second piece backs the billing country.
 */
export function evidenceToCheck(order: Pick<Order, 'tickets' | 'tax'>): EvidenceToCheck | null {
  if (!order.tax || !ossSale(order)) return null;
  const finding = evidenceFinding(order.tax.evidence);
  return finding === 'agree' ? null : { finding, evidence: order.tax.evidence };
}
