import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { Order, Ticket } from '../../site/orders';
import { sha256Hex } from '../../worker/crypto';
import { ticketCode, ticketKey } from '../../worker/tickets/code';
import { freshBoxOfficeEachTest, office, placePaidOrder } from './box-office';
import { callWorker } from './platform';

// The door's decision (issue 43, item 4): one call of the box office takes the scanned code and
// decides in one transaction, so a change of holder racing a scan of the old code never lets both
// through: either the old holder is in and the change is refused, or the change is made and the
// old code is refused while the new code admits.

const ORIGIN = 'https://kongres.test';
const ADMIN = { Authorization: 'Bearer test-admin-token', 'Content-Type': 'application/json' };
const SECRET = 'door-secret';

const signed = (ticket: { id: string; code: string }) => ticketCode(ticketKey(env), ticket);

const checkIn = (ticket: string) =>
  callWorker(
    new Request(`${ORIGIN}/api/admin/check-in`, { method: 'POST', headers: ADMIN, body: JSON.stringify({ ticket }) }),
  );

const rename = (orderId: string, ticketId: string, name: string) =>
  callWorker(
    new Request(`${ORIGIN}/api/orders/${orderId}/tickets/${ticketId}?token=${SECRET}`, {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name }),
    }),
  );

let serial = 0;
/** An order of `n` named on-site tickets, paid unless said otherwise. */
async function order(n: number, paid = true): Promise<Order> {
  serial++;
  const id = `01KD${String(serial).padStart(22, '0')}`;
  return placePaidOrder(
    Array.from({ length: n }, (_, i) => ({ product: 'onsite-pro' as const, name: `Osoba ${i + 1}` })),
    { id, email: `door${serial}@example.com`, tokenHash: await sha256Hex(SECRET), fingerprint: 'f' },
    { paid },
  );
}

const ticketOf = async (orderId: string, ticketId: string) =>
  ((await office().order(orderId)) as Order).tickets.find((t) => t.id === ticketId) as Ticket;

freshBoxOfficeEachTest({ kv: false, silence: ['log'] });

describe('a change of holder racing a scan of the old code', () => {
  it('never answers 200 to both, never admits an old code after the change, and loses nobody (30 tickets)', async () => {
    const orders = [await order(15), await order(15)];
    const tickets = orders.flatMap((o) => o.tickets);
    const oldCodes = await Promise.all(tickets.map(signed));
    const outcomes = await Promise.all(
      tickets.map(async (ticket, i) => {
        const [changed, scanned] = await Promise.all([
          rename(ticket.orderId, ticket.id, `Nowa Osoba ${i}`),
          checkIn(oldCodes[i] as string),
        ]);
        // The change has returned: from now on the old code admits nobody.
        const later = changed.status === 200 ? await checkIn(oldCodes[i] as string) : null;
        return { changed: changed.status, scanned: scanned.status, later: later?.status ?? null };
      }),
    );
    for (const outcome of outcomes) {
      expect([outcome.changed, outcome.scanned]).not.toEqual([200, 200]);
      expect([outcome.changed, outcome.scanned].sort()).toEqual([200, 409]);
      if (outcome.later !== null) expect(outcome.later).toBe(409);
    }
    // Each ticket's holder now gets in once with the code the ticket has: the old holder was
    // admitted (the ticket says so), or the new holder's code admits them now, once.
    let admitted = 0;
    for (const [i, ticket] of tickets.entries()) {
      const now = await ticketOf(ticket.orderId, ticket.id);
      const outcome = outcomes[i] as (typeof outcomes)[number];
      if (outcome.scanned === 200) {
        expect(now.code).toBe(ticket.code);
        expect(now.checkedInAt).not.toBeNull();
        expect((await checkIn(await signed(now))).status).toBe(409);
      } else {
        expect(now.code).not.toBe(ticket.code);
        expect(now.checkedInAt).toBeNull();
        expect((await checkIn(await signed(now))).status).toBe(200);
      }
      admitted += (await ticketOf(ticket.orderId, ticket.id)).checkedInAt ? 1 : 0;
    }
    expect(admitted).toBe(30);
    const history = (await Promise.all(orders.map((o) => office().history(o.id)))).flat();
    expect(history.filter((e) => e.event === 'checked_in')).toHaveLength(30);
  });
});

