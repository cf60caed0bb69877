import { describe, expect, it, vi } from 'vitest';
import type { Order } from '../../site/orders';
import { CONSENT_VERSIONS } from '../../site/purchase-rules';
import { REFUND_LEASE_MS } from '../../worker/box-office/refunds';
import { sha256Hex } from '../../worker/crypto';
import type { Bindings } from '../../worker/env';
import { freshBoxOfficeEachTest, office, setClock } from './box-office';
import { callWorker } from './platform';

// Refunds once (issue 43, item 9): simultaneous cancels of one paid order make one refund call,
// and all of them answer the same; Stripe's 409 to an overlapping call is asked again, never
// shown to the buyer.

const ORIGIN = 'https://kongres.test';
const STRIPE = { PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_123' } as Partial<Bindings>;
const SECRET = 'refund-secret';

let serial = 0;
/** A paid Stripe order of two on-site tickets, paid through checkout session `cs_<id>`. */
async function paidStripeOrder(): Promise<Order> {
  serial++;
  const id = `01KR${String(serial).padStart(22, '0')}`;
  const made = await office().purchase({
    consent: { ...CONSENT_VERSIONS },
    id,
    items: [
      { product: 'onsite-pro', name: 'Anna' },
      { product: 'onsite-pro', name: 'Jan' },
    ],
    email: `refund${serial}@example.com`,
    lang: 'pl',
    provider: 'stripe',
    tokenHash: await sha256Hex(SECRET),
    fingerprint: 'f',
    now: Date.now(),
  });
  if (made.kind === 'refused') throw new Error(made.error);
  await office().startPayment(id, `cs_${id}`, 'https://checkout.stripe.com/c/pay/x', Date.now());
  await office().settle(id, 'paid', Date.now(), { provider: 'stripe', by: 'test' });
  return (await office().order(id)) as Order;
}

const cancel = (order: Order) =>
  callWorker(new Request(`${ORIGIN}/api/orders/${order.id}/cancel?token=${SECRET}`, { method: 'POST' }), STRIPE);

/**
 * Stripe's API, faked at the HTTP level as Stripe behaves: a refund takes a while; another call
 * with the same idempotency key while one is running gets 409; a key used before gets the first
 * call's answer again. `refunds` counts the refund calls that Stripe executed (not the 409s).
 */
function fakeStripe(options: { conflictsFirst?: number; failRefunds?: boolean } = {}) {
  const calls: { url: string; key: string | null; status: number }[] = [];
  const running = new Set<string>();
  const done = new Map<string, { status: number; body: unknown }>();
  let conflicts = options.conflictsFirst ?? 0;
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init = {}) => {
    const url = String(input);
    const key = new Headers(init.headers).get('Idempotency-Key');
    const answer = (status: number, body: unknown) => {
      calls.push({ url, key, status });
      return Response.json(body, { status });
    };
    if (!url.endsWith('/v1/refunds')) return answer(200, { id: 'cs_x', payment_intent: 'pi_1' });
    if (conflicts > 0 || (key && running.has(key))) {
      conflicts = Math.max(0, conflicts - 1);
      return answer(409, { error: { type: 'idempotency_error', code: 'idempotency_key_in_use' } });
    }
    const known = key ? done.get(key) : undefined;
    if (known) return answer(known.status, known.body);
    if (key) running.add(key);
    await new Promise((resolve) => setTimeout(resolve, 30));
    if (key) running.delete(key);
    const result = options.failRefunds
      ? { status: 402, body: { error: { type: 'card_error' } } }
      : { status: 200, body: { id: `re_${serial}`, status: 'succeeded' } };
    if (key && !options.failRefunds) done.set(key, result);
    return answer(result.status, result.body);
  });
  return {
    refunds: () => calls.filter((c) => c.url.endsWith('/v1/refunds') && c.status !== 409).length,
    conflicts: () => calls.filter((c) => c.status === 409).length,
  };
}

freshBoxOfficeEachTest({ kv: false, silence: ['log', 'error'] });

describe('ten simultaneous cancels of one paid order', () => {
  it('make exactly one refund call, and all ten answer 200 with the refunded order', async () => {
    const order = await paidStripeOrder();
    const stripe = fakeStripe();
    const answers = await Promise.all(Array.from({ length: 10 }, () => cancel(order)));
    expect(answers.map((r) => r.status)).toEqual(Array(10).fill(200));
    for (const answer of answers) {
      expect(await answer.json()).toMatchObject({ id: order.id, status: 'refunded', cancelledAt: expect.any(String) });
    }
    expect(stripe.refunds()).toBe(1);
    expect(stripe.conflicts()).toBe(0);
    expect((await office().emails(order.id)).filter((e) => e.kind === 'cancellation')).toHaveLength(1);
    expect((await office().history(order.id)).filter((e) => e.event === 'refunded')).toHaveLength(1);
    // Asked once more later: the same answer, still one refund.
    expect((await cancel(order)).status).toBe(200);
    expect(stripe.refunds()).toBe(1);
  });

  it('answer 502 together when the one refund call fails, mark nothing, and a later cancel asks again', async () => {
    const order = await paidStripeOrder();
    const failing = fakeStripe({ failRefunds: true });
    const answers = await Promise.all(Array.from({ length: 10 }, () => cancel(order)));
    expect(answers.map((r) => r.status)).toEqual(Array(10).fill(502));
    expect(await answers[3]?.json()).toEqual({ error: 'refund_failed' });
    expect(failing.refunds()).toBe(1);
    expect(((await office().order(order.id)) as Order).status).toBe('paid');
    vi.restoreAllMocks();
    const working = fakeStripe();
    expect((await cancel(order)).status).toBe(200);
    expect(working.refunds()).toBe(1);
  });
});

describe("Stripe's 409 to an overlapping call", () => {
  it('is asked again after a pause, and the buyer sees the refund succeed', async () => {
    const order = await paidStripeOrder();
    const stripe = fakeStripe({ conflictsFirst: 2 });
    const answer = await cancel(order);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ status: 'refunded' });
    expect(stripe.conflicts()).toBe(2);
    expect(stripe.refunds()).toBe(1);
  });
});

describe('a cancel whose caller died holding the refund', () => {
  it('is taken over by the next cancel once the lease runs out, with the same idempotency key', async () => {
    const order = await paidStripeOrder();
    // A caller took the turn and was never heard of again.
    expect(await office().claimRefund(order.id, Date.now())).toMatchObject({ kind: 'claimed', attempt: 1 });
    setClock(new Date(Date.now() + REFUND_LEASE_MS + 1).toISOString());
    const stripe = fakeStripe();
    const answer = await cancel(order);
    expect(answer.status).toBe(200);
    expect(stripe.refunds()).toBe(1);
  });
});
