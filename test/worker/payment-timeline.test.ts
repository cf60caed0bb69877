import { createExecutionContext, env, runInDurableObject, SELF, waitOnExecutionContext } from 'cloudflare:test';
import { describe, expect, it, vi } from 'vitest';
import type { Order } from '../../site/orders';
import { HOLD_MINUTES, type ProductId, product } from '../../site/tickets';
import { QUEUE_LEASE_MS } from '../../worker/box-office/outbox';
import { sha256Hex } from '../../worker/crypto';
import worker from '../../worker/index';
import { signStripePayload } from '../../worker/payments/stripe-signature';
import { consentJson } from '../support/consent';
import { freshBoxOfficeEachTest, office, placeOrder, placePendingOrder, runAlarm, setClock } from './box-office';
import { clientIps } from './client-ip';
import { ORIGIN } from './platform';

// The payment timeline (README, "Payments"): a hold, a Stripe session that expires within it, a late
// payment that takes a free place or is refunded, and the e-mails that always go out.

const STRIPE = { PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_123' } as Partial<typeof env>;
const nextIp = clientIps(71);
/** One on-site VIP ticket bought in the demo checkout from a fresh address, as a buyer's browser sends it. */
const buyVip = (email: string) =>
  SELF.fetch(`${ORIGIN}/api/purchase/onsite-vip`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': nextIp() },
    body: consentJson({ email }),
  });
const MINUTE = 60_000;

async function call(request: Request, bindings: Partial<typeof env> = {}) {
  const ctx = createExecutionContext();
  const response = await worker.fetch(request, { ...env, ...bindings }, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

const readOrder = async (id: string) => (await office().order(id)) as Order;

let serial = 0;
/** A pending order as the purchase route makes it, sent to Stripe session `cs_<id>`. */
async function stripeOrder(item: ProductId, at = Date.now()): Promise<Order> {
  serial++;
  const id = `01K${String(serial).padStart(23, '0')}`;
  await placePendingOrder([{ product: item }], {
    id,
    email: `buyer${serial}@example.com`,
    provider: 'stripe',
    tokenHash: await sha256Hex('secret'),
    now: at,
  });
  await office().startPayment(id, `cs_${id}`, 'https://checkout.stripe.com/c/pay/x', at, at + 32 * MINUTE);
  return readOrder(id);
}

/** Takes every place of on-site VIP (50) with pending orders of other buyers. */
async function fillOnsiteVip(at: number) {
  const capacity = product('onsite-vip').capacity ?? 0;
  for (let i = 0; i < capacity; i++) {
    const made = await placeOrder([{ product: 'onsite-vip' }], {
      id: `01M${String(i).padStart(23, '0')}`,
      email: `other${i}@example.com`,
      tokenHash: 'x',
      fingerprint: 'f',
      now: at,
    });
    expect(made.kind).toBe('created');
  }
}

const paidEvent = (order: Order, type = 'checkout.session.completed') =>
  JSON.stringify({
    id: `evt_${order.id}_${type}`,
    type,
    data: { object: { id: order.providerRef, client_reference_id: order.id, payment_status: 'paid' } },
  });

async function webhook(payload: string, bindings: Partial<typeof env> = STRIPE) {
  const signature = await signStripePayload(payload, 'whsec_test_secret', Math.floor(Date.now() / 1000));
  return call(
    new Request(`${ORIGIN}/api/webhooks/stripe`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature },
      body: payload,
    }),
    bindings,
  );
}

/** Stripe's API, faked at the HTTP level: every call is recorded and answered like Stripe does. */
function fakeStripe(reply: (url: string, init: RequestInit) => Response | Promise<Response> = () => stripeOk()) {
  const calls: { method: string; url: string; body: URLSearchParams; headers: Headers }[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init = {}) => {
    const url = String(input);
    calls.push({
      method: init.method ?? 'GET',
      url,
      body: new URLSearchParams(String(init.body ?? '')),
      headers: new Headers(init.headers),
    });
    return reply(url, init);
  });
  return calls;
}

