import type { VatCheck } from '../../site/invoices';
import type { Order } from '../../site/orders';
import type { BoxOffice } from '../box-office/box-office';
import type { RecheckRefusal } from '../box-office/vat-correction';
import type { Bindings } from '../env';
import { type PaymentProvider, ProviderError } from '../payments/providers';
import { checkVatNumber, viesConfig } from './vies';

/** Pauses between two looks at a VAT refund another re-check is asking for, as a cancel's. */
const LOOK_AGAIN_MS = [50, 100, 200, 400, 800];
const LOOK_EVERY_MS = 1000;

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
  let waitingFor: number | undefined;
  for (let look = 0; ; look++) {
    const turn = await office.claimVatRefund(order.id, waitingFor);
    if (turn.kind === 'refused') return settled(turn);
    if (turn.kind === 'failed') throw new ProviderError('the VAT refund asked for by another re-check failed');
    if (turn.kind === 'waiting') {
      waitingFor = turn.attempt;
      await new Promise((resolve) => setTimeout(resolve, LOOK_AGAIN_MS[look] ?? LOOK_EVERY_MS));
      continue;
    }
    const amount = turn.amount ?? 0;
    const payer = provider();
    let refund: { reference: string };
    try {
      refund = await payer.refund(order, { amount, key: `vat-${order.id}` });
    } catch (error) {
      await office.vatRefundFailed(order.id, turn.attempt);
      throw error;
    }
    // Money that came by transfer goes back by a transfer the organisers make: it is due.
    const result = await office.confirmVat(
      order.id,
      check,
      { reference: refund.reference, due: payer.name === 'transfer' },
      at,
    );
    if (result.kind === 'corrected') {
      console.log(JSON.stringify({ event: 'vat_corrected', orderId: order.id, refund: refund.reference, amount }));
    }
    return settled(result);
  }
}
