import { createExecutionContext, env, SELF, waitOnExecutionContext } from 'cloudflare:test';
import { describe, expect, it, vi } from 'vitest';
import contactEnGB from '../../locales/en-GB/contact.json';
import contactPl from '../../locales/pl/contact.json';
import type { InvoiceData } from '../../site/invoices';
import type { LogEntry, Order, SalesStats } from '../../site/orders';
import { CONSENT_VERSIONS } from '../../site/purchase-rules';
import type { ProductId } from '../../site/tickets';
import { logKey } from '../../worker/box-office/intent-log';
import { sha256Hex } from '../../worker/crypto';
import { timeSortableId } from '../../worker/ids';
import worker from '../../worker/index';
import { ACME } from '../support/invoice-data';
import { DURING_PROMOTION, freshBoxOfficeEachTest, office, runAlarm, setClock } from './box-office';
import { clientIps } from './client-ip';
import { ORIGIN } from './platform';

const nextIp = clientIps(61);

const ADMIN = { Authorization: 'Bearer test-admin-token' };

const get = (path: string, headers: Record<string, string> = ADMIN) => SELF.fetch(ORIGIN + path, { headers });
const post = (path: string, body?: unknown, headers: Record<string, string> = ADMIN) =>
  SELF.fetch(ORIGIN + path, {
    method: 'POST',
    headers: { ...headers, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

let made = 0;
/** An order placed straight in the box office (ids a millisecond apart keep their order). */
async function order(
  options: {
    product?: ProductId;
    email?: string;
    name?: string;
    status?: 'pending' | 'paid' | 'cancelled';
    provider?: 'demo' | 'stripe';
    invoice?: InvoiceData;
  } = {},
): Promise<Order> {
  const now = Date.now();
  made++;
  const id = timeSortableId(now + made);
  await office().purchase({
    consent: { ...CONSENT_VERSIONS },
    id,
    items: [{ product: options.product ?? 'online-standard', ...(options.name ? { name: options.name } : {}) }],
    email: options.email ?? `buyer${made}@example.com`,
    name: options.name,
    lang: 'pl',
    ...(options.invoice ? { invoice: options.invoice } : {}),
    provider: options.provider ?? 'demo',
    tokenHash: await sha256Hex('secret'),
    fingerprint: id,
    now,
  });
  await office().startPayment(id, options.provider === 'stripe' ? `cs_${id}` : `demo_${id}`, null, now);
  if (options.status === 'paid') await office().settle(id, 'paid', now, { by: 'test' });
  if (options.status === 'cancelled') await office().settle(id, 'cancelled', now, { by: 'test' });
  return (await office().order(id)) as Order;
}

/** A request straight to the worker with other bindings (a Stripe key). */
async function withEnv(overrides: Record<string, string>, path: string, init: RequestInit = {}) {
  const ctx = createExecutionContext();
  const res = await worker.fetch(
    new Request(ORIGIN + path, { ...init, headers: { ...ADMIN, ...(init.headers as object) } }),
    { ...env, ...overrides },
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return res;
}

freshBoxOfficeEachTest();

describe('console API access', () => {
  const routes: [string, string][] = [
    ['GET', '/api/admin/stats'],
    ['GET', '/api/admin/orders'],
    ['GET', '/api/admin/orders/01ARZ3NDEKTSV4RRFFQ69G5FAV'],
    ['POST', '/api/admin/orders/01ARZ3NDEKTSV4RRFFQ69G5FAV/cancel'],
    ['POST', '/api/admin/orders/01ARZ3NDEKTSV4RRFFQ69G5FAV/refund'],
    ['GET', '/api/admin/messages'],
    ['POST', '/api/admin/messages/01J0/handled'],
  ];

  it.each(routes)('refuses %s %s without the token, and with a wrong one', async (method, path) => {
    for (const headers of [{}, { Authorization: 'Bearer wrong' }] as Record<string, string>[]) {
      const res = await SELF.fetch(ORIGIN + path, { method, headers: { ...headers, 'CF-Connecting-IP': nextIp() } });
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ error: 'unauthorized' });
    }
  });

  it.each(routes)('%s %s does not exist while no token is configured', async (method, path) => {
    const ctx = createExecutionContext();
    const res = await worker.fetch(
      new Request(ORIGIN + path, { method, headers: ADMIN }),
      { ...env, ADMIN_TOKEN: '' },
      ctx,
    );
    await waitOnExecutionContext(ctx);
    expect(res.status).toBe(404);
  });

  it('is never cached', async () => {
    const res = await get('/api/admin/stats');
    expect(res.headers.get('Cache-Control')).toBe('private, no-store');
  });

  // Each part of the console's API was once a sub-app with its own check: a signed-in request to
  // the last one mounted was checked three or four times.
  it.each([
    '/api/admin/orders',
    '/api/admin/stats',
    '/api/admin/messages',
    '/api/admin/invoices',
    '/api/admin/content/speaker',
    '/api/admin/content/preview?path=/pl',
    '/api/admin/no-such-thing',
  ])('checks the organiser once for GET %s', async (path) => {
    for (const headers of [ADMIN, { Authorization: 'Bearer wrong', 'CF-Connecting-IP': nextIp() }]) {
      const res = await get(path, headers);
      const checks = (res.headers.get('Server-Timing') ?? '').split(',').filter((m) => m.trim().startsWith('auth'));
      expect(checks, `${path}: ${res.status}`).toHaveLength(1);
      await res.body?.cancel();
    }
  });
});

describe('GET /api/admin/stats', () => {
  it('counts sold, pending and remaining places and revenue per product, with totals and sales per day', async () => {
    await order({ product: 'onsite-vip', status: 'paid' });
    await order({ product: 'onsite-vip', status: 'paid' });
    await order({ product: 'onsite-vip' });
    await order({ product: 'online-standard', status: 'cancelled' });
    const res = await get('/api/admin/stats');
    expect(res.status).toBe(200);
    const stats = (await res.json()) as SalesStats;
    const vip = stats.products.find((p) => p.id === 'onsite-vip');
    expect(vip).toMatchObject({ sold: 2, pending: 1, remaining: 47 });
    expect(vip?.revenue.gross).toBe(vip?.revenue ? vip.revenue.net + vip.revenue.vat : -1);
    expect(stats.products.find((p) => p.id === 'online-standard')).toMatchObject({ sold: 0, pending: 0 });
    expect(stats.totals).toMatchObject({ sold: 2, pending: 1, revenue: vip?.revenue });
    expect(stats.salesPerDay).toEqual([
      { day: expect.stringMatching(/^\d{4}-\d\d-\d\d$/), count: 2, gross: vip?.revenue.gross },
    ]);
    expect(stats.checkInsPerHour).toEqual([]);
  });
});

describe('GET /api/admin/stats, sales per day', () => {
  it('counts tickets, not orders: one paid order of four tickets is four on its day', async () => {
    const id = timeSortableId(Date.now() + ++made);
    await office().purchase({
      consent: { ...CONSENT_VERSIONS },
      id,
      items: Array.from({ length: 4 }, (_, i) => ({ product: 'onsite-pro' as const, name: `Osoba ${i}` })),
      email: 'team@example.com',
      lang: 'pl',
      provider: 'demo',
      tokenHash: await sha256Hex('secret'),
      fingerprint: id,
      now: Date.now(),
    });
    await office().settle(id, 'paid', Date.now(), { by: 'test' });
    const paid = (await office().order(id)) as Order;
    const stats = (await (await get('/api/admin/stats')).json()) as SalesStats;
    expect(stats.salesPerDay).toEqual([{ day: expect.any(String), count: 4, gross: paid.gross }]);
  });
});

describe('GET /api/admin/orders (console table)', () => {
  it('pages through every order with a cursor, none twice', async () => {
    const ids = [];
    for (let i = 0; i < 7; i++) ids.push((await order()).id);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await get(`/api/admin/orders?limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      const page = (await res.json()) as { orders: Order[]; cursor: string | null };
      seen.push(...page.orders.map((o) => o.id));
      cursor = page.cursor;
      pages++;
    } while (cursor);
    expect(seen).toEqual(ids);
    expect(pages).toBe(3);
  });

  it('lists the newest first when asked (the console), paging back in time with the same cursor', async () => {
    const ids = [];
    for (let i = 0; i < 5; i++) ids.push((await order()).id);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await get(`/api/admin/orders?sort=newest&limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      const page = (await res.json()) as { orders: Order[]; cursor: string | null };
      seen.push(...page.orders.map((o) => o.id));
      cursor = page.cursor;
    } while (cursor);
    expect(seen).toEqual(ids.toReversed());
    expect((await get('/api/admin/orders?sort=sideways')).status).toBe(422);
  });

  it('filters by status, product, order code, e-mail, name and creation time', async () => {
    const paid = await order({ product: 'onsite-pro', status: 'paid', email: 'ala@firma.pl', name: 'Ala Kowalska' });
    setClock(new Date(Date.parse(DURING_PROMOTION) + 3_600_000).toISOString());
    const pending = await order({ product: 'online-vip' });
    const list = async (query: string) =>
      ((await (await get(`/api/admin/orders?${query}`)).json()) as { orders: Order[] }).orders.map((o) => o.id);
    expect(await list('status=paid')).toEqual([paid.id]);
    expect(await list('product=online-vip')).toEqual([pending.id]);
    expect(await list(`q=${paid.code.toLowerCase()}`)).toEqual([paid.id]);
    expect(await list('q=FIRMA.pl')).toEqual([paid.id]);
    expect(await list('q=kowalska')).toEqual([paid.id]);
    expect(await list(`from=${encodeURIComponent(pending.createdAt)}`)).toEqual([pending.id]);
    expect(await list(`to=${encodeURIComponent(pending.createdAt)}`)).toEqual([paid.id]);
  });

  it('refuses an unknown status or a malformed cursor with 422', async () => {
    const res = await get('/api/admin/orders?status=lost&cursor=x');
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({
      error: 'invalid_query',
      fields: { status: 'invalid_value', cursor: 'invalid_format' },
    });
  });

  it('exports exactly the filtered orders as CSV', async () => {
    await order({ product: 'onsite-pro', status: 'paid' });
    const pending = await order();
    const csv = await (await get('/api/admin/orders?status=pending&format=csv')).text();
    const lines = csv.trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]?.startsWith(`${pending.id},${pending.code},`)).toBe(true);
  });

  it('exports the amounts in złoty with two decimals, not in grosze', async () => {
    const paid = await order({ product: 'onsite-pro', status: 'paid' });
    const lines = (await (await get('/api/admin/orders?format=csv')).text()).trim().split('\r\n');
    const header = lines[0]?.split(',') ?? [];
    const row = lines[1]?.split(',') ?? [];
    const cell = (name: string) => row[header.indexOf(name)];
    expect(cell('gross')).toBe((paid.gross / 100).toFixed(2));
    expect(cell('net')).toBe((paid.net / 100).toFixed(2));
    expect(cell('vat')).toBe((paid.vat / 100).toFixed(2));
    expect(cell('gross')).toMatch(/^\d+\.\d{2}$/);
  });

  it('exports the invoice data in a column per field, empty for an order without one', async () => {
    const invoiced = await order({ invoice: ACME });
    await order();
    const lines = (await (await get('/api/admin/orders?format=csv')).text()).trim().split('\r\n');
    const fields = ['invoice.name', 'invoice.taxId', 'invoice.street', 'invoice.postalCode', 'invoice.city'];
    const at = lines[0]?.split(',').indexOf('invoice.name') ?? -1;
    const invoiceCells = (line: string | undefined) => line?.split(',').slice(at, at + 6);
    expect(invoiceCells(lines[0])).toEqual([...fields, 'invoice.country']);
    expect(lines[1]?.startsWith(`${invoiced.id},`)).toBe(true);
    expect(invoiceCells(lines[1])).toEqual([
      'ACME sp. z o.o.',
      '5260250274',
      'ul. Prosta 1',
      '00-850',
      'Warszawa',
      'PL',
    ]);
    expect(invoiceCells(lines[2])).toEqual(['', '', '', '', '', '']);
  });

  it("puts the company on each ticket's row only for a company: a private person's invoice name is no company", async () => {
    const { taxId: _, ...person } = { ...ACME, name: 'Jan Kowalski' };
    await order({ invoice: ACME, name: 'Ala Kot' });
    await order({ invoice: person, name: 'Jan Kowalski' });
    const lines = (await (await get('/api/admin/orders?format=csv&rows=tickets')).text()).trim().split('\r\n');
    const company = lines[0]?.split(',').indexOf('company') ?? -1;
    expect(lines.slice(1).map((line) => line.split(',')[company])).toEqual(['ACME sp. z o.o.', '']);
  });
});

