import type { Order } from '../../site/orders';
import type { Bindings } from '../env';
import { ApiError } from '../errors';
import { demoProvider, freeProvider, type PaymentProvider, stripeProvider, transferProvider } from './providers';

/** Whether this configuration has the demo checkout: only where it names it, never in production. */
export function demoEnabled(env: Bindings): boolean {
  return env.PAYMENT_PROVIDER === 'demo' && env.ENVIRONMENT !== 'production';
}

/**
 * The provider the configuration names. An unset or unknown provider, Stripe without its key, or
 * demo in production is a configuration error: 503 `payment_unavailable`, never a fallback to demo.
 */
export function paymentProvider(env: Bindings): PaymentProvider {
  if (env.PAYMENT_PROVIDER === 'stripe' && env.STRIPE_SECRET_KEY) {
    return stripeProvider({ secretKey: env.STRIPE_SECRET_KEY, apiBase: env.STRIPE_API_BASE || undefined });
  }
  if (demoEnabled(env)) return demoProvider;
  console.error(
    JSON.stringify({
      event: 'payment_config',
      provider: env.PAYMENT_PROVIDER ?? null,
      environment: env.ENVIRONMENT ?? null,
      stripeKey: Boolean(env.STRIPE_SECRET_KEY),
    }),
  );
  throw new ApiError(503, 'payment_unavailable');
}

/** The provider that took an order's money, which is the one to give it back or close its checkout. */
export function providerOf(env: Bindings, order: Pick<Order, 'provider'> & { gross?: number }): PaymentProvider {
  // Nothing was paid (a free ticket, a 100% voucher): nothing to give back, no provider to ask.
  if (order.provider === 'free' || order.gross === 0) return freeProvider;
  if (order.provider === 'demo') return demoProvider;
  if (order.provider === 'transfer') return transferProvider;
  if (!env.STRIPE_SECRET_KEY) throw new ApiError(503, 'payment_unavailable');
  return stripeProvider({ secretKey: env.STRIPE_SECRET_KEY, apiBase: env.STRIPE_API_BASE || undefined });
}
