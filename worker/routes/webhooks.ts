import { Hono } from 'hono';
import type { Settlement } from '../../site/orders';
import { boxOffice } from '../box-office/box-office';
import type { AppEnv } from '../env';
import { ApiError } from '../errors';
import { limitBody } from '../middleware/validation';
import { providerOf } from '../payments/payment';
import { ProviderError } from '../payments/providers';
import { type PaymentOutcome, recordCardEvidence, takePayment } from '../payments/settlement';
import { verifyStripeSignature } from '../payments/stripe-signature';

type StripeEvent = {
  id?: string;
  type?: string;
  data?: { object?: { id?: string; client_reference_id?: string | null; payment_status?: string } };
};

/**
 * What a Stripe event asks of an order. BLIK and Przelewy24 may settle later: Checkout then reports
 * `completed` with `payment_status: 'unpaid'` first, which only keeps the order's place while the
 * payment is processed, and `async_payment_succeeded` or `_failed` settles it.
 */
function settlementFor(event: StripeEvent): Settlement | null {
  switch (event.type) {
    case 'checkout.session.completed':
      return event.data?.object?.payment_status === 'paid' ? 'paid' : 'processing';
    case 'checkout.session.async_payment_succeeded':
      return 'paid';
    case 'checkout.session.async_payment_failed':
      return 'cancelled';
    case 'checkout.session.expired':
      return 'expired';
    default:
      return null;
  }
}

/**
 * `POST /api/webhooks/stripe`: the only way a Stripe order becomes paid. The signature is checked
 * over the raw body; the box office applies the change only to the order of that session, and a
 * repeated event changes nothing (a paid order stays paid). A payment that arrives after the
 * order's place is gone is refunded at once (orders/settlement.ts).
 */
export const webhooks = new Hono<AppEnv>().post('/stripe', limitBody(256 * 1024), async (c) => {
  const payload = await c.req.text();
  const secret = c.env.STRIPE_WEBHOOK_SECRET ?? '';
  if (!(await verifyStripeSignature(payload, c.req.header('Stripe-Signature'), secret))) {
    console.warn(JSON.stringify({ event: 'webhook_rejected', reason: 'signature' }));
    throw new ApiError(400, 'invalid_signature');
  }
  let event: StripeEvent;
  try {
    event = JSON.parse(payload);
  } catch {
    throw new ApiError(400, 'invalid_json');
  }
  const change = settlementFor(event);
  const session = event.data?.object;
  const orderId = session?.client_reference_id;
  if (!change || !orderId || !session?.id) return c.json({ received: true, ignored: true });

  const office = boxOffice(c.env.BOX_OFFICE);
  const source = { reference: session.id, by: `stripe:${event.type}` };
  if (change === 'paid') {
    let outcome: PaymentOutcome;
    try {
      // Stripe's key is needed only when a refund is due.
      const stripe = { name: 'stripe' as const, refunder: () => providerOf(c.env, { provider: 'stripe' }) };
      outcome = await takePayment(office, stripe, orderId, Date.now(), source);
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      // Not acknowledged: Stripe sends the event again, and the refund is tried again then.
      console.error(JSON.stringify({ event: 'late_refund_failed', orderId, message: error.message }));
      throw new ApiError(502, 'refund_failed');
    }
    if (outcome.kind === 'ignored') return c.json({ received: true, ignored: true });
    if (outcome.kind === 'unchanged') return c.json({ received: true, unchanged: true });
    if (outcome.kind === 'refunded') return c.json({ received: true, refunded: true });
    console.log(JSON.stringify({ event: 'order_paid', orderId, provider: 'stripe', stripeEvent: event.id }));
    // The card's country of an OSS sale, the evidence Stripe has only now (needs the API key).
    if (c.env.STRIPE_SECRET_KEY) {
      const stripeApi = providerOf(c.env, { provider: 'stripe' });
      await recordCardEvidence(
        office,
        outcome.order,
        async (order) => (await stripeApi.cardCountry?.(order)) ?? null,
        Date.now(),
      );
    }
    return c.json({ received: true });
  }
  const result = await office.settle(orderId, change, Date.now(), { provider: 'stripe', ...source });
  // A session that is not this order's (a forged reference) or an unknown order: no change.
  if (!result) return c.json({ received: true, ignored: true });
  if (!result.changed) return c.json({ received: true, unchanged: true });
  console.log(JSON.stringify({ event: `order_${change}`, orderId, provider: 'stripe', stripeEvent: event.id }));
  return c.json({ received: true });
});
