import { env, runInDurableObject } from 'cloudflare:test';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { CERTIFICATE_ID } from '../../site/certificates';
import type { Order, Ticket } from '../../site/orders';
import { EVENT_ENDS, EVENT_STARTS, type ProductId } from '../../site/tickets';
import { sha256Hex } from '../../worker/crypto';
import { ticketKey } from '../../worker/tickets/code';
import { ticketLinkSecret } from '../../worker/tickets/page-link';
import { freshBoxOfficeEachTest, office, placePaidOrder, setClock } from './box-office';
import { callWorker, ORIGIN } from './platform';

// Certificates of attendance (issue 45): on-site tickets checked in, online tickets that opened the
// stream during the event, any ticket an organiser grants one to; from the event's end, through the
// holder's own link or the buyer's order secret; a public page checks a certificate's number.

freshBoxOfficeEachTest({ silence: ['log'] });

const AFTER = new Date(Date.parse(EVENT_ENDS) + 3600_000).toISOString();
const DURING = new Date(Date.parse(EVENT_STARTS) + 3600_000).toISOString();
const ADMIN = { Authorization: 'Bearer test-admin-token', 'Content-Type': 'application/json' };

let serial = 0;
/** An order as a test reads it: its tickets by position (as many as it bought). */
type Bought = Order & { tickets: [Ticket, Ticket, Ticket] };

async function paidOrder(items: { product: ProductId; name?: string }[], lang: 'pl' | 'de' = 'pl'): Promise<Bought> {
  serial++;
  const id = `01KC${String(serial).padStart(22, '0')}`;
  return (await placePaidOrder(
    items.map((item, i) => ({ product: item.product, name: item.name ?? `Osoba ${serial}-${i + 1}` })),
    {
      id,
      email: `firma${serial}@example.com`,
      lang,
      tokenHash: await sha256Hex('order-secret'),
      fingerprint: `c${serial}`,
    },
  )) as unknown as Bought;
}

/** The door's record of a ticket admitted (read by attendance.ts `checkedIn`). */
const checkIn = (ticketId: string) =>
  runInDurableObject(office(), (_i, state) => {
    // An admission at the entrance, as the door records one (box-office/check-in.ts).
    state.storage.sql.exec(
      `INSERT INTO scans (list_id, ticket_id, code, direction, at, received_at, who, result, answer)
       VALUES ('entrance', ?1, (SELECT code FROM tickets WHERE id = ?1), 'in', ?2, ?2, 'test', 'admitted', '{}')`,
      ticketId,
      Date.parse(DURING),
    );
    state.storage.sql.exec('UPDATE tickets SET checked_in_at = ? WHERE id = ?', Date.parse(DURING), ticketId);
  });

const link = async (ticket: { id: string; code: string }) => ticketLinkSecret(ticketKey(env), ticket);
const certificate = (ticketId: string, k: string) =>
  callWorker(new Request(`${ORIGIN}/api/tickets/${ticketId}/certificate.pdf?k=${encodeURIComponent(k)}`));
const zip = (orderId: string, token = 'order-secret') =>
  callWorker(new Request(`${ORIGIN}/api/orders/${orderId}/certificates.zip?token=${encodeURIComponent(token)}`));
const decide = (ticketId: string, body: unknown) =>
  callWorker(
    new Request(`${ORIGIN}/api/admin/tickets/${ticketId}/certificate`, {
      method: 'POST',
      headers: ADMIN,
      body: JSON.stringify(body),
    }),
  );
const checkPage = (path: string) => callWorker(new Request(`${ORIGIN}${path}`));
/** The verification number a downloaded certificate carries (its file name). */
const numberOf = (res: Response) =>
  /certificate-([0-9A-Z-]+)\.pdf/.exec(res.headers.get('Content-Disposition') ?? '')?.[1] ?? '';

