import type { VatCheck } from '../../site/invoices';
import type { Order } from '../../site/orders';
import type { BoxOffice } from '../box-office/box-office';
import type { RecheckRefusal } from '../box-office/vat-correction';
import type { Bindings } from '../env';
import type { PaymentProvider } from '../payments/providers';
import { refundOnce } from '../payments/refund-once';
import { checkVatNumber, viesConfig } from './vies';

/** What a buyer's re-check came to (the route answers each: 200, 409, 422, 503). */
export type RecheckOutcome =
  | { kind: 'corrected' }
  | RecheckRefusal
  | { kind: 'not_registered'; check: VatCheck }
  | { kind: 'unavailable'; check: VatCheck };

/**
 * A buyer asks VIES again about the VAT number of an order charged 23% while VIES was down
 * (worker/box-office/vat-correction.ts has the rules). The box office says whether the order may
 * ask; VIES is asked; a number it does not know is kept as evidence; a number it confirms
 * corrects the order: a pending one is re-priced, a paid one has its VAT difference refunded once
 * through its provider (the turn given to one caller as for a cancel's refund, the others answer
 * the same) before the box office corrects it. A re-check that passed the rules at its start and
 * finds the order corrected by another one meanwhile answers `corrected` too.
 */
export async function recheckVat(
  env: Bindings,
  office: DurableObjectStub<BoxOffice>,
  provider: () => PaymentProvider,
  order: Order,
  at: number,
): Promise<RecheckOutcome> {
  const state = await office.vatRecheck(order.id);
  if (state.kind === 'refused') return state;
  const check = await checkVatNumber(viesConfig(env), state.number, at);
  if (check.status === 'unavailable') return { kind: 'unavailable', check };
  if (check.status === 'invalid') {
    await office.vatNotRegistered(order.id, check, at);
    return { kind: 'not_registered', check };
  }
  const settled = (result: { kind: 'corrected' | 'paid_meanwhile' } | RecheckRefusal): RecheckOutcome =>
    result.kind === 'refused' && result.error !== 'already_corrected'
      ? { kind: 'refused', error: result.error, status: result.status, vatCheck: result.vatCheck }
      : { kind: 'corrected' };
  if (!state.paid) {
    const result = await office.confirmVat(order.id, check, null, at);
    if (result.kind !== 'paid_meanwhile') return settled(result);
  }
  // The provider is made only by the caller with the turn (a card one may be unavailable: 503).
  let payer: PaymentProvider | undefined;
  const outcome = await refundOnce({
    claim: async (waitingFor) => office.claimVatRefund(order.id, waitingFor),
    refund: (turn) => {
      payer = provider();
      return payer.refund(order, { amount: turn.amount ?? 0, key: `vat-${order.id}` });
    },
    failed: (attempt) => office.vatRefundFailed(order.id, attempt),
    record: async (reference, turn) => {
      // Money that came by transfer goes back by a transfer the organisers make: it is due.
      const due = payer?.name === 'transfer';
      const result = await office.confirmVat(order.id, check, { reference, due }, at);
      if (result.kind === 'corrected') {
        const amount = turn.amount ?? 0;
        console.log(JSON.stringify({ event: 'vat_corrected', orderId: order.id, refund: reference, amount }));
      }
      return result;
    },
    failure: 'the VAT refund asked for by another re-check failed',
  });
  return settled(outcome);
}
