import type { LanguageCode } from '../../site/languages';
import type { Order, Provider } from '../../site/orders';
import type { ProductId } from '../../site/tickets';

export type CheckoutRequest = {
  order: Order;
  /** The buyer's secret for their order; the demo checkout needs it in its URL. */
  secret: string;
  /** What the checkout calls a product's tickets, in the buyer's language. */
  productName: (product: ProductId) => string;
  successUrl: string;
  cancelUrl: string;
  origin: string;
  /** When the checkout is asked for (the shop's clock). */
  now: number;
};

/** A checkout the buyer can pay at `url` until `payableUntil` (ms). */
export type Checkout = { url: string; reference: string; store: boolean; payableUntil: number };

/** A payment provider: turns a stored order into a place where the buyer pays. */
export interface PaymentProvider {
  readonly name: Provider;
  /**
   * Where the buyer pays; `store` says whether the URL may be kept (it carries no secret), and
   * `payableUntil` until when a payment can still be made there: the box office holds the place
   * at least that long.
   */
  createCheckout(request: CheckoutRequest): Promise<Checkout>;
  /**
   * Closes an order's checkout so that it can no longer be paid (the order was cancelled). Throws
   * `ProviderError` when the provider refuses (it was paid meanwhile: that payment is then refunded
   * by the late-payment rule) or cannot be reached.
   */
  expireCheckout(order: Order): Promise<void>;
  /**
   * Gives a paid order's money back, all of it or only `part` (its `amount` in grosze, asked once
   * under its own idempotency `key`: a VAT difference); resolves with the provider's refund
   * reference. Throws `ProviderError` when the provider refuses or cannot be reached (nothing is
   * marked then).
   */
  refund(order: Order, part?: PartialRefund): Promise<{ reference: string }>;
  /**
   * The country of the card that paid a settled order (ISO 3166-1 alpha-2), or null when it was
   * paid otherwise (BLIK, Przelewy24) or the provider does not say; evidence of a consumer's
   * country for OSS (site/tax-evidence.ts). Absent for a provider that never knows. Throws
   * `ProviderError` when the provider cannot be reached.
   */
  cardCountry?(order: Order): Promise<string | null>;
}

/** A refund of part of a payment: how much (grosze) and the key that makes it once. */
export type PartialRefund = { amount: number; key: string };

/** Raised when a provider cannot take the order; the message is for logs, never for clients. */
export class ProviderError extends Error {}

/** The demo checkout's URL for an order: a page of this worker, opened by the order's secret. */
export const demoCheckoutUrl = (origin: string, order: Pick<Order, 'id'>, secret: string) =>
  `${origin}/checkout/demo/${order.id}?token=${encodeURIComponent(secret)}`;

/** The demo checkout's reference of an order: it needs no call, so the box office records it at once. */
export const demoReference = (orderId: string) => `demo_${orderId}`;

/** The demo provider: a checkout page served by this worker, clearly labelled as a test payment. */
export const demoProvider: PaymentProvider = {
  name: 'demo',
  async createCheckout({ order, secret, origin }) {
    // The URL holds the buyer's secret, so it is made again when needed, never stored. The page
    // refuses to pay an order whose hold ran out, so the hold is all the time there is.
    return {
      url: demoCheckoutUrl(origin, order, secret),
      reference: demoReference(order.id),
      store: false,
      payableUntil: Date.parse(order.holdUntil),
    };
  },
  // The demo page only pays a pending order: a cancelled one has nothing to close.
  async expireCheckout() {},
  // No money moved, so there is none to give back: the refund is only the organiser's mark (a
  // part's amount is recorded by the box office with this reference).
  async refund(order, part) {
    return { reference: part ? `demo_refund_${part.key}_${part.amount}` : `demo_refund_${order.id}` };
  },
};

/**
 * A bank transfer: nothing to start (the buyer pays to the organisers' account, ORGANISER.bank in
 * site/event.ts, with the order code as the title; the organisers record it) and nothing to close.
 * Money paid back is a transfer the organisers make themselves: the refund here is their mark of it.
 */
export const transferProvider: PaymentProvider = {
  name: 'transfer',
  async createCheckout() {
    throw new ProviderError('a transfer order has no checkout');
  },
  async expireCheckout() {},
  async refund(order, part) {
    return { reference: part ? `transfer_refund_${part.key}_${part.amount}` : `transfer_refund_${order.id}` };
  },
};