describe('GET /api/admin/orders/:id', () => {
  it('shows the order with its whole history from the intent log, oldest first', async () => {
    const paid = await order({ status: 'paid' });
    await runAlarm();
    // The log in KV is what organisers keep: an entry only there (a delivery event) shows too.
    const entry: LogEntry = { seq: 999_999, orderId: paid.id, event: 'email_sent', at: paid.createdAt, data: {} };
    await env.ORDERS.put(logKey(paid.id, entry.seq), JSON.stringify(entry));
    const res = await get(`/api/admin/orders/${paid.id}`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { order: Order; history: LogEntry[]; emails: unknown[] };
    expect(body.order).toMatchObject({ id: paid.id, status: 'paid' });
    expect(body.history.map((e) => e.event)).toEqual([
      'created',
      'payment_started',
      'paid',
      'email_queued',
      'email_sent',
    ]);
    expect(body.history[2]?.data).toMatchObject({ from: 'pending', by: 'test' });
    // The payment queued the confirmation; the box office keeps each e-mail's delivery.
    expect(body.emails).toEqual([
      { id: expect.any(Number), kind: 'confirmation', status: 'queued', at: expect.any(String) },
    ]);
  });

  it('shows a change at once, before the alarm has copied it to KV', async () => {
    const pending = await order();
    await runAlarm();
    await post(`/api/admin/orders/${pending.id}/cancel`);
    const body = (await (await get(`/api/admin/orders/${pending.id}`)).json()) as { history: LogEntry[] };
    expect(body.history.map((e) => e.event)).toEqual(['created', 'payment_started', 'cancelled']);
    expect(body.history.at(-1)?.data).toMatchObject({ by: 'ADMIN_TOKEN', from: 'pending' });
  });

  it.each([
    ['an unknown id', '01ARZ3NDEKTSV4RRFFQ69G5FAV'],
    ['a malformed id', 'not-an-id'],
  ])('answers 404 for %s', async (_, id) => {
    const res = await get(`/api/admin/orders/${id}`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'not_found' });
  });
});

