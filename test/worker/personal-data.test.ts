import { env, runInDurableObject, SELF } from 'cloudflare:test';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DATA_KIND_IDS, retentionEnds } from '../../site/data-map';
import type { InvoiceData, IssuedInvoice } from '../../site/invoices';
import type { CartItem, Order } from '../../site/orders';
import { CONSENT_VERSIONS } from '../../site/purchase-rules';
import { office, placePaidOrder, placePendingOrder, resetBoxOffice, runAlarm, setClock } from './box-office';
import { clearKv } from './kv';
import { consumerIn, ossTaxOf, refundOneTicket } from './oss';
import { ORIGIN } from './platform';
import { BOOTSTRAP, staffMember } from './staff';

// One person's data by address (issue 49): the export holds each kind of the data map, the
// erasure keeps what the tax law asks and nobody else's data, and the alarm removes each kind on
// the day its period ends, not before.

const ANNA = 'anna@example.com';
const AT = '2027-03-15T11:00:00Z';
const PERSON: InvoiceData = {
  name: 'Anna Nowak',
  street: 'ul. Długa 5/3',
  postalCode: '90-001',
  city: 'Łódź',
  country: 'PL',
};
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

let sequence = 0;
async function placeOrder(email: string, items: CartItem[], invoice?: InvoiceData): Promise<Order> {
  const id = `01KPERSONAL${String(++sequence).padStart(15, '0')}`;
  return placePendingOrder(items, { id, email, ...(invoice ? { invoice } : {}) });
}
const pay = (id: string) => office().settle(id, 'paid', Date.now(), { by: 'test' });

const sql = <T extends Record<string, SqlStorageValue>>(query: string, ...bindings: unknown[]) =>
  runInDurableObject(office(), (_, state) => state.storage.sql.exec<T>(query, ...bindings).toArray());