function stripeOk(url = ''): Response {
  if (url.endsWith('/v1/refunds')) return Response.json({ id: 're_1', status: 'succeeded' });
  if (url.endsWith('/expire')) return Response.json({ id: 'cs_x', status: 'expired' });
  if (/\/v1\/checkout\/sessions\/[^/]+$/.test(url)) return Response.json({ id: 'cs_x', payment_intent: 'pi_1' });
  return Response.json({ id: 'cs_new', url: 'https://checkout.stripe.com/c/pay/cs_new' });
}

const mails = (orderId: string) => office().emails(orderId);

freshBoxOfficeEachTest();

describe('the Stripe session and the hold', () => {
  it('asks for a session that expires at least 30 minutes and a margin after the request, within the hold', async () => {
    const calls = fakeStripe((url) => stripeOk(url));
    const requestedAt = Date.now();
    const res = await call(
      new Request(`${ORIGIN}/api/purchase/onsite-vip`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': nextIp() },
        body: consentJson({ email: 'a@example.com' }),
      }),
      STRIPE,
    );
    expect(res.status).toBe(201);
    const { orderId } = (await res.json()) as { orderId: string };
    const expiresAt = Number(calls[0]?.body.get('expires_at')) * 1000;
    // Stripe's minimum is 30 minutes after it creates the session, which is after our request.
    expect(expiresAt - requestedAt).toBeGreaterThanOrEqual(31 * MINUTE);
    const order = await readOrder(orderId);
    expect(Date.parse(order.holdUntil)).toBeGreaterThanOrEqual(expiresAt);
    expect(Date.parse(order.holdUntil)).toBeGreaterThanOrEqual(requestedAt + HOLD_MINUTES * MINUTE);
  });

  it('keeps the place while the session can be paid, past the 30 minutes of the hold', async () => {
    const order = await stripeOrder('onsite-vip');
    setClock(new Date(Date.parse(order.createdAt) + (HOLD_MINUTES + 1) * MINUTE).toISOString());
    await runAlarm();
    expect((await readOrder(order.id)).status).toBe('pending');
    const left = (await office().availability(Date.now())).find((p) => p.id === 'onsite-vip');
    expect(left?.remaining).toBe((product('onsite-vip').capacity ?? 0) - 1);
  });
});

