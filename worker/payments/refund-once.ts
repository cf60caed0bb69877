import { ApiError } from '../errors';
import { ProviderError } from './providers';

/** Pauses between two looks at a refund another caller is asking for: quick first, then each second. */
const LOOK_AGAIN_MS = [50, 100, 200, 400, 800];
const LOOK_EVERY_MS = 1000;

/** The box office's answer about the turn to ask (worker/box-office/refunds.ts `RefundTurn`). */
type Turn = { kind: 'claimed' | 'waiting'; attempt: number } | { kind: 'failed' };

/**
 * One refund asked of a provider however many callers ask together (a buyer's cancel, a ticket's,
 * a VAT re-check's): the box office gives the turn to one caller (`claim`, worker/box-office/refunds.ts),
 * which asks the provider (`refund`) and records it (`record`), or reports the failure (`failed`)
 * and throws it; the others look again until it is recorded and answer what `claim` then says
 * (done, refused), or, when that attempt failed, the same failure (ProviderError, `failure` its
 * message). A caller that died with the turn loses it when its lease runs out: the next one asks.
 */
export async function refundOnce<T extends { kind: string }, R>(steps: {
  claim: (waitingFor: number | undefined) => Promise<T>;
  refund: (turn: T & { kind: 'claimed'; attempt: number }) => Promise<{ reference: string }>;
  failed: (attempt: number) => Promise<unknown>;
  record: (reference: string, turn: T & { kind: 'claimed'; attempt: number }) => Promise<R>;
  failure: string;
}): Promise<R | Exclude<T, Turn>> {
  let waitingFor: number | undefined;
  for (let look = 0; ; look++) {
    const turn = await steps.claim(waitingFor);
    if (turn.kind === 'failed') throw new ProviderError(steps.failure);
    if (turn.kind === 'waiting') {
      waitingFor = (turn as T & { attempt: number }).attempt;
      await new Promise((resolve) => setTimeout(resolve, LOOK_AGAIN_MS[look] ?? LOOK_EVERY_MS));
      continue;
    }
    if (turn.kind !== 'claimed') return turn as Exclude<T, Turn>;
    const claimed = turn as T & { kind: 'claimed'; attempt: number };
    let refund: { reference: string };
    try {
      refund = await steps.refund(claimed);
    } catch (error) {
      await steps.failed(claimed.attempt);
      throw error;
    }
    return steps.record(refund.reference, claimed);
  }
}

/**
 * Runs a call that asks a provider for money back: the provider's failure (ProviderError) is logged
 * as `event` with the order and answered 502 `refund_failed`; any other error goes on as it is.
 */
export async function refundOr502<T>(orderId: string, run: () => Promise<T>, event = 'refund_failed'): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    console.error(JSON.stringify({ event, orderId, message: error.message }));
    throw new ApiError(502, 'refund_failed');
  }
}
