import { env } from 'cloudflare:test';
import { describe, expect, it, vi } from 'vitest';
import { EVENT } from '../../site/event';
import { scarcity } from '../../site/holds';
import type { OrderView } from '../../site/order-view';
import type { CartItem, Order } from '../../site/orders';
import { cancellationClosesAt, eventStartsAt } from '../../site/terms';
import { POOLS, product } from '../../site/tickets';
import type { Bindings } from '../../worker/env';
import { ticketCode, ticketKey } from '../../worker/tickets/code';
import { consentJson, withConsent } from '../support/consent';
import { allOrders, freshBoxOfficeEachTest, office, setClock } from './box-office';
import { clientIps } from './client-ip';
import { consumeMail } from './mail-queue';
import { callWorker, ORIGIN, postJson } from './platform';

// Team orders (issue 30): a cart of named tickets in one order, each ticket a ticket of its own,
// and a buyer who changes a holder or cancels on the order page.

const ADMIN = { Authorization: 'Bearer test-admin-token', 'Content-Type': 'application/json' };
const nextIp = clientIps(81);
const noLimit = { PURCHASE_LIMITER: undefined as unknown as RateLimit };
const STRIPE = { PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_123' } as Partial<Bindings>;

type Placed = { orderId: string; code: string; url: string; token: string };

function postCart(body: unknown, options: { key?: string; bindings?: Partial<Bindings> } = {}) {
  return postJson('/api/orders', withConsent(body), {
    ip: nextIp(),
    headers: options.key ? { 'Idempotency-Key': options.key } : {},
    bindings: { ...noLimit, ...options.bindings },
  });
}

async function placeCart(items: CartItem[], extra: Record<string, unknown> = {}): Promise<Placed> {
  const res = await postCart({ email: 'Buyer@Firma.pl', lang: 'pl', name: 'Zofia Zakupy', items, ...extra });
  expect(res.status).toBe(201);
  const body = (await res.json()) as { orderId: string; code: string; url: string };
  return { ...body, token: new URL(body.url).searchParams.get('token') ?? '' };
}

const team = (n: number, productId: CartItem['product'] = 'onsite-pro'): CartItem[] =>
  Array.from({ length: n }, (_, i) => ({ product: productId, name: `Osoba ${i + 1}` }));

const readOrder = async (id: string) => (await office().order(id)) as Order;
const pay = (orderId: string) => office().settle(orderId, 'paid', Date.now(), { by: 'test' });

const api = (placed: Placed, path = '', init: RequestInit = {}, bindings: Partial<Bindings> = {}) =>
  callWorker(
    new Request(`${ORIGIN}/api/orders/${placed.orderId}${path}?token=${encodeURIComponent(placed.token)}`, {
      ...init,
      headers: { 'Content-Type': 'application/json', ...init.headers },
    }),
    bindings,
  );

const checkIn = (ticket: string) =>
  callWorker(
    new Request(`${ORIGIN}/api/admin/check-in`, { method: 'POST', headers: ADMIN, body: JSON.stringify({ ticket }) }),
  );

const signed = (ticket: { id: string; code: string }) => ticketCode(ticketKey(env), ticket);

freshBoxOfficeEachTest({ silence: ['log'] });

describe('POST /api/orders: a cart', () => {
  it('makes one order of 20 named tickets, each priced from site/ and holding its place', async () => {
    const before = (await office().availability(Date.now())).find((p) => p.id === 'onsite-pro')?.remaining ?? 0;
    const placed = await placeCart(team(20));
    const order = await readOrder(placed.orderId);
    expect(order.tickets).toHaveLength(20);
    expect(order.tickets.map((t) => t.position)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(order.tickets.map((t) => t.name)).toEqual(team(20).map((t) => t.name));
    expect(new Set(order.tickets.map((t) => t.code)).size).toBe(20);
    expect(order.email).toBe('buyer@firma.pl');
    expect(order.gross).toBe(order.tickets.reduce((sum, t) => sum + t.gross, 0));
    expect(order.tickets.every((t) => t.gross === order.tickets[0]?.gross)).toBe(true);
    const after = (await office().availability(Date.now())).find((p) => p.id === 'onsite-pro')?.remaining ?? 0;
    expect(before - after).toBe(20);
  });

  it('takes any mix of products, and answers the order with its tickets (codes only once paid)', async () => {
    const placed = await placeCart([
      ...team(3),
      { product: 'online-premium' },
      { product: 'online-vip', name: 'Ewa', email: 'ewa@firma.pl' },
    ]);
    const read = async () => (await (await api(placed)).json()) as OrderView;
    const pending = await read();
    expect(pending.tickets.map((t) => [t.product, t.name, t.email, t.code])).toEqual([
      ['onsite-pro', 'Osoba 1', null, null],
      ['onsite-pro', 'Osoba 2', null, null],
      ['onsite-pro', 'Osoba 3', null, null],
      ['online-premium', null, null, null],
      ['online-vip', 'Ewa', 'ewa@firma.pl', null],
    ]);
    await pay(placed.orderId);
    const paid = await read();
    const order = await readOrder(placed.orderId);
    for (const [i, ticket] of order.tickets.entries()) expect(paid.tickets[i]?.code).toBe(await signed(ticket));
  });

  it('refuses 21 tickets with 422 too_many_tickets and holds nothing', async () => {
    const res = await postCart({ email: 'a@firma.pl', items: team(21) });
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({ error: 'too_many_tickets' });
    expect(await allOrders()).toEqual([]);
  });

  it('names every invalid field by its path and stores nothing', async () => {
    const res = await postCart({
      email: 'jan.kowalski@',
      items: [
        { product: 'onsite-pro' },
        { product: 'online-premium', email: 'not an address' },
        { product: 'onsite-bogus', name: 'X' },
      ],
    });
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({
      error: 'invalid_fields',
      fields: {
        email: 'invalid_email',
        'items.0.name': 'required',
        'items.1.email': 'invalid_email',
        'items.2.product': 'unknown_product',
      },
    });
    expect((await postCart({ email: 'a@firma.pl', items: [] })).status).toBe(422);
    expect(await allOrders()).toEqual([]);
  });

  it('refuses a cart larger than the stock left whole, naming the short product, with nothing held', async () => {
    const vip = product('onsite-vip').capacity ?? 0;
    // Many buyers fill the dinner, each within the unpaid places one buyer may hold (site/holds.ts).
    const share = scarcity(product('onsite-vip'), vip)?.perBuyer ?? vip;
    for (let left = vip - 2; left > 0; left -= share) {
      await placeCart(team(Math.min(share, left), 'onsite-vip'), { email: `gosc${left}@firma.pl` });
    }
    const before = await office().availability(Date.now());
    const res = await postCart({ email: 'b@firma.pl', items: [...team(2), ...team(3, 'onsite-vip')] });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ error: 'sold_out', products: ['onsite-vip'] });
    expect(await office().availability(Date.now())).toEqual(before);
    expect(await allOrders()).toHaveLength(Math.ceil((vip - 2) / share));
    // What is left is sold: exactly the two places.
    expect((await postCart({ email: 'c@firma.pl', items: team(2, 'onsite-vip') })).status).toBe(201);
  });

  it("counts every on-site ticket of a cart against the arena's pool", async () => {
    const arena = POOLS.arena;
    const { remaining } = (await office().availability(Date.now())).find((p) => p.id === 'onsite-standard') ?? {};
    expect(remaining).toBe(Math.min(arena, product('onsite-standard').capacity ?? arena));
    const placed = await placeCart([
      ...team(2, 'onsite-standard'),
      ...team(1, 'onsite-vip'),
      { product: 'online-vip' },
    ]);
    const after = await office().availability(Date.now());
    expect(after.find((p) => p.id === 'onsite-standard')?.remaining).toBe((remaining ?? 0) - 3);
    expect((await readOrder(placed.orderId)).tickets).toHaveLength(4);
  });

  it('makes one order of 50 simultaneous carts with the same key, and refuses the key with another cart', async () => {
    const body = { email: 'same@firma.pl', items: team(3) };
    const responses = await Promise.all(
      Array.from({ length: 50 }, () => postCart(body, { key: 'team-cart-key-0001' })),
    );
    const answers = await Promise.all(responses.map((r) => r.json() as Promise<{ orderId: string }>));
    expect(responses.filter((r) => r.status === 201)).toHaveLength(1);
    expect(responses.filter((r) => r.status === 200)).toHaveLength(49);
    expect(new Set(answers.map((a) => a.orderId)).size).toBe(1);
    expect(await allOrders()).toHaveLength(1);
    const other = await postCart({ ...body, items: team(4) }, { key: 'team-cart-key-0001' });
    expect(other.status).toBe(409);
    expect(await other.json()).toEqual({ error: 'idempotency_key_reused' });
  });

  it('keeps POST /api/purchase/:product as a one-ticket order for the buyer', async () => {
    const res = await callWorker(
      new Request(`${ORIGIN}/api/purchase/onsite-vip`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': nextIp() },
        body: consentJson({ email: 'one@firma.pl', name: 'Jan Nowak' }),
      }),
      noLimit,
    );
    expect(res.status).toBe(201);
    const { orderId } = (await res.json()) as { orderId: string };
    expect((await readOrder(orderId)).tickets.map((t) => [t.product, t.name, t.email])).toEqual([
      ['onsite-vip', 'Jan Nowak', null],
    ]);
  });

  it('sends Stripe one line per product with its quantity, adding up to the order', async () => {
    const calls: URLSearchParams[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (_input, init = {}) => {
      calls.push(new URLSearchParams(String(init.body ?? '')));
      return Response.json({ id: 'cs_cart', url: 'https://checkout.stripe.com/c/pay/cs_cart' });
    });
    const res = await postCart(
      { email: 'a@firma.pl', items: [...team(3), { product: 'online-premium' }] },
      { bindings: STRIPE },
    );
    expect(res.status).toBe(201);
    const { orderId } = (await res.json()) as { orderId: string };
    const order = await readOrder(orderId);
    const form = calls[0] as URLSearchParams;
    expect(form.get('line_items[0][quantity]')).toBe('3');
    expect(form.get('line_items[1][quantity]')).toBe('1');
    const total =
      Number(form.get('line_items[0][price_data][unit_amount]')) * 3 +
      Number(form.get('line_items[1][price_data][unit_amount]'));
    expect(total).toBe(order.gross);
    expect(form.get('line_items[2][quantity]')).toBeNull();
  });
});