describe('POST /api/admin/orders/:id/cancel', () => {
  it('cancels a pending order and frees its place', async () => {
    const pending = await order({ product: 'onsite-vip' });
    const res = await post(`/api/admin/orders/${pending.id}/cancel`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: pending.id, status: 'cancelled' });
    const stats = (await (await get('/api/admin/stats')).json()) as SalesStats;
    expect(stats.products.find((p) => p.id === 'onsite-vip')).toMatchObject({ pending: 0, remaining: 50 });
  });

  it.each(['paid', 'cancelled'] as const)('refuses a %s order with 409 and changes nothing', async (status) => {
    const done = await order({ status });
    const res = await post(`/api/admin/orders/${done.id}/cancel`);
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ error: 'not_cancellable', status });
    expect((await office().order(done.id))?.status).toBe(status);
  });

  it('answers 404 for an unknown order', async () => {
    expect((await post('/api/admin/orders/01ARZ3NDEKTSV4RRFFQ69G5FAV/cancel')).status).toBe(404);
  });

  it('refuses a request from another site', async () => {
    const pending = await order();
    const res = await post(`/api/admin/orders/${pending.id}/cancel`, undefined, {
      ...ADMIN,
      Origin: 'https://evil.example',
    });
    expect(res.status).toBe(403);
    expect((await office().order(pending.id))?.status).toBe('pending');
  });
});

