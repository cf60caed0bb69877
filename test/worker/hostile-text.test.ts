import { env, SELF } from 'cloudflare:test';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderContentPages } from '../../worker/content/pages';
import { MESSAGE_PREFIX } from '../../worker/messages';
import { ACME } from '../support/invoice-data';
import { allOrders, DURING_PROMOTION, resetBoxOffice, setClock } from './box-office';
import { clientIps } from './client-ip';
import { clearContentStore } from './content-store';
import { callWorker, visit } from './platform';

// Issue 43, items 3 and 8: one rule for every stored text (well-formed, no noncharacters, NFC, no
// control characters on one line), and a record that cannot be drawn never freezes the pages.
const ORIGIN = 'https://kongres.test';
const nextIp = clientIps(61);
const ADMIN = { Authorization: 'Bearer test-admin-token', 'Content-Type': 'application/json' };

/** JSON.stringify writes a lone surrogate as the escape `\ud800`, as an attacker's body carries it. */
const post = (path: string, body: unknown) =>
  callWorker(
    new Request(`${ORIGIN}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': nextIp() },
      body: JSON.stringify(body),
    }),
    { PURCHASE_LIMITER: undefined as unknown as RateLimit, CONTACT_LIMITER: undefined as unknown as RateLimit },
  );

const content = (method: string, path: string, body?: unknown) =>
  SELF.fetch(`${ORIGIN}/api/admin/content${path}`, {
    method,
    headers: ADMIN,
    body: body === undefined ? undefined : JSON.stringify(body),
  });

const CONTACT = { name: 'Anna', email: 'anna@example.com', subject: 'Stoisko', message: 'Dzień dobry', lang: 'pl' };

beforeEach(async () => {
  setClock(DURING_PROMOTION);
  await resetBoxOffice();
});
afterEach(async () => {
  vi.restoreAllMocks();
  vi.useRealTimers();
  const list = await env.ORDERS.list({ prefix: MESSAGE_PREFIX });
  await Promise.all(list.keys.map((k) => env.ORDERS.delete(k.name)));
});

describe('one rule for every stored text', () => {
  it("refuses a ticket holder's name with a lone surrogate at its path, and stores no order", async () => {
    const res = await post('/api/orders', {
      email: 'a@example.com',
      items: [{ product: 'onsite-standard', name: '\ud800' }],
    });
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({ error: 'invalid_fields', fields: { 'items.0.name': 'invalid_characters' } });
    expect(await allOrders()).toEqual([]);
  });

  it.each([
    ['U+FDD0 and U+FFFF', '\ufdd0\uffff'],
    ['U+FFFE', 'ACME\ufffe'],
    ['U+10FFFF', '\u{10ffff}ACME'],
    ['U+1FFFE', 'A\u{1fffe}'],
  ])('refuses invoice data made of noncharacters (%s) with 422 invoice.name', async (_, name) => {
    const res = await post('/api/orders', {
      email: 'a@example.com',
      items: [{ product: 'online-standard' }],
      invoice: { ...ACME, name },
    });
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ fields: { 'invoice.name': 'invalid_characters' } });
    expect(await allOrders()).toEqual([]);
  });

  it('stores names in NFC and measures them after it', async () => {
    // Z + combining dot above, a + combining ogonek...: what some keyboards and PDFs produce.
    const decomposed = 'Z\u0307o\u0301\u0142w Ka\u0328cka';
    const res = await post('/api/orders', {
      email: 'a@example.com',
      name: decomposed,
      items: [{ product: 'onsite-standard', name: decomposed }],
      invoice: { ...ACME, name: `${decomposed} sp. z o.o.`, city: 'Lo\u0301dz\u0301' },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const [order] = await allOrders();
    expect(order?.name).toBe('Żółw Kącka');
    expect(order?.tickets[0]?.name).toBe('Żółw Kącka');
    expect(order?.invoice?.name).toBe('Żółw Kącka sp. z o.o.');
    expect(order?.invoice?.city).toBe('Lódź');
  });

  it.each([
    ['name', '\ud83d', 'name'],
    ['subject', 'Bcc: x@example.com\r\nX: y', 'subject'],
    ['message', 'bell \u0007', 'message'],
    ['message', 'noncharacter \ufdef', 'message'],
    ['name', 'escape \u001b[31m', 'name'],
  ])('refuses a contact message whose %s holds a refused character', async (field, value, path) => {
    const res = await post('/api/contact', { ...CONTACT, [field]: value });
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({ error: 'invalid_fields', fields: { [path]: 'invalid_characters' } });
    expect((await env.ORDERS.list({ prefix: MESSAGE_PREFIX })).keys).toEqual([]);
  });

  it("keeps a message's line breaks and tabs, CRLF stored as LF", async () => {
    const res = await post('/api/contact', { ...CONTACT, message: 'Dzień dobry,\r\n\tstoisko B12.\rDziękuję' });
    expect(res.status).toBe(201);
    const { id } = await res.json<{ id: string }>();
    const stored = await env.ORDERS.get<{ message: string }>(MESSAGE_PREFIX + id, 'json');
    expect(stored?.message).toBe('Dzień dobry,\n\tstoisko B12.\nDziękuję');
  });

  it.each([
    ['texts.pl.bio', { bio: 'Bada modele\ud800' }],
    ['texts.pl.role', { role: 'Badaczka\nBcc: x' }],
    ['texts.pl.bio', { bio: 'Bada \uffff modele' }],
  ])('refuses a speaker whose text breaks the rule, at %s', async (path, text) => {
    await clearContentStore();
    const res = await content('PUT', '/speakers/zla-osoba', {
      name: 'Zofia',
      texts: { pl: { role: 'Badaczka', bio: 'Bada modele.', ...text } },
    });
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({ error: 'invalid_fields', fields: { [path]: 'invalid_characters' } });
    expect((await content('GET', '/speakers/zla-osoba')).status).toBe(404);
  });
});

/** A record as one stored before these rules (or by a bug) would be: straight into the store. */
async function storeRaw(kind: string, id: string, fields: unknown, { published = true } = {}) {
  const json = JSON.stringify(fields);
  await env.CONTENT_DB.prepare(
    `INSERT INTO content_records (kind, id, version, draft, published, published_version, example, created_at, updated_at, updated_by, published_at)
     VALUES (?, ?, 1, ?, ?, ?, 0, 0, 0, 'test', ?)`,
  )
    .bind(kind, id, json, published ? json : null, published ? 1 : null, published ? 0 : null)
    .run();
}

const speaker = (name: string, bio = 'Bada modele.') => ({
  name,
  image: null,
  links: {},
  texts: { pl: { role: 'Badaczka', bio, topics: [] } },
});

describe('a record that cannot be drawn', () => {
  beforeEach(async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await clearContentStore({ pages: true });
    setClock('2027-06-01T10:00:00Z');
    // The store is seeded on first use; then only what the test adds is published.
    await content('GET', '/speakers');
    await env.CONTENT_DB.prepare('DELETE FROM content_records').run();
  });

  it.each([
    ['a lone surrogate stored before the rule', speaker('Zły Zapis', 'Bio\ud800')],
    ['a view that throws (no texts at all)', { ...speaker('Zły Zapis'), texts: null }],
  ])('leaves out only that record (%s), publishes the rest and names it to the console', async (_, bad) => {
    await storeRaw('speakers', 'zly-zapis', bad);
    expect((await content('PUT', '/speakers/dobra-osoba', speaker('Dobra Osoba'))).status).toBe(201);
    expect((await content('POST', '/publish', {})).status).toBe(200);
    const report = await renderContentPages(env);

    expect(report.failures).toEqual([
      expect.objectContaining({ kind: 'speakers', id: 'zly-zapis', languages: ['pl', 'en-GB', 'en-US', 'de', 'es'] }),
    ]);
    expect(report.failedPages).toEqual([]);
    const page = await (await visit(`${ORIGIN}/pl/prelegenci`)).text();
    expect(page).toContain('Dobra Osoba');
    expect(page).not.toContain('Zły Zapis');

    // The console reads the same report.
    const { render } = await (await content('GET', '/render')).json<{ render: Record<string, unknown> }>();
    expect(render).toMatchObject({ failures: [{ kind: 'speakers', id: 'zly-zapis' }], failedPages: [] });
    expect(render.revision).toBe(render.current);

    // A later publication still reaches the pages.
    expect((await content('PUT', '/speakers/trzecia-osoba', speaker('Trzecia Osoba'))).status).toBe(201);
    expect((await content('POST', '/publish', {})).status).toBe(200);
    await renderContentPages(env);
    expect(await (await visit(`${ORIGIN}/de/prelegenci`)).text()).toContain('Trzecia Osoba');

    // Once the record is gone, the report is clean again.
    await env.CONTENT_DB.prepare("DELETE FROM content_records WHERE id = 'zly-zapis'").run();
    expect((await renderContentPages(env)).failures).toEqual([]);
  });

  it('previews the page without the draft that cannot be drawn, naming it, instead of a 500', async () => {
    await storeRaw('speakers', 'zly-szkic', speaker('Zły Szkic', 'Bio\udfff'), { published: false });
    expect((await content('PUT', '/speakers/dobra-osoba', speaker('Dobra Osoba'))).status).toBe(201);
    const res = await content('GET', '/preview?path=/pl/prelegenci');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('Dobra Osoba');
    expect(html).not.toContain('Zły Szkic');
    expect(html).toMatch(/data-left-out>[^<]*speakers\/zly-szkic/);
  });
});
