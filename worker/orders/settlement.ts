import type { BoxOffice } from '../box-office/box-office';
import type { Order } from '../box-office/orders';
import type { PaymentProvider } from './providers';

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
