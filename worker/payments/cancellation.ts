import type { CancelResult, Order } from '../../site/orders';
import type { BoxOffice } from '../box-office/box-office';
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