/**
 * A free order's (a free ticket's, a 100% voucher's): nothing was paid, so there is no checkout to
 * close and nothing to give back; its cancellation is recorded with a reference of its own.
 */
export const freeProvider: PaymentProvider = {
  name: 'free',
  async createCheckout() {
    throw new ProviderError('a free order has no checkout');
  },
  async expireCheckout() {},
  async refund(order) {
    return { reference: `free_${order.id}` };
  },
};

/** An order's tickets as lines of a bill: per product, in the cart's order, with quantity and unit price. */
export function lineItems(
  order: Pick<Order, 'tickets'>,
): { product: ProductId; quantity: number; unitGross: number }[] {
  const lines = new Map<ProductId, { product: ProductId; quantity: number; unitGross: number }>();
  for (const ticket of order.tickets) {
    const line = lines.get(ticket.product);
    if (line) line.quantity += 1;
    else lines.set(ticket.product, { product: ticket.product, quantity: 1, unitGross: ticket.gross });
  }
  return [...lines.values()];
}

const STRIPE_LOCALES: Record<LanguageCode, string> = { pl: 'pl', 'en-GB': 'en-GB', 'en-US': 'en', de: 'de', es: 'es' };

/**
 * The card's country of an expanded PaymentIntent (`latest_charge` expanded): its Charge's
 * `payment_method_details.card.country`; null for a payment by another method or an unexpanded one.
 */
export function chargeCardCountry(intent: unknown): string | null {
  const charge = (intent as { latest_charge?: unknown } | null)?.latest_charge;
  const details = (charge as { payment_method_details?: unknown } | null)?.payment_method_details as
    | { type?: unknown; card?: { country?: unknown } | null }
    | null
    | undefined;
  const country = details?.type === 'card' ? details.card?.country : null;
  return typeof country === 'string' && /^[A-Z]{2}$/.test(country) ? country : null;
}

/** How long to wait for Stripe before the purchase answers 503. */
export const PROVIDER_TIMEOUT_MS = 10_000;

/**
 * A Checkout Session's life: Stripe refuses an `expires_at` less than 30 minutes after it creates the
 * session, so the request asks for 30 minutes plus a margin for the time the request takes and
 * for clocks that differ; the box office holds the place until then (`payableUntil`).
 */
export const STRIPE_SESSION_MINUTES = 30;
export const STRIPE_SESSION_MARGIN_SECONDS = 120;

/**
 * The pauses before asking Stripe again after a 409 (an overlapping request with the same
 * idempotency key still running), doubling: about 8 s in all, less than the box office's refund
 * lease (worker/box-office/refunds.ts), so a refund's caller has given up before another may try.
 */
export const STRIPE_CONFLICT_RETRIES_MS = [250, 500, 1000, 2000, 4000];

/**
 * Stripe Checkout through its REST API: PLN, gross amount, card, BLIK and Przelewy24, the order
 * id as client reference, an idempotency key per order, and the session expiring when the order's
 * hold on its place does. `fetcher` and `apiBase` exist for tests.
 */