describe('POST /api/admin/orders/:id/refund', () => {
  it('marks a paid demo order refunded without calling anyone', async () => {
    const spy = vi.spyOn(globalThis, 'fetch');
    const paid = await order({ status: 'paid' });
    const res = await post(`/api/admin/orders/${paid.id}/refund`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: paid.id, status: 'refunded' });
    expect(spy).not.toHaveBeenCalled();
  });

  it.each(['pending', 'cancelled'] as const)('refuses a %s order with 409', async (status) => {
    const unpaid = await order({ status: status === 'pending' ? undefined : status });
    const res = await post(`/api/admin/orders/${unpaid.id}/refund`);
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ error: 'not_refundable', status });
  });

  it('refuses a second refund of the same order', async () => {
    const paid = await order({ status: 'paid' });
    expect((await post(`/api/admin/orders/${paid.id}/refund`)).status).toBe(200);
    const again = await post(`/api/admin/orders/${paid.id}/refund`);
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ error: 'not_refundable', status: 'refunded' });
  });

  it('answers 404 for an unknown order', async () => {
    expect((await post('/api/admin/orders/01ARZ3NDEKTSV4RRFFQ69G5FAV/refund')).status).toBe(404);
  });

  describe('with Stripe', () => {
    const stripe = { STRIPE_SECRET_KEY: 'sk_test_123' };

    it("refunds the Checkout Session's payment through Stripe, once per order, then marks the order", async () => {
      const paid = await order({ status: 'paid', provider: 'stripe' });
      const calls: { url: string; init: RequestInit }[] = [];
      vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
        calls.push({ url: String(input), init: init ?? {} });
        return String(input).includes('/v1/checkout/sessions/')
          ? Response.json({ id: `cs_${paid.id}`, payment_intent: 'pi_123' })
          : Response.json({ id: 're_456', status: 'succeeded' });
      });
      const res = await withEnv(stripe, `/api/admin/orders/${paid.id}/refund`, { method: 'POST' });
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ status: 'refunded' });
      expect(calls.map((c) => [c.init.method ?? 'GET', c.url])).toEqual([
        ['GET', `https://api.stripe.com/v1/checkout/sessions/cs_${paid.id}`],
        ['POST', 'https://api.stripe.com/v1/refunds'],
      ]);
      const headers = new Headers(calls[1]?.init.headers);
      expect(headers.get('Authorization')).toBe('Bearer sk_test_123');
      expect(headers.get('Idempotency-Key')).toBe(`refund-${paid.id}`);
      expect(new URLSearchParams(String(calls[1]?.init.body)).get('payment_intent')).toBe('pi_123');
      const history = await office().history(paid.id);
      expect(history.at(-1)).toMatchObject({ event: 'refunded', data: { by: 'ADMIN_TOKEN', from: 'paid' } });
    });

    it('answers 502 and keeps the order paid when Stripe refuses', async () => {
      const paid = await order({ status: 'paid', provider: 'stripe' });
      vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) =>
        String(input).includes('/v1/refunds')
          ? Response.json({ error: { message: 'charge_already_refunded' } }, { status: 400 })
          : Response.json({ id: 'cs', payment_intent: 'pi_1' }),
      );
      vi.spyOn(console, 'error').mockImplementation(() => {});
      const res = await withEnv(stripe, `/api/admin/orders/${paid.id}/refund`, { method: 'POST' });
      expect(res.status).toBe(502);
      expect(await res.json()).toEqual({ error: 'refund_failed' });
      expect((await office().order(paid.id))?.status).toBe('paid');
    });

    it('answers 503 without a Stripe key and changes nothing', async () => {
      const paid = await order({ status: 'paid', provider: 'stripe' });
      const res = await post(`/api/admin/orders/${paid.id}/refund`);
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ error: 'payment_unavailable' });
      expect((await office().order(paid.id))?.status).toBe('paid');
    });
  });
});