describe('a payment that arrives late', () => {
  it('takes a free place and pays the order', async () => {
    const order = await stripeOrder('onsite-vip');
    setClock(new Date(Date.parse(order.holdUntil) + 5 * MINUTE).toISOString());
    await runAlarm();
    expect((await readOrder(order.id)).status).toBe('expired');
    const calls = fakeStripe();
    const res = await webhook(paidEvent(order));
    expect(res.status).toBe(200);
    const paid = await readOrder(order.id);
    expect(paid.status).toBe('paid');
    expect(calls).toEqual([]);
    expect((await mails(order.id)).map((m) => m.kind)).toEqual(['confirmation']);
  });

  it('is refunded through Stripe when its place was sold again, and never oversells', async () => {
    const order = await stripeOrder('onsite-vip');
    const later = Date.parse(order.holdUntil) + MINUTE;
    setClock(new Date(later).toISOString());
    await runAlarm();
    await fillOnsiteVip(later);
    const calls = fakeStripe((url) => stripeOk(url));
    const res = await webhook(paidEvent(order));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ refunded: true });
    // The refund names the session's payment, once per order whatever Stripe retries.
    expect(calls.map((c) => [c.method, c.url])).toEqual([
      ['GET', `https://api.stripe.com/v1/checkout/sessions/${order.providerRef}`],
      ['POST', 'https://api.stripe.com/v1/refunds'],
    ]);
    expect(calls[1]?.body.get('payment_intent')).toBe('pi_1');
    expect(calls[1]?.headers.get('Idempotency-Key')).toBe(`refund-${order.id}`);
    const refunded = await readOrder(order.id);
    expect(refunded.status).toBe('refunded');
    const vip = (await office().availability(Date.now())).find((p) => p.id === 'onsite-vip');
    expect(vip).toMatchObject({ status: 'sold_out', remaining: 0 });
    const stats = await office().stats(Date.now());
    expect(stats.products.find((p) => p.id === 'onsite-vip')?.sold).toBe(0);
    expect((await mails(order.id)).map((m) => m.kind)).toEqual(['late_refund']);
    const events = (await office().history(order.id)).map((e) => e.event);
    expect(events).toEqual(expect.arrayContaining(['paid_without_place', 'refunded']));

    // Stripe sends the event again: nothing more happens.
    calls.length = 0;
    expect((await webhook(paidEvent(order))).status).toBe(200);
    expect(calls).toEqual([]);
    expect((await mails(order.id)).length).toBe(1);
  });

  it('is refunded when the order was cancelled, and its session was expired at the cancel', async () => {
    const order = await stripeOrder('online-premium');
    const calls = fakeStripe((url) => stripeOk(url));
    const cancel = await call(
      new Request(`${ORIGIN}/api/admin/orders/${order.id}/cancel`, {
        method: 'POST',
        headers: { Authorization: 'Bearer test-admin-token' },
      }),
      STRIPE,
    );
    expect(cancel.status).toBe(200);
    expect(calls.map((c) => [c.method, c.url])).toEqual([
      ['POST', `https://api.stripe.com/v1/checkout/sessions/${order.providerRef}/expire`],
    ]);
    calls.length = 0;
    // The buyer paid in the moment before the session closed.
    const res = await webhook(paidEvent(order));
    expect(res.status).toBe(200);
    expect(calls.map((c) => c.url)).toContain('https://api.stripe.com/v1/refunds');
    expect((await readOrder(order.id)).status).toBe('refunded');
    expect((await mails(order.id)).map((m) => m.kind)).toEqual(['late_refund']);
  });

  it('is reported again (502) when the refund fails, and refunded once when Stripe retries', async () => {
    const order = await stripeOrder('onsite-vip');
    const cancel = await office().settle(order.id, 'cancelled', Date.now(), { by: 'organiser' });
    expect(cancel?.changed).toBe(true);
    fakeStripe(() => new Response('down', { status: 500 }));
    expect((await webhook(paidEvent(order))).status).toBe(502);
    expect((await readOrder(order.id)).status).toBe('cancelled');
    vi.restoreAllMocks();
    const calls = fakeStripe((url) => stripeOk(url));
    expect((await webhook(paidEvent(order))).status).toBe(200);
    expect(calls.filter((c) => c.url.endsWith('/v1/refunds'))).toHaveLength(1);
    expect((await readOrder(order.id)).status).toBe('refunded');
  });

  it('follows the same rules in the demo checkout', async () => {
    const res = await buyVip('late@example.com');
    const { orderId, url } = (await res.json()) as { orderId: string; url: string };
    const token = new URL(url).searchParams.get('token') ?? '';
    const order = await readOrder(orderId);
    const later = Date.parse(order.holdUntil) + MINUTE;
    setClock(new Date(later).toISOString());
    await runAlarm();
    await fillOnsiteVip(later);
    const pay = await SELF.fetch(`${ORIGIN}/checkout/demo/${orderId}/pay`, {
      method: 'POST',
      body: new URLSearchParams({ token }),
      redirect: 'manual',
    });
    expect(pay.status).toBe(303);
    expect((await readOrder(orderId)).status).toBe('refunded');
    const vip = (await office().availability(Date.now())).find((p) => p.id === 'onsite-vip');
    expect(vip?.remaining).toBe(0);
    expect((await mails(orderId)).map((m) => m.kind)).toEqual(['late_refund']);
  });

  it('is not kept in processing once the hold ran out (BLIK, Przelewy24)', async () => {
    const order = await stripeOrder('onsite-vip');
    setClock(new Date(Date.parse(order.holdUntil) + MINUTE).toISOString());
    const processing = JSON.stringify({
      id: 'evt_p',
      type: 'checkout.session.completed',
      data: { object: { id: order.providerRef, client_reference_id: order.id, payment_status: 'unpaid' } },
    });
    expect(await (await webhook(processing)).json()).toMatchObject({ unchanged: true });
    expect(Date.parse((await readOrder(order.id)).holdUntil)).toBe(Date.parse(order.holdUntil));
  });
});

