import { env, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { CheckInListStats, ScanAnswer, ScanRecord } from '../../site/check-in';
import type { Order, Ticket } from '../../site/orders';
import type { ProductId } from '../../site/tickets';
import { QUEUE_LEASE_MS } from '../../worker/box-office/outbox';
import { migrate } from '../../worker/box-office/schema';
import { sha256Hex } from '../../worker/crypto';
import { ticketCode, ticketKey } from '../../worker/tickets/code';
import { freshBoxOfficeEachTest, office, placePaidOrder } from './box-office';
import { callWorker } from './platform';
import { staffMember } from './staff';

// Check-in lists (issue 46): a ticket is admitted once per list (unless the list allows
// re-entry); a scan answers admitted, already admitted here (when, which device), or not valid
// here (why); offline doors send their scans later with their own time and a nonce, and a second
// admission of one ticket on one list by another offline device is recorded as a conflict.

const ORIGIN = 'https://kongres.test';
const ADMIN = { Authorization: 'Bearer test-admin-token', 'Content-Type': 'application/json' };
const SECRET = 'lists-secret';

const post = (path: string, body: unknown) =>
  callWorker(new Request(`${ORIGIN}/api/admin${path}`, { method: 'POST', headers: ADMIN, body: JSON.stringify(body) }));
const get = (path: string) => callWorker(new Request(`${ORIGIN}/api/admin${path}`, { headers: ADMIN }));

const signed = (ticket: { id: string; code: string }) => ticketCode(ticketKey(env), ticket);
const scan = async (ticket: Ticket, body: Record<string, unknown> = {}) =>
  post('/check-in', { code: await signed(ticket), ...body });
/** What an offline device's queue of scans at the entrance gets back from /check-in/sync. */
const syncEntrance = async (device: string, scans: { code: string; nonce: string; at: string }[]) =>
  (await (await post('/check-in/sync', { list: 'entrance', device, scans })).json()) as { results: ScanAnswer[] };
const answerOf = async (response: Response) => (await response.json()) as ScanAnswer & { error?: string };

async function lists(): Promise<Map<string, CheckInListStats>> {
  const { lists } = (await (await get('/check-in/lists')).json()) as { lists: CheckInListStats[] };
  return new Map(lists.map((l) => [l.id, l]));
}

let serial = 0;
/** A paid order of one ticket of `productId` (named), its ticket. */
async function ticketOf(productId: ProductId, paid = true): Promise<Ticket> {
  serial++;
  const id = `01KL${String(serial).padStart(22, '0')}`;
  return (
    await placePaidOrder(
      [{ product: productId, name: `Osoba ${serial}`, email: `holder${serial}@example.com` }],
      { id, email: `lists${serial}@example.com`, tokenHash: await sha256Hex(SECRET), fingerprint: 'f' },
      { paid },
    )
  ).tickets[0] as Ticket;
}

async function seat(ticket: Ticket, workshopId: string) {
  const result = await office().registerWorkshop({
    workshopId,
    level: 'basic',
    capacity: 25,
    code: ticket.code,
    email: ticket.email as string,
    now: Date.now(),
  });
  if (result.kind !== 'registered') throw new Error(result.error);
}

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();

freshBoxOfficeEachTest({ kv: false, silence: ['log'] });

describe('the default lists', () => {
  it('are the entrance, each workshop room, the VIP dinner and the gala, with no admissions yet', async () => {
    const all = await lists();
    expect([...all.keys()]).toEqual([
      'entrance',
      'workshop-promptLab',
      'workshop-ragAgents',
      'workshop-aiRoadmap',
      'vip-dinner',
      'gala',
    ]);
    expect(all.get('entrance')).toMatchObject({
      products: ['onsite-standard', 'onsite-pro', 'onsite-vip'],
      reentry: false,
    });
    expect(all.get('workshop-promptLab')).toMatchObject({ kind: 'workshop', workshopId: 'promptLab', admitted: 0 });
    expect(all.get('vip-dinner')).toMatchObject({ products: ['onsite-vip'], insideNow: 0 });
    expect(all.get('gala')).toMatchObject({ guests: true, conflicts: 0 });
  });
});

describe('a scan per list', () => {
  it('refuses an online ticket at the entrance: not valid here, online_ticket, with the holder', async () => {
    const online = await ticketOf('online-premium');
    const refused = await scan(online);
    expect(refused.status).toBe(409);
    expect(await answerOf(refused)).toMatchObject({
      error: 'ticket_not_valid',
      result: 'not_valid',
      reason: 'online_ticket',
      list: 'entrance',
      ticket: { product: 'online-premium', name: expect.stringMatching(/^Osoba/) },
    });
    expect((await lists()).get('entrance')).toMatchObject({ admitted: 0, insideNow: 0 });
  });

  it('admits a ticket once on each list: the entrance, then its workshop room; already admitted here says when and where', async () => {
    const pro = await ticketOf('onsite-pro');
    await seat(pro, 'promptLab');
    const entrance = await scan(pro, { device: 'gate-1' });
    expect(entrance.status).toBe(200);
    const admitted = await answerOf(entrance);
    expect(admitted).toMatchObject({ result: 'admitted', list: 'entrance', device: 'gate-1', product: 'onsite-pro' });
    const room = await scan(pro, { list: 'workshop-promptLab', device: 'room-a' });
    expect(room.status).toBe(200);
    expect(await answerOf(room)).toMatchObject({ result: 'admitted', list: 'workshop-promptLab' });
    const again = await scan(pro, { device: 'gate-2' });
    expect(again.status).toBe(409);
    expect(await answerOf(again)).toMatchObject({
      error: 'already_checked_in',
      result: 'already',
      device: 'gate-2',
      previous: { scan: admitted.scan, at: admitted.at, device: 'gate-1' },
    });
    const figures = await lists();
    expect(figures.get('entrance')).toMatchObject({ admitted: 1, insideNow: 1 });
    expect(figures.get('workshop-promptLab')).toMatchObject({ admitted: 1, insideNow: 1 });
  });

  it('refuses a ticket without a seat at a workshop room (no_seat) and a Pro ticket at the VIP dinner (product)', async () => {
    const pro = await ticketOf('onsite-pro');
    await seat(pro, 'promptLab');
    const otherRoom = await answerOf(await scan(pro, { list: 'workshop-ragAgents' }));
    expect(otherRoom).toMatchObject({ result: 'not_valid', reason: 'no_seat' });
    const dinner = await answerOf(await scan(pro, { list: 'vip-dinner' }));
    expect(dinner).toMatchObject({ result: 'not_valid', reason: 'product' });
    const vip = await ticketOf('onsite-vip');
    expect((await scan(vip, { list: 'vip-dinner' })).status).toBe(200);
  });

  it('admits invited guests at the gala whatever their product; an online ticket not invited is refused', async () => {
    const online = await ticketOf('online-vip');
    expect(await answerOf(await scan(online, { list: 'gala' }))).toMatchObject({ reason: 'online_ticket' });
    // Online tickets are never admitted to the venue, invited or not; an on-site ticket is.
    const standard = await ticketOf('onsite-standard');
    expect((await scan(standard, { list: 'gala' })).status).toBe(200);
    // A list of VIPs only, with guests: a Standard ticket gets in once invited.
    const made = await post('/check-in/lists', { name: 'Loża', products: ['onsite-vip'], guests: true });
    const box = (await made.json()) as CheckInListStats;
    const guest = await ticketOf('onsite-standard');
    expect(await answerOf(await scan(guest, { list: box.id }))).toMatchObject({ reason: 'product' });
    expect((await post(`/check-in/lists/${box.id}/guests`, { code: await signed(guest) })).status).toBe(201);
    expect((await scan(guest, { list: box.id })).status).toBe(200);
    expect((await post('/check-in/lists/entrance/guests', { code: await signed(guest) })).status).toBe(409);
  });

  it('refuses an unpaid order (not_paid with its status) and an unknown list (422 list)', async () => {
    const pending = await ticketOf('onsite-pro', false);
    expect(await answerOf(await scan(pending))).toMatchObject({ reason: 'not_paid', status: 'pending' });
    const unknown = await scan(await ticketOf('onsite-pro'), { list: 'nowhere' });
    expect(unknown.status).toBe(422);
    expect(await unknown.json()).toEqual({ error: 'invalid_fields', fields: { list: 'unknown_list' } });
  });
});

describe('lists organisers add', () => {
  it('checks products, a time window and re-entry: in, out, in again; inside now follows; exits refused elsewhere', async () => {
    const invalid = await post('/check-in/lists', { name: 'Online', products: ['online-vip'] });
    expect(invalid.status).toBe(422);
    expect(await invalid.json()).toEqual({
      error: 'invalid_fields',
      fields: { 'products.0': 'online_never_admitted' },
    });
    const backwards = await post('/check-in/lists', {
      name: 'X',
      products: ['onsite-pro'],
      opensAt: '2027-10-23T12:00:00+02:00',
      closesAt: '2027-10-23T11:00:00+02:00',
    });
    expect(await backwards.json()).toEqual({ error: 'invalid_fields', fields: { closesAt: 'before_opens' } });

    const later = (await (
      await post('/check-in/lists', {
        name: 'Jutro',
        products: ['onsite-pro'],
        opensAt: new Date(Date.now() + 3600_000).toISOString(),
      })
    ).json()) as CheckInListStats;
    const over = (await (
      await post('/check-in/lists', { name: 'Wczoraj', products: ['onsite-pro'], closesAt: minutesAgo(60) })
    ).json()) as CheckInListStats;
    const made = await post('/check-in/lists', { name: 'Strefa networkingu', products: ['onsite-pro'], reentry: true });
    expect(made.status).toBe(201);
    const lounge = (await made.json()) as CheckInListStats;
    expect(lounge).toMatchObject({ kind: 'custom', name: 'Strefa networkingu', reentry: true, admitted: 0 });

    const pro = await ticketOf('onsite-pro');
    expect(await answerOf(await scan(pro, { list: later.id }))).toMatchObject({ reason: 'not_open' });
    expect(await answerOf(await scan(pro, { list: over.id }))).toMatchObject({ reason: 'closed' });
    expect(await answerOf(await scan(pro, { list: lounge.id, direction: 'out' }))).toMatchObject({
      reason: 'not_inside',
    });
    expect((await scan(pro, { list: lounge.id })).status).toBe(200);
    expect(await answerOf(await scan(pro, { list: lounge.id }))).toMatchObject({ result: 'already' });
    expect((await lists()).get(lounge.id)).toMatchObject({ admitted: 1, insideNow: 1 });
    expect(await answerOf(await scan(pro, { list: lounge.id, direction: 'out' }))).toMatchObject({ result: 'exited' });
    expect((await lists()).get(lounge.id)).toMatchObject({ admitted: 1, insideNow: 0 });
    expect((await scan(pro, { list: lounge.id })).status).toBe(200);
    expect((await lists()).get(lounge.id)).toMatchObject({ admitted: 1, insideNow: 1 });
    expect(await answerOf(await scan(pro, { direction: 'out' }))).toMatchObject({ reason: 'no_exits' });
  });
});

describe('nonces and offline doors', () => {
  it('answers the same nonce the same and counts it once; a nonce of another scan is 409 nonce_reused', async () => {
    const pro = await ticketOf('onsite-pro');
    const first = await answerOf(await scan(pro, { device: 'gate-1', nonce: 'nonce-0001' }));
    const again = await scan(pro, { device: 'gate-1', nonce: 'nonce-0001' });
    expect(again.status).toBe(200);
    expect(await answerOf(again)).toEqual(first);
    const other = await ticketOf('onsite-pro');
    const reused = await scan(other, { device: 'gate-1', nonce: 'nonce-0001' });
    expect(reused.status).toBe(409);
    expect(await reused.json()).toEqual({ error: 'nonce_reused', scan: first.scan });
    const { scans } = (await (await get('/check-in/scans?list=entrance')).json()) as { scans: ScanRecord[] };
    expect(scans).toHaveLength(1);
  });

  it('takes an offline queue through /sync, in order, and the same queue again counts nothing twice', async () => {
    const tickets = [await ticketOf('onsite-pro'), await ticketOf('onsite-vip'), await ticketOf('online-standard')];
    const queue = [
      { code: await signed(tickets[0] as Ticket), nonce: 'sync-a-0001', at: minutesAgo(30) },
      { code: await signed(tickets[1] as Ticket), nonce: 'sync-a-0002', at: minutesAgo(29) },
      { code: await signed(tickets[0] as Ticket), nonce: 'sync-a-0003', at: minutesAgo(28) },
      { code: await signed(tickets[2] as Ticket), nonce: 'sync-a-0004', at: minutesAgo(27) },
      { code: 'ABCD-EFGH-JKMN-PQRS-TVWX', nonce: 'sync-a-0005', at: minutesAgo(26) },
    ];
    const body = { list: 'entrance', device: 'phone-a', scans: queue };
    const first = await post('/check-in/sync', body);
    expect(first.status).toBe(200);
    const { results } = (await first.json()) as { results: (ScanAnswer & { error?: string })[] };
    expect(results.map((r) => [r.result, r.reason ?? null])).toEqual([
      ['admitted', null],
      ['admitted', null],
      ['already', null],
      ['not_valid', 'online_ticket'],
      ['unknown', null],
    ]);
    expect(results[0]?.at).toBe(queue[0]?.at);
    const second = (await (await post('/check-in/sync', body)).json()) as { results: ScanAnswer[] };
    expect(second.results).toEqual(results);
    expect((await lists()).get('entrance')).toMatchObject({ admitted: 2, insideNow: 2, conflicts: 0 });
    const { scans } = (await (await get('/check-in/scans?list=entrance&limit=200')).json()) as { scans: ScanRecord[] };
    expect(scans).toHaveLength(5);
  });

  it('refuses a queue with an offline time in the future, naming the scan (422), and records none of it', async () => {
    const pro = await ticketOf('onsite-pro');
    const future = new Date(Date.now() + 3600_000).toISOString();
    const refused = await post('/check-in/sync', {
      list: 'entrance',
      device: 'phone-a',
      scans: [
        { code: await signed(pro), nonce: 'future-0001', at: minutesAgo(1) },
        { code: await signed(pro), nonce: 'future-0002', at: future },
      ],
    });
    expect(refused.status).toBe(422);
    expect(await refused.json()).toEqual({ error: 'invalid_fields', fields: { 'scans.1.at': 'in_future' } });
    expect((await lists()).get('entrance')).toMatchObject({ admitted: 0 });
  });

  it('records a second admission by another offline device as a conflict: the first by its own time counts', async () => {
    const vip = await ticketOf('onsite-vip');
    const code = await signed(vip);
    // Device A synced first, with the later scan; device B's earlier scan comes after.
    const a = await syncEntrance('phone-a', [{ code, nonce: 'conf-a-01', at: minutesAgo(5) }]);
    expect(a.results[0]).toMatchObject({ result: 'admitted' });
    const b = await syncEntrance('phone-b', [{ code, nonce: 'conf-b-01', at: minutesAgo(9) }]);
    expect(b.results[0]).toMatchObject({ result: 'admitted' });
    // A third device, offline, later still: a conflict with B's admission, which counts.
    const c = await post('/check-in', { code, device: 'phone-c', nonce: 'conf-c-01', at: minutesAgo(2) });
    expect(c.status).toBe(409);
    expect(await answerOf(c)).toMatchObject({
      error: 'check_in_conflict',
      result: 'conflict',
      previous: { scan: b.results[0]?.scan, device: 'phone-b' },
    });
    expect((await lists()).get('entrance')).toMatchObject({ admitted: 1, insideNow: 1, conflicts: 2 });
    const { scans } = (await (await get('/check-in/scans?result=conflict')).json()) as { scans: ScanRecord[] };
    expect(scans.map((s) => s.device).sort()).toEqual(['phone-a', 'phone-c']);
    expect(scans.every((s) => s.ticket?.id === vip.id)).toBe(true);
    const history = await office().history(vip.orderId);
    expect(history.filter((e) => e.event === 'check_in_conflict')).toHaveLength(2);
    // The ticket's check-in time is the admission that counts.
    const ticket = ((await office().order(vip.orderId)) as Order).tickets[0] as Ticket;
    expect(ticket.checkedInAt).toBe(b.results[0]?.at);
    // The same device scanning twice offline is a repeat, not a conflict.
    const repeat = await post('/check-in', { code, device: 'phone-b', nonce: 'conf-b-02', at: minutesAgo(1) });
    expect(await answerOf(repeat)).toMatchObject({ result: 'already' });
  });
});

describe('undo', () => {
  it('undoes an admission with who and why: it counts no more, is logged, and the ticket may enter again', async () => {
    const pro = await ticketOf('onsite-pro');
    // Ola at the door, signed in with her own token: the record says who, whatever a request claims.
    const ola = await staffMember('door', 'Ola');
    const asOla = (path: string, body: unknown) =>
      callWorker(
        new Request(`${ORIGIN}/api/admin${path}`, {
          method: 'POST',
          headers: { ...ola.headers, 'Content-Type': 'application/json', 'X-Organiser': 'Someone Else' },
          body: JSON.stringify(body),
        }),
      );
    const admitted = await answerOf(await asOla('/check-in', { code: await signed(pro), device: 'gate-1' }));
    expect((await asOla(`/check-in/scans/${admitted.scan}/undo`, {})).status).toBe(422);
    const undone = await asOla(`/check-in/scans/${admitted.scan}/undo`, { reason: 'Zeskanowany zły bilet' });
    expect(undone.status).toBe(200);
    expect(((await undone.json()) as { scan: ScanRecord }).scan).toMatchObject({
      scan: admitted.scan,
      result: 'admitted',
      who: ola.member.name,
      undone: { by: ola.member.name, reason: 'Zeskanowany zły bilet', at: expect.any(String) },
    });
    expect((await lists()).get('entrance')).toMatchObject({ admitted: 0, insideNow: 0 });
    expect(((await office().order(pro.orderId)) as Order).tickets[0]?.checkedInAt).toBeNull();
    const history = await office().history(pro.orderId);
    expect(history.find((e) => e.event === 'check_in_undone')?.data).toMatchObject({
      scan: admitted.scan,
      by: ola.member.name,
      reason: 'Zeskanowany zły bilet',
    });
    const twice = await post(`/check-in/scans/${admitted.scan}/undo`, { reason: 'Jeszcze raz' });
    expect(twice.status).toBe(409);
    expect(await twice.json()).toMatchObject({ error: 'already_undone' });
    expect((await scan(pro)).status).toBe(200);
    const refused = await answerOf(await scan(pro));
    expect(await (await post(`/check-in/scans/${refused.scan}/undo`, { reason: 'x' })).json()).toEqual({
      error: 'not_undoable',
      result: 'already',
    });
    expect((await post('/check-in/scans/999999/undo', { reason: 'x' })).status).toBe(404);
  });
});

describe('the move from one check-in per ticket', () => {
  it('counts a ticket checked in before there were lists as admitted on the entrance list', async () => {
    const pro = await ticketOf('onsite-pro');
    const at = Date.parse(minutesAgo(10));
    await runInDurableObject(office(), (_, state) => {
      state.storage.sql.exec('DROP TABLE scans');
      state.storage.sql.exec('UPDATE tickets SET checked_in_at = ? WHERE id = ?', at, pro.id);
      migrate(state.storage, { queueLeaseMs: QUEUE_LEASE_MS });
    });
    expect((await lists()).get('entrance')).toMatchObject({ admitted: 1, insideNow: 1 });
    const again = await answerOf(await scan(pro));
    expect(again).toMatchObject({
      result: 'already',
      previous: { at: new Date(at).toISOString(), device: 'migrated' },
    });
  });
});