async function sendMessage(email: string, message: string): Promise<string> {
  const res = await SELF.fetch(`${ORIGIN}/api/contact`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: ORIGIN, 'CF-Connecting-IP': `198.51.100.${++sequence}` },
    body: JSON.stringify({ name: 'Ktoś', email, subject: 'Pytanie', message, lang: 'pl' }),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

const admin = (path: string, init: RequestInit = {}) =>
  SELF.fetch(`${ORIGIN}/api/admin${path}`, {
    ...init,
    headers: { ...BOOTSTRAP, 'Content-Type': 'application/json', Origin: ORIGIN, ...(init.headers ?? {}) },
  });
const exportOf = async (email: string) => {
  const res = await admin(`/personal-data?email=${encodeURIComponent(email)}`);
  expect(res.status).toBe(200);
  return { res, body: (await res.json()) as { email: string; data: Record<string, unknown[]> } };
};
const erase = (email: string) => admin('/personal-data/erase', { method: 'POST', body: JSON.stringify({ email }) });

/**
 * Anna: a paid order with an invoice (her own ticket and Bartek's), an order never paid, a ticket in
 * Celina's order, a contact message, a news e-mail and a partner allotment. Celina: her own order
 * and message, which nothing of Anna's request may touch.
 */
async function annaAndOthers() {
  const paid = await placeOrder(
    ANNA,
    [
      { product: 'onsite-pro', name: 'Anna Nowak', email: ANNA },
      { product: 'onsite-pro', name: 'Bartek Zieliński', email: 'bartek@example.com' },
    ],
    PERSON,
  );
  await pay(paid.id);
  const unpaid = await placeOrder(ANNA, [{ product: 'online-standard', name: 'Anna Nowak' }]);
  await office().releaseHold(unpaid.id, Date.now(), 'test');
  const celinas = await placeOrder('celina@example.com', [
    { product: 'onsite-pro', name: 'Celina Wójcik' },
    { product: 'onsite-pro', name: 'Anna Nowak', email: ANNA },
  ]);
  await pay(celinas.id);
  const annaTicket = celinas.tickets[1]?.id ?? '';
  const now = Date.now();
  await sql(
    `INSERT INTO news (id, texts, audience, status, created_by, created_at, updated_at, finished_at) VALUES ('n1', '{}', '{}', 'sent', 'x', ?, ?, ?)`,
    now,
    now,
    now,
  );
  await sql(
    `INSERT INTO news_recipients VALUES ('n1', ?, 'pl', ?, ?, 'queued', NULL), ('n1', 'celina@example.com', 'pl', ?, ?, 'queued', NULL)`,
    ANNA,
    celinas.id,
    annaTicket,
    celinas.id,
    celinas.tickets[0]?.id,
  );
  await sql(
    `INSERT INTO emails (order_id, kind, data, status, created_at, updated_at) VALUES ('n1', 'news', ?, 'sent', ?, ?), ('n1', 'news', 'celina@example.com', 'sent', ?, ?)`,
    ANNA,
    now,
    now,
    now,
    now,
  );
  await sql(`INSERT INTO allotments VALUES ('a1', 'Firma', ?, 'gold', 'pl', ?, 'x')`, ANNA, now);
  await sql(
    `INSERT INTO scans (list_id, ticket_id, code, direction, at, received_at, who, result, answer) VALUES ('entrance', ?, 'c', 'in', ?, ?, 'door', 'admitted', '{}')`,
    annaTicket,
    now,
    now,
  );
  const annasMessage = await sendMessage(ANNA, 'Czy będzie parking?');
  const celinasMessage = await sendMessage('celina@example.com', 'Faktura?');
  return { paid, unpaid, celinas, annaTicket, annasMessage, celinasMessage };
}

beforeEach(async () => {
  setClock(AT);
  await resetBoxOffice();
  await clearKv();
  await sql('DELETE FROM retention_runs; DELETE FROM staff_log');
});
afterEach(() => {
  vi.useRealTimers();
});

describe('an export of one address', () => {
  it('holds each kind the box office and KV keep for it, as a JSON file', async () => {
    const { paid, unpaid, annaTicket, annasMessage } = await annaAndOthers();
    const { res, body } = await exportOf('  Anna@Example.com ');
    expect(res.headers.get('Content-Disposition')).toMatch(/^attachment; filename="personal-data-2027-03-15\.json"$/);
    expect(body.email).toBe(ANNA);
    expect(Object.keys(body.data).sort()).toEqual([...DATA_KIND_IDS].sort());
    const ids = (kind: string, key = 'id') => body.data[kind]?.map((r) => (r as Record<string, unknown>)[key]);
    expect(ids('orders')).toEqual([paid.id]);
    expect(ids('unpaidOrders')).toEqual([unpaid.id]);
    expect(ids('holders', 'ticket')).toEqual(expect.arrayContaining([paid.tickets[0]?.id, annaTicket]));
    expect(ids('holders', 'ticket')).not.toContain(paid.tickets[1]?.id);
    expect(body.data.invoices?.[0]).toMatchObject({ orderId: paid.id, buyer: { name: 'Anna Nowak' } });
    expect(body.data.consent).toHaveLength(2);
    expect(ids('checkIns', 'ticket_id')).toEqual([annaTicket]);
    expect(body.data.emails?.some((e) => (e as { kind: string }).kind === 'confirmation')).toBe(true);
    expect(body.data.emails?.some((e) => (e as { data: string }).data === ANNA)).toBe(true);
    expect(ids('newsRecipients', 'address')).toEqual([ANNA]);
    expect(ids('messages')).toEqual([annasMessage]);
    expect(ids('partnerContacts')).toEqual(['a1']);
    expect(JSON.stringify(body.data)).not.toContain('celina@example.com');
  });

  it('is logged in the staff log with the address masked', async () => {
    await annaAndOthers();
    await exportOf(ANNA);
    const [entry] = await sql<{ detail: string; method: string }>(
      "SELECT * FROM staff_log WHERE detail LIKE 'export%'",
    );
    expect(entry?.method).toBe('GET');
    expect(entry?.detail).toMatch(/^export a•••@example\.com #[\w-]{12}: orders 1, unpaidOrders 1, holders 2/);
    expect(entry?.detail).not.toContain(ANNA);
  });

  it('answers 422 for an address that is not one', async () => {
    const res = await admin('/personal-data?email=nope');
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ error: 'invalid_query', fields: { email: 'invalid_format' } });
  });
});