describe('contact inbox', () => {
  async function message(id: string, subject: string, extra: Record<string, unknown> = {}) {
    const value = {
      id,
      receivedAt: '2027-05-01T10:00:00.000Z',
      lang: 'pl',
      name: 'Ala',
      email: 'a@b.pl',
      subject,
      message: 'Hej',
      ...extra,
    };
    await env.ORDERS.put(`message:${id}`, JSON.stringify(value), { metadata: { lang: 'pl' } });
  }
  const inbox = async (query = '') =>
    (await (await get(`/api/admin/messages${query}`)).json()) as {
      count: number;
      messages: { id: string; topic: string | null; handled: boolean }[];
    };

  it('lists messages newest first, each with its preset topic (any language) and handled mark', async () => {
    await message('01J1', contactPl.topics.wystawca.subject);
    await message('01J2', contactEnGB.topics.prelegent.subject);
    await message('01J3', 'Pytanie o parking');
    const body = await inbox();
    expect(body.messages.map((m) => [m.id, m.topic, m.handled])).toEqual([
      ['01J3', null, false],
      ['01J2', 'prelegent', false],
      ['01J1', 'wystawca', false],
    ]);
  });

  it('filters by topic (other for a free subject) and by the handled mark', async () => {
    await message('01J1', contactPl.topics.wystawca.subject);
    await message('01J2', contactPl.topics.prelegent.subject, {
      handled: true,
      handledAt: '2027-05-02T10:00:00.000Z',
    });
    await message('01J3', 'Pytanie o parking');
    expect((await inbox('?topic=wystawca')).messages.map((m) => m.id)).toEqual(['01J1']);
    expect((await inbox('?topic=other')).messages.map((m) => m.id)).toEqual(['01J3']);
    expect((await inbox('?handled=true')).messages.map((m) => m.id)).toEqual(['01J2']);
    expect((await inbox('?handled=false&topic=prelegent')).count).toBe(0);
    expect((await get('/api/admin/messages?topic=spam')).status).toBe(422);
  });

  it('exports the filtered messages as CSV with their topic and mark', async () => {
    await message('01J1', contactPl.topics.wystawca.subject);
    await message('01J3', 'Pytanie o parking');
    const lines = (await (await get('/api/admin/messages?topic=wystawca&format=csv')).text()).trim().split('\r\n');
    expect(lines).toEqual([
      'id,receivedAt,lang,name,email,subject,message,topic,handled,handledAt',
      `01J1,2027-05-01T10:00:00.000Z,pl,Ala,a@b.pl,${contactPl.topics.wystawca.subject},Hej,wystawca,false,`,
    ]);
  });

  it('marks a message handled and back, keeping the record and its metadata', async () => {
    await message('01J1', 'Pytanie');
    const res = await post('/api/admin/messages/01J1/handled', { handled: true });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: '01J1', handled: true, handledAt: DURING_PROMOTION });
    const stored = await env.ORDERS.getWithMetadata<Record<string, unknown>>('message:01J1', 'json');
    expect(stored.value).toMatchObject({ subject: 'Pytanie', message: 'Hej', handled: true });
    expect(stored.metadata).toEqual({ lang: 'pl' });
    await post('/api/admin/messages/01J1/handled', { handled: false });
    expect((await inbox()).messages[0]).toMatchObject({ handled: false, handledAt: null });
  });

  it('answers 404 for an unknown message and 422 for a body without the mark', async () => {
    await message('01J1', 'Pytanie');
    expect((await post('/api/admin/messages/01J9/handled', { handled: true })).status).toBe(404);
    expect((await post('/api/admin/messages/..%2Forder/handled', { handled: true })).status).toBe(404);
    const bad = await post('/api/admin/messages/01J1/handled', { handled: 'yes' });
    expect(bad.status).toBe(422);
    expect(await bad.json()).toEqual({ error: 'invalid_fields', fields: { handled: 'invalid_type' } });
  });
});

