import { createExecutionContext, env, runInDurableObject, SELF, waitOnExecutionContext } from 'cloudflare:test';
import { describe, expect, it, vi } from 'vitest';
import { HOLD_MINUTES } from '../../site/tickets';
import worker from '../../worker/index';
import { consentJson } from '../support/consent';
import { ACME } from '../support/invoice-data';
import { allOrders, DURING_PROMOTION, freshBoxOfficeEachTest, office } from './box-office';
import { fieldErrors, ORIGIN } from './platform';

/** A client address of its own per call, so the per-IP rate limit stays out of the way. */
let ipCounter = 0;
const nextIp = () => `203.0.${Math.floor(++ipCounter / 250) % 250}.${ipCounter % 250}`;

function purchase(plan: string, body: unknown, headers: Record<string, string> = {}) {
  return SELF.fetch(`${ORIGIN}/api/purchase/${plan}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': nextIp(), ...headers },
    body: typeof body === 'string' ? body : consentJson(body),
  });
}

/** Calls the worker directly with changed bindings (another provider, a failing KV). */
async function purchaseWith(bindings: Partial<typeof env>, plan: string, body: unknown) {
  const request = new Request(`${ORIGIN}/api/purchase/${plan}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: consentJson(body),
  });
  const ctx = createExecutionContext();
  const response = await worker.fetch(request, { ...env, ...bindings }, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

const orders = allOrders;

/** A cart of one online ticket with invoice data, as the dialog sends it. */
function order(invoice: unknown) {
  return SELF.fetch(`${ORIGIN}/api/orders`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': nextIp() },
    body: consentJson({ email: 'a@b.pl', items: [{ product: 'online-premium' }], invoice }),
  });
}

freshBoxOfficeEachTest();