describe('each ticket is a ticket', () => {
  it('has its own code at the door: each admitted once', async () => {
    const placed = await placeCart(team(3));
    await pay(placed.orderId);
    const order = await readOrder(placed.orderId);
    for (const ticket of order.tickets) {
      const first = await checkIn(await signed(ticket));
      expect(first.status).toBe(200);
      expect(await first.json()).toMatchObject({ name: ticket.name, position: ticket.position, tickets: 3 });
    }
    expect((await checkIn(await signed(order.tickets[1] as Order['tickets'][number]))).status).toBe(409);
    const stats = (await (await callWorker(new Request(`${ORIGIN}/api/admin/stats`, { headers: ADMIN }))).json()) as {
      checkInsPerHour: { count: number }[];
    };
    expect(stats.checkInsPerHour.reduce((sum, h) => sum + h.count, 0)).toBe(3);
  });

  it('takes workshop seats per ticket, with the ticket code and the holder’s or the buyer’s e-mail', async () => {
    const placed = await placeCart([
      { product: 'onsite-vip', name: 'Ewa', email: 'ewa@firma.pl' },
      { product: 'onsite-vip', name: 'Jan' },
    ]);
    await pay(placed.orderId);
    const [ewa, jan] = (await readOrder(placed.orderId)).tickets;
    const register = (email: string, code: string) =>
      callWorker(
        new Request(`${ORIGIN}/api/workshops/ragAgents/registrations`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': nextIp() },
          body: JSON.stringify({ email, code }),
        }),
        noLimit,
      );
    expect((await register('ewa@firma.pl', await signed(ewa as Order['tickets'][number]))).status).toBe(201);
    expect((await register('buyer@firma.pl', jan?.code ?? '')).status).toBe(201);
    expect((await register('buyer@firma.pl', jan?.code ?? '')).status).toBe(409);
    // The order code names no single ticket of a team order.
    expect((await register('buyer@firma.pl', placed.code)).status).toBe(404);
    const view = (await (await api(placed)).json()) as OrderView;
    expect(view.tickets.map((t) => t.workshops)).toEqual([['ragAgents'], ['ragAgents']]);
  });

  it('mails each attendee with an address their own ticket once, and the buyer one confirmation listing all', async () => {
    const placed = await placeCart([
      { product: 'onsite-pro', name: 'Ewa Nowak', email: 'ewa@firma.pl' },
      { product: 'onsite-pro', name: 'Jan Kowalski' },
      { product: 'online-premium', name: 'Kupujący', email: 'buyer@firma.pl' },
    ]);
    await pay(placed.orderId);
    await pay(placed.orderId);
    const emails = await office().emails(placed.orderId);
    expect(emails.map((e) => e.kind).sort()).toEqual(['confirmation', 'ticket']);
    const send = vi.fn(async (_message: unknown) => ({ messageId: `msg-${crypto.randomUUID()}` }));
    // The queue delivers each message twice (a retry after a lost ack): each e-mail goes out once.
    await consumeMail(
      emails.map((e) => e.id),
      send,
    );
    await consumeMail(
      emails.map((e) => e.id),
      send,
      { attempts: 2 },
    );
    expect(send).toHaveBeenCalledTimes(2);
    const messages = send.mock.calls.map((call) => call[0] as { to: string; text: string; attachments: unknown[] });
    const order = await readOrder(placed.orderId);
    const confirmation = messages.find((m) => m.to === 'buyer@firma.pl');
    for (const ticket of order.tickets) expect(confirmation?.text).toContain(await signed(ticket));
    expect(confirmation?.text).toContain('Bilet 3 z 3');
    expect(confirmation?.attachments).toHaveLength(4);
    const attendee = messages.find((m) => m.to === 'ewa@firma.pl');
    expect(attendee?.text).toContain(await signed(order.tickets[0] as Order['tickets'][number]));
    expect(attendee?.text).toContain('Zofia Zakupy przekazuje Ci bilet');
    expect(attendee?.text).not.toContain(await signed(order.tickets[1] as Order['tickets'][number]));
    expect(attendee?.text).not.toContain('token=');
  });
});

