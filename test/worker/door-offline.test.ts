import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { importPublicKey, verifySignedCode } from '../../site/ticket-code';
import { fromBase64 } from '../../worker/crypto';
import { doorHash, type OfflineList } from '../../worker/routes/door-offline';
import { signedTicketCode, ticketCode, ticketKey } from '../../worker/tickets/code';
import { freshBoxOfficeEachTest, office } from './box-office';
import { buyPaidTicket } from './buyer';
import { clientIps } from './client-ip';
import { callWorker, ORIGIN } from './platform';

const ADMIN = { Authorization: 'Bearer test-admin-token' };
const nextIp = clientIps(57);
const bytes = (b64url: string) => fromBase64(b64url.replace(/-/g, '+').replace(/_/g, '/')) as Uint8Array<ArrayBuffer>;

async function paidTicket(product: string, name = 'Ala Kot') {
  const { orderId } = await buyPaidTicket(product, { email: 'holder@example.com', lang: 'pl', name }, nextIp());
  const order = await office().order(orderId);
  return { orderId, ticket: order?.tickets[0] as { id: string; code: string; product: string } };
}

const offlineList = (query = '?list=entrance', headers: Record<string, string> = ADMIN) =>
  callWorker(new Request(`${ORIGIN}/api/admin/door/offline-list${query}`, { headers }));

async function verifiedList(res: Response): Promise<OfflineList> {
  const { body, signature } = (await res.json()) as { body: string; signature: string };
  const list = JSON.parse(body) as OfflineList;
  const key = await crypto.subtle.importKey('raw', bytes(list.publicKey), { name: 'Ed25519' }, false, ['verify']);
  const message = new TextEncoder().encode(`door-list-v1:${body}`);
  expect(await crypto.subtle.verify('Ed25519', key, bytes(signature), message)).toBe(true);
  return list;
}

freshBoxOfficeEachTest({ silence: ['log'] });

describe('GET /api/admin/door/offline-list', () => {
  it('gives a door what it decides by offline, signed by the worker, and no secret or e-mail', async () => {
    const { ticket } = await paidTicket('onsite-vip', 'Ala Kot');
    const res = await offlineList();
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    const text = await res.clone().text();
    const list = await verifiedList(res);
    expect(list).toMatchObject({ list: 'entrance', reentry: false, products: ['3', '4', '5'] });
    expect(list.tickets).toEqual([
      { own: await doorHash('own', ticket.code), typed: expect.any(String), name: 'Ala Kot', product: 'onsite-vip' },
    ]);
    // The typed code is there only as a hash: the door cannot show, send or make it.
    const typed = await ticketCode(ticketKey(env), ticket);
    expect(list.tickets[0]?.typed).toBe(await doorHash('typed', typed.replaceAll('-', '')));
    expect(text).not.toContain(typed);
    expect(text).not.toContain(typed.replaceAll('-', ''));
    expect(text).not.toContain('holder@example.com');
    expect(text).not.toContain(ticketKey(env));
    // The public key it carries checks the ticket's QR code.
    const door = await importPublicKey(bytes(list.publicKey));
    expect(await verifySignedCode(door, await signedTicketCode(ticketKey(env), ticket))).toBe(true);
  });

  it('leaves online tickets out of the entrance and lists the codes of unpaid and reissued tickets as revoked', async () => {
    const online = await paidTicket('online-premium');
    const given = await paidTicket('onsite-standard');
    office().reissueTicket(given.orderId, given.ticket.id, { name: 'Ola Nowa', email: 'ola@example.com' }, Date.now());
    const now = (await office().order(given.orderId))?.tickets[0] as { code: string };
    const list = await verifiedList(await offlineList());
    expect(list.tickets.map((t) => t.own)).toEqual([await doorHash('own', now.code)]);
    expect(list.tickets[0]?.name).toBe('Ola Nowa');
    expect(list.revoked).toEqual([await doorHash('own', given.ticket.code)]);
    expect(list.tickets.some((t) => t.product === online.ticket.product)).toBe(false);
  });

  it('refuses a list it does not know with 422 and the field, and a caller without the token with 401', async () => {
    const unknown = await offlineList('?list=nowhere');
    expect(unknown.status).toBe(422);
    expect(await unknown.json()).toEqual({ error: 'invalid_fields', fields: { list: 'unknown_list' } });
    expect((await offlineList('?list=entrance', {})).status).toBe(401);
  });
});

describe('the door as an app', () => {
  it('serves its manifest and a service worker that may control /admin/door, never cached long', async () => {
    const manifest = await callWorker(new Request(`${ORIGIN}/admin/door.webmanifest`));
    expect(manifest.headers.get('Content-Type')).toBe('application/manifest+json');
    expect(await manifest.json()).toMatchObject({
      start_url: '/admin/door',
      scope: '/admin/door',
      display: 'standalone',
    });
    const worker = await callWorker(new Request(`${ORIGIN}/admin/door-sw.js`));
    expect(worker.headers.get('Content-Type')).toContain('javascript');
    expect(worker.headers.get('Cache-Control')).toBe('no-cache');
    // It never keeps the API: the list and the queue live in IndexedDB.
    expect(await worker.text()).toContain("startsWith('/assets/')");
  });
});

describe('the offline list of a workshop room', () => {
  it("holds the room's seat holders only, with the list's rules, and no product a ticket sold later could open it by", async () => {
    const seated = await paidTicket('onsite-pro', 'Ada Warsztat');
    // Another Pro ticket without a seat is not on the room's list.
    await paidTicket('onsite-pro', 'Bolek Bezzapisu');
    const registered = await office().registerWorkshop({
      workshopId: 'promptLab',
      level: 'basic',
      capacity: 25,
      code: seated.ticket.code,
      email: 'holder@example.com',
      now: Date.now(),
    });
    expect(registered.kind).toBe('registered');
    const res = await offlineList('?list=workshop-promptLab');
    expect(res.status).toBe(200);
    const list = await verifiedList(res);
    expect(list).toMatchObject({
      list: 'workshop-promptLab',
      workshopId: 'promptLab',
      reentry: false,
      products: [],
      opensAt: null,
      closesAt: null,
    });
    expect(list.tickets).toEqual([
      {
        own: await doorHash('own', seated.ticket.code),
        typed: expect.any(String),
        name: 'Ada Warsztat',
        product: 'onsite-pro',
      },
    ]);
  });

  it("carries an organiser's list: its products, time window and re-entry", async () => {
    const opensAt = new Date(Date.now() + 3_600_000).toISOString();
    const added = await callWorker(
      new Request(`${ORIGIN}/api/admin/check-in/lists`, {
        method: 'POST',
        headers: { ...ADMIN, 'Content-Type': 'application/json' },
        body: JSON.stringify({ name: 'Strefa VIP', products: ['onsite-vip'], reentry: true, opensAt }),
      }),
    );
    expect(added.status).toBe(201);
    const { id } = (await added.json()) as { id: string };
    const vip = await paidTicket('onsite-vip');
    await paidTicket('onsite-standard');
    const list = await verifiedList(await offlineList(`?list=${id}`));
    expect(list).toMatchObject({ list: id, reentry: true, products: ['5'], opensAt, closesAt: null });
    expect(list.tickets.map((t) => t.own)).toEqual([await doorHash('own', vip.ticket.code)]);
  });
});
