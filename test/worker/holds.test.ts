import { runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { type ProductHolds, scarcity } from '../../site/holds';
import type { InvoiceData } from '../../site/invoices';
import type { LogEntry, Order } from '../../site/orders';
import { POOLS, product } from '../../site/tickets';
import { hmacSecret, sha256Hex } from '../../worker/crypto';
import { consentJson } from '../support/consent';
import { POLISH_COMPANY } from '../support/invoice-data';
import { allOrders, DURING_PROMOTION, freshBoxOfficeEachTest, office, setClock } from './box-office';
import { clientIps } from './client-ip';
import { callWorker } from './platform';

// Issue 43, item 1: places held without payment are bounded (site/holds.ts). Three transfer orders
// from one address with 20, 20 and 10 on-site VIP tickets and a private person's invoice data each
// got a 7-day hold, and the VIP dinner (50 places) was off sale for a week.

const ORIGIN = 'https://kongres.test';
const ADMIN = { Authorization: 'Bearer test-admin-token', 'Content-Type': 'application/json' };
const nextIp = clientIps(143);
const noLimit = { PURCHASE_LIMITER: undefined as unknown as RateLimit };
const PERSON: InvoiceData = {
  name: 'Jan Kowalski',
  street: 'ul. Długa 5',
  postalCode: '00-238',
  city: 'Warszawa',
  country: 'PL',
};
const VIP = scarcity(product('onsite-vip'), product('onsite-vip').capacity) ?? { stock: 0, perBuyer: 0, transfers: 0 };

const guests = (n: number) => Array.from({ length: n }, (_, i) => ({ product: 'onsite-vip', name: `Gość ${i + 1}` }));

/** `n` on-site VIP places for `email`, to be paid by bank transfer with `invoice`. */
const byTransfer = (email: string, n: number, invoice: unknown) =>
  postOrder({ email, items: guests(n), invoice, payment: 'transfer' });

function postOrder(body: Record<string, unknown>, ip = nextIp()) {
  return callWorker(
    new Request(`${ORIGIN}/api/orders`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': ip },
      body: consentJson({ lang: 'pl', ...body }),
    }),
    noLimit,
  );
}

const admin = (path: string, init: RequestInit = {}) =>
  callWorker(new Request(`${ORIGIN}/api/admin${path}`, { ...init, headers: ADMIN }));

const vipState = async () => (await office().availability(Date.now())).find((p) => p.id === 'onsite-vip');

freshBoxOfficeEachTest();

describe('the hoarding attack of issue 43', () => {
  it('leaves the VIP dinner on sale: 20, 20 and 10 places by transfer from one address are refused, a real buyer buys', async () => {
    const attacker = '198.51.100.7';
    for (const [i, n] of [20, 20, 10].entries()) {
      const res = await postOrder(
        { email: `hoarder${i}@example.com`, items: guests(n), invoice: PERSON, payment: 'transfer' },
        attacker,
      );
      expect(res.status).toBe(409);
      expect(await res.json()).toEqual({ error: 'transfer_needs_company', products: ['onsite-vip'] });
    }
    // By card from the same address: one buyer's share at most, for 30 minutes.
    const card = await postOrder({ email: 'hoarder@example.com', items: guests(20) }, attacker);
    expect(card.status).toBe(409);
    expect(await card.json()).toEqual({
      error: 'hold_limit',
      products: ['onsite-vip'],
      limits: { 'onsite-vip': VIP.perBuyer },
    });
    expect(await allOrders()).toEqual([]);
    expect(await vipState()).toMatchObject({ status: 'on_sale', remaining: 50 });
    const buyer = await postOrder({ email: 'gosc@firma.pl', items: guests(2) });
    expect(buyer.status).toBe(201);
  });
});

describe('one buyer’s unpaid places of a scarce product', () => {
  it('are bounded per e-mail across addresses and per address across e-mails; paid places do not count', async () => {
    expect(VIP.perBuyer).toBe(5);
    const first = await postOrder({ email: 'anna@firma.pl', items: guests(3) });
    expect(first.status).toBe(201);
    expect((await postOrder({ email: 'ANNA@firma.pl', items: guests(2) })).status).toBe(201);
    const more = await postOrder({ email: 'anna@firma.pl', items: guests(1) });
    expect(more.status).toBe(409);
    expect(await more.json()).toMatchObject({ error: 'hold_limit', limits: { 'onsite-vip': 5 } });

    const office42 = '192.0.2.42';
    expect((await postOrder({ email: 'a@biuro.pl', items: guests(4) }, office42)).status).toBe(201);
    expect((await postOrder({ email: 'b@biuro.pl', items: guests(2) }, office42)).status).toBe(409);
    // Other products are not scarce: not bounded.
    expect((await postOrder({ email: 'a@biuro.pl', items: [{ product: 'online-standard' }] }, office42)).status).toBe(
      201,
    );

    // Once Anna pays, her places are sold, not held: she may hold again.
    const { orderId } = (await first.json()) as { orderId: string };
    await office().settle(orderId, 'paid', Date.now(), { by: 'test' });
    expect((await postOrder({ email: 'anna@firma.pl', items: guests(3) })).status).toBe(201);
  });

  it('keeps the address only as a keyed hash, which trying every address without the secret does not find', async () => {
    const address = '203.0.113.9';
    const res = await postOrder({ email: 'klucz@firma.pl', items: guests(1) }, address);
    expect(res.status).toBe(201);
    const { orderId } = (await res.json()) as { orderId: string };
    const stored = await runInDurableObject(
      office(),
      (_, state) =>
        state.storage.sql.exec<{ client: string }>('SELECT client FROM orders WHERE id = ?', orderId).one().client,
    );
    expect(stored).toBe(await hmacSecret('development-ticket-key', `client-address:${address}`));
    expect(stored).not.toBe(await sha256Hex(`client-address:${address}`));
    expect(stored).not.toContain(address);
  });

  it('counts only holds that still run: an expired order holds nothing', async () => {
    expect((await postOrder({ email: 'ola@firma.pl', items: guests(5) })).status).toBe(201);
    expect((await postOrder({ email: 'ola@firma.pl', items: guests(1) })).status).toBe(409);
    setClock(new Date(Date.parse(DURING_PROMOTION) + 31 * 60 * 1000).toISOString());
    expect((await postOrder({ email: 'ola@firma.pl', items: guests(5) })).status).toBe(201);
  });
});

