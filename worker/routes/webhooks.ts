import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppEnv } from '../index';
import { getOrder, type OrderStatus, putOrder } from '../orders/store';
import { verifyStripeSignature } from '../orders/stripe-signature';

type StripeEvent = {
  id?: string;
  type?: string;
  data?: { object?: { id?: string; client_reference_id?: string | null; payment_status?: string } };
};

/** Which order status a Stripe event moves a pending order to. */
function statusFor(event: StripeEvent): OrderStatus | null {
  const session = event.data?.object;
  switch (event.type) {
    case 'checkout.session.completed':
      return session?.payment_status === 'paid' ? 'paid' : null;
    case 'checkout.session.async_payment_succeeded':
      return 'paid';
    case 'checkout.session.expired':
      return 'expired';
    case 'checkout.session.async_payment_failed':
      return 'cancelled';
    default:
      return null;
  }
}

/**
 * `POST /api/webhooks/stripe`: the only way a Stripe order becomes paid. The signature is checked
 * over the raw body; a repeated or late event changes nothing (a paid order stays paid).
 */
export const webhooks = new Hono<AppEnv>().post(
  '/stripe',
  bodyLimit({ maxSize: 256 * 1024, onError: (c) => c.json({ error: 'body_too_large' }, 413) }),
  async (c) => {
    const payload = await c.req.text();
    const secret = c.env.STRIPE_WEBHOOK_SECRET ?? '';
    if (!(await verifyStripeSignature(payload, c.req.header('Stripe-Signature'), secret))) {
      console.warn(JSON.stringify({ event: 'webhook_rejected', reason: 'signature' }));
      return c.json({ error: 'invalid_signature' }, 400);
    }
    let event: StripeEvent;
    try {
      event = JSON.parse(payload);
    } catch {
      return c.json({ error: 'invalid_json' }, 400);
    }
    const next = statusFor(event);
    const session = event.data?.object;
    const orderId = session?.client_reference_id;
    if (!next || !orderId) return c.json({ received: true, ignored: true });

    const order = await getOrder(c.env.ORDERS, orderId);
    // A session that is not this order's (a forged reference) or an order already settled: no change.
    if (order?.provider !== 'stripe' || (order.providerRef && order.providerRef !== session?.id)) {
      return c.json({ received: true, ignored: true });
    }
    if (order.status !== 'pending' && !(order.status === 'expired' && next === 'paid')) {
      return c.json({ received: true, unchanged: true });
    }
    const now = new Date().toISOString();
    await putOrder(c.env.ORDERS, {
      ...order,
      status: next,
      updatedAt: now,
      ...(next === 'paid' ? { paidAt: now } : {}),
    });
    console.log(
      JSON.stringify({ event: `order_${next}`, orderId: order.id, provider: 'stripe', stripeEvent: event.id }),
    );
    return c.json({ received: true });
  },
);
