import { runInDurableObject } from 'cloudflare:test';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  ORDER_STATUSES,
  ORDER_TRANSITIONS,
  type OrderStatus,
  TICKET_STATUSES,
  TICKET_TRANSITIONS,
  type TicketStatus,
} from '../../site/orders';
import { type ProductId, product } from '../../site/tickets';
import type { Tx } from '../../worker/box-office/context';
import { ticketTransition, transition } from '../../worker/box-office/lifecycle';
import { apiErrorOf } from '../../worker/errors';
import { DURING_PROMOTION, office, placePendingOrder, resetBoxOffice, setClock } from './box-office';

// Every edge of the order lifecycle (site/orders.ts ORDER_TRANSITIONS) happens through the box
// office's own calls, and every other pair of statuses is refused by lifecycle.transition().

let serial = 0;
async function order(item: ProductId = 'online-standard', email?: string): Promise<string> {
  serial++;
  const id = `01L${String(serial).padStart(23, '0')}`;
  await placePendingOrder([{ product: item }], { id, email: email ?? `lifecycle${serial}@example.com` });
  return id;
}

const statusOf = async (id: string) => (await office().order(id))?.status;

/** An order in `status`, reached through the box office's calls. */
async function orderIn(status: OrderStatus): Promise<string> {
  const id = await order();
  const now = Date.now();
  if (status === 'paid' || status === 'refunded') await office().settle(id, 'paid', now, { by: 'test' });
  if (status === 'refunded') await office().settle(id, 'refunded', now, { by: 'test' });
  if (status === 'expired') await office().releaseHold(id, now, 'test');
  if (status === 'cancelled') await office().settle(id, 'cancelled', now, { by: 'test' });
  expect(await statusOf(id)).toBe(status);
  return id;
}

/** Takes every place of on-site VIP with pending orders of other buyers. */
async function fillOnsiteVip(): Promise<void> {
  const capacity = product('onsite-vip').capacity ?? 0;
  for (let i = 0; i < capacity; i++) await order('onsite-vip', `filler${i}@example.com`);
}

