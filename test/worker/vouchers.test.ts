import { SELF } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { NewOrder } from '../../site/orders';
import { priceAt, priceBreakdown, product } from '../../site/tickets';
import type { VoucherView } from '../../site/vouchers';
import { consentJson } from '../support/consent';
import { freshBoxOfficeEachTest, office, placeOrder, runAlarm, setClock } from './box-office';
import { clientIps } from './client-ip';
import { ORIGIN } from './platform';

const nextIp = clientIps(147);
const ADMIN = { Authorization: 'Bearer test-admin-token', 'Content-Type': 'application/json' };

freshBoxOfficeEachTest({ silence: ['log', 'warn'] });

async function createVoucher(body: Record<string, unknown>) {
  return SELF.fetch(`${ORIGIN}/api/admin/vouchers`, { method: 'POST', headers: ADMIN, body: JSON.stringify(body) });
}
async function voucher(body: Record<string, unknown>): Promise<VoucherView> {
  const res = await createVoucher(body);
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as VoucherView;
}
const listed = async () =>
  ((await (await SELF.fetch(`${ORIGIN}/api/admin/vouchers`, { headers: ADMIN })).json()) as { vouchers: VoucherView[] })
    .vouchers;

function cart(items: { product: string; name?: string }[], extra: Record<string, unknown> = {}) {
  return SELF.fetch(`${ORIGIN}/api/orders`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': nextIp() },
    body: consentJson({ email: `b${Math.random().toString(36).slice(2)}@example.com`, lang: 'pl', items, ...extra }),
  });
}

/** An order made straight in the box office (the route's VIES call left out): `vatCheck` for reverse charge. */
const place = (items: NewOrder['items'], extra: Partial<NewOrder> = {}) =>
  placeOrder(items, { email: 'buyer@example.com', ...extra });

const listNet = (id: 'online-premium' | 'onsite-pro') => priceAt(product(id), Date.now()).net;
const DE_BUSINESS = {
  invoice: {
    name: 'Beispiel GmbH',
    taxId: 'DE123456789',
    street: 'Hauptstr. 1',
    postalCode: '10115',
    city: 'Berlin',
    country: 'DE',
  },
  vatCheck: {
    status: 'valid' as const,
    countryCode: 'DE',
    vatNumber: '123456789',
    checkedAt: new Date().toISOString(),
    requestDate: null,
    requestIdentifier: null,
    name: null,
    address: null,
    error: null,
  },
};

describe('vouchers in the console', () => {
  it('creates a voucher with its code in capitals, lists its uses and ends it', async () => {
    const made = await voucher({ code: 'Student-2026', kind: 'percent', value: 20, uses: 5, tag: 'students' });
    expect(made).toMatchObject({ code: 'STUDENT-2026', uses: 5, taken: 0, left: 5, tag: 'students', endedAt: null });
    expect((await createVoucher({ code: 'student-2026', kind: 'free', uses: 1 })).status).toBe(409);
    await cart([{ product: 'online-premium' }], { voucher: 'student-2026' });
    expect((await listed())[0]).toMatchObject({ code: 'STUDENT-2026', taken: 1, left: 4 });
    const end = await SELF.fetch(`${ORIGIN}/api/admin/vouchers/student-2026/end`, { method: 'POST', headers: ADMIN });
    expect(end.status).toBe(200);
    expect(((await end.json()) as VoucherView).endedAt).not.toBeNull();
    const after = await cart([{ product: 'online-premium' }], { voucher: 'STUDENT-2026' });
    expect(after.status).toBe(422);
    expect(await after.json()).toMatchObject({ error: 'invalid_voucher', reason: 'ended' });
  });

  it.each([
    [{ code: 'abc', kind: 'free', uses: 1 }, 'code'],
    [{ code: 'has space', kind: 'free', uses: 1 }, 'code'],
    [{ code: `A${'b'.repeat(32)}`, kind: 'free', uses: 1 }, 'code'],
    [{ code: 'GOOD1', kind: 'percent', uses: 1 }, 'value'],
    [{ code: 'GOOD1', kind: 'percent', value: 101, uses: 1 }, 'value'],
    [{ code: 'GOOD1', kind: 'free', value: 5, uses: 1 }, 'value'],
    [{ code: 'GOOD1', kind: 'amount', value: 100, uses: 0 }, 'uses'],
    [{ code: 'GOOD1', kind: 'free', uses: 1, reserve: true }, 'products'],
    [{ code: 'GOOD1', kind: 'free', uses: 1, products: ['nope'] }, 'products.0'],
    [{ code: 'GOOD1', kind: 'free', uses: 1, from: '2026-05-02T00:00:00Z', until: '2026-05-01T00:00:00Z' }, 'until'],
  ])('refuses %j at %s and stores nothing', async (body, field) => {
    const res = await createVoucher(body);
    expect(res.status).toBe(422);
    expect(JSON.stringify(await res.json())).toContain(field);
    expect(await listed()).toEqual([]);
  });
});

