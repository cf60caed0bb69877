import type { Order } from '../../site/orders';
import { ossSale } from '../../site/tax-evidence';
import type { BoxOffice } from '../box-office/box-office';
import { type PaymentProvider, ProviderError } from './providers';

/** What became of a payment a provider reported. */
export type PaymentOutcome =
  | { kind: 'paid' | 'unchanged'; order: Order }
  | { kind: 'refunded'; order: Order; refund: string }
  | { kind: 'ignored' };

/**
 * Takes a payment a provider reports (Stripe's webhook, the demo checkout's "pay"). Within the hold
 * the order is paid. A late one (the hold ran out, the order expired) takes a place if one is free;
 * one for a cancelled order, or without a free place, is refunded through the same provider at
 * once, and the buyer is told by e-mail. A payment and its place never part: nothing oversells,
 * and nobody pays without a ticket. Throws the provider's `ProviderError` when the refund cannot be
 * made: the caller answers so that the provider reports the payment again (Stripe retries its
 * webhook for days), and the refund is tried again then, once (`refund-<order>` idempotency key).
 */
export async function takePayment(
  office: DurableObjectStub<BoxOffice>,
  provider: Pick<PaymentProvider, 'name'> & { refunder: () => PaymentProvider },
  orderId: string,
  at: number,
  source: { reference?: string; by: string },
): Promise<PaymentOutcome> {
  const result = await office.settle(orderId, 'paid', at, { provider: provider.name, ...source });
  if (!result) return { kind: 'ignored' };
  if (!result.refundDue) return { kind: result.changed ? 'paid' : 'unchanged', order: result.order };
  if (result.order.status === 'refunded') return { kind: 'unchanged', order: result.order };
  const refund = await provider.refunder().refund(result.order);
  const order = (await office.refundLate(orderId, refund.reference, at, source.by)) ?? result.order;
  console.log(
    JSON.stringify({ event: 'late_payment_refunded', orderId, provider: provider.name, refund: refund.reference }),
  );
  return { kind: 'refunded', order, refund: refund.reference };
}

/**
 * Keeps the card's country of an OSS sale just paid (site/tax-evidence.ts): the third piece of
 * evidence of the consumer's country, which the provider knows only once the payment settled.
 * Other orders are left alone (their VAT does not follow the buyer's country), and so is one that
 * has it already. A provider that cannot be reached leaves it unknown (logged): the payment stands,
 * and the console shows the sale's evidence as it is. Returns the country recorded, or null.
 */
export async function recordCardEvidence(
  office: DurableObjectStub<BoxOffice>,
  order: Order,
  cardCountry: (order: Order) => Promise<string | null>,
  at: number,
): Promise<string | null> {
  if (order.status !== 'paid' || !ossSale(order) || order.tax?.evidence.card) return null;
  let country: string | null;
  try {
    country = await cardCountry(order);
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    console.warn(JSON.stringify({ event: 'card_country_unavailable', orderId: order.id, message: error.message }));
    return null;
  }
  if (!country) return null;
  return (await office.recordCardCountry(order.id, country, at)) ? country : null;
}
