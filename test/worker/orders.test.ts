import { createExecutionContext, env, SELF, waitOnExecutionContext } from 'cloudflare:test';
import { describe, expect, it, vi } from 'vitest';
import type { Order } from '../../site/orders';
import { CONSENT_VERSIONS } from '../../site/purchase-rules';
import { sha256Hex } from '../../worker/crypto';
import { csvCell, toCsv } from '../../worker/csv';
import worker from '../../worker/index';
import { signStripePayload, verifyStripeSignature } from '../../worker/payments/stripe-signature';
import { consentJson } from '../support/consent';
import { freshBoxOfficeEachTest, office } from './box-office';
import { clientIps } from './client-ip';
import { stored } from './kv';
import { ORIGIN } from './platform';

const nextIp = clientIps(51);

const ADMIN = { Authorization: 'Bearer test-admin-token' };

let buyer = 0;
async function buy(plan = 'standard', lang = 'pl') {
  buyer++;
  const res = await SELF.fetch(`${ORIGIN}/api/purchase/${plan}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': `203.0.113.${buyer % 250}` },
    body: consentJson({ email: 'buyer@example.com', lang }),
  });
  const { url, orderId } = (await res.json()) as { url: string; orderId: string };
  const token = new URL(url).searchParams.get('token') ?? '';
  return { url, orderId, token };
}

const readOrder = async (id: string) => (await office().order(id)) as Order;

/** A Stripe order as the purchase route would have made it, sent to session `cs_<id>`. */
async function stripeOrder(id: string, status: 'pending' | 'paid' = 'pending'): Promise<Order> {
  const now = Date.now();
  await office().purchase({
    consent: { ...CONSENT_VERSIONS },
    id,
    items: [{ product: 'online-premium' }],
    email: 'a@b.pl',
    lang: 'pl',
    provider: 'stripe',
    tokenHash: await sha256Hex('secret'),
    fingerprint: 'f',
    now,
  });
  await office().startPayment(id, `cs_${id}`, 'https://checkout.stripe.com/c/pay/x', now);
  if (status === 'paid') await office().settle(id, 'paid', now, { by: 'test' });
  return readOrder(id);
}
freshBoxOfficeEachTest();

describe('GET /api/orders/:id', () => {
  it('shows the order to whoever has its secret', async () => {
    const { orderId, token } = await buy('vip');
    const res = await SELF.fetch(`${ORIGIN}/api/orders/${orderId}?token=${encodeURIComponent(token)}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toContain('no-store');
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      id: orderId,
      product: 'online-vip',
      status: 'pending',
      gross: 122877,
      email: 'buyer@example.com',
    });
    expect(body).not.toHaveProperty('tokenHash');
  });

  it.each([
    ['a wrong secret', (id: string) => `/api/orders/${id}?token=wrong`],
    ['no secret', (id: string) => `/api/orders/${id}`],
    ['an unknown id', () => '/api/orders/01ARZ3NDEKTSV4RRFFQ69G5FAV?token=x'],
    ['a malformed id', () => '/api/orders/..%2F..%2Fadmin?token=x'],
  ])('answers 404 for %s', async (_, path) => {
    const { orderId } = await buy();
    const res = await SELF.fetch(ORIGIN + path(orderId));
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'not_found' });
  });
});