describe('a purchase with a voucher', () => {
  it('redeems a voucher of 10 uses exactly 10 times in a burst of 100', async () => {
    await voucher({ code: 'BURST-10', kind: 'percent', value: 50, uses: 10 });
    const responses = await Promise.all(
      Array.from({ length: 100 }, () => cart([{ product: 'online-standard' }], { voucher: 'burst-10' })),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 422)).toHaveLength(90);
    const refused = (await responses.find((r) => r.status === 422)?.json()) as { reason: string };
    expect(refused.reason).toBe('used_up');
    expect((await listed())[0]).toMatchObject({ taken: 10, left: 0 });
  });

  it.each([
    ['unknown', 'no-such', {}, 'unknown'],
    ['expired', 'code-1', { until: '2000-01-01T00:00:00Z' }, 'expired'],
    ['not yet valid', 'code-1', { from: '2099-01-01T00:00:00Z' }, 'not_yet_valid'],
    ['for another product', 'code-1', { products: ['online-vip'] }, 'not_for_product'],
  ])('answers 422 invalid_voucher for a code %s and holds nothing', async (_, code, terms, reason) => {
    await voucher({ code: 'CODE-1', kind: 'amount', value: 1000, uses: 3, ...terms });
    const res = await cart([{ product: 'online-premium' }], { voucher: code });
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({ error: 'invalid_voucher', reason });
    const stats = await office().listOrders({}, null, 10);
    expect(stats.orders).toEqual([]);
  });

  it('refuses a cart whose covered tickets outnumber the uses left, whole', async () => {
    await voucher({ code: 'TWO-USES', kind: 'free', uses: 2 });
    const res = await cart(
      [{ product: 'online-premium' }, { product: 'online-premium' }, { product: 'online-premium' }],
      {
        voucher: 'two-uses',
      },
    );
    expect(await res.json()).toMatchObject({ error: 'invalid_voucher', reason: 'used_up' });
    expect((await office().listOrders({}, null, 10)).orders).toEqual([]);
  });

  it('discounts only the tickets of the products it is for', async () => {
    await voucher({ code: 'PREMIUM-ONLY', kind: 'amount', value: 5000, uses: 5, products: ['online-premium'] });
    const result = await place([{ product: 'online-premium' }, { product: 'online-standard' }], {
      voucher: 'premium-only',
    });
    if (result.kind === 'refused') throw new Error(result.error);
    const [premium, standard] = result.order.tickets;
    expect(premium).toMatchObject({ voucher: 'PREMIUM-ONLY', listNet: listNet('online-premium') });
    expect(premium?.net).toBe(listNet('online-premium') - 5000);
    expect(standard?.voucher).toBeUndefined();
    expect((await listed())[0]).toMatchObject({ taken: 1 });
  });
});

const P = () => listNet('online-premium');

describe('prices with a voucher, with VAT', () => {
  const cases: [string, Record<string, unknown>, () => number][] = [
    ['percent 20', { kind: 'percent', value: 20 }, () => P() - Math.round(P() * 0.2)],
    ['amount 100 zł', { kind: 'amount', value: 10000 }, () => Math.max(0, P() - 10000)],
    ['amount above the price', { kind: 'amount', value: 10_000_000 }, () => 0],
    ['set price 99 zł', { kind: 'price', value: 9900 }, () => Math.min(P(), 9900)],
    ['free', { kind: 'free' }, () => 0],
    ['percent 100', { kind: 'percent', value: 100 }, () => 0],
  ];
  it.each(
    cases.flatMap(([name, terms, net]) => [
      [name, terms, net, '23%'] as const,
      [name, terms, net, 'reverse charge'] as const,
    ]),
  )('%s, %s: net, VAT and gross per ticket, never below zero', async (_, terms, net, vat) => {
    await voucher({ code: 'PRICE-CASE', uses: 2, ...terms });
    const result = await place([{ product: 'online-premium' }], {
      voucher: 'price-case',
      ...(vat === 'reverse charge' ? DE_BUSINESS : {}),
    });
    if (result.kind === 'refused') throw new Error(result.error);
    const expected = vat === '23%' ? priceBreakdown(net()) : { net: net(), vat: 0, gross: net() };
    expect(result.order.tickets[0]).toMatchObject({ ...expected, listNet: P() });
    expect(result.order).toMatchObject(expected);
    expect(expected.net).toBeGreaterThanOrEqual(0);
    // Nothing to pay: paid at once, with no invoice; else it waits for its payment.
    expect(result.order.status).toBe(expected.gross === 0 ? 'paid' : 'pending');
    if (expected.gross === 0) expect(await office().invoices(result.order.id)).toEqual([]);
  });

  it('answers the dialog the price with a code, and 422 for a code that cannot be used', async () => {
    await voucher({ code: 'CHECK-ME', kind: 'percent', value: 10, uses: 1 });
    const ask = (code: string) =>
      SELF.fetch(`${ORIGIN}/api/vouchers/check`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': nextIp() },
        body: JSON.stringify({ code, product: 'online-premium' }),
      });
    const res = await ask('check-me');
    expect(res.status).toBe(200);
    const net = P() - Math.round(P() * 0.1);
    expect(await res.json()).toEqual({
      code: 'CHECK-ME',
      product: 'online-premium',
      listNet: P(),
      net,
      listGross: priceBreakdown(P()).gross,
      gross: priceBreakdown(net).gross,
    });
    expect(await (await ask('nope-nope')).json()).toEqual({ error: 'invalid_voucher', reason: 'unknown' });
  });
});

