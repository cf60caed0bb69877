import { env, SELF } from 'cloudflare:test';
import ICAL from 'ical.js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fold, icsText } from '../../worker/calendar/ics';
import { renderContentPages } from '../../worker/content/pages';
import { headerText, mailbox } from '../../worker/email/headers';
import { MESSAGE_PREFIX } from '../../worker/messages';
import { consentJson } from '../support/consent';
import { ACME } from '../support/invoice-data';
import { allOrders, DURING_PROMOTION, office, resetBoxOffice, setClock } from './box-office';
import { clientIps } from './client-ip';
import { clearContentStore } from './content-store';
import { decodeWords } from './mail-headers';
import { consumeMail } from './mail-queue';
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
      // A purchase as the dialog sends it (terms accepted), so only the hostile text is refused.
      body: path === '/api/orders' || path.startsWith('/api/purchase/') ? consentJson(body) : JSON.stringify(body),
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

describe('e-mail headers that no text can break', () => {
  it('keeps a hostile subject on one line, as RFC 2047 encoded-words of at most 75 characters', () => {
    const hostile = 'Warsztat\r\nBcc: ofiara@example.com\r\nX-Evil: 1 — Łódź 東京 🤖 \ud800';
    const encoded = headerText(hostile);
    expect(encoded).toMatch(/^[\x20-\x7e]+$/);
    for (const word of encoded.split(' ')) expect(word.length).toBeLessThanOrEqual(75);
    expect(decodeWords(encoded)).toBe('Warsztat Bcc: ofiara@example.com X-Evil: 1 — Łódź 東京 🤖 \ufffd');
    // Plain ASCII stays readable; a line break in it still goes.
    expect(headerText('Seat\nBcc: x@example.com')).toBe('Seat Bcc: x@example.com');
    expect(headerText('Z\u0307ółw')).toBe(headerText('Żółw'));
  });

  it('encodes a display name and refuses an address that would write a header', () => {
    expect(mailbox('bilety@kongres-ai.pl')).toBe('bilety@kongres-ai.pl');
    expect(decodeWords(mailbox('Kongres AI Łódź <bilety@kongres-ai.pl>'))).toBe(
      'Kongres AI Łódź <bilety@kongres-ai.pl>',
    );
    expect(mailbox('Kongres, AI <bilety@kongres-ai.pl>')).toBe('"Kongres, AI" <bilety@kongres-ai.pl>');
    expect(() => mailbox('a@example.com\r\nBcc: b@example.com')).toThrow();
    expect(() => mailbox('a@example.com, b@example.com')).toThrow();
  });

  it("sends a workshop seat's e-mail whose title holds CR/LF without any header of its own", async () => {
    vi.spyOn(console, 'log').mockImplementation(() => {});
    await clearContentStore();
    setClock('2027-06-01T10:00:00Z');
    const title = 'Laboratorium\r\nBcc: ofiara@example.com\r\nX-Evil: 1';
    // As a record stored before the input rule would hold it.
    await storeRaw('workshops', 'zle-lab', {
      category: 'practical',
      level: 'basic',
      durationHours: 2,
      capacity: 10,
      instructor: null,
      texts: { pl: { title, text: 'Opis', prerequisites: [] } },
    });
    setClock(DURING_PROMOTION);
    const res = await post('/api/purchase/onsite-vip', { email: 'vip@example.com', lang: 'pl', name: 'Ala Kot' });
    expect(res.status).toBe(201);
    const { orderId } = await res.json<{ orderId: string }>();
    const emailId = await office().queueEmail(orderId, 'workshop', 'zle-lab', Date.now());
    const send = vi.fn(async (_message: unknown) => ({ messageId: 'msg-1' }));
    await consumeMail([emailId], send);
    const message = send.mock.calls[0]?.[0] as { subject: string; from: string; to: string };
    expect(message.subject).not.toMatch(/[\r\n]/);
    expect(message.subject).toMatch(/^[\x20-\x7e]+$/);
    expect(decodeWords(message.subject)).toContain('Laboratorium Bcc: ofiara@example.com X-Evil: 1');
    // As the service writes the structured message's headers (miniflare's emulation does it so).
    const head = [`From: ${message.from}`, `To: ${message.to}`, `Subject: ${message.subject}`].join('\n');
    expect(head.split('\n').map((line) => line.split(':')[0])).toEqual(['From', 'To', 'Subject']);
  });
});

describe('calendar files that no text can break', () => {
  it('escapes TEXT as RFC 5545 says: backslash, semicolon, comma and every line break, a bare CR too', () => {
    expect(icsText('a\\b;c,d\ne\r\nf\rg\th\u0007')).toBe('a\\\\b\\;c\\,d\\ne\\nf\\ng\th ');
    expect(icsText('x\ud800')).toBe('x\ufffd');
  });

  it('folds at 75 octets without splitting a character or an escape', () => {
    const line = `SUMMARY:${icsText('Żółć, ; \\ 東京 🤖 '.repeat(12))}`;
    const folded = fold(line);
    const octets = new TextEncoder();
    for (const part of folded.split('\r\n')) expect(octets.encode(part).length).toBeLessThanOrEqual(75);
    expect(folded.replace(/\r\n /g, '')).toBe(line);
    expect(folded).not.toMatch(/\\\r\n /);
  });

  it("serves a session's calendar file whose stored title holds CR, LF and separators, unbroken", async () => {
    await clearContentStore();
    setClock('2027-06-01T10:00:00Z');
    await content('GET', '/sessions');
    await env.CONTENT_DB.prepare('DELETE FROM content_records').run();
    const title = 'Agenci\rBcc: x\r\nDESCRIPTION:zły; a, b \\ c';
    await storeRaw('sessions', 'zla-sesja', {
      track: 'technology',
      room: 'hallB',
      start: '13:00',
      end: '13:40',
      speakers: [],
      seats: null,
      texts: { pl: { title, abstract: 'Opis\rdalej' } },
    });
    const res = await SELF.fetch(`${ORIGIN}/api/calendar/pl/zla-sesja.ics`);
    expect(res.status).toBe(200);
    const text = await res.text();
    // Every CR ends a line (CRLF); no line starts a property the title wrote.
    expect(text).not.toMatch(/\r(?!\n)|(?<!\r)\n/);
    const lines = text.split('\r\n');
    expect(lines.filter((line) => /^(?:DESCRIPTION|SUMMARY):/.test(line))).toHaveLength(2);
    expect(lines.some((line) => line.startsWith('Bcc'))).toBe(false);
    for (const line of lines) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    // A maintained parser reads back exactly the title, its line breaks as line breaks.
    const event = new ICAL.Event(new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent('vevent') ?? undefined);
    expect(event.summary).toContain('Agenci\nBcc: x\nDESCRIPTION:zły; a, b \\ c');
    expect(event.description).toContain('Opis\ndalej');
  });
});