describe('the buyer changes a holder', () => {
  const rename = (placed: Placed, ticketId: string, body: unknown) =>
    api(placed, `/tickets/${ticketId}`, { method: 'PATCH', body: JSON.stringify(body) });

  it('gives the ticket a new code: the old QR is refused at the door, the new holder gets it by e-mail', async () => {
    const placed = await placeCart(team(2));
    await pay(placed.orderId);
    const [first] = (await readOrder(placed.orderId)).tickets;
    const ticket = first as Order['tickets'][number];
    const oldCode = await signed(ticket);
    const res = await rename(placed, ticket.id, { name: 'Marta Zastępcza', email: 'Marta@Firma.pl' });
    expect(res.status).toBe(200);
    const view = (await res.json()) as OrderView;
    const renamed = view.tickets[0];
    expect(renamed).toMatchObject({ name: 'Marta Zastępcza', email: 'marta@firma.pl' });
    expect(renamed?.code).not.toBe(oldCode);
    const refused = await checkIn(oldCode);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ error: 'ticket_reissued', reason: 'reissued' });
    const admitted = await checkIn(renamed?.code ?? '');
    expect(admitted.status).toBe(200);
    expect(await admitted.json()).toMatchObject({ name: 'Marta Zastępcza' });
    const emails = await office().emails(placed.orderId);
    expect(emails.filter((e) => e.kind === 'ticket')).toHaveLength(1);
    const history = (await office().history(placed.orderId)).map((e) => e.event);
    expect(history).toContain('ticket_reissued');
  });

  it('refuses a change without an on-site name, with a wrong secret, before payment, after admission and once the congress starts', async () => {
    const placed = await placeCart(team(2));
    const [first, second] = (await readOrder(placed.orderId)).tickets as [
      Order['tickets'][number],
      Order['tickets'][number],
    ];
    expect((await rename(placed, first.id, { name: 'X' })).status).toBe(409); // not paid yet
    await pay(placed.orderId);
    const missing = await rename(placed, first.id, { name: '' });
    expect(missing.status).toBe(422);
    expect(await missing.json()).toEqual({ error: 'invalid_fields', fields: { name: 'required' } });
    expect((await rename({ ...placed, token: 'wrong' }, first.id, { name: 'X' })).status).toBe(404);
    expect((await rename(placed, '01ARZ3NDEKTSV4RRFFQ69G5FAV', { name: 'X' })).status).toBe(404);
    expect((await rename(placed, first.id, { email: 'x@y' })).status).toBe(422);
    const { checkedInAt } = (await (await checkIn(await signed(second))).json()) as { checkedInAt: string };
    const admitted = await rename(placed, second.id, { name: 'Late' });
    expect(admitted.status).toBe(409);
    expect(await admitted.json()).toEqual({ error: 'already_checked_in', at: checkedInAt });
    setClock(new Date(eventStartsAt()).toISOString());
    const closed = await rename(placed, first.id, { name: 'Too Late' });
    expect(closed.status).toBe(409);
    expect(await closed.json()).toEqual({ error: 'changes_closed' });
    expect((await readOrder(placed.orderId)).tickets.map((t) => t.name)).toEqual(['Osoba 1', 'Osoba 2']);
  });
});

