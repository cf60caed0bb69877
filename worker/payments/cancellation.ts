import type { CancelResult, Order, PartCancelResult } from '../../site/orders';
import { cancellationClosesAt } from '../../site/terms';
import type { BoxOffice } from '../box-office/box-office';
import type { Canceller } from '../box-office/part-cancel';
import { ApiError } from '../errors';
import { type PaymentProvider, ProviderError } from './providers';

/** Pauses between two looks at a refund another cancel is asking for: quick first, then each second. */
const LOOK_AGAIN_MS = [50, 100, 200, 400, 800];
const LOOK_EVERY_MS = 1000;

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
  let waitingFor: number | undefined;
  for (let look = 0; ; look++) {
    const turn = await office.claimRefund(order.id, at, waitingFor);
    if (turn.kind === 'cancelled' || turn.kind === 'refused') return turn;
    if (turn.kind === 'failed') throw new ProviderError('the refund asked for by another cancel failed');
    if (turn.kind === 'waiting') {
      waitingFor = turn.attempt;
      await new Promise((resolve) => setTimeout(resolve, LOOK_AGAIN_MS[look] ?? LOOK_EVERY_MS));
      continue;
    }
    let refund: { reference: string };
    try {
      refund = await provider.refund(order);
    } catch (error) {
      await office.refundFailed(order.id, turn.attempt);
      throw error;
    }
    const result = await office.cancelPaid(order.id, refund.reference, at);
    if (result.kind === 'cancelled') {
      console.log(JSON.stringify({ event: 'order_cancelled_by_buyer', orderId: order.id, refund: refund.reference }));
    }
    return result;
  }
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
  let waitingFor: number | undefined;
  for (let look = 0; ; look++) {
    const turn = await office.claimTicketRefund(order.id, ticketId, at, who, waitingFor);
    if (turn.kind === 'cancelled' || turn.kind === 'refused') return turn;
    if (turn.kind === 'failed') throw new ProviderError('the refund asked for by another cancel failed');
    if (turn.kind === 'waiting') {
      waitingFor = turn.attempt;
      await new Promise((resolve) => setTimeout(resolve, LOOK_AGAIN_MS[look] ?? LOOK_EVERY_MS));
      continue;
    }
    let refund: { reference: string };
    try {
      refund = await provider().refund(order, { amount: turn.amount ?? 0, key: `ticket_${ticketId}` });
    } catch (error) {
      await office.ticketRefundFailed(ticketId, turn.attempt);
      throw error;
    }
    const result = await office.cancelTicket(order.id, ticketId, at, who, {
      kind: 'refunded',
      reference: refund.reference,
    });
    if (result.kind === 'cancelled') {
      console.log(
        JSON.stringify({
          event: 'ticket_cancelled',
          orderId: order.id,
          ticketId,
          by: who.by,
          refund: refund.reference,
        }),
      );
    }
    return result;
  }
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