describe('a checkout that cannot be started', () => {
  it('holds nothing, and the same Idempotency-Key then buys', async () => {
    fakeStripe(() => new Response('boom', { status: 500 }));
    const send = () =>
      call(
        new Request(`${ORIGIN}/api/purchase/onsite-vip`, {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            'Idempotency-Key': 'retry-key-0123456789',
            'CF-Connecting-IP': nextIp(),
          },
          body: consentJson({ email: 'a@example.com' }),
        }),
        STRIPE,
      );
    const capacity = product('onsite-vip').capacity ?? 0;
    for (let i = 0; i < 3; i++) expect((await send()).status).toBe(503);
    const vip = (await office().availability(Date.now())).find((p) => p.id === 'onsite-vip');
    expect(vip?.remaining).toBe(capacity);
    vi.restoreAllMocks();
    fakeStripe((url) => stripeOk(url));
    const ok = await send();
    expect(ok.status).toBe(201);
    const again = await send();
    expect(again.status).toBe(200);
    expect((await again.json()) as object).toMatchObject({
      orderId: ((await ok.json()) as { orderId: string }).orderId,
    });
    const after = (await office().availability(Date.now())).find((p) => p.id === 'onsite-vip');
    expect(after?.remaining).toBe(capacity - 1);
  });
});

describe('a refund or a cancel', () => {
  it('frees the workshop seat of the ticket', async () => {
    const res = await buyVip('seat@example.com');
    const { orderId, code } = (await res.json()) as { orderId: string; code: string };
    await office().settle(orderId, 'paid', Date.now(), { by: 'test' });
    const registration = await office().registerWorkshop({
      workshopId: 'ragAgents',
      level: 'advanced',
      capacity: 1,
      code,
      email: 'seat@example.com',
      now: Date.now(),
    });
    expect(registration.kind).toBe('registered');
    const refund = await call(
      new Request(`${ORIGIN}/api/admin/orders/${orderId}/refund`, {
        method: 'POST',
        headers: { Authorization: 'Bearer test-admin-token' },
      }),
    );
    expect(refund.status).toBe(200);
    expect(await office().registrations(orderId)).toEqual([]);
    expect((await office().workshopSeats()).find((s) => s.workshopId === 'ragAgents')?.taken ?? 0).toBe(0);
    expect((await office().history(orderId)).map((e) => e.event)).toContain('workshop_released');
  });
});

describe('the outbox', () => {
  it('puts an e-mail whose queue message was lost on the queue again, once, and sends it once', async () => {
    const order = await stripeOrder('online-standard');
    await office().settle(order.id, 'paid', Date.now(), { by: 'test' });
    const sent: unknown[] = [];
    // The alarm hands the e-mail to the queue; the queue then loses it (a crash).
    await runInDurableObject(office(), async (instance) => {
      const queue = (instance as unknown as { env: Env }).env.MAIL_QUEUE;
      vi.spyOn(queue, 'sendBatch').mockImplementation(async (messages) => {
        sent.push(...messages);
        return {} as QueueSendBatchResponse;
      });
    });
    await runAlarm();
    expect(sent).toHaveLength(1);
    const [mail] = await mails(order.id);
    expect(mail?.status).toBe('queued');

    // Within its lease nothing is sent again.
    await runAlarm();
    expect(sent).toHaveLength(1);

    // After the lease: once more, and only once.
    await runInDurableObject(office(), (_, state) => {
      state.storage.sql.exec('UPDATE emails SET lease_until = ?', Date.now() - 1);
    });
    await runAlarm();
    await runAlarm();
    expect(sent).toHaveLength(2);
    expect(sent[1]).toEqual(sent[0]);
    expect((await office().history(order.id)).map((e) => e.event)).toContain('email_requeued');

    // Both deliveries arrive: the first claim sends, the second finds it taken.
    const id = (sent[0] as { body: { emailId: number } }).body.emailId;
    const first = await office().claimEmail(id, Date.now());
    const second = await office().claimEmail(id, Date.now());
    expect(first).not.toBeNull();
    expect(second).toBeNull();
    await office().emailDelivered(id, { sent: true, messageId: 'm1' }, Date.now());
    expect(await office().claimEmail(id, Date.now() + QUEUE_LEASE_MS * 2)).toBeNull();
  });
});