describe("a voucher's discount on the invoice", () => {
  it("lists the list price and the discount on the paid order's invoice line", async () => {
    await voucher({ code: 'FIRMA-50', kind: 'amount', value: 5000, uses: 5 });
    const invoice = {
      name: 'Firma sp. z o.o.',
      taxId: '5260250274',
      street: 'Prosta 1',
      postalCode: '00-001',
      city: 'Warszawa',
      country: 'PL',
    };
    const result = await place([{ product: 'online-premium' }, { product: 'online-premium' }], {
      voucher: 'firma-50',
      invoice,
    });
    if (result.kind === 'refused') throw new Error(result.error);
    await office().settle(result.order.id, 'paid', Date.now(), { by: 'test' });
    const [issued] = await office().invoices(result.order.id);
    expect(issued?.lines).toEqual([
      expect.objectContaining({ quantity: 2, unitNet: P(), discount: 10000, net: 2 * (P() - 5000) }),
    ]);
  });
});

describe('uses given back', () => {
  it('gives the use back when a hold runs out, before and after the alarm expires it', async () => {
    await voucher({ code: 'ONE-USE', kind: 'percent', value: 10, uses: 1 });
    const first = await place([{ product: 'online-premium' }], { voucher: 'one-use' });
    expect(first.kind).toBe('created');
    expect((await place([{ product: 'online-premium' }], { voucher: 'one-use' })).kind).toBe('refused');
    setClock(new Date(Date.now() + 2 * 60 * 60 * 1000).toISOString());
    expect((await listed())[0]).toMatchObject({ taken: 0, left: 1 });
    await office().expireHolds(Date.now());
    expect((await listed())[0]).toMatchObject({ taken: 0, left: 1 });
    expect((await place([{ product: 'online-premium' }], { voucher: 'one-use' })).kind).toBe('created');
    await runAlarm();
  });

  it('gives the use back when an order is cancelled', async () => {
    await voucher({ code: 'ONE-USE', kind: 'percent', value: 10, uses: 1 });
    const first = await place([{ product: 'online-premium' }], { voucher: 'one-use' });
    if (first.kind !== 'created') throw new Error('not created');
    await office().settle(first.order.id, 'cancelled', Date.now(), { by: 'test' });
    expect((await listed())[0]).toMatchObject({ taken: 0, left: 1 });
    expect((await place([{ product: 'online-premium' }], { voucher: 'one-use' })).kind).toBe('created');
  });
});

describe('a voucher that reserves places', () => {
  const vipLeft = async () => (await office().availability(Date.now())).find((p) => p.id === 'onsite-vip')?.remaining;

  it('keeps its unused places out of sale until used or ended', async () => {
    const before = (await vipLeft()) as number;
    await voucher({ code: 'VIP-GUESTS', kind: 'free', uses: 3, products: ['onsite-vip'], reserve: true });
    expect(await vipLeft()).toBe(before - 3);
    const used = await place([{ product: 'onsite-vip', name: 'Gość Specjalny' }], { voucher: 'vip-guests' });
    expect(used.kind).toBe('created');
    // One place became its ticket: still three out of sale in all.
    expect(await vipLeft()).toBe(before - 3);
    await SELF.fetch(`${ORIGIN}/api/admin/vouchers/VIP-GUESTS/end`, { method: 'POST', headers: ADMIN });
    expect(await vipLeft()).toBe(before - 1);
  });

  it('sells its reserved places to its holders when the rest is sold out', async () => {
    const left = (await vipLeft()) as number;
    await voucher({ code: 'VIP-LAST', kind: 'percent', value: 50, uses: 2, products: ['onsite-vip'], reserve: true });
    for (let i = 0; i < left - 2; i++) {
      const r = await place([{ product: 'onsite-vip', name: `Osoba ${i}` }], { email: `v${i}@example.com` });
      expect(r.kind, JSON.stringify(r)).toBe('created');
    }
    expect(await vipLeft()).toBe(0);
    const without = await place([{ product: 'onsite-vip', name: 'Bez Kodu' }], { email: 'late@example.com' });
    expect(without).toMatchObject({ kind: 'refused', error: 'sold_out' });
    const withCode = await place([{ product: 'onsite-vip', name: 'Z Kodem' }], {
      email: 'guest@example.com',
      voucher: 'vip-last',
    });
    expect(withCode.kind).toBe('created');
  });
});