describe('invoice data (both routes)', () => {
  it.each([
    ['a cart', (invoice: unknown) => order(invoice)],
    ['one ticket', (invoice: unknown) => purchase('premium', { email: 'a@b.pl', invoice })],
  ])('stores a Polish company with a valid NIP, in its compact form (%s)', async (_, send) => {
    const res = await send({ ...ACME, taxId: ' PL 526-025-02-74 ', country: 'pl', city: ' Warszawa ' });
    expect(res.status).toBe(201);
    expect((await orders())[0]?.invoice).toEqual(ACME);
  });

  it.each([
    ['a cart', (invoice: unknown) => order(invoice)],
    ['one ticket', (invoice: unknown) => purchase('premium', { email: 'a@b.pl', invoice })],
  ])('refuses a NIP that fails the checksum, 1234567890, and creates nothing (%s)', async (_, send) => {
    expect(await fieldErrors(await send({ ...ACME, taxId: '1234567890' }))).toEqual({ 'invoice.taxId': 'invalid_nip' });
    expect(await orders()).toEqual([]);
  });

  it('stores an EU company with its VAT number, prefix and all', async () => {
    const invoice = {
      ...ACME,
      name: 'Beispiel GmbH',
      taxId: 'de 123 456 789',
      postalCode: '10115',
      city: 'Berlin',
      country: 'DE',
    };
    expect((await order(invoice)).status).toBe(201);
    expect((await orders())[0]?.invoice).toMatchObject({ taxId: 'DE123456789', country: 'DE' });
  });

  it.each([
    ["another country's prefix", 'FR12345678901', 'vat_id_country'],
    ['no prefix', '123456789', 'invalid_vat_id'],
    ["not the country's form", 'DE12345', 'invalid_vat_id'],
  ])('refuses an EU VAT number with %s and stores nothing', async (_, taxId, error) => {
    const invoice = { ...ACME, taxId, postalCode: '10115', city: 'Berlin', country: 'DE' };
    expect(await fieldErrors(await order(invoice))).toEqual({ 'invoice.taxId': error });
    expect(await orders()).toEqual([]);
  });

  it("refuses Greece's ISO code as a VAT prefix: its VAT numbers start with EL", async () => {
    const greek = { ...ACME, postalCode: '105 57', city: 'Athens', country: 'GR' };
    expect(await fieldErrors(await order({ ...greek, taxId: 'GR123456789' }))).toEqual({
      'invoice.taxId': 'invalid_vat_id',
    });
    expect((await order({ ...greek, taxId: 'EL123456789' })).status).toBe(201);
  });

  it('stores a private person: name and address, no tax number (absent or empty)', async () => {
    const { taxId: _, ...person } = { ...ACME, name: 'Jan Kowalski' };
    expect((await order(person)).status).toBe(201);
    expect((await order({ ...person, taxId: '  ' })).status).toBe(201);
    const stored = (await orders()).map((o) => o.invoice);
    expect(stored).toEqual([person, person]);
  });

  it('takes a business outside the EU with any tax number or none, and no postal code where there is none', async () => {
    const hk = { name: 'Example Ltd', street: '1 Queen’s Road', city: 'Hong Kong', country: 'HK' };
    expect((await order(hk)).status).toBe(201);
    expect((await order({ ...hk, taxId: '12345678-000' })).status).toBe(201);
    expect((await orders()).map((o) => o.invoice)).toEqual([
      { ...hk, postalCode: '' },
      // site/invoices.ts keeps every tax number but a NIP in the compact form of VAT numbers.
      { ...hk, taxId: '12345678000', postalCode: '' },
    ]);
  });

  it('refuses a Polish postal code not in the form 00-000, or none', async () => {
    expect(await fieldErrors(await order({ ...ACME, postalCode: '00850' }))).toEqual({
      'invoice.postalCode': 'invalid_postal_code',
    });
    expect(await fieldErrors(await order({ ...ACME, postalCode: '' }))).toEqual({ 'invoice.postalCode': 'required' });
    expect(await orders()).toEqual([]);
  });

  it('refuses a country that is not one (a region, an old code, a name) as invalid', async () => {
    for (const country of ['EU', 'UK', 'ZZ', 'Polska', 'P', 7]) {
      expect(await fieldErrors(await order({ ...ACME, taxId: undefined, country }))).toEqual({
        'invoice.country': 'invalid',
      });
    }
    expect(await orders()).toEqual([]);
  });

  it('marks every invalid field at once, with its path', async () => {
    const fields = await fieldErrors(
      await order({ name: ' ', taxId: '1234567890', street: 'x'.repeat(201), postalCode: '1', country: 'PL' }),
    );
    expect(fields).toEqual({
      'invoice.name': 'required',
      'invoice.street': 'too_long',
      'invoice.city': 'required',
      'invoice.taxId': 'invalid_nip',
      'invoice.postalCode': 'invalid_postal_code',
    });
    expect(await orders()).toEqual([]);
  });

  it('refuses the old shape ({company, taxId, address}) field by field', async () => {
    const fields = await fieldErrors(await order({ company: 'ACME', taxId: '5260250274', address: 'ul. Prosta 1' }));
    expect(fields).toMatchObject({
      'invoice.name': 'required',
      'invoice.street': 'required',
      'invoice.country': 'required',
    });
  });

  it('loads an order stored with the old invoice data as a Polish company with the address as its street', async () => {
    expect((await order(ACME)).status).toBe(201);
    const [{ id } = { id: '' }] = await orders();
    await runInDurableObject(office(), (_instance, state) => {
      state.storage.sql.exec(
        'UPDATE orders SET invoice = ? WHERE id = ?',
        JSON.stringify({ company: 'Stara Firma', taxId: '5260250274', address: 'ul. Długa 1, 90-001 Łódź' }),
        id,
      );
    });
    expect((await orders())[0]?.invoice).toEqual({
      name: 'Stara Firma',
      taxId: '5260250274',
      street: 'ul. Długa 1, 90-001 Łódź',
      postalCode: '',
      city: '',
      country: 'PL',
    });
  });
});