describe('the door answers', () => {
  it('200 with the holder the first time, then 409 already_checked_in with when', async () => {
    const [ticket] = (await order(1)).tickets as [Ticket];
    const first = await checkIn((await signed(ticket)).toLowerCase().replaceAll('-', ' '));
    expect(first.status).toBe(200);
    const admitted = (await first.json()) as { checkedInAt: string };
    expect(admitted).toMatchObject({ product: 'onsite-pro', name: 'Osoba 1', position: 1, tickets: 1 });
    const again = await checkIn(await signed(ticket));
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({
      error: 'already_checked_in',
      result: 'already',
      list: 'entrance',
      previous: { at: admitted.checkedInAt },
    });
  });

  it('409 ticket_reissued for the old code of a ticket given to another holder; the new code admits', async () => {
    const placed = await order(1);
    const ticket = placed.tickets[0] as Ticket;
    expect((await rename(placed.id, ticket.id, 'Marta Nowa')).status).toBe(200);
    const old = await checkIn(await signed(ticket));
    expect(old.status).toBe(409);
    const oldAnswer = (await old.json()) as Record<string, unknown>;
    expect(oldAnswer).toMatchObject({ error: 'ticket_reissued', result: 'not_valid', reason: 'reissued' });
    // The old code shows nothing of the new holder.
    expect(oldAnswer.ticket).toBeUndefined();
    const current = await checkIn(await signed(await ticketOf(placed.id, ticket.id)));
    expect(current.status).toBe(200);
    expect(await current.json()).toMatchObject({ name: 'Marta Nowa' });
  });

  it('409 ticket_not_valid with the status for a ticket of an order not paid, or refunded', async () => {
    const pending = (await order(1, false)).tickets[0] as Ticket;
    const unpaid = await checkIn(await signed(pending));
    expect(unpaid.status).toBe(409);
    expect(await unpaid.json()).toMatchObject({ error: 'ticket_not_valid', reason: 'not_paid', status: 'pending' });
    const placed = await order(1);
    await office().settle(placed.id, 'refunded', Date.now(), { by: 'test' });
    const refunded = await checkIn(await signed(placed.tickets[0] as Ticket));
    expect(refunded.status).toBe(409);
    expect(await refunded.json()).toMatchObject({ error: 'ticket_not_valid', reason: 'not_paid', status: 'refunded' });
    expect((await ticketOf(placed.id, (placed.tickets[0] as Ticket).id)).checkedInAt).toBeNull();
  });

  it('404 unknown_ticket for a forged signature (of a current or a retired code), a code of nothing, nonsense', async () => {
    const placed = await order(1);
    const ticket = placed.tickets[0] as Ticket;
    const forged = await ticketCode('another key', ticket);
    expect((await checkIn(forged)).status).toBe(404);
    expect((await rename(placed.id, ticket.id, 'Ktoś Inny')).status).toBe(200);
    // The retired code with a signature nobody made is not told apart from any other forgery.
    expect((await checkIn(forged)).status).toBe(404);
    expect((await checkIn('ABCD-EFGH-JKMN-PQRS-TVWX')).status).toBe(404);
    const nonsense = await checkIn('nonsense');
    expect(nonsense.status).toBe(404);
    expect(await nonsense.json()).toMatchObject({ error: 'unknown_ticket', result: 'unknown' });
  });

  it('refuses a change of holder once the ticket was admitted: 409 already_checked_in with when, nothing changes', async () => {
    const placed = await order(1);
    const ticket = placed.tickets[0] as Ticket;
    const admitted = (await (await checkIn(await signed(ticket))).json()) as { checkedInAt: string };
    const refused = await rename(placed.id, ticket.id, 'Za Późno');
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ error: 'already_checked_in', at: admitted.checkedInAt });
    expect(await ticketOf(placed.id, ticket.id)).toMatchObject({ name: 'Osoba 1', code: ticket.code });
  });
});