describe('an erasure of one address', () => {
  it('anonymises the orders, keeps the invoices, removes the rest and touches nobody else', async () => {
    const { paid, unpaid, celinas, annaTicket, celinasMessage } = await annaAndOthers();
    const invoicesBefore = (await office().invoices(paid.id)) as IssuedInvoice[];
    const res = await erase(ANNA);
    expect(res.status).toBe(200);
    const answer = (await res.json()) as { report: Record<string, unknown>; kept: { kind: string; because: string }[] };
    expect(answer.report).toMatchObject({
      orders: { anonymised: 1 },
      unpaidOrders: { anonymised: 1 },
      invoices: { kept: 1 },
      holders: { anonymised: 3 },
      checkIns: { deleted: 1 },
      newsRecipients: { deleted: 1 },
      messages: { deleted: 1 },
      partnerContacts: { anonymised: 1 },
    });
    expect(answer.kept).toEqual(
      expect.arrayContaining([
        { kind: 'invoices', because: 'tax' },
        { kind: 'orders', because: 'tax' },
      ]),
    );

    // The paid order: amounts, products, status and invoice data kept; the buyer's address gone.
    const order = (await office().order(paid.id)) as Order;
    expect(order).toMatchObject({ status: 'paid', gross: paid.gross, name: null, invoice: PERSON });
    expect(order.email).toMatch(/@erased\.invalid$/);
    expect(order.consent).toMatchObject({ terms: CONSENT_VERSIONS.terms });
    expect(await office().invoices(paid.id)).toEqual(invoicesBefore);
    expect(JSON.stringify(await office().history(paid.id))).not.toContain(ANNA);
    // Bartek's ticket is his, not Anna's; Anna's own is unnamed.
    expect(order.tickets.map((t) => [t.name, t.email])).toEqual([
      [null, null],
      ['Bartek Zieliński', 'bartek@example.com'],
    ]);
    const neverPaid = (await office().order(unpaid.id)) as Order;
    expect(neverPaid.email).toMatch(/@erased\.invalid$/);
    expect(neverPaid.tickets[0]?.name).toBeNull();
    // Celina's order is hers: only Anna's ticket in it lost its holder.
    const hers = (await office().order(celinas.id)) as Order;
    expect(hers.email).toBe('celina@example.com');
    expect(hers.tickets.map((t) => t.name)).toEqual(['Celina Wójcik', null]);
    expect(await sql('SELECT * FROM scans WHERE ticket_id = ?', annaTicket)).toEqual([]);
    expect((await sql<{ address: string }>('SELECT address FROM news_recipients')).map((r) => r.address)).toEqual([
      'celina@example.com',
    ]);
    expect(
      (await sql<{ data: string | null }>("SELECT data FROM emails WHERE kind = 'news' ORDER BY id")).map(
        (r) => r.data,
      ),
    ).toEqual([null, 'celina@example.com']);
    // Only Celina's message is left.
    const { body } = await exportOf('celina@example.com');
    expect(body.data.messages?.map((m) => (m as { id: string }).id)).toEqual([celinasMessage]);
    // Nothing is found under Anna's address any more.
    const after = await exportOf(ANNA);
    expect(JSON.stringify(after.body.data)).not.toContain(ANNA);
    expect(after.body.data.orders).toEqual([]);
    // The staff log says who, when and what, with the address masked.
    const entries = await sql<{ detail: string; actor: string }>("SELECT * FROM staff_log WHERE detail LIKE 'erase%'");
    expect(entries).toHaveLength(1);
    expect(entries[0]?.detail).toMatch(
      /^erase a•••@example\.com #[\w-]{12}: orders anonymised 1, .*messages deleted 1/,
    );
    expect(JSON.stringify(await sql('SELECT * FROM staff_log'))).not.toContain(ANNA);
  });

  it('refuses while an order of the address waits for its payment, and changes nothing', async () => {
    const pending = await placeOrder(ANNA, [{ product: 'online-standard' }]);
    const res = await erase(ANNA);
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ error: 'pending_orders', orders: [pending.id] });
    expect(((await office().order(pending.id)) as Order).email).toBe(ANNA);
  });

  it('answers 422 with the field for a body without an address', async () => {
    const res = await admin('/personal-data/erase', { method: 'POST', body: '{}' });
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ fields: { email: 'required' } });
  });
});

describe('personal-data requests are for admins only', () => {
  it.each(['door', 'content', 'finance'] as const)('refuses %s', async (role) => {
    const { headers } = await staffMember(role);
    const asked = await SELF.fetch(`${ORIGIN}/api/admin/personal-data?email=${ANNA}`, { headers });
    expect(asked.status).toBe(403);
    const erased = await SELF.fetch(`${ORIGIN}/api/admin/personal-data/erase`, {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'application/json', Origin: ORIGIN },
      body: JSON.stringify({ email: ANNA }),
    });
    expect(erased.status).toBe(403);
  });
});