describe('GET /admin (the console page)', () => {
  it.each(['/admin', '/admin/', '/admin/orders/01ARZ3NDEKTSV4RRFFQ69G5FAV', '/admin/messages'])(
    'serves the console for %s, never indexed, never language-redirected',
    async (path) => {
      const res = await SELF.fetch(ORIGIN + path, { redirect: 'manual' });
      expect(res.status).toBe(200);
      expect(res.headers.get('Content-Type')).toMatch(/^text\/html/);
      expect(res.headers.get('X-Robots-Tag')).toBe('noindex, nofollow');
      const csp = res.headers.get('Content-Security-Policy') ?? '';
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toContain('unsafe-inline');
      // The door reads QR codes with the camera; the public pages keep it off.
      expect(res.headers.get('Permissions-Policy')).toContain('camera=(self)');
      const html = await res.text();
      expect(html).toContain('<div id="admin"></div>');
      expect(html).toMatch(/src="\/assets\/admin-index-[\w-]+\.js"/);
    },
  );

  it('keeps the camera off on the public pages', async () => {
    const res = await SELF.fetch(`${ORIGIN}/pl`);
    expect(res.headers.get('Permissions-Policy')).toContain('camera=()');
  });

  it('does not serve the built page file at its own path', async () => {
    const res = await SELF.fetch(`${ORIGIN}/_internal/admin`, { redirect: 'manual' });
    expect(res.status).not.toBe(200);
  });

  it('leaves other paths that start alike to the site', async () => {
    const res = await SELF.fetch(`${ORIGIN}/administrator`, { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('Location')).toMatch(/^\/(pl|en-gb|en-us|de|es)\/administrator$/);
  });
});