export function stripeProvider(options: {
  secretKey: string;
  fetcher?: typeof fetch;
  apiBase?: string;
}): PaymentProvider {
  const { secretKey, fetcher = fetch, apiBase = 'https://api.stripe.com' } = options;
  /**
   * One call to Stripe's API; any failure is a ProviderError. A 409 is Stripe saying that another
   * request with the same idempotency key is still being executed (nothing was saved for this one):
   * it is asked again after a pause, STRIPE_CONFLICT_RETRIES_MS, and then answers as the first did.
   */
  const call = async (
    path: string,
    init: { method?: string; headers?: Record<string, string>; body?: string } = {},
  ) => {
    for (let attempt = 0; ; attempt++) {
      let response: Response;
      try {
        response = await fetcher(`${apiBase}${path}`, {
          ...init,
          headers: { Authorization: `Bearer ${secretKey}`, ...init.headers },
          signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
        });
      } catch (error) {
        throw new ProviderError(`stripe unreachable: ${String(error)}`);
      }
      const pause = STRIPE_CONFLICT_RETRIES_MS[attempt];
      if (response.status === 409 && pause !== undefined) {
        await response.body?.cancel();
        await new Promise((resolve) => setTimeout(resolve, pause));
        continue;
      }
      if (!response.ok) throw new ProviderError(`stripe answered ${response.status} to ${path}`);
      return (await response.json().catch(() => null)) as Record<string, unknown> | null;
    }
  };
  return {
    name: 'stripe',
    async createCheckout({ order, productName, successUrl, cancelUrl, now }) {
      const expiresAt = Math.ceil(now / 1000) + STRIPE_SESSION_MINUTES * 60 + STRIPE_SESSION_MARGIN_SECONDS;
      const form = new URLSearchParams({
        mode: 'payment',
        success_url: successUrl,
        cancel_url: cancelUrl,
        customer_email: order.email,
        client_reference_id: order.id,
        expires_at: String(expiresAt),
        'metadata[order_id]': order.id,
        'metadata[order_code]': order.code,
        locale: STRIPE_LOCALES[order.lang],
        'payment_method_types[0]': 'card',
        'payment_method_types[1]': 'blik',
        'payment_method_types[2]': 'p24',
      });
      // One line per product, with its quantity: the tickets of a product cost the same in one order.
      for (const [index, line] of lineItems(order).entries()) {
        form.set(`line_items[${index}][quantity]`, String(line.quantity));
        form.set(`line_items[${index}][price_data][currency]`, order.currency.toLowerCase());
        form.set(`line_items[${index}][price_data][unit_amount]`, String(line.unitGross));
        form.set(`line_items[${index}][price_data][product_data][name]`, productName(line.product));
      }
      let response: Response;
      try {
        response = await fetcher(`${apiBase}/v1/checkout/sessions`, {
          method: 'POST',
          headers: {
            Authorization: `Bearer ${secretKey}`,
            'Content-Type': 'application/x-www-form-urlencoded',
            'Idempotency-Key': `checkout-${order.id}`,
          },
          body: form.toString(),
          signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
        });
      } catch (error) {
        throw new ProviderError(`stripe unreachable: ${String(error)}`);
      }
      if (!response.ok) throw new ProviderError(`stripe answered ${response.status}`);
      const session = (await response.json().catch(() => null)) as { id?: unknown; url?: unknown } | null;
      if (typeof session?.id !== 'string' || typeof session.url !== 'string') {
        throw new ProviderError('stripe answered without a session url');
      }
      return { url: session.url, reference: session.id, store: true, payableUntil: expiresAt * 1000 };
    },
    async expireCheckout(order) {
      if (!order.providerRef) return;
      await call(`/v1/checkout/sessions/${encodeURIComponent(order.providerRef)}/expire`, { method: 'POST' });
    },
    async cardCountry(order) {
      if (!order.providerRef) return null;
      // The webhook's Checkout Session names its PaymentIntent only by id: one read of the session
      // expands it and its latest Charge, whose `payment_method_details.card.country` is the card's.
      const session = await call(
        `/v1/checkout/sessions/${encodeURIComponent(order.providerRef)}?expand[]=payment_intent.latest_charge`,
      );
      return chargeCardCountry(session?.payment_intent);
    },
    async refund(order, part) {
      if (!order.providerRef) throw new ProviderError('order has no checkout session');
      if (part && (!Number.isSafeInteger(part.amount) || part.amount <= 0)) {
        throw new ProviderError(`a refund of ${part.amount} grosze`);
      }
      // A refund names the payment, which only the Checkout Session knows.
      const session = await call(`/v1/checkout/sessions/${encodeURIComponent(order.providerRef)}`);
      const intent = session?.payment_intent;
      const paymentIntent = typeof intent === 'string' ? intent : (intent as { id?: unknown } | null)?.id;
      if (typeof paymentIntent !== 'string') throw new ProviderError('stripe session has no payment intent');
      const refund = await call('/v1/refunds', {
        method: 'POST',
        // One refund per order, however often the organiser presses the button; a part (the VAT
        // difference) is its own refund, under its own key, of its `amount` in grosze.
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded',
          'Idempotency-Key': part ? `refund-${part.key}` : `refund-${order.id}`,
        },
        body: new URLSearchParams({
          payment_intent: paymentIntent,
          ...(part ? { amount: String(part.amount), 'metadata[reason]': part.key } : {}),
          'metadata[order_id]': order.id,
          'metadata[order_code]': order.code,
        }).toString(),
      });
      if (typeof refund?.id !== 'string') throw new ProviderError('stripe answered without a refund id');
      return { reference: refund.id };
    },
  };
}