describe('KV copies carry their own expiry', () => {
  it('a handled message expires twelve months after it was handled, the order log when its order does', async () => {
    const { annasMessage } = await annaAndOthers();
    const res = await admin(`/messages/${annasMessage}/handled`, { method: 'POST', body: '{"handled":true}' });
    expect(res.status).toBe(200);
    const [message] = (await env.ORDERS.list({ prefix: `message:${annasMessage}` })).keys;
    expect(message?.expiration).toBe(Date.parse('2028-03-15T11:00:00Z') / 1000);
    await runAlarm();
    const log = (await env.ORDERS.list({ prefix: 'intent:' })).keys;
    expect(log.length).toBeGreaterThan(0);
    for (const key of log) expect(key.expiration).toBe(Math.floor(retentionEnds('orders') / 1000));
  });
});

describe('the retention alarm', () => {
  /** Runs the alarm at `iso` (the box office's clock is the test's). */
  async function alarmAt(at: number) {
    setClock(new Date(at).toISOString());
    expect(await runAlarm()).toBe(true);
  }
  /** The alarm an hour and a minute before `end` keeps the record; the alarm at `end` removes it. */
  async function removedOn(end: number, present: () => Promise<boolean>) {
    await alarmAt(end - HOUR - 60_000);
    expect(await present(), `kept until ${new Date(end).toISOString()}`).toBe(true);
    await alarmAt(end);
    expect(await present(), `removed at ${new Date(end).toISOString()}`).toBe(false);
  }

  it('removes each kind on the day its period ends, not before', async () => {
    const { paid, unpaid, celinas, annaTicket, annasMessage } = await annaAndOthers();
    const start = Date.parse(AT);
    await sql("UPDATE emails SET status = 'sent'");
    await sql(
      `INSERT INTO staff_log (at, actor, role, method, path, status, detail) VALUES (?, 'x', 'admin', 'POST', '/p', 200, 'x')`,
      start,
    );
    const handled = await admin(`/messages/${annasMessage}/handled`, { method: 'POST', body: '{"handled":true}' });
    expect(handled.status).toBe(200);
    await runAlarm();

    // E-mails' data and unpaid orders' buyers: ninety days.
    const newsData = async () =>
      (await sql("SELECT 1 FROM emails WHERE kind = 'news' AND data IS NOT NULL")).length > 0;
    const unpaidBuyer = async () => ((await office().order(unpaid.id)) as Order).email === ANNA;
    await removedOn(start + 90 * DAY, async () => (await newsData()) && (await unpaidBuyer()));
    expect(await newsData()).toBe(false);
    expect(await unpaidBuyer()).toBe(false);
    expect(await sql('SELECT * FROM news_recipients')).toEqual([]);

    // A handled message: twelve months after it was handled.
    const message = async () => (await env.ORDERS.get(`message:${annasMessage}`)) !== null;
    await removedOn(Date.parse('2028-03-15T11:00:00Z'), message);

    // Holders, scans and partner contacts: a month after the last recordings close.
    const holder = async () => ((await office().order(celinas.id)) as Order).tickets[1]?.email === ANNA;
    await removedOn(retentionEnds('holders'), holder);
    expect(await sql('SELECT * FROM scans WHERE ticket_id = ?', annaTicket)).toEqual([]);
    expect((await sql<{ email: string }>('SELECT email FROM allotments'))[0]?.email).toMatch(/@erased\.invalid$/);
    expect(((await office().order(paid.id)) as Order).email).toBe(ANNA);

    // The staff log: two years.
    const logEntry = async () => (await sql("SELECT 1 FROM staff_log WHERE path = '/p'")).length > 0;
    await removedOn(start + 730 * DAY + 1, logEntry);

    // Orders and invoices: five years from the end of the event's year.
    const order = async () => (await office().order(paid.id)) !== null && (await office().invoices(paid.id)).length > 0;
    await removedOn(retentionEnds('orders'), order);
    expect(await office().order(celinas.id)).toBeNull();
    expect(await sql('SELECT * FROM log')).toEqual([]);
  });
});

