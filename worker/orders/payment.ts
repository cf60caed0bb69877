import type { AppEnv } from '../index';
import { demoProvider, type PaymentProvider, stripeProvider } from './providers';

type Bindings = AppEnv['Bindings'];

/** Raised when the configuration does not allow taking payments (demo in production, no key). */
export class PaymentConfigError extends Error {}

/** The provider the configuration selects; the demo provider is refused in production. */
export function paymentProvider(env: Bindings): PaymentProvider {
  if (env.PAYMENT_PROVIDER === 'stripe') {
    if (!env.STRIPE_SECRET_KEY)
      throw new PaymentConfigError('PAYMENT_PROVIDER is stripe but STRIPE_SECRET_KEY is unset');
    return stripeProvider({ secretKey: env.STRIPE_SECRET_KEY, apiBase: env.STRIPE_API_BASE || undefined });
  }
  if (env.PAYMENT_PROVIDER === 'demo' || !env.PAYMENT_PROVIDER) {
    if (env.ENVIRONMENT === 'production') throw new PaymentConfigError('the demo provider is refused in production');
    return demoProvider;
  }
  throw new PaymentConfigError(`unknown PAYMENT_PROVIDER ${env.PAYMENT_PROVIDER}`);
}