describe('demo checkout', () => {
  it('shows a page labelled as a test payment with net, VAT and gross', async () => {
    const { url } = await buy('premium', 'de');
    const res = await SELF.fetch(url);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<html lang="de">');
    expect(html).toMatch(/Testzahlung|Test payment|Płatność testowa/i);
    for (const amount of ['499,00', '114,77', '613,77']) expect(html).toContain(amount);
    // Its icon linked, as on every page: a page without one makes the browser ask for /favicon.ico.
    expect(html).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml">');
  });

  it('marks the order paid and sends the buyer to the thank-you page', async () => {
    const { orderId, token } = await buy('standard', 'es');
    const res = await SELF.fetch(`${ORIGIN}/checkout/demo/${orderId}/pay`, {
      method: 'POST',
      body: new URLSearchParams({ token }),
      redirect: 'manual',
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('Location')).toBe(
      `/es/kup-bilet/dziekujemy?order=${orderId}&token=${encodeURIComponent(token)}`,
    );
    const order = await readOrder(orderId);
    expect(order.status).toBe('paid');
    expect(order.paidAt).toBeTruthy();
  });

  it('cancels the order and returns to the ticket page', async () => {
    const { orderId, token } = await buy();
    const res = await SELF.fetch(`${ORIGIN}/checkout/demo/${orderId}/cancel`, {
      method: 'POST',
      body: new URLSearchParams({ token }),
      redirect: 'manual',
    });
    // Back on the ticket page, which says so and offers the same product again.
    expect(res.headers.get('Location')).toBe('/pl/kup-bilet?payment=cancelled&product=online-standard');
    expect((await readOrder(orderId)).status).toBe('cancelled');
  });

  it('answers a body it cannot read with 404 and changes nothing, never a 500', async () => {
    const { orderId } = await buy();
    for (const [type, body] of [
      ['multipart/form-data; boundary=x', '--x\r\nbroken'],
      ['multipart/form-data', 'no boundary'],
      ['application/x-www-form-urlencoded', '%%%'],
      ['text/plain', 'token=x'],
    ]) {
      const res = await SELF.fetch(`${ORIGIN}/checkout/demo/${orderId}/pay`, {
        method: 'POST',
        headers: { 'Content-Type': type as string },
        body,
        redirect: 'manual',
      });
      expect(res.status, type).toBe(404);
    }
    expect((await readOrder(orderId)).status).toBe('pending');
  });

  it('does not exist where the demo provider is not configured, nor in production', async () => {
    const { orderId, url, token } = await buy();
    for (const bindings of [
      { ENVIRONMENT: 'production' },
      { PAYMENT_PROVIDER: 'stripe' },
      { PAYMENT_PROVIDER: undefined },
    ] as Partial<typeof env>[]) {
      const call = async (request: Request) => {
        const ctx = createExecutionContext();
        const res = await worker.fetch(request, { ...env, ...bindings }, ctx);
        await waitOnExecutionContext(ctx);
        return res;
      };
      expect((await call(new Request(url))).status).toBe(404);
      const pay = await call(
        new Request(`${ORIGIN}/checkout/demo/${orderId}/pay`, { method: 'POST', body: new URLSearchParams({ token }) }),
      );
      expect(pay.status).toBe(404);
    }
    expect((await readOrder(orderId)).status).toBe('pending');
  });

  it('does nothing without the secret', async () => {
    const { orderId } = await buy();
    const res = await SELF.fetch(`${ORIGIN}/checkout/demo/${orderId}/pay`, {
      method: 'POST',
      body: new URLSearchParams({ token: 'guess' }),
      redirect: 'manual',
    });
    expect(res.status).toBe(404);
    expect((await readOrder(orderId)).status).toBe('pending');
  });
});

describe('Stripe webhook', () => {
  const event = (id: string, type = 'checkout.session.completed', payment = 'paid') =>
    JSON.stringify({
      id: `evt_${id}`,
      type,
      data: { object: { id: `cs_${id}`, client_reference_id: id, payment_status: payment } },
    });
  const send = async (payload: string, signature?: string) =>
    SELF.fetch(`${ORIGIN}/api/webhooks/stripe`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'Stripe-Signature':
          signature ?? (await signStripePayload(payload, 'whsec_test_secret', Math.floor(Date.now() / 1000))),
      },
      body: payload,
    });

  it('marks the order paid on a signed checkout.session.completed', async () => {
    await stripeOrder('01JAAAAAAAAAAAAAAAAAAAAAAA');
    const res = await send(event('01JAAAAAAAAAAAAAAAAAAAAAAA'));
    expect(res.status).toBe(200);
    expect((await readOrder('01JAAAAAAAAAAAAAAAAAAAAAAA')).status).toBe('paid');
  });

  it('changes nothing when the same event arrives again', async () => {
    await stripeOrder('01JBBBBBBBBBBBBBBBBBBBBBBB');
    await send(event('01JBBBBBBBBBBBBBBBBBBBBBBB'));
    const paid = await readOrder('01JBBBBBBBBBBBBBBBBBBBBBBB');
    const again = await send(event('01JBBBBBBBBBBBBBBBBBBBBBBB'));
    expect(again.status).toBe(200);
    expect(await readOrder('01JBBBBBBBBBBBBBBBBBBBBBBB')).toEqual(paid);
  });

  it('does not let a late expiry undo a payment', async () => {
    await stripeOrder('01JCCCCCCCCCCCCCCCCCCCCCCC', 'paid');
    await send(event('01JCCCCCCCCCCCCCCCCCCCCCCC', 'checkout.session.expired'));
    expect((await readOrder('01JCCCCCCCCCCCCCCCCCCCCCCC')).status).toBe('paid');
  });

  it.each([
    [
      'a forged signature',
      (payload: string) => signStripePayload(payload, 'whsec_wrong', Math.floor(Date.now() / 1000)),
    ],
    ['a stale timestamp', (payload: string) => signStripePayload(payload, 'whsec_test_secret', 1_600_000_000)],
    ['no signature', async () => ''],
    ['a malformed header', async () => 't=abc,v1='],
  ])('rejects %s and changes nothing', async (_, sign) => {
    const order = await stripeOrder('01JDDDDDDDDDDDDDDDDDDDDDDD');
    const payload = event('01JDDDDDDDDDDDDDDDDDDDDDDD');
    const res = await send(payload, await sign(payload));
    expect(res.status).toBe(400);
    expect(await readOrder('01JDDDDDDDDDDDDDDDDDDDDDDD')).toEqual(order);
  });

  it('keeps an order whose BLIK or Przelewy24 payment is still processing pending, then settles it', async () => {
    const id = '01JFFFFFFFFFFFFFFFFFFFFFFF';
    await stripeOrder(id);
    const hold = (await readOrder(id)).holdUntil;
    expect((await send(event(id, 'checkout.session.completed', 'unpaid'))).status).toBe(200);
    const processing = await readOrder(id);
    expect(processing.status).toBe('pending');
    // Its place is kept while the bank answers, longer than the checkout's own hold.
    expect(Date.parse(processing.holdUntil)).toBeGreaterThan(Date.parse(hold));
    await send(event(id, 'checkout.session.async_payment_succeeded', 'paid'));
    expect((await readOrder(id)).status).toBe('paid');
    expect((await office().history(id)).map((e) => e.event)).toEqual([
      'created',
      'payment_started',
      'payment_processing',
      'paid',
      'email_queued',
    ]);
  });

  it('cancels an order whose delayed payment failed', async () => {
    const id = '01JGGGGGGGGGGGGGGGGGGGGGGG';
    await stripeOrder(id);
    await send(event(id, 'checkout.session.completed', 'unpaid'));
    await send(event(id, 'checkout.session.async_payment_failed', 'unpaid'));
    expect((await readOrder(id)).status).toBe('cancelled');
  });

  it('expires an order whose checkout session expired', async () => {
    const id = '01JHHHHHHHHHHHHHHHHHHHHHHH';
    await stripeOrder(id);
    await send(event(id, 'checkout.session.expired', 'unpaid'));
    expect((await readOrder(id)).status).toBe('expired');
  });

  it('ignores a session that is not the order’s own', async () => {
    const order = await stripeOrder('01JEEEEEEEEEEEEEEEEEEEEEEE');
    const payload = JSON.stringify({
      type: 'checkout.session.completed',
      data: { object: { id: 'cs_other', client_reference_id: order.id, payment_status: 'paid' } },
    });
    await send(payload);
    expect((await readOrder(order.id)).status).toBe('pending');
  });

  it('verifies signatures in constant-time compare with any v1 entry', async () => {
    const now = 1_700_000_000;
    const header = await signStripePayload('{}', 'k', now);
    expect(await verifyStripeSignature('{}', `${header},v1=deadbeef`, 'k', now)).toBe(true);
    expect(await verifyStripeSignature('{} ', header, 'k', now)).toBe(false);
    expect(await verifyStripeSignature('{}', header, 'k', now + 301)).toBe(false);
  });
});

