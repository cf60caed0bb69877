import type { CancelResult, Order, PartCancelResult } from '../../site/orders';
import { cancellationClosesAt } from '../../site/terms';
import type { BoxOffice } from '../box-office/box-office';
import type { Canceller } from '../box-office/part-cancel';
import { ApiError } from '../errors';
import type { PaymentProvider } from './providers';
import { refundOnce } from './refund-once';

/**
 * A buyer's cancellation of a paid order: its refund is asked of the provider once, however many
 * cancels arrive together. The box office gives the turn to one caller (worker/box-office/refunds.ts),
 * which asks the provider and records the refund; the others look again until it is recorded and
 * answer the same cancelled order, or, when that attempt failed, the same failure (ProviderError).
 * A caller that died with the turn loses it when its lease runs out, and the next one asks again.
 */
export async function cancelPaidOrder(
  office: DurableObjectStub<BoxOffice>,
  provider: PaymentProvider,
  order: Order,
  at: number,
): Promise<CancelResult> {
  return refundOnce({
    claim: async (waitingFor) => office.claimRefund(order.id, at, waitingFor),
    refund: () => provider.refund(order),
    failed: (attempt) => office.refundFailed(order.id, attempt),
    record: async (reference) => {
      const result = await office.cancelPaid(order.id, reference, at);
      if (result.kind === 'cancelled') {
        console.log(JSON.stringify({ event: 'order_cancelled_by_buyer', orderId: order.id, refund: reference }));
      }
      return result;
    },
    failure: 'the refund asked for by another cancel failed',
  });
}

/**
 * One ticket of a paid order cancelled alone (the buyer's or an organiser's): its gross refunded
 * once however many cancels of it arrive together, as a whole order's is (the claim under the
 * ticket's own key); a transfer order's is owed and recorded by the organisers later, so nothing
 * is asked of a provider; a ticket of nothing (free) is cancelled without a refund.
 */
export async function cancelTicketPaid(
  office: DurableObjectStub<BoxOffice>,
  provider: () => PaymentProvider,
  order: Order,
  ticketId: string,
  at: number,
  who: Canceller,
): Promise<PartCancelResult> {
  const allowed = await office.ticketCancellable(order.id, ticketId, at, who);
  if (allowed.kind === 'allowed' && (allowed.provider === 'transfer' || allowed.gross === 0)) {
    return office.cancelTicket(order.id, ticketId, at, who, { kind: 'owed' });
  }
  return refundOnce({
    claim: async (waitingFor) => office.claimTicketRefund(order.id, ticketId, at, who, waitingFor),
    refund: (turn) => provider().refund(order, { amount: turn.amount ?? 0, key: `ticket_${ticketId}` }),
    failed: (attempt) => office.ticketRefundFailed(ticketId, attempt),
    record: async (reference) => {
      const result = await office.cancelTicket(order.id, ticketId, at, who, { kind: 'refunded', reference });
      if (result.kind === 'cancelled') {
        console.log(
          JSON.stringify({ event: 'ticket_cancelled', orderId: order.id, ticketId, by: who.by, refund: reference }),
        );
      }
      return result;
    },
    failure: 'the refund asked for by another cancel failed',
  });
}

/** A ticket's cancellation the rules refuse: 404, or 409 with the order's state or the deadline. */
export function partCancelRefusal(result: Extract<PartCancelResult, { kind: 'refused' }>): ApiError {
  if (result.error === 'not_found') return new ApiError(404, 'not_found');
  if (result.error === 'cancellation_closed') {
    return new ApiError(409, 'cancellation_closed', { until: new Date(cancellationClosesAt()).toISOString() });
  }
  if (result.error === 'checked_in') return new ApiError(409, 'checked_in');
  return new ApiError(409, result.error, { status: result.order?.status });
}