describe('a transfer of a scarce product', () => {
  it('is taken from a company with a valid NIP, and all transfers together hold at most half the stock', async () => {
    expect(VIP.transfers).toBe(25);
    for (let i = 0; i < VIP.transfers / VIP.perBuyer; i++) {
      const res = await byTransfer(`firma${i}@firma.pl`, VIP.perBuyer, POLISH_COMPANY);
      expect(res.status).toBe(201);
    }
    const over = await byTransfer('spozniona@firma.pl', 1, POLISH_COMPANY);
    expect(over.status).toBe(409);
    expect(await over.json()).toEqual({ error: 'transfer_limit', products: ['onsite-vip'] });
    // A buyer who pays at once still buys.
    expect((await postOrder({ email: 'spozniona@firma.pl', items: guests(1), invoice: POLISH_COMPANY })).status).toBe(
      201,
    );
  });

  it('needs a VAT number VIES confirms from an EU company: VIES down means paying online', async () => {
    const company = { ...POLISH_COMPANY, taxId: 'DE123456789', postalCode: '10115', city: 'Berlin', country: 'DE' };
    const confirmed = await byTransfer('gmbh@firma.de', 2, company);
    expect(confirmed.status).toBe(201);
    const down = await byTransfer('ag@firma.de', 2, { ...company, taxId: 'DE999999999' });
    expect(down.status).toBe(409);
    expect(await down.json()).toEqual({ error: 'transfer_needs_company', products: ['onsite-vip'] });
  });

  it('of an arena ticket once the arena runs low needs a company too; before, a private person may pay by transfer', async () => {
    const private20 = { email: 'jan@example.com', items: [{ product: 'onsite-pro', name: 'Jan' }], invoice: PERSON };
    expect((await postOrder({ ...private20, payment: 'transfer' })).status).toBe(201);
    const low = Math.floor(POOLS.arena * 0.1);
    await runInDurableObject(office(), (_, state) => {
      state.storage.sql.exec(
        "INSERT INTO held (product, n) VALUES ('onsite-standard', ?) ON CONFLICT (product) DO UPDATE SET n = excluded.n",
        POOLS.arena - low - 1,
      );
    });
    const res = await postOrder({ ...private20, email: 'ewa@example.com', payment: 'transfer' });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ error: 'transfer_needs_company', products: ['onsite-pro'] });
  });
});

describe('organisers and the holds', () => {
  it('see each product’s holds (who, how many, until when, card or transfer) and release one: its places return, the log says who', async () => {
    const transfer = await byTransfer('firma@firma.pl', 4, POLISH_COMPANY);
    const { orderId } = (await transfer.json()) as { orderId: string };
    await postOrder({ email: 'karta@example.com', items: guests(1) });
    const list = await admin('/holds');
    expect(list.status).toBe(200);
    const vip = ((await list.json()) as { products: ProductHolds[] }).products.find((p) => p.id === 'onsite-vip');
    expect(vip).toMatchObject({ remaining: 45, held: 5, heldByTransfer: 4, scarcity: VIP });
    expect(vip?.holds).toEqual([
      expect.objectContaining({
        orderId,
        email: 'firma@firma.pl',
        buyer: POLISH_COMPANY.name,
        provider: 'transfer',
        places: 4,
      }),
      expect.objectContaining({ email: 'karta@example.com', buyer: null, provider: 'demo', places: 1 }),
    ]);

    const release = await admin(`/orders/${orderId}/release`, { method: 'POST' });
    expect(release.status).toBe(200);
    expect(((await release.json()) as Order).status).toBe('expired');
    expect(await vipState()).toMatchObject({ remaining: 49 });
    const events = ((await office().history(orderId)) as LogEntry[]).map((e) => [e.event, e.data.by]);
    expect(events).toEqual(
      expect.arrayContaining([
        ['hold_released', 'ADMIN_TOKEN'],
        ['expired', 'ADMIN_TOKEN'],
      ]),
    );
    const again = await admin(`/orders/${orderId}/release`, { method: 'POST' });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ error: 'not_pending', status: 'expired' });
    expect((await admin('/orders/01ARZ3NDEKTSV4RRFFQ69G5FAV/release', { method: 'POST' })).status).toBe(404);
    expect((await callWorker(new Request(`${ORIGIN}/api/admin/holds`))).status).toBe(401);
  });
});