describe('canonical input', () => {
  const purchase = (body: unknown) =>
    SELF.fetch(`${ORIGIN}/api/purchase/standard`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': nextIp() },
      body: consentJson(body),
    });
  const contact = (body: Record<string, string>) =>
    SELF.fetch(`${ORIGIN}/api/contact`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': nextIp() },
      body: JSON.stringify({
        name: 'Ala',
        email: 'ala@example.com',
        subject: 'Hej',
        message: 'Treść',
        lang: 'pl',
        ...body,
      }),
    });

  it.each([
    ['a line break in the subject', { subject: 'Hej\r\nBcc: victim@example.com' }, 'subject'],
    ['a lone surrogate in the name', { name: 'Ala \uD800' }, 'name'],
    ['an address with a query', { email: 'x@evil.example?cc=victim@example.com' }, 'email'],
  ])('refuses a contact message with %s, stores nothing', async (_, fields, field) => {
    const res = await contact(fields);
    expect(res.status).toBe(422);
    const body = (await res.json()) as { error: string; fields: Record<string, string> };
    expect(body.error).toBe('invalid_fields');
    expect(Object.keys(body.fields)).toEqual([field]);
    expect(await env.ORDERS.list({ prefix: 'message:' })).toMatchObject({ keys: [] });
  });

  it('counts a limit in characters: 120 emoji are a 120-character name, 121 are too many', async () => {
    expect((await contact({ name: '😀'.repeat(120) })).status).toBe(201);
    const res = await contact({ name: '😀'.repeat(121) });
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ fields: { name: 'too_long' } });
  });

  it.each([
    [
      'a lone surrogate in the invoice',
      { invoice: { name: 'ACME \uDC00', street: 'ul. 1', postalCode: '00-001', city: 'Łódź', country: 'PL' } },
    ],
    ['a line break in the name', { name: 'Jan\nKowalski' }],
  ])('refuses a purchase with %s and holds nothing', async (_, fields) => {
    const res = await purchase({ email: 'a@example.com', ...fields });
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ error: 'invalid_fields' });
    expect((await office().listOrders({}, null, 10)).orders).toEqual([]);
  });
});

describe('organiser sign-in', () => {
  const signIn = (token: string, ip: string, bindings: Partial<typeof env> = {}) =>
    call(
      new Request(`${ORIGIN}/api/admin/stats`, {
        headers: { Authorization: `Bearer ${token}`, 'CF-Connecting-IP': ip },
      }),
      bindings,
    );

  it('answers 429 after a few wrong tokens from one address, and only to that address', async () => {
    const ip = nextIp();
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await signIn(`guess-${i}`, ip)).status);
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5)).toEqual([429, 429]);
    const limited = await signIn('guess-again', ip);
    expect(limited.headers.get('Retry-After')).toBe('60');
    expect((await signIn('guess', nextIp())).status).toBe(401);
  });

  it('refuses a token shorter than 32 characters in production', async () => {
    const res = await signIn('short-token', nextIp(), {
      ENVIRONMENT: 'production',
      ADMIN_TOKEN: 'short-token',
    } as Partial<typeof env>);
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ error: 'admin_unavailable' });
    const long = 'x'.repeat(32);
    expect(
      (await signIn(long, nextIp(), { ENVIRONMENT: 'production', ADMIN_TOKEN: long } as Partial<typeof env>)).status,
    ).toBe(200);
  });
});