describe('the waiting list', () => {
  /** Anna waits for on-site VIP with an open offer (its code reserving a place); Celina waits behind her. */
  async function waiting() {
    const at = Date.now();
    await sql(
      `INSERT INTO waitlist (id, product, email, name, lang, state, created_at, confirmed_at, updated_at)
       VALUES ('01KWLANNA', 'onsite-vip', ?, 'Anna Nowak', 'pl', 'offered', ?, ?, ?),
              ('01KWLCELINA', 'onsite-vip', 'celina@example.com', NULL, 'pl', 'waiting', ?, ?, ?)`,
      ANNA,
      at,
      at,
      at,
      at,
      at + 1,
      at,
    );
    await sql(
      `INSERT INTO vouchers (code, kind, value, products, uses, taken, valid_from, valid_until, tag, reserve, ended_at, created_at, created_by)
       VALUES ('WL-ANNA', 'percent', 0, '["onsite-vip"]', 1, 0, NULL, ?, 'waitlist', 1, NULL, ?, 'waitlist')`,
      at + 24 * HOUR,
      at,
    );
    await sql(
      `INSERT INTO waitlist_offers (id, entry_id, product, voucher, state, offered_at, expires_at)
       VALUES ('01KWLOFFER', '01KWLANNA', 'onsite-vip', 'WL-ANNA', 'open', ?, ?)`,
      at,
      at + 24 * HOUR,
    );
  }

  it('is in the export with its offers, and only the person’s', async () => {
    await waiting();
    const { body } = await exportOf(ANNA);
    expect(body.data.waitingList).toEqual([
      expect.objectContaining({
        id: '01KWLANNA',
        email: ANNA,
        name: 'Anna Nowak',
        state: 'offered',
        offers: [expect.objectContaining({ id: '01KWLOFFER', code: 'WL-ANNA', state: 'open' })],
      }),
    ]);
    expect(JSON.stringify(body.data.waitingList)).not.toContain('celina');
  });

  it('is deleted by an erasure: the open offer withdrawn, its code void, the place offered on, Celina kept', async () => {
    await waiting();
    const res = await erase(ANNA);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { report: Record<string, unknown> }).report).toMatchObject({
      waitingList: { deleted: 1 },
    });
    expect(await sql('SELECT * FROM waitlist WHERE lower(email) = ?', ANNA)).toEqual([]);
    expect(await sql("SELECT * FROM waitlist_offers WHERE entry_id = '01KWLANNA'")).toEqual([]);
    expect(
      (await sql<{ ended_at: number | null }>("SELECT ended_at FROM vouchers WHERE code = 'WL-ANNA'"))[0]?.ended_at,
    ).not.toBeNull();
    expect((await sql<{ state: string }>("SELECT state FROM waitlist WHERE id = '01KWLCELINA'"))[0]?.state).toBe(
      'offered',
    );
  });

  it('is removed by the retention alarm a month after the event ends, not an hour before', async () => {
    await waiting();
    const end = retentionEnds('waitingList');
    const present = async () => (await sql('SELECT 1 FROM waitlist')).length > 0;
    // Celina's offer sets the alarm.
    await office().offerWaitlistPlaces(Date.now());
    setClock(new Date(end - HOUR - 60_000).toISOString());
    expect(await runAlarm()).toBe(true);
    expect(await present()).toBe(true);
    setClock(new Date(end).toISOString());
    expect(await runAlarm()).toBe(true);
    expect(await present()).toBe(false);
    expect(await sql('SELECT * FROM waitlist_offers')).toEqual([]);
  });
});