describe('the order lifecycle', () => {
  beforeEach(async () => {
    setClock(DURING_PROMOTION);
    await resetBoxOffice();
  });

  it('takes every edge of the table through the box office', async () => {
    const now = () => Date.now();
    const walked = new Set<string>();
    const edge = async (id: string, from: OrderStatus, to: OrderStatus, step: () => Promise<unknown>) => {
      expect(await statusOf(id)).toBe(from);
      await step();
      expect(await statusOf(id)).toBe(to);
      walked.add(`${from}->${to}`);
    };
    const a = await order();
    await edge(a, 'pending', 'paid', () => office().settle(a, 'paid', now(), { by: 'test' }));
    await edge(a, 'paid', 'refunded', () => office().settle(a, 'refunded', now(), { by: 'organiser' }));
    const b = await order();
    await edge(b, 'pending', 'expired', () => office().releaseHold(b, now(), 'organiser'));
    // A late payment that finds a free place pays the expired order.
    await edge(b, 'expired', 'paid', () => office().settle(b, 'paid', now(), { by: 'test' }));
    const c = await order();
    await edge(c, 'pending', 'cancelled', () => office().settle(c, 'cancelled', now(), { by: 'buyer' }));
    // A payment for a cancelled order is given back: refunded.
    await office().settle(c, 'paid', now(), { by: 'test' });
    await edge(c, 'cancelled', 'refunded', () => office().refundLate(c, 're_c', now(), 'test'));
    // An expired order whose late payment finds every place taken is refunded.
    const d = await order('onsite-vip');
    await office().releaseHold(d, now(), 'organiser');
    await fillOnsiteVip();
    const late = await office().settle(d, 'paid', now(), { by: 'test' });
    expect(late).toMatchObject({ refundDue: true });
    await edge(d, 'expired', 'refunded', () => office().refundLate(d, 're_d', now(), 'test'));
    const table = ORDER_STATUSES.flatMap((from) => ORDER_TRANSITIONS[from].map((to) => `${from}->${to}`));
    expect([...walked].sort()).toEqual(table.sort());
  });

  it('refuses every other pair with IllegalTransition, and writes nothing', async () => {
    let refused = 0;
    for (const from of ORDER_STATUSES) {
      const id = await orderIn(from);
      const before = await office().history(id);
      for (const to of ORDER_STATUSES) {
        if (ORDER_TRANSITIONS[from].includes(to)) continue;
        const error = await runInDurableObject(office(), (instance) => {
          const c = (instance as unknown as { c: Tx }).c;
          try {
            c.transaction(() => transition(c, id, to, Date.now(), { data: { by: 'test' } }));
          } catch (thrown) {
            return thrown as Error;
          }
          return null;
        });
        expect(error?.name, `${from} -> ${to}`).toBe('IllegalTransition');
        expect(error && apiErrorOf(error)).toMatchObject({ status: 409, details: { status: from, to } });
        refused++;
      }
      expect(await statusOf(id)).toBe(from);
      expect(await office().history(id)).toEqual(before);
    }
    const edges = ORDER_STATUSES.reduce((n, from) => n + ORDER_TRANSITIONS[from].length, 0);
    expect(refused).toBe(ORDER_STATUSES.length ** 2 - edges);
  });

  it('takes every edge of the ticket table through the box office, and refuses every other pair', async () => {
    const id = await order();
    await office().settle(id, 'paid', Date.now(), { by: 'test' });
    const [ticket] = (await office().order(id))?.tickets ?? [];
    if (!ticket) throw new Error('one ticket');
    const statusOfTicket = async (): Promise<TicketStatus> =>
      (await office().order(id))?.tickets.some((t) => t.id === ticket.id) ? 'valid' : 'cancelled';
    const walked = new Set<string>();
    expect(await statusOfTicket()).toBe('valid');
    const cancelled = await office().cancelTicket(
      id,
      ticket.id,
      Date.now(),
      { by: 'organiser', organiser: true },
      {
        kind: 'refunded',
        reference: 're_t',
      },
    );
    expect(cancelled.kind).toBe('cancelled');
    expect(await statusOfTicket()).toBe('cancelled');
    walked.add('valid->cancelled');
    const table = TICKET_STATUSES.flatMap((from) => TICKET_TRANSITIONS[from].map((to) => `${from}->${to}`));
    expect([...walked].sort()).toEqual(table.sort());
    // A cancelled ticket goes nowhere: asked again through the lifecycle, refused, nothing written.
    const before = await office().history(id);
    let refused = 0;
    for (const to of TICKET_STATUSES) {
      if (TICKET_TRANSITIONS.cancelled.includes(to)) continue;
      const error = await runInDurableObject(office(), (instance) => {
        const c = (instance as unknown as { c: Tx }).c;
        try {
          c.transaction(() =>
            ticketTransition(c, ticket.id, to, Date.now(), { by: 'test', refund: 'x', reference: null }),
          );
        } catch (thrown) {
          return thrown as Error;
        }
        return null;
      });
      expect(error?.name, `cancelled -> ${to}`).toBe('IllegalTransition');
      refused++;
    }
    expect(refused).toBe(TICKET_STATUSES.length - TICKET_TRANSITIONS.cancelled.length);
    expect(await office().history(id)).toEqual(before);
  });

  it('answers an illegal transition that crossed the RPC as 409 with the current status', () => {
    const crossed = new Error('illegal_transition refunded -> paid');
    expect(apiErrorOf(crossed)).toMatchObject({
      status: 409,
      code: 'illegal_transition',
      details: { status: 'refunded', to: 'paid' },
    });
    expect(apiErrorOf(new Error('something else'))).toBeNull();
  });
});
