import { runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { AllotmentView, CompBatch } from '../../site/comps';
import { parseCompRows } from '../../site/comps';
import { allOrders, freshBoxOfficeEachTest, office } from './box-office';
import { postJson } from './platform';
import { BOOTSTRAP } from './staff';

freshBoxOfficeEachTest();

const admin = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  postJson(path, body, { headers: { ...BOOTSTRAP, ...headers } });

const people = (n: number, from = 0) =>
  Array.from({ length: n }, (_, i) => ({ name: `Osoba ${from + i}`, email: `osoba${from + i}@example.com` }));

/** Rows of the invoices table and of its numbering series. */
const invoiceCounts = () =>
  runInDurableObject(office(), (_, state) => ({
    invoices: state.storage.sql.exec<{ n: number }>('SELECT COUNT(*) AS n FROM invoices').one().n,
    series: state.storage.sql.exec<{ n: number }>('SELECT COUNT(*) AS n FROM invoice_series').one().n,
  }));

describe('free tickets', () => {
  it('issues one paid-at-0 order per row, delivered by e-mail, never invoiced', async () => {
    const res = await admin('/api/admin/comps', {
      reason: 'speaker',
      product: 'onsite-pro',
      rows: [...people(2), { name: 'Anna Nowak', email: 'anna@example.com', lang: 'de', product: 'onsite-vip' }],
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const batch = (await res.json()) as CompBatch;
    expect(batch.orders.map((o) => o.product)).toEqual(['onsite-pro', 'onsite-pro', 'onsite-vip']);
    const orders = await allOrders();
    expect(orders).toHaveLength(3);
    for (const order of orders) {
      expect(order).toMatchObject({ status: 'paid', gross: 0, provider: 'free', comp: 'speaker', invoice: null });
      expect((await office().emails(order.id)).map((e) => e.kind)).toEqual(['confirmation']);
      expect(await office().invoices(order.id)).toEqual([]);
    }
    expect(orders.find((o) => o.email === 'anna@example.com')?.lang).toBe('de');
    expect(orders.find((o) => o.email === 'osoba0@example.com')?.lang).toBe('pl');
    expect(await invoiceCounts()).toEqual({ invoices: 0, series: 0 });
  });

  it('issues nothing when a row is bad, and reports each bad row with its line and reasons', async () => {
    const rows = parseCompRows(
      'name,email\nJan Kowalski,jan@example.com\n,brak@example.com\nEwa,ewa@\nJan Kowalski,JAN@example.com\n',
    );
    const res = await admin('/api/admin/comps', { reason: 'press', product: 'online-premium', rows });
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({
      error: 'invalid_rows',
      rows: [
        { line: 3, problems: ['name_missing'] },
        { line: 4, problems: ['email_invalid'] },
        { line: 5, problems: ['duplicate'] },
      ],
    });
    expect(await allOrders()).toEqual([]);
  });

  it('answers the row report without issuing on a dry run', async () => {
    const res = await admin('/api/admin/comps?check=1', {
      reason: 'guest',
      product: 'onsite-vip',
      rows: [...people(2), { name: 'X', email: 'x@example.com', product: 'nope' }],
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      ok: false,
      count: 3,
      rows: [{ line: 3, problems: ['product_unknown'] }],
      remaining: { 'onsite-vip': 50 },
    });
    expect(await allOrders()).toEqual([]);
  });

  it('counts against stock like bought tickets: a batch the product cannot hold is refused whole', async () => {
    expect((await admin('/api/admin/comps', { reason: 'guest', product: 'onsite-vip', rows: people(48) })).status).toBe(
      201,
    );
    const vip = (await office().availability(Date.now())).find((p) => p.id === 'onsite-vip');
    expect(vip?.remaining).toBe(2);
    const res = await admin('/api/admin/comps', { reason: 'guest', product: 'onsite-vip', rows: people(3, 100) });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ error: 'sold_out', products: ['onsite-vip'], remaining: { 'onsite-vip': 2 } });
    expect(await allOrders()).toHaveLength(48);
    // The stats show them as free, not sold, and without revenue.
    const stats = await office().stats(Date.now());
    expect(stats.products.find((p) => p.id === 'onsite-vip')).toMatchObject({
      sold: 0,
      free: 48,
      remaining: 2,
      revenue: { gross: 0 },
    });
  });

  it('issues a batch once for its Idempotency-Key, and refuses the key with another batch', async () => {
    const body = { reason: 'speaker', product: 'online-vip', rows: people(5) };
    const headers = { 'Idempotency-Key': 'batch-1' };
    const [a, b] = await Promise.all([
      admin('/api/admin/comps', body, headers),
      admin('/api/admin/comps', body, headers),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 201]);
    const first = (await a.json()) as CompBatch;
    expect(((await b.json()) as CompBatch).orders).toEqual(first.orders);
    expect(await allOrders()).toHaveLength(5);
    const other = await admin('/api/admin/comps', { ...body, rows: people(1, 50) }, headers);
    expect(other.status).toBe(409);
    expect(await other.json()).toEqual({ error: 'idempotency_key_reused' });
  });

  it('shows free tickets with their reason in the orders CSV', async () => {
    await admin('/api/admin/comps', { reason: 'press', product: 'online-standard', rows: people(1) });
    const csv = await (await fetchGet('/api/admin/orders?format=csv')).text();
    const [header, line] = csv.trim().split('\r\n');
    const columns = header?.split(',') ?? [];
    const values = line?.split(',') ?? [];
    expect(values[columns.indexOf('provider')]).toBe('free');
    expect(values[columns.indexOf('comp')]).toBe('press');
  });
});

async function fetchGet(path: string): Promise<Response> {
  const { callWorker, ORIGIN } = await import('./platform');
  return callWorker(new Request(`${ORIGIN}${path}`, { headers: BOOTSTRAP }));
}

describe('partner allotments', () => {
  const create = async (tier: 'silver' | 'gold' | 'platinum') => {
    const res = await admin('/api/admin/allotments', {
      partner: 'Acme AI',
      email: 'team@acme.example',
      tier,
      lang: 'en-GB',
    });
    expect(res.status, await res.clone().text()).toBe(201);
    return (await res.json()) as AllotmentView & { url: string };
  };
  const name = (url: string, row: Record<string, string>) => fetchPartner(url, new URLSearchParams(row));

  it('gives the package its places and sends the contact the link', async () => {
    const gold = await create('gold');
    expect(gold.places).toEqual([
      { product: 'onsite-standard', size: 6, used: 0 },
      { product: 'onsite-vip', size: 2, used: 0 },
    ]);
    expect(gold.url).toMatch(/\/partner\/[0-9A-Z]{26}\/[\w-]+$/);
    const emails = await runInDurableObject(office(), (_, state) =>
      state.storage.sql
        .exec<{ kind: string; subject_id: string }>('SELECT kind, order_id AS subject_id FROM emails')
        .toArray(),
    );
    expect(emails).toEqual([{ kind: 'allotment', subject_id: gold.id }]);
  });

  it('names holders up to the package and not beyond, each a free partner ticket', async () => {
    const gold = await create('gold');
    for (const i of [1, 2]) {
      const res = await name(gold.url, { name: `VIP ${i}`, email: `vip${i}@acme.example`, product: 'onsite-vip' });
      expect(res.status).toBe(303);
      expect(res.headers.get('Location')).toContain('named=');
    }
    const third = await name(gold.url, { name: 'VIP 3', email: 'vip3@acme.example', product: 'onsite-vip' });
    expect(third.status).toBe(303);
    expect(third.headers.get('Location')).toContain('error=allotment_full');
    const orders = await allOrders();
    expect(orders).toHaveLength(2);
    expect(orders.every((o) => o.comp === 'partner' && o.status === 'paid' && o.gross === 0)).toBe(true);
    const [view] = (await office().allotments()) as AllotmentView[];
    expect(view?.places).toEqual([
      { product: 'onsite-standard', size: 6, used: 0 },
      { product: 'onsite-vip', size: 2, used: 2 },
    ]);
  });

  it('never names more than the package under concurrent namings', async () => {
    const gold = await create('gold');
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        office().nameAllotmentHolder({
          allotmentId: gold.id,
          row: { name: `P ${i}`, email: `p${i}@acme.example`, product: 'onsite-vip' },
          now: Date.now(),
          fingerprint: String(i),
        }),
      ),
    );
    expect(results.filter((r) => r.kind === 'issued')).toHaveLength(2);
    expect(results.filter((r) => r.kind === 'refused' && r.error === 'allotment_full')).toHaveLength(10);
    expect(await allOrders()).toHaveLength(2);
  });

  it('refuses a link with a wrong secret', async () => {
    const gold = await create('gold');
    const wrong = gold.url.replace(/\/[\w-]+$/, '/AAAAAAAAAAAAAAAAAAAAAA');
    expect((await fetchPartner(wrong)).status).toBe(404);
    expect((await name(wrong, { name: 'X', email: 'x@acme.example', product: 'onsite-vip' })).status).toBe(404);
    expect(await allOrders()).toEqual([]);
  });

  it('shows the page in the contact language with the places left', async () => {
    const gold = await create('gold');
    const res = await fetchPartner(gold.url);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<html lang="en-GB"');
    expect(html).toContain('Acme AI');
    const de = await (await fetchPartner(`${gold.url}?lang=de`)).text();
    expect(de).toContain('<html lang="de"');
  });
});

async function fetchPartner(url: string, form?: URLSearchParams): Promise<Response> {
  const { callWorker } = await import('./platform');
  const path = new URL(url).pathname + new URL(url).search;
  const { ORIGIN } = await import('./platform');
  return callWorker(
    new Request(`${ORIGIN}${path}`, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      ...(form ? { body: form, headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: ORIGIN } } : {}),
    }),
  );
}