describe('unknown paths under /api and /checkout', () => {
  it.each(['/api/nothing', '/api/purchase', '/api/orders', '/checkout/other', '/checkout/demo'])(
    'answers %s with a JSON 404, not a language redirect',
    async (path) => {
      const res = await SELF.fetch(ORIGIN + path, { redirect: 'manual' });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: 'not_found' });
    },
  );
});

describe('organiser access', () => {
  it('lists every order as JSON with the admin token, without secrets', async () => {
    await buy('standard');
    await buy('vip');
    const res = await SELF.fetch(`${ORIGIN}/api/admin/orders`, { headers: ADMIN });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { cursor: string | null; orders: Record<string, unknown>[] };
    expect(body.cursor).toBeNull();
    // Both orders are made in the same (fake) millisecond, so their ids sort by their random part.
    expect(body.orders.map((o) => o.product).sort()).toEqual(['online-standard', 'online-vip']);
    expect(body.orders[0]).toHaveProperty('email', 'buyer@example.com');
    expect(body.orders[0]).not.toHaveProperty('tokenHash');
  });

  it('exports orders as CSV', async () => {
    await buy('premium');
    const res = await SELF.fetch(`${ORIGIN}/api/admin/orders?format=csv`, { headers: ADMIN });
    expect(res.headers.get('Content-Type')).toContain('text/csv');
    const [header, row] = (await res.text()).trim().split('\r\n');
    expect(header?.split(',').slice(0, 5)).toEqual(['id', 'code', 'createdAt', 'status', 'product']);
    expect(row).toContain(',pending,online-premium,499.00,114.77,613.77,PLN,buyer@example.com,,pl,demo,');
  });

  it('neutralises spreadsheet formulas in CSV cells', () => {
    expect(toCsv([{ a: '=HYPERLINK("x")', b: 'plain, "quoted"' }], ['a', 'b'])).toBe(
      'a,b\r\n"\'=HYPERLINK(""x"")","plain, ""quoted"""\r\n',
    );
  });

  it.each([
    ['=1+1', "'=1+1"],
    ['+48 600', "'+48 600"],
    ['-2+3', "'-2+3"],
    ['-2 ', "'-2 "],
    ['-1298.00', '-1298.00'],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tcmd', '"\'\tcmd"'],
    ['\rcmd', '"\'\rcmd"'],
    ['Ala,=cmd', '"Ala,\'=cmd"'],
    ['Ala;+cmd', '"Ala;\'+cmd"'],
    ['Ala\t@cmd', '"Ala\t\'@cmd"'],
    ['a-b c=d', 'a-b c=d'],
  ])('neutralises %j in a CSV cell', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it.each([
    ['no token', {}],
    ['a wrong token', { Authorization: 'Bearer nope' }],
    ['another scheme', { Authorization: 'Basic dGVzdC1hZG1pbi10b2tlbg==' }],
  ])('answers 401 with %s', async (_, headers) => {
    const res = await SELF.fetch(`${ORIGIN}/api/admin/orders`, {
      headers: { ...headers, 'CF-Connecting-IP': nextIp() },
    });
    expect(res.status).toBe(401);
  });

  it('compares the admin token in constant time, and refuses a prefix or an extension of it', async () => {
    const compare = vi.spyOn(crypto.subtle, 'timingSafeEqual');
    const call = async (token: string) => {
      const ctx = createExecutionContext();
      const res = await worker.fetch(
        new Request(`${ORIGIN}/api/admin/orders`, {
          headers: { Authorization: `Bearer ${token}`, 'CF-Connecting-IP': nextIp() },
        }),
        env,
        ctx,
      );
      await waitOnExecutionContext(ctx);
      return res.status;
    };
    expect(await call('test-admin-token')).toBe(200);
    expect(compare).toHaveBeenCalled();
    compare.mockClear();
    // Same length, last character wrong: only a constant-time compare may decide.
    expect(await call('test-admin-tokeN')).toBe(401);
    expect(compare).toHaveBeenCalled();
    expect(await call('test-admin-toke')).toBe(401);
    expect(await call('test-admin-token2')).toBe(401);
    compare.mockRestore();
  });

  it('does not exist while no admin token is configured', async () => {
    const ctx = createExecutionContext();
    const res = await worker.fetch(
      new Request(`${ORIGIN}/api/admin/orders`, { headers: ADMIN }),
      { ...env, ADMIN_TOKEN: undefined },
      ctx,
    );
    await waitOnExecutionContext(ctx);
    expect(res.status).toBe(404);
  });

  it('lists contact messages', async () => {
    await env.ORDERS.put('message:01J0', JSON.stringify({ id: '01J0', name: 'Ala' }));
    const res = await SELF.fetch(`${ORIGIN}/api/admin/messages`, { headers: ADMIN });
    expect(await res.json()).toEqual({
      count: 1,
      messages: [{ id: '01J0', name: 'Ala', topic: null, handled: false, handledAt: null }],
    });
    expect(await stored('message:')).toHaveLength(1);
  });

  it('exports contact messages as CSV with fixed columns', async () => {
    const message = {
      id: '01J1',
      receivedAt: '2025-06-02T10:00:00.000Z',
      lang: 'de',
      name: 'Jörg',
      email: 'j@example.com',
      subject: 'press',
      message: 'Hallo, "Presse"',
    };
    await env.ORDERS.put('message:01J1', JSON.stringify(message));
    const res = await SELF.fetch(`${ORIGIN}/api/admin/messages?format=csv`, { headers: ADMIN });
    expect(res.headers.get('Content-Type')).toMatch(/^text\/csv/);
    expect((await res.text()).split('\r\n')).toEqual([
      'id,receivedAt,lang,name,email,subject,message,topic,handled,handledAt',
      '01J1,2025-06-02T10:00:00.000Z,de,Jörg,j@example.com,press,"Hallo, ""Presse""",,false,',
      '',
    ]);
  });
});

describe('GET /api/footer', () => {
  it.each([
    ['pl', 'Polityka prywatności', '/pl/polityka-prywatnosci'],
    ['de', 'Datenschutz', '/de/polityka-prywatnosci'],
  ])('answers the %s parts with the year placeholder', async (lang, text, link) => {
    const res = await SELF.fetch(`${ORIGIN}/api/footer?lang=${lang}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toMatch(/public, max-age=\d+/);
    const parts = (await res.json()) as { top: string; middle: string; bottom: string };
    expect(Object.keys(parts)).toEqual(['top', 'middle', 'bottom']);
    expect(parts.top).toContain('{year}');
    // The organiser's name ends in "o.o.": that full stop ends the sentence too.
    expect(parts.top).not.toContain('..');
    expect(parts.middle).toContain('+48 20 555 01 00');
    expect(parts.bottom).toContain(text);
    expect(parts.bottom).toContain(`href="${link}"`);
  });

  it('falls back to Polish for an unknown language', async () => {
    const parts = (await (await SELF.fetch(`${ORIGIN}/api/footer?lang=xx`)).json()) as { bottom: string };
    expect(parts.bottom).toContain('/pl/regulamin');
  });
});