describe('sales under OSS and cancelled tickets', () => {
  /**
   * Anna, a consumer in Germany: two online plans taxed there under OSS, with an invoice, one of
   * them cancelled and refunded. Celina: an order taxed in Poland. And a bank credit no order
   * claimed.
   */
  async function annaInGermany() {
    const anna = await placePaidOrder(
      [
        { product: 'online-premium', name: 'Anna Nowak' },
        { product: 'online-premium', name: 'Bartek Zieliński', email: 'bartek@example.com' },
      ],
      { email: ANNA, lang: 'de', tax: ossTaxOf('DE'), invoice: consumerIn('DE', 'Berlin') },
    );
    const [, bartek] = anna.tickets;
    if (!bartek) throw new Error('two tickets');
    expect(await sql('SELECT vat_rate FROM tickets WHERE id = ?', bartek.id)).toEqual([
      { vat_rate: expect.stringMatching(/^oss:DE:/) },
    ]);
    const cancelled = await refundOneTicket(anna.id, bartek.id);
    expect(cancelled.kind).not.toBe('refused');
    const celina = await placePaidOrder([{ product: 'onsite-pro', name: 'Celina Wójcik' }], {
      email: 'celina@example.com',
    });
    const now = Date.now();
    await sql(
      `INSERT INTO statement_credits (key, kind, state, order_id, booked_on, amount, title, reference, created_at, updated_at)
       VALUES ('k1', 'unmatched', 'open', NULL, '2027-03-15', 12300, 'Jan Kowalski wpłata', 'r1', ?, ?)`,
      now,
      now,
    );
    return { anna, bartek, celina };
  }
  const cancelledHolder = async (id: string) =>
    (
      await sql<{ name: string | null; email: string | null }>(
        'SELECT name, email FROM cancelled_tickets WHERE id = ?',
        id,
      )
    )[0];

  it('are in the export: the sale with its country and evidence, the cancelled ticket with its holder', async () => {
    const { anna, bartek } = await annaInGermany();
    const { body } = await exportOf(ANNA);
    expect(body.data.ossSales).toEqual([{ order: anna.id, tax: ossTaxOf('DE'), cardCountry: null }]);
    // Bartek's cancelled ticket is his, not Anna's: in his export, not hers.
    expect(body.data.holders?.map((h) => (h as { ticket: string }).ticket)).not.toContain(bartek.id);
    const his = await exportOf('bartek@example.com');
    expect(his.body.data.holders).toEqual([
      {
        ticket: bartek.id,
        order: anna.id,
        product: 'online-premium',
        name: 'Bartek Zieliński',
        email: 'bartek@example.com',
        cancelled: true,
      },
    ]);
  });

  it('an erasure unnames the cancelled ticket and keeps the sale’s tax records', async () => {
    const { anna, bartek } = await annaInGermany();
    const erased = await erase('bartek@example.com');
    expect(erased.status).toBe(200);
    expect(await cancelledHolder(bartek.id)).toEqual({ name: null, email: null });
    const res = await erase(ANNA);
    expect(((await res.json()) as { report: Record<string, unknown> }).report).toMatchObject({
      orders: { anonymised: 1 },
      ossSales: { kept: 1 },
    });
    const [row] = await sql<{ email: string; tax: string }>('SELECT email, tax FROM orders WHERE id = ?', anna.id);
    expect(row?.email).toMatch(/@erased\.invalid$/);
    expect(JSON.parse(row?.tax ?? 'null')).toEqual(ossTaxOf('DE'));
  });

  it('the alarm unnames cancelled tickets with the holders, keeps an OSS sale ten years, the rest five', async () => {
    const { anna, bartek, celina } = await annaInGermany();
    const alarmAt = async (at: number) => {
      setClock(new Date(at).toISOString());
      expect(await runAlarm()).toBe(true);
    };
    await alarmAt(retentionEnds('holders') - HOUR - 60_000);
    expect(await cancelledHolder(bartek.id)).toEqual({ name: 'Bartek Zieliński', email: 'bartek@example.com' });
    await alarmAt(retentionEnds('holders'));
    expect(await cancelledHolder(bartek.id)).toEqual({ name: null, email: null });

    await alarmAt(retentionEnds('orders') - HOUR - 60_000);
    expect(await office().order(celina.id)).not.toBeNull();
    expect(await sql('SELECT key FROM statement_credits')).toEqual([{ key: 'k1' }]);
    expect(((await office().order(anna.id)) as Order).email).toBe(ANNA);

    // Five years: every other order goes, and the credit no order claimed; the OSS sale stays,
    // its buyer anonymised, its tax, invoice and refunded ticket kept.
    await alarmAt(retentionEnds('orders'));
    expect(await office().order(celina.id)).toBeNull();
    expect(await sql('SELECT key FROM statement_credits')).toEqual([]);
    const kept = (await office().order(anna.id)) as Order;
    expect(kept.email).toMatch(/@erased\.invalid$/);
    expect(kept.name).toBeFalsy();
    expect((await office().invoices(anna.id)).length).toBeGreaterThan(0);
    const [row] = await sql<{ tax: string }>('SELECT tax FROM orders WHERE id = ?', anna.id);
    expect(JSON.parse(row?.tax ?? 'null')).toEqual(ossTaxOf('DE'));
    expect(await sql('SELECT vat_rate FROM cancelled_tickets WHERE id = ?', bartek.id)).toEqual([
      { vat_rate: expect.stringMatching(/^oss:DE:/) },
    ]);

    // Ten years: the sale goes with everything that hangs on it.
    await alarmAt(retentionEnds('ossSales') - HOUR - 60_000);
    expect(await office().order(anna.id)).not.toBeNull();
    await alarmAt(retentionEnds('ossSales'));
    expect(await office().order(anna.id)).toBeNull();
    expect(await sql('SELECT id FROM cancelled_tickets')).toEqual([]);
    expect(await sql('SELECT id FROM invoices')).toEqual([]);
  });
});