describe('POST /api/purchase/:product', () => {
  it('stores a pending order priced from site/ and answers with the demo checkout URL', async () => {
    const res = await purchase('standard', { email: 'Ala@Example.com', lang: 'de' });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { url: string; orderId: string; code: string };
    expect(body.url).toMatch(new RegExp(`^${ORIGIN}/checkout/demo/${body.orderId}\\?token=`));
    expect(body.code).toMatch(/^[0-9A-Z]{8}$/);
    const [order] = await orders();
    expect(order).toMatchObject({
      id: body.orderId,
      code: body.code,
      product: 'online-standard',
      net: 29900,
      vat: 6877,
      gross: 36777,
      currency: 'PLN',
      email: 'ala@example.com',
      lang: 'de',
      status: 'pending',
      provider: 'demo',
      providerRef: `demo_${body.orderId}`,
    });
    // Only the hash of the buyer's secret is kept, and the demo URL (which holds it) is not.
    expect(JSON.stringify(order)).not.toContain(new URL(body.url).searchParams.get('token'));
  });

  it.each([
    ['onsite-standard', 69900],
    ['onsite-pro', 99900],
    ['onsite-vip', 149900],
    ['online-premium', 49900],
  ])('sells %s at %i net', async (id, net) => {
    const res = await purchase(id, { email: 'a@b.pl', name: 'Ala Kot' });
    expect(res.status).toBe(201);
    expect((await orders())[0]).toMatchObject({ product: id, net, name: 'Ala Kot', status: 'pending' });
  });

  it.each([
    ['premium', 49900, 61377],
    ['vip', 99900, 122877],
  ])('prices the online plan %s (the spec’s path) at %i net and %i gross', async (plan, net, gross) => {
    expect((await purchase(plan, { email: 'a@b.pl' })).status).toBe(201);
    expect((await orders())[0]).toMatchObject({ product: `online-${plan}`, net, gross, lang: 'pl' });
  });

  it('ignores any amount the request sends', async () => {
    await purchase('vip', { email: 'a@b.pl', net: 1, gross: 1, amount: 1, price: 1 });
    expect((await orders())[0]).toMatchObject({ net: 99900, gross: 122877 });
  });

  describe('rejects bad requests with a clear error and stores nothing', () => {
    it.each([
      ['an unknown product', () => purchase('gold', { email: 'a@b.pl' }), 404, 'unknown_product'],
      ['malformed JSON', () => purchase('standard', '{"email":'), 400, 'invalid_json'],
      ['a missing e-mail', () => purchase('standard', {}), 422, 'invalid_fields'],
      ['an empty e-mail', () => purchase('standard', { email: '' }), 422, 'invalid_fields'],
      ['a malformed e-mail', () => purchase('standard', { email: 'not-an-email' }), 422, 'invalid_fields'],
      ['an unknown language', () => purchase('standard', { email: 'a@b.pl', lang: 'fr' }), 422, 'invalid_fields'],
      [
        'a bad tax id',
        () => purchase('standard', { email: 'a@b.pl', invoice: { ...ACME, taxId: '<x>' } }),
        422,
        'invalid_fields',
      ],
      [
        'a body over the limit',
        () => purchase('standard', { email: 'a@b.pl', padding: 'x'.repeat(5000) }),
        413,
        'body_too_large',
      ],
      [
        'a form body',
        () =>
          SELF.fetch(`${ORIGIN}/api/purchase/standard`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'CF-Connecting-IP': nextIp() },
            body: 'email=a%40b.pl',
          }),
        415,
        'unsupported_media_type',
      ],
      [
        'a bad idempotency key',
        () => purchase('standard', { email: 'a@b.pl' }, { 'Idempotency-Key': 'x' }),
        400,
        'invalid_idempotency_key',
      ],
    ])('%s', async (_, send, status, error) => {
      const res = await send();
      expect(res.status).toBe(status);
      expect(await res.json()).toMatchObject({ error });
      expect(await orders()).toEqual([]);
    });

    it('names the invalid field', async () => {
      const res = await purchase('standard', { email: 'nope' });
      expect(await res.json()).toEqual({ error: 'invalid_fields', fields: { email: 'invalid_email' } });
    });

    it('refuses a chunked body over the limit without Content-Length', async () => {
      const chunk = new TextEncoder().encode(`{"email":"a@b.pl","x":"${'y'.repeat(6000)}"}`);
      const stream = new ReadableStream({
        start(controller) {
          controller.enqueue(chunk);
          controller.close();
        },
      });
      const res = await SELF.fetch(`${ORIGIN}/api/purchase/standard`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': nextIp() },
        body: stream,
      });
      expect(res.status).toBe(413);
      expect(await orders()).toEqual([]);
    });
  });

  it('answers a retry with the same Idempotency-Key with the same order and URL', async () => {
    const headers = { 'Idempotency-Key': 'attempt-0001-abcdef' };
    const first = (await (await purchase('premium', { email: 'a@b.pl' }, headers)).json()) as { url: string };
    const again = await purchase('premium', { email: 'a@b.pl' }, headers);
    expect(again.status).toBe(200);
    expect(((await again.json()) as { url: string }).url).toBe(first.url);
    expect(await orders()).toHaveLength(1);
  });

  it('keeps 100 concurrent purchases as 100 orders', async () => {
    const responses = await Promise.all(
      Array.from({ length: 100 }, (_, i) => purchase(i % 2 ? 'standard' : 'vip', { email: `buyer${i}@example.com` })),
    );
    expect(responses.every((r) => r.status === 201)).toBe(true);
    const all = await orders();
    expect(all).toHaveLength(100);
    expect(new Set(all.map((o) => o.email)).size).toBe(100);
    expect(new Set(all.map((o) => o.code)).size).toBe(100);
  });

  it('refuses the demo provider in production and stores nothing', async () => {
    const res = await purchaseWith({ ENVIRONMENT: 'production' }, 'standard', { email: 'a@b.pl' });
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ error: 'payment_unavailable' });
    expect(await orders()).toEqual([]);
  });

  it('answers 503 and no URL when the box office cannot be reached', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const unreachable = {
      idFromName: () => ({}),
      get: () => ({ purchase: () => Promise.reject(new Error('Durable Object reset')) }),
    } as unknown as typeof env.BOX_OFFICE;
    const res = await purchaseWith({ BOX_OFFICE: unreachable }, 'standard', { email: 'a@b.pl' });
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ error: 'storage_unavailable' });
    expect(await orders()).toEqual([]);
  });

  it('answers 503 when no payment provider is configured, and never falls back to demo', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    for (const bindings of [{ PAYMENT_PROVIDER: undefined }, { PAYMENT_PROVIDER: 'paypal' }]) {
      const res = await purchaseWith(bindings as Partial<typeof env>, 'standard', { email: 'a@b.pl' });
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ error: 'payment_unavailable' });
    }
    expect(await orders()).toEqual([]);
  });
});

