import { runInDurableObject } from 'cloudflare:test';
import { describe, expect, it, vi } from 'vitest';
import {
  EVENT_ENDS,
  EVENT_STARTS,
  HOLD_MINUTES,
  POOLS,
  PRODUCT_IDS,
  PROMOTION_FROM,
  PROMOTION_UNTIL,
  type ProductId,
  priceBreakdown,
  product,
  SALES_OPEN,
} from '../../site/tickets';
import { logKey } from '../../worker/box-office/intent-log';
import { QUEUE_LEASE_MS } from '../../worker/box-office/outbox';
import { migrate } from '../../worker/box-office/schema';
import type { Bindings } from '../../worker/env';
import { consentJson } from '../support/consent';
import {
  allOrders,
  DURING_PROMOTION,
  freshBoxOfficeEachTest,
  office,
  officeKv,
  placeOrder,
  runAlarm,
  setClock,
} from './box-office';
import { clientIps } from './client-ip';
import { callWorker, ORIGIN } from './platform';

const nextIp = clientIps(31);

/** A purchase straight to the worker's handler (no rate limit: bursts are what these tests send). */
function buy(id: string, body: Record<string, unknown>, headers: Record<string, string> = {}) {
  return callWorker(
    new Request(`${ORIGIN}/api/purchase/${id}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': nextIp(), ...headers },
      body: consentJson(body),
    }),
    { PURCHASE_LIMITER: undefined as unknown as RateLimit },
  );
}

const at = (iso: string, deltaMs = 0) => new Date(Date.parse(iso) + deltaMs).toISOString();

freshBoxOfficeEachTest();

describe('exact idempotency', () => {
  it('makes one order of 50 simultaneous requests with one key, each answered with its URL', async () => {
    const key = 'b1f6d7e2-5c1a-4c1e-9b43-0c8d2b3e7a91';
    const responses = await Promise.all(
      Array.from({ length: 50 }, () =>
        buy('onsite-pro', { email: 'same@example.com', lang: 'pl' }, { 'Idempotency-Key': key }),
      ),
    );
    const bodies = (await Promise.all(responses.map((r) => r.json()))) as { url: string; orderId: string }[];
    expect(responses.map((r) => r.status).sort()).toEqual([...Array(49).fill(200), 201]);
    expect(new Set(bodies.map((b) => b.orderId)).size).toBe(1);
    expect(new Set(bodies.map((b) => b.url)).size).toBe(1);
    expect(await allOrders()).toHaveLength(1);
  });

  it('refuses the key with another body with 409 and tells nothing of the first order', async () => {
    const key = 'a7c2e9f0-1111-4a4a-8b8b-123456789abc';
    const first = await buy('online-premium', { email: 'first@example.com' }, { 'Idempotency-Key': key });
    expect(first.status).toBe(201);
    for (const [id, body] of [
      ['online-premium', { email: 'other@example.com' }],
      ['online-vip', { email: 'first@example.com' }],
      ['online-premium', { email: 'first@example.com', lang: 'de' }],
      [
        'online-premium',
        {
          email: 'first@example.com',
          invoice: { name: 'X', street: 'Y', postalCode: '00-001', city: 'Z', country: 'PL' },
        },
      ],
    ] as const) {
      const res = await buy(id, body, { 'Idempotency-Key': key });
      expect(res.status).toBe(409);
      expect(await res.json()).toEqual({ error: 'idempotency_key_reused' });
    }
    expect(await allOrders()).toHaveLength(1);
  });

  it('answers a retry with the same body with the same order and URL, the e-mail in any case', async () => {
    const key = 'c3d4e5f6-2222-4b4b-9c9c-abcdefabcdef';
    const first = (await (
      await buy('online-vip', { email: 'Ala@Example.com' }, { 'Idempotency-Key': key })
    ).json()) as {
      url: string;
    };
    const again = await buy('online-vip', { email: 'ala@example.com' }, { 'Idempotency-Key': key });
    expect(again.status).toBe(200);
    expect(((await again.json()) as { url: string }).url).toBe(first.url);
  });
});

describe('stock', () => {
  it('sells exactly the stock of a burst larger than it, and answers the rest 409 sold_out', async () => {
    const vip = product('onsite-vip');
    const burst = (vip.capacity ?? 0) + 15;
    const responses = await Promise.all(
      Array.from({ length: burst }, (_, i) => buy('onsite-vip', { email: `vip${i}@example.com` })),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(vip.capacity ?? 0);
    expect(statuses.filter((s) => s === 409)).toHaveLength(15);
    const refused = responses.find((r) => r.status === 409);
    expect(await refused?.json()).toEqual({ error: 'sold_out', products: ['onsite-vip'] });
    expect((await allOrders()).filter((o) => o.product === 'onsite-vip')).toHaveLength(vip.capacity ?? 0);
    const state = (await office().availability(Date.now())).find((p) => p.id === 'onsite-vip');
    expect(state).toEqual({ id: 'onsite-vip', status: 'sold_out', remaining: 0 });
  });

  it('sells online VIP up to its capacity under a burst through the box office', async () => {
    const capacity = product('online-vip').capacity ?? 0;
    const now = Date.now();
    const results = await Promise.all(
      Array.from({ length: capacity + 15 }, (_, i) =>
        placeOrder([{ product: 'online-vip' }], {
          id: `01K${String(i).padStart(23, '0')}`,
          email: `o${i}@example.com`,
          lang: 'en-GB',
          tokenHash: 'x',
          fingerprint: 'f',
          now,
        }),
      ),
    );
    expect(results.filter((r) => r.kind === 'created')).toHaveLength(capacity);
    expect(results.filter((r) => r.kind === 'refused' && r.error === 'sold_out')).toHaveLength(15);
  });

  it('counts every on-site ticket against the arena, which has the places it says', async () => {
    // Fill the arena to one place short directly, then a burst of three: one gets in.
    await runInDurableObject(office(), (_instance, state) => {
      const now = Date.now();
      for (let i = 0; i < POOLS.arena - 1; i++) {
        const id = `01J${String(i).padStart(23, '0')}`;
        state.storage.sql.exec(
          `INSERT INTO orders (id, code, product, net, vat, gross, currency, email, lang, status, provider, token_hash,
             hold_until, created_at, updated_at, paid_at)
           VALUES (?, ?, 'onsite-standard', 1, 0, 1, 'PLN', 'x@y.z', 'pl', 'paid', 'demo', 'x', ?, ?, ?, ?)`,
          id,
          `C${String(i).padStart(7, '0')}`,
          now,
          now,
          now,
          now,
        );
        state.storage.sql.exec(
          `INSERT INTO tickets (id, order_id, position, product, net, vat, gross, code, updated_at)
           VALUES (?, ?, 1, 'onsite-standard', 1, 0, 1, ?, ?)`,
          id,
          id,
          `T${String(i).padStart(7, '0')}`,
          now,
        );
      }
    });
    const statuses = (
      await Promise.all(
        ['onsite-pro', 'onsite-standard', 'onsite-vip'].map((id) => buy(id, { email: 'late@example.com' })),
      )
    ).map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(2);
    const online = await buy('online-standard', { email: 'online@example.com' });
    expect(online.status).toBe(201);
  });

  it('returns the places of an order whose hold ran out unpaid, and marks it expired', async () => {
    const capacity = product('onsite-vip').capacity ?? 0;
    await Promise.all(Array.from({ length: capacity }, (_, i) => buy('onsite-vip', { email: `h${i}@example.com` })));
    expect((await buy('onsite-vip', { email: 'next@example.com' })).status).toBe(409);
    setClock(at(DURING_PROMOTION, HOLD_MINUTES * 60 * 1000 + 1000));
    // Free at once (an unpaid hold that ran out no longer counts), even before the alarm has run.
    expect((await buy('onsite-vip', { email: 'next@example.com' })).status).toBe(201);
    expect(await office().expireHolds(Date.now())).toBe(capacity);
    const orders = await allOrders();
    expect(orders.filter((o) => o.status === 'expired')).toHaveLength(capacity);
    expect(orders.filter((o) => o.status === 'pending')).toHaveLength(1);
  });

  it('does not let a paid order expire', async () => {
    const { orderId } = (await (await buy('onsite-pro', { email: 'p@example.com' })).json()) as { orderId: string };
    await office().settle(orderId, 'paid', Date.now(), { by: 'test' });
    expect(await office().expireHolds(Date.now() + 2 * HOLD_MINUTES * 60 * 1000)).toBe(0);
    expect((await office().order(orderId))?.status).toBe('paid');
  });
});

describe('the count of places held', () => {
  const left = async () =>
    (await office().availability(Date.now())).find((p) => p.id === 'onsite-vip')?.remaining ?? null;
  const order = async (email: string) =>
    ((await (await buy('onsite-vip', { email })).json()) as { orderId: string }).orderId;

  it('follows every change of an order: held while pending or paid, returned otherwise', async () => {
    const capacity = product('onsite-vip').capacity ?? 0;
    const settle = (id: string, change: 'paid' | 'cancelled' | 'expired' | 'refunded') =>
      office().settle(id, change, Date.now(), { by: 'test' });
    const cancelled = await order('c@example.com');
    expect(await left()).toBe(capacity - 1);
    await settle(cancelled, 'cancelled');
    expect(await left()).toBe(capacity);
    const refunded = await order('r@example.com');
    await settle(refunded, 'paid');
    await settle(refunded, 'paid'); // a second webhook changes nothing
    expect(await left()).toBe(capacity - 1);
    await settle(refunded, 'refunded');
    expect(await left()).toBe(capacity);
    // An order that expired and is paid late takes its place again.
    const late = await order('l@example.com');
    await settle(late, 'expired');
    expect(await left()).toBe(capacity);
    await settle(late, 'paid');
    expect(await left()).toBe(capacity - 1);
  });

  it('is counted once from the orders of a box office made before it', async () => {
    await order('a@example.com');
    await order('b@example.com');
    await runInDurableObject(office(), (_, state) => {
      state.storage.sql.exec('DROP TABLE held');
      migrate(state.storage, { queueLeaseMs: QUEUE_LEASE_MS });
      migrate(state.storage, { queueLeaseMs: QUEUE_LEASE_MS });
    });
    expect(await left()).toBe((product('onsite-vip').capacity ?? 0) - 2);
  });
});

describe('sales window', () => {
  const cases: [string, ProductId, number, string][] = [
    ['before sales open', 'online-standard', 409, at(SALES_OPEN, -1)],
    ['when sales open', 'online-standard', 201, SALES_OPEN],
    ['on site, a second before the event starts', 'onsite-pro', 201, at(EVENT_STARTS, -1000)],
    ['on site, when the event starts', 'onsite-pro', 409, EVENT_STARTS],
    ['online, during the event', 'online-premium', 201, at(EVENT_STARTS, 60 * 60 * 1000)],
    ['online, when the event ends', 'online-premium', 409, EVENT_ENDS],
  ];
  it.each(cases)('%s: %s answers %i', async (_when, id, status, time) => {
    setClock(time);
    const res = await buy(id, { email: 'w@example.com' });
    expect(res.status).toBe(status);
    if (status === 409) expect(await res.json()).toEqual({ error: 'sales_closed', products: [id] });
    expect(await allOrders()).toHaveLength(status === 201 ? 1 : 0);
  });

  it('reports each product closed outside its window', async () => {
    const during = await office().availability(Date.parse(at(EVENT_STARTS, 1000)));
    expect(during.find((p) => p.id === 'onsite-standard')?.status).toBe('closed');
    expect(during.find((p) => p.id === 'online-standard')?.status).toBe('on_sale');
    const after = await office().availability(Date.parse(EVENT_ENDS));
    expect(after.every((p) => p.status === 'closed')).toBe(true);
  });
});

describe('prices by date', () => {
  it('charges the price of the moment the order was made', async () => {
    const promo = priceBreakdown(29900);
    const regular = priceBreakdown(59900);
    for (const [time, expected] of [
      [at(PROMOTION_FROM, -1000), regular],
      [PROMOTION_FROM, promo],
      [at(PROMOTION_UNTIL, -1000), promo],
      [PROMOTION_UNTIL, regular],
    ] as const) {
      setClock(time);
      const { orderId } = (await (await buy('online-standard', { email: 'p@example.com' })).json()) as {
        orderId: string;
      };
      expect(await office().order(orderId)).toMatchObject(expected);
    }
  });
});

describe('purchase-intent log in KV', () => {
  /** The log entries of an order in KV, once the alarm (ours, or the box office's own) has copied them. */
  async function loggedInKv(orderId: string, count: number) {
    let keys: string[] = [];
    const kv = await officeKv();
    await vi.waitFor(
      async () => {
        await runAlarm();
        keys = (await kv.list({ prefix: `intent:${orderId}:` })).keys.map((k) => k.name);
        expect(keys).toHaveLength(count);
      },
      { timeout: 10_000, interval: 50 },
    );
    return keys;
  }

  it('appends every change of an order once, under a key of its own, in order', async () => {
    const { orderId } = (await (await buy('online-premium', { email: 'log@example.com' })).json()) as {
      orderId: string;
    };
    await office().settle(orderId, 'paid', Date.now(), { by: 'test' });
    await office().settle(orderId, 'paid', Date.now(), { by: 'test again' });
    const keys = await loggedInKv(orderId, 3);
    const kv = await officeKv();
    const entries = await Promise.all(keys.map(async (k) => JSON.parse((await kv.get(k)) ?? '{}')));
    // The demo checkout starts in the purchase's own transaction: one change, one entry with its reference.
    expect(entries.map((e) => e.event)).toEqual(['created', 'paid', 'email_queued']);
    expect(keys).toEqual(entries.map((e) => logKey(orderId, e.seq)));
    expect(entries[0]).toMatchObject({
      orderId,
      data: { product: 'online-premium', email: 'log@example.com', provider: 'demo', reference: `demo_${orderId}` },
    });
    // Once copied, an entry is never written again.
    const put = vi.spyOn(kv, 'put');
    await runAlarm();
    expect(put.mock.calls.filter(([key]) => String(key).startsWith(`intent:${orderId}:`))).toEqual([]);
  });

  it('keeps what KV refused and writes it on a later run', async () => {
    // KV refuses from the start, so no run of the alarm (ours or the box office's own) can copy.
    const kv = await officeKv();
    const put = vi.spyOn(kv, 'put').mockRejectedValue(new Error('KV unavailable'));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { orderId } = (await (await buy('online-premium', { email: 'kv@example.com' })).json()) as {
      orderId: string;
    };
    await runAlarm();
    expect((await kv.list({ prefix: `intent:${orderId}:` })).keys).toHaveLength(0);
    put.mockRestore();
    await loggedInKv(orderId, 1);
  });

  it('copies a burst larger than one run takes, over several runs, each entry once', async () => {
    const kv = await officeKv();
    const put = vi.spyOn(kv, 'put');
    const bought = await Promise.all(
      Array.from({ length: 120 }, async (_, i) => {
        const response = await buy('online-standard', { email: `burst${i}@example.com` });
        return ((await response.json()) as { orderId: string }).orderId;
      }),
    );
    // One run copies a batch; the box office's own next runs (or ours) take the rest.
    const written = () => new Set(put.mock.calls.map(([key]) => String(key).split(':')[1]));
    await vi.waitFor(
      async () => {
        await runAlarm();
        expect(written()).toEqual(new Set(bought));
      },
      { timeout: 10_000, interval: 50 },
    );
    const keys = put.mock.calls.map(([key]) => String(key));
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('organisers list orders from the box office', () => {
  const ADMIN = { Authorization: 'Bearer test-admin-token' };
  const get = (path: string) => callWorker(new Request(`${ORIGIN}${path}`, { headers: ADMIN }));

  it('pages through 20,000 orders within the platform limits, and exports them all as CSV', {
    timeout: 120_000,
  }, async () => {
    const total = 20_000;
    await runInDurableObject(office(), (_instance, state) => {
      const now = Date.now();
      for (let i = 0; i < total; i++) {
        state.storage.sql.exec(
          `INSERT INTO orders (id, code, product, net, vat, gross, currency, email, lang, status, provider, token_hash,
             hold_until, created_at, updated_at)
           VALUES (?, ?, 'online-standard', 29900, 6877, 36777, 'PLN', ?, 'pl', 'paid', 'demo', 'x', ?, ?, ?)`,
          `01K${String(i).padStart(23, '0')}`,
          `P${String(i).padStart(7, '0')}`,
          `buyer${i}@example.com`,
          now,
          now + i,
          now + i,
        );
      }
    });
    const seen = new Set<string>();
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await get(`/api/admin/orders?limit=1000${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.status).toBe(200);
      const page = (await res.json()) as { orders: { id: string }[]; cursor: string | null };
      for (const order of page.orders) seen.add(order.id);
      cursor = page.cursor;
      pages++;
    } while (cursor);
    expect(seen.size).toBe(total);
    expect(pages).toBe(20);
    const csv = await (await get('/api/admin/orders?format=csv')).text();
    expect(csv.trim().split('\r\n')).toHaveLength(total + 1);
  });

  it('filters by status, product, e-mail, code and name', async () => {
    const a = (await (await buy('onsite-pro', { email: 'anna@firma.pl', name: 'Anna Nowak' })).json()) as {
      orderId: string;
      code: string;
    };
    await buy('online-standard', { email: 'jan@example.com' });
    await office().settle(a.orderId, 'paid', Date.now(), { by: 'test' });
    const ids = async (query: string) =>
      ((await (await get(`/api/admin/orders?${query}`)).json()) as { orders: { id: string }[] }).orders.map(
        (o) => o.id,
      );
    expect(await ids('status=paid')).toEqual([a.orderId]);
    expect(await ids('product=onsite-pro')).toEqual([a.orderId]);
    expect(await ids('q=ANNA@firma')).toEqual([a.orderId]);
    expect(await ids(`q=${a.code.toLowerCase()}`)).toEqual([a.orderId]);
    expect(await ids('q=nowak')).toEqual([a.orderId]);
    expect(await ids('q=%25')).toEqual([]);
    expect(await ids('status=paid&product=online-standard')).toEqual([]);
    const bad = await get('/api/admin/orders?status=lost&limit=0');
    expect(bad.status).toBe(422);
    expect(await bad.json()).toEqual({
      error: 'invalid_query',
      fields: { status: 'invalid_value', limit: 'too_small' },
    });
  });
});