describe('the buyer cancels', () => {
  const cancel = (placed: Placed, bindings: Partial<Bindings> = {}) =>
    api(placed, '/cancel', { method: 'POST' }, bindings);

  it('until the deadline: the demo payment is given back at once, the places return, one e-mail', async () => {
    const placed = await placeCart([...team(2, 'onsite-vip'), { product: 'online-premium' }]);
    await pay(placed.orderId);
    const before = (await office().availability(Date.now())).find((p) => p.id === 'onsite-vip')?.remaining ?? 0;
    setClock(new Date(cancellationClosesAt() - 1000).toISOString());
    const res = await cancel(placed);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'refunded', cancelledAt: expect.any(String) });
    const after = (await office().availability(Date.now())).find((p) => p.id === 'onsite-vip')?.remaining ?? 0;
    expect(after - before).toBe(2);
    expect((await office().emails(placed.orderId)).filter((e) => e.kind === 'cancellation')).toHaveLength(1);
    // Asked again: the same answer, and nothing more happens.
    const again = await cancel(placed);
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ status: 'refunded' });
    expect((await office().emails(placed.orderId)).filter((e) => e.kind === 'cancellation')).toHaveLength(1);
    const ticket = (await readOrder(placed.orderId)).tickets[0] as Order['tickets'][number];
    const refused = await checkIn(await signed(ticket));
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ error: 'ticket_not_valid', reason: 'not_paid', status: 'refunded' });
  });

  it('after the deadline: 409 cancellation_closed with the deadline, and nothing changes', async () => {
    const placed = await placeCart(team(1));
    await pay(placed.orderId);
    setClock(new Date(cancellationClosesAt()).toISOString());
    const res = await cancel(placed);
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({
      error: 'cancellation_closed',
      until: new Date(cancellationClosesAt()).toISOString(),
    });
    expect((await readOrder(placed.orderId)).status).toBe('paid');
    // The deadline is the end of the 14th day before the congress, in Warsaw.
    expect(new Date(cancellationClosesAt()).toISOString()).toBe(
      new Date(`${EVENT.date.slice(0, 8)}10T00:00:00${EVENT.utcOffset}`).toISOString(),
    );
  });

  it('refunds a Stripe payment through Stripe, once, and marks nothing when Stripe fails', async () => {
    const calls: { url: string; method: string; headers: Headers; body: URLSearchParams }[] = [];
    let failRefund = true;
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init = {}) => {
      const url = String(input);
      calls.push({
        url,
        method: init.method ?? 'GET',
        headers: new Headers(init.headers),
        body: new URLSearchParams(String(init.body ?? '')),
      });
      if (url.endsWith('/v1/refunds')) {
        return failRefund ? new Response('{}', { status: 500 }) : Response.json({ id: 're_cart', status: 'succeeded' });
      }
      if (/\/v1\/checkout\/sessions\/[^/]+$/.test(url))
        return Response.json({ id: 'cs_cart', payment_intent: 'pi_cart' });
      return Response.json({ id: 'cs_cart', url: 'https://checkout.stripe.com/c/pay/cs_cart' });
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const res = await postCart({ email: 'a@firma.pl', items: team(2) }, { bindings: STRIPE });
    const body = (await res.json()) as { orderId: string; url: string };
    // The Stripe order's own secret is the one its success URL carries.
    const session = calls[0]?.body.get('success_url') ?? '';
    const placed = {
      orderId: body.orderId,
      code: '',
      url: body.url,
      token: new URL(session).searchParams.get('token') ?? '',
    };
    await office().settle(body.orderId, 'paid', Date.now(), { provider: 'stripe', by: 'test' });
    const failed = await cancel(placed, STRIPE);
    expect(failed.status).toBe(502);
    expect(await failed.json()).toEqual({ error: 'refund_failed' });
    expect((await readOrder(body.orderId)).status).toBe('paid');
    failRefund = false;
    const done = await cancel(placed, STRIPE);
    expect(done.status).toBe(200);
    const refunds = calls.filter((c) => c.url.endsWith('/v1/refunds'));
    expect(refunds).toHaveLength(2);
    expect(refunds.every((r) => r.headers.get('Idempotency-Key') === `refund-${body.orderId}`)).toBe(true);
    expect(refunds[1]?.body.get('payment_intent')).toBe('pi_cart');
    expect((await readOrder(body.orderId)).status).toBe('refunded');
  });

  it('lets a pending order go at once, its places back', async () => {
    const placed = await placeCart(team(3));
    const res = await cancel(placed);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'cancelled' });
    const { remaining } = (await office().availability(Date.now())).find((p) => p.id === 'onsite-pro') ?? {};
    expect(remaining).toBe(product('onsite-pro').capacity ?? POOLS.arena);
  });
});

