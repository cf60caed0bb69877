import { env, runInDurableObject, SELF } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { CompBatch } from '../../site/comps';
import type { Order } from '../../site/orders';
import { compose } from '../../worker/email/compose';
import { orderLinkToken, ticketKey } from '../../worker/tickets/code';
import { freshBoxOfficeEachTest, office } from './box-office';
import { ORIGIN, postJson } from './platform';
import { BOOTSTRAP } from './staff';

// Cancelling a free ticket (issue 47): there is no payment to give back, so no provider is asked;
// the order's places return (to the waiting list first) and the cancellation e-mail says nothing
// was refunded.

freshBoxOfficeEachTest({ silence: ['log', 'warn'] });

async function freeTicket(product = 'onsite-vip'): Promise<Order> {
  const res = await postJson(
    '/api/admin/comps',
    { reason: 'speaker', product, rows: [{ name: 'Ada Mówczyni', email: 'ada@example.com' }] },
    { headers: BOOTSTRAP },
  );
  expect(res.status, await res.clone().text()).toBe(201);
  const batch = (await res.json()) as CompBatch;
  return (await office().order(batch.orders[0]?.id as string)) as Order;
}
const left = async (id = 'onsite-vip') =>
  (await office().availability(Date.now())).find((p) => p.id === id)?.remaining as number;

describe('cancelling a free ticket', () => {
  it('lets the buyer cancel it from the order link: no refund, its place returns', async () => {
    const before = await left();
    const order = await freeTicket();
    expect(await left()).toBe(before - 1);
    const token = await orderLinkToken(ticketKey(env), order.id);
    const res = await SELF.fetch(`${ORIGIN}/api/orders/${order.id}/cancel?token=${token}`, { method: 'POST' });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'refunded', cancelledAt: expect.any(String) });
    expect(await left()).toBe(before);
    const mails = (await office().emails(order.id)).filter((e) => e.kind === 'cancellation');
    expect(mails).toHaveLength(1);
    const message = await compose(env, { kind: 'cancellation', subjectId: order.id, data: null });
    expect(message.subject).not.toMatch(/zwrot/i);
    expect(message.text).toContain('nie ma czego zwracać');
  });

  it('lets organisers cancel it (the refund action asks no provider), its place returns', async () => {
    const before = await left();
    const order = await freeTicket();
    const res = await postJson(`/api/admin/orders/${order.id}/refund`, {}, { headers: BOOTSTRAP });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'refunded' });
    expect(await left()).toBe(before);
  });

  it('gives a cancelled free ticket’s place to the waiting list first', async () => {
    const order = await freeTicket();
    // Everything else of on-site VIP taken: the free ticket held the last place.
    await runInDurableObject(office(), (_, state) => {
      state.storage.sql.exec("UPDATE held SET n = 50 WHERE product = 'onsite-vip'");
    });
    const joined = await office().joinWaitlist({
      product: 'onsite-vip',
      email: 'next@example.com',
      name: null,
      lang: 'pl',
      now: Date.now(),
    });
    if (joined.kind === 'refused') throw new Error(joined.error);
    await office().confirmWaitlistEntry(joined.entryId, Date.now());
    await postJson(`/api/admin/orders/${order.id}/refund`, {}, { headers: BOOTSTRAP });
    expect((await office().waitlistEntry(joined.entryId))?.state).toBe('offered');
    expect(await left()).toBe(0);
  });
});