describe('a holder downloading a certificate through the ticket link', () => {
  it('gets a PDF for an on-site ticket that was checked in, once the event has ended', async () => {
    const order = await paidOrder([{ product: 'onsite-standard', name: 'Łucja Żak' }]);
    const ticket = order.tickets[0];
    await checkIn(ticket.id);
    setClock(AFTER);
    const res = await certificate(ticket.id, await link(ticket));
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('application/pdf');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(strFromU8(bytes.slice(0, 5))).toBe('%PDF-');
    expect(numberOf(res)).toMatch(CERTIFICATE_ID);
    // Downloaded again, it is the same certificate.
    const again = await certificate(ticket.id, await link(ticket));
    expect(numberOf(again)).toBe(numberOf(res));
  });

  it('refuses an on-site ticket that was not checked in (409 no_certificate, not_attended)', async () => {
    const ticket = (await paidOrder([{ product: 'onsite-standard' }])).tickets[0];
    setClock(AFTER);
    const res = await certificate(ticket.id, await link(ticket));
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ error: 'no_certificate', reason: 'not_attended' });
  });

  it('refuses an online ticket that did not open the stream', async () => {
    const ticket = (await paidOrder([{ product: 'online-standard' }])).tickets[0];
    setClock(AFTER);
    expect((await certificate(ticket.id, await link(ticket))).status).toBe(409);
  });

  it('gives nothing before the event has ended, saying from when (409 certificate_not_yet)', async () => {
    const ticket = (await paidOrder([{ product: 'onsite-standard' }])).tickets[0];
    await checkIn(ticket.id);
    setClock(new Date(Date.parse(EVENT_ENDS) - 60_000).toISOString());
    const res = await certificate(ticket.id, await link(ticket));
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ error: 'certificate_not_yet', from: EVENT_ENDS });
  });

  it("gives nothing through another ticket's link, a made-up one or none (404)", async () => {
    const order = await paidOrder([{ product: 'onsite-standard' }, { product: 'onsite-standard' }]);
    const [mine, theirs] = order.tickets;
    await checkIn(mine.id);
    setClock(AFTER);
    expect((await certificate(mine.id, await link(theirs))).status).toBe(404);
    expect((await certificate(mine.id, 'x'.repeat(32))).status).toBe(404);
    expect((await certificate(mine.id, '')).status).toBe(404);
  });

  it('gives nothing through the link of a ticket since given to someone else', async () => {
    const order = await paidOrder([{ product: 'onsite-standard' }]);
    const before = order.tickets[0];
    const oldLink = await link(before);
    const reissued = await office().reissueTicket(order.id, before.id, { name: 'Nowa Osoba', email: null }, Date.now());
    expect(reissued.kind).not.toBe('refused');
    const after = (await office().order(order.id))?.tickets[0] as Ticket;
    await checkIn(before.id);
    setClock(AFTER);
    expect((await certificate(before.id, oldLink)).status).toBe(404);
    expect((await certificate(before.id, await link(after))).status).toBe(200);
  });
});