describe('organisers', () => {
  it('find an order by an attendee, see its tickets, and export one row per ticket', async () => {
    const placed = await placeCart([
      { product: 'onsite-pro', name: 'Ewa Szukana', email: 'ewa.szukana@firma.pl' },
      { product: 'online-premium' },
    ]);
    await placeCart(team(1));
    const search = async (q: string) =>
      (
        (await (
          await callWorker(new Request(`${ORIGIN}/api/admin/orders?q=${encodeURIComponent(q)}`, { headers: ADMIN }))
        ).json()) as { orders: Order[] }
      ).orders.map((o) => o.id);
    expect(await search('szukana')).toEqual([placed.orderId]);
    expect(await search('ewa.szukana@')).toEqual([placed.orderId]);
    const ticketCodeOnly = (await readOrder(placed.orderId)).tickets[1]?.code ?? '';
    expect(await search(ticketCodeOnly.toLowerCase())).toEqual([placed.orderId]);
    const csv = await (
      await callWorker(new Request(`${ORIGIN}/api/admin/orders?format=csv&rows=tickets`, { headers: ADMIN }))
    ).text();
    const lines = csv.trim().split('\r\n');
    expect(lines[0]).toBe(
      'orderCode,orderStatus,position,tickets,product,name,email,code,checkedInAt,buyerName,buyerEmail,company,lang,paidAt,comp,access.assistance,access.wheelchair,access.note',
    );
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain('Ewa Szukana,ewa.szukana@firma.pl');
    // A ticket without a holder of its own is the buyer's.
    expect(lines[2]).toContain('online-premium,Zofia Zakupy,buyer@firma.pl');
  });
});