describe('GET /api/availability', () => {
  it('answers every product with its state, and lets the edge cache it for a few seconds', async () => {
    await buy('onsite-vip', { email: 'a@example.com' });
    const res = await callWorker(new Request(`${ORIGIN}/api/availability?fresh=${Date.now()}`));
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toMatch(/^public, max-age=\d$/);
    const { products } = (await res.json()) as { products: { id: string; status: string; remaining: number | null }[] };
    expect(products.map((p) => p.id)).toEqual(PRODUCT_IDS);
    expect(products.find((p) => p.id === 'online-standard')).toEqual({
      id: 'online-standard',
      status: 'on_sale',
      remaining: null,
    });
    expect(products.find((p) => p.id === 'onsite-standard')?.remaining).toBe(POOLS.arena - 1);
    expect(products.find((p) => p.id === 'onsite-vip')?.remaining).toBe((product('onsite-vip').capacity ?? 0) - 1);
  });
});

describe('the test clock of a test server', () => {
  const at = (bindings: Partial<Bindings>, headers: Record<string, string> = {}) =>
    callWorker(new Request(`${ORIGIN}/api/availability`, { headers }), bindings).then(
      async (res) => ((await res.json()) as { products: { id: string; status: string }[] }).products[0]?.status,
    );

  it('moves the shop to its instant, and a request may move it further', async () => {
    await caches.default.delete(`${ORIGIN}/api/availability`);
    expect(await at({ TEST_CLOCK: EVENT_ENDS })).toBe('closed');
    await caches.default.delete(`${ORIGIN}/api/availability`);
    expect(await at({ TEST_CLOCK: EVENT_ENDS }, { 'Test-Clock': DURING_PROMOTION })).toBe('on_sale');
  });

  it('is ignored in production', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () =>
      Response.json({ id: 'cs_clock', url: 'https://checkout.stripe.com/c/pay/cs_clock' }),
    );
    const buyAt = (environment: string) =>
      callWorker(
        new Request(`${ORIGIN}/api/purchase/online-standard`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'Test-Clock': at0 },
          body: consentJson({ email: 'a@b.pl' }),
        }),
        { ENVIRONMENT: environment, TEST_CLOCK: at0, PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_1' },
      );
    // The clock's instant is before the sales open: a test server refuses, production sells.
    expect((await buyAt('development')).status).toBe(409);
    expect((await buyAt('production')).status).toBe(201);
    vi.restoreAllMocks();
  });
});

const at0 = new Date(Date.parse(SALES_OPEN) - 1000).toISOString();