describe('organisers granting and withdrawing', () => {
  it('grants one to a ticket that did not attend, logged with who and why', async () => {
    const order = await paidOrder([{ product: 'online-premium' }]);
    const ticket = order.tickets[0];
    const res = await decide(ticket.id, { granted: true, reason: 'Watched from the press room' });
    expect(res.status).toBe(200);
    const { tickets } = (await res.json()) as { tickets: { qualifies: boolean; basis: string; log: unknown[] }[] };
    expect(tickets[0]).toMatchObject({
      qualifies: true,
      basis: 'granted',
      log: [{ granted: true, by: 'ADMIN_TOKEN', reason: 'Watched from the press room' }],
    });
    setClock(AFTER);
    expect((await certificate(ticket.id, await link(ticket))).status).toBe(200);
  });

  it('withdraws one from a checked-in ticket: no download, and its check page says withdrawn', async () => {
    const ticket = (await paidOrder([{ product: 'onsite-pro', name: 'Jan Kowalski' }])).tickets[0];
    await checkIn(ticket.id);
    setClock(AFTER);
    const id = numberOf(await certificate(ticket.id, await link(ticket)));
    expect((await decide(ticket.id, { granted: false, reason: 'Badge passed on' })).status).toBe(200);
    const res = await certificate(ticket.id, await link(ticket));
    expect(await res.json()).toEqual({ error: 'no_certificate', reason: 'withdrawn' });
    const page = await checkPage(`/pl/certyfikat/${id}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Certyfikat został wycofany');
    expect(html).not.toContain('Jan Kowalski');
  });

  it('refuses a decision without a reason (422) or for no such ticket (404), changing nothing', async () => {
    const ticket = (await paidOrder([{ product: 'onsite-standard' }])).tickets[0];
    const res = await decide(ticket.id, { granted: true, reason: '' });
    expect(res.status).toBe(422);
    expect((await decide('01KC0000000000000000000000', { granted: true, reason: 'x' })).status).toBe(404);
    const list = await callWorker(
      new Request(`${ORIGIN}/api/admin/orders/${ticket.orderId}/certificates`, { headers: ADMIN }),
    );
    expect(((await list.json()) as { tickets: { log: unknown[] }[] }).tickets[0]?.log).toEqual([]);
  });

  it('is for organisers only', async () => {
    const ticket = (await paidOrder([{ product: 'onsite-standard' }])).tickets[0];
    const res = await callWorker(
      new Request(`${ORIGIN}/api/admin/tickets/${ticket.id}/certificate`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ granted: true, reason: 'x' }),
      }),
    );
    expect(res.status).toBe(401);
  });
});

describe('the public check page', () => {
  it('confirms a genuine certificate with the holder and the event only, in the language of the path', async () => {
    const ticket = (await paidOrder([{ product: 'onsite-vip', name: 'Grażyna Nowak' }])).tickets[0];
    await checkIn(ticket.id);
    setClock(AFTER);
    const id = numberOf(await certificate(ticket.id, await link(ticket)));
    const res = await checkPage(`/de/certyfikat/${id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('X-Robots-Tag')).toBe('noindex');
    const html = await res.text();
    expect(html).toContain('<html lang="de"');
    expect(html).toContain('Die Bescheinigung ist echt');
    expect(html).toContain('Grażyna Nowak');
    expect(html).toContain(id);
    // Nothing else of the person: not the ticket, the order, the e-mail.
    expect(html).not.toContain('onsite-vip');
    expect(html).not.toContain('@example.com');
    expect(html).not.toContain(ticket.orderId);
    // The same number in lower case is the same certificate.
    expect((await checkPage(`/pl/certyfikat/${id.toLowerCase()}`)).status).toBe(200);
  });

  it('answers 404 with "no such certificate" for an unknown or malformed number', async () => {
    const unknown = await checkPage('/pl/certyfikat/ABCD-EFGH-JKMN-PQRS');
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain('Nie ma takiego certyfikatu');
    const malformed = await checkPage('/en-gb/certyfikat/%3Cscript%3E');
    expect(malformed.status).toBe(404);
    const html = await malformed.text();
    expect(html).toContain('No such certificate');
    expect(html).not.toContain('<SCRIPT>');
    expect(html).toContain('&#60;SCRIPT&#62;');
  });

  it('says withdrawn once the order was refunded', async () => {
    const order = await paidOrder([{ product: 'onsite-standard' }]);
    await checkIn(order.tickets[0].id);
    setClock(AFTER);
    const id = numberOf(await certificate(order.tickets[0].id, await link(order.tickets[0])));
    await runInDurableObject(office(), (_i, state) => {
      state.storage.sql.exec("UPDATE orders SET status = 'refunded' WHERE id = ?", order.id);
    });
    expect(await (await checkPage(`/pl/certyfikat/${id}`)).text()).toContain('Certyfikat został wycofany');
  });
});

describe("the buyer's ZIP of the delegates' certificates", () => {
  it('holds a PDF per qualifying ticket and an attendance list of every ticket', async () => {
    const order = await paidOrder(
      [
        { product: 'onsite-standard', name: 'Anna Nowak' },
        { product: 'onsite-standard', name: 'Piotr Zieliński' },
        { product: 'online-standard', name: 'Ewa Lis' },
      ],
      'de',
    );
    const [present, , granted] = order.tickets;
    await checkIn(present.id);
    await decide(granted.id, { granted: true, reason: 'Stream record lost' });
    setClock(AFTER);
    const res = await zip(order.id);
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('application/zip');
    const files = unzipSync(new Uint8Array(await res.arrayBuffer())) as Record<string, Uint8Array>;
    const names = Object.keys(files).sort();
    expect(names).toEqual([
      'teilnahmebescheinigung-1-anna-nowak.pdf',
      'teilnahmebescheinigung-3-ewa-lis.pdf',
      'teilnahmeliste.csv',
    ]);
    const csv = strFromU8(files['teilnahmeliste.csv'] ?? new Uint8Array()).replace(/^\uFEFF/, '');
    const lines = csv.trim().split('\r\n');
    expect(lines[0]).toBe('Teilnehmende,Ticket,Teilnahme,Prüfnummer');
    expect(lines).toHaveLength(4);
    expect(lines[1]).toMatch(/^Anna Nowak,.+,vor Ort \(Einlass erfasst\),[0-9A-Z]{4}-/);
    expect(lines[2]).toMatch(/^Piotr Zieliński,.+,keine Teilnahme erfasst,$/);
    expect(lines[3]).toMatch(/^Ewa Lis,.+,vom Veranstalter ausgestellt,[0-9A-Z]{4}-/);
  });

  it('needs the order secret, and the event to have ended', async () => {
    const order = await paidOrder([{ product: 'onsite-standard' }]);
    await checkIn(order.tickets[0].id);
    expect((await zip(order.id)).status).toBe(409);
    setClock(AFTER);
    expect((await zip(order.id, 'wrong')).status).toBe(404);
    expect((await zip(order.id)).status).toBe(200);
  });

  it('answers 409 when no ticket of the order qualifies', async () => {
    const order = await paidOrder([{ product: 'onsite-standard' }]);
    setClock(AFTER);
    expect(await (await zip(order.id)).json()).toEqual({ error: 'no_certificate', reason: 'not_attended' });
  });
});