describe('abuse limits', () => {
  it('answers 429 with Retry-After once an address is over the limit, and stores nothing more', async () => {
    const ip = '192.0.2.77';
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push((await purchase('standard', { email: `r${i}@example.com` }, { 'CF-Connecting-IP': ip })).status);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(201));
    const limited = await purchase('standard', { email: 'late@example.com' }, { 'CF-Connecting-IP': ip });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('Retry-After')).toBe('60');
    expect(await limited.json()).toEqual({ error: 'rate_limited' });
    expect((await orders()).map((o) => o.email)).not.toContain('late@example.com');
    const other = await purchase('standard', { email: 'other@example.com' }, { 'CF-Connecting-IP': '192.0.2.78' });
    expect(other.status).toBe(201);
  });

  it.each([
    ['a cross-site fetch', { 'Sec-Fetch-Site': 'cross-site' }],
    ['another origin', { Origin: 'https://evil.example' }],
    ['an opaque origin', { Origin: 'null' }],
  ])('refuses %s with 403 and stores nothing', async (_, headers) => {
    const res = await purchase('standard', { email: 'a@b.pl' }, headers);
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: 'cross_site_request' });
    expect(await orders()).toEqual([]);
  });

  it('accepts a same-origin browser request', async () => {
    const res = await purchase('standard', { email: 'a@b.pl' }, { Origin: ORIGIN, 'Sec-Fetch-Site': 'same-origin' });
    expect(res.status).toBe(201);
  });
});

describe('with Stripe', () => {
  const stripe = { PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_123' };

  it('creates a Checkout Session with the gross amount in PLN, BLIK and Przelewy24', async () => {
    const calls: { url: string; init: RequestInit }[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      calls.push({ url: String(input), init: init ?? {} });
      return Response.json({ id: 'cs_test_1', url: 'https://checkout.stripe.com/c/pay/cs_test_1' });
    });
    const res = await purchaseWith(stripe, 'premium', { email: 'a@b.pl', lang: 'en-GB' });
    expect(res.status).toBe(201);
    expect(((await res.json()) as { url: string }).url).toBe('https://checkout.stripe.com/c/pay/cs_test_1');
    expect(calls).toHaveLength(1);
    const [call] = calls;
    expect(call?.url).toBe('https://api.stripe.com/v1/checkout/sessions');
    const headers = new Headers(call?.init.headers);
    expect(headers.get('Authorization')).toBe('Bearer sk_test_123');
    const form = new URLSearchParams(String(call?.init.body));
    const [order] = await orders();
    expect(headers.get('Idempotency-Key')).toBe(`checkout-${order?.id}`);
    expect(Object.fromEntries(form)).toMatchObject({
      mode: 'payment',
      customer_email: 'a@b.pl',
      client_reference_id: order?.id,
      locale: 'en-GB',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'pln',
      'line_items[0][price_data][unit_amount]': '61377',
      'payment_method_types[0]': 'card',
      'payment_method_types[1]': 'blik',
      'payment_method_types[2]': 'p24',
    });
    expect(form.get('success_url')).toMatch(
      new RegExp(`^${ORIGIN}/en-gb/kup-bilet/dziekujemy\\?order=${order?.id}&token=`),
    );
    expect(form.get('cancel_url')).toBe(`${ORIGIN}/en-gb/kup-bilet?payment=cancelled&product=online-premium`);
    // Stripe refuses a session that expires less than 30 minutes after it makes it: the request asks
    // for 30 minutes and a margin, and the order holds its place at least until the session expires.
    const expiresAt = Number(form.get('expires_at')) * 1000;
    expect(expiresAt - Date.parse(DURING_PROMOTION)).toBeGreaterThanOrEqual((30 * 60 + 60) * 1000);
    expect(expiresAt - Date.parse(DURING_PROMOTION)).toBeLessThanOrEqual(24 * 3600 * 1000);
    expect(Date.parse(order?.holdUntil ?? '')).toBeGreaterThanOrEqual(expiresAt);
    expect(Date.parse(order?.holdUntil ?? '')).toBeGreaterThanOrEqual(
      Date.parse(DURING_PROMOTION) + HOLD_MINUTES * 60_000,
    );
    expect(order).toMatchObject({ provider: 'stripe', providerRef: 'cs_test_1', status: 'pending' });
  });

  it.each([
    ['a 500', async () => new Response('boom', { status: 500 })],
    ['a timeout', async () => Promise.reject(new DOMException('timed out', 'TimeoutError'))],
    ['an answer without url', async () => Response.json({ id: 'cs_x' })],
  ])('answers 503 on %s and marks no order as sent to payment', async (_, reply) => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(reply);
    const res = await purchaseWith(stripe, 'vip', { email: 'a@b.pl' });
    expect(res.status).toBe(503);
    const body = await res.text();
    expect(body).toBe('{"error":"payment_unavailable"}');
    const all = await orders();
    expect(all.filter((o) => o.providerRef)).toEqual([]);
  });

  it('refuses to start without a secret key', async () => {
    const res = await purchaseWith({ PAYMENT_PROVIDER: 'stripe' }, 'vip', { email: 'a@b.pl' });
    expect(res.status).toBe(503);
    expect(await orders()).toEqual([]);
  });
});
