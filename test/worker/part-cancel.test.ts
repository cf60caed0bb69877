import { runInDurableObject, SELF } from 'cloudflare:test';
import { describe, expect, it, vi } from 'vitest';
import { venueDay } from '../../site/format';
import type { OrderView } from '../../site/order-view';
import type { Order, RefundOwed } from '../../site/orders';
import { CONSENT_VERSIONS } from '../../site/purchase-rules';
import { cancellationClosesAt } from '../../site/terms';
import { sha256Hex } from '../../worker/crypto';
import type { Bindings } from '../../worker/env';
import { POLISH_COMPANY } from '../support/invoice-data';
import { freshBoxOfficeEachTest, office, setClock } from './box-office';
import { expectValidInvoices } from './fa3';
import { callWorker, ORIGIN } from './platform';

// Part of an order (issue 48): one ticket of a team order cancelled alone, by its buyer until the
// terms' deadline or by an organiser after it: its gross refunded once, its line corrected (the
// voucher's discount with it), its place and voucher use returned, its code stopped, the other
// tickets unchanged; the last one cancels the order. A transfer order's refund is owed until an
// organiser records it, once.

const SECRET = 'part-cancel-secret';
const ADMIN = { Authorization: 'Bearer test-admin-token', 'Content-Type': 'application/json' };
const STRIPE = { PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_123' } as Partial<Bindings>;

freshBoxOfficeEachTest({ silence: ['log', 'warn', 'error'] });

let serial = 0;
/** A paid order of four on-site Pro tickets with a 20% voucher and invoice data, paid by `provider`. */
async function teamOrder(provider: 'demo' | 'stripe' | 'transfer' = 'demo', voucher = true): Promise<Order> {
  serial++;
  const id = `01PC${String(serial).padStart(22, '0')}`;
  if (voucher) {
    await office().createVoucher(
      {
        code: `TEAM-${serial}`,
        kind: 'percent',
        value: 20,
        products: ['onsite-pro'],
        uses: 10,
        from: null,
        until: null,
        tag: null,
        reserve: false,
      },
      'test',
      Date.now(),
    );
  }
  const made = await office().purchase({
    id,
    consent: { ...CONSENT_VERSIONS },
    items: ['Anna', 'Jan', 'Ola', 'Piotr'].map((name) => ({ product: 'onsite-pro' as const, name })),
    email: `team${serial}@example.com`,
    lang: 'pl',
    invoice: POLISH_COMPANY,
    provider,
    tokenHash: await sha256Hex(SECRET),
    fingerprint: `f${serial}`,
    ...(voucher ? { voucher: `team-${serial}` } : {}),
    now: Date.now(),
  });
  if (made.kind === 'refused') throw new Error(made.error);
  if (provider === 'transfer') {
    const paid = await office().markTransferPaid(
      id,
      { amount: made.order.gross, paidOn: venueDay(Date.now()), by: 'organiser' },
      Date.now(),
    );
    expect(paid.kind, JSON.stringify(paid).slice(0, 300)).toBe('paid');
  } else {
    if (provider === 'stripe') await office().startPayment(id, `cs_${id}`, 'https://checkout.stripe.com/x', Date.now());
    await office().settle(id, 'paid', Date.now(), { provider, by: 'test' });
  }
  return (await office().order(id)) as Order;
}

const cancelTicket = (order: Order, ticketId: string, env?: Partial<Bindings>) =>
  callWorker(
    new Request(`${ORIGIN}/api/orders/${order.id}/tickets/${ticketId}/cancel?token=${SECRET}`, { method: 'POST' }),
    env,
  );

const remaining = async () =>
  (await office().availability(Date.now())).find((state) => state.id === 'onsite-pro')?.remaining ?? null;

describe('a buyer cancelling one ticket of a team order', () => {
  it('refunds that ticket, corrects its line with its discount, returns its place and stops its code', async () => {
    const order = await teamOrder();
    const [, second] = order.tickets;
    if (!second) throw new Error('four tickets');
    const before = await remaining();
    const voucherBefore = (await office().listVouchers(Date.now())).find((v) => v.code === order.voucher);

    const res = await cancelTicket(order, second.id);
    expect(res.status, await res.clone().text()).toBe(200);
    const view = (await res.json()) as OrderView;
    expect(view.status).toBe('paid');
    expect(view.tickets.map((t) => t.name)).toEqual(['Anna', 'Ola', 'Piotr']);
    expect(view.cancelledTickets?.map((t) => [t.position, t.name, t.gross])).toEqual([[2, 'Jan', second.gross]]);
    expect(view.gross).toBe(order.gross - second.gross);

    // Its place and its voucher's use are back; the other three keep theirs.
    expect(await remaining()).toBe((before ?? 0) + 1);
    const voucherAfter = (await office().listVouchers(Date.now())).find((v) => v.code === order.voucher);
    expect(voucherAfter?.taken).toBe((voucherBefore?.taken ?? 0) - 1);

    // Its code admits nobody; the others are as they were.
    const codes = await office().ticketWithOrder(second.id);
    expect(codes).toBeNull();
    expect((await office().order(order.id))?.tickets.map((t) => t.code)).toEqual(
      order.tickets.filter((t) => t.id !== second.id).map((t) => t.code),
    );

    // One correction of that line only: quantity -1 at the list price, the discount taken back too.
    const invoices = await office().invoices(order.id);
    const [invoice, correction] = invoices;
    expect(invoices).toHaveLength(2);
    expect(invoice?.lines).toHaveLength(1);
    expect(invoice?.lines[0]?.discount).toBeGreaterThan(0);
    const listNet = second.listNet ?? 0;
    expect(correction?.kind).toBe('KOR_ZAL');
    expect(correction?.lines).toEqual([
      expect.objectContaining({
        quantity: -1,
        unitNet: listNet,
        discount: -(listNet - second.net),
        net: -second.net,
        vat: -second.vat,
        gross: -second.gross,
      }),
    ]);
    expect(correction?.totals.gross).toBe(-second.gross);
    await expectValidInvoices(invoices);

    // The refund is the ticket's gross, under the ticket's own key; the buyer gets an e-mail.
    const history = await office().history(order.id);
    expect(history.find((e) => e.event === 'ticket_cancelled')?.data).toMatchObject({
      ticket: second.id,
      gross: second.gross,
      refund: `demo_refund_ticket_${second.id}_${second.gross}`,
    });
    expect((await office().emails(order.id)).map((e) => e.kind)).toContain('ticket_cancellation');
  });

  it("lists the order's invoices in the order they were issued, whatever their ids say", async () => {
    // Ids are time-sortable, but two made in one millisecond by a box office that restarted in
    // between (the browser tests' server runs at one frozen instant) sort by their random tail:
    // the correction once came before its invoice on the order page.
    const order = await teamOrder();
    expect((await cancelTicket(order, order.tickets[1]?.id ?? '')).status).toBe(200);
    const [invoice, correction] = await office().invoices(order.id);
    await runInDurableObject(office(), (_, state) => {
      state.storage.sql.exec(
        'UPDATE invoices SET id = ? WHERE id = ?',
        `${correction?.id.slice(0, 10)}ZZZZZZZZZZZZZZZZ`,
        invoice?.id,
      );
    });
    expect((await office().invoices(order.id)).map((item) => item.number)).toEqual([
      invoice?.number,
      correction?.number,
    ]);
  });

  it('answers a second cancel of the same ticket with the same order, and corrects nothing twice', async () => {
    const order = await teamOrder();
    const ticket = order.tickets[0]?.id ?? '';
    expect((await cancelTicket(order, ticket)).status).toBe(200);
    expect((await cancelTicket(order, ticket)).status).toBe(200);
    expect(await office().invoices(order.id)).toHaveLength(2);
  });

  it('cancels the order with its last ticket, and a whole cancel afterwards takes back only what is left', async () => {
    const order = await teamOrder('demo', false);
    for (const ticket of order.tickets) expect((await cancelTicket(order, ticket.id)).status).toBe(200);
    const after = await office().order(order.id);
    expect(after?.status).toBe('refunded');
    expect(after?.cancelledAt).not.toBeNull();
    expect(after?.gross).toBe(0);
    const invoices = await office().invoices(order.id);
    // The invoice and one correction per ticket: nothing taken back twice.
    expect(invoices).toHaveLength(5);
    expect(invoices.reduce((sum, invoice) => sum + invoice.totals.gross, 0)).toBe(0);
    await expectValidInvoices(invoices);

    const other = await teamOrder('demo', false);
    expect((await cancelTicket(other, other.tickets[0]?.id ?? '')).status).toBe(200);
    const whole = await callWorker(
      new Request(`${ORIGIN}/api/orders/${other.id}/cancel?token=${SECRET}`, { method: 'POST' }),
    );
    expect(whole.status).toBe(200);
    const all = await office().invoices(other.id);
    expect(all.reduce((sum, invoice) => sum + invoice.totals.gross, 0)).toBe(0);
    expect(all.at(-1)?.lines[0]?.quantity).toBe(-3);
  });

  it('is refused to the buyer after the deadline and allowed to an organiser', async () => {
    const order = await teamOrder();
    const ticket = order.tickets[3]?.id ?? '';
    setClock(new Date(cancellationClosesAt() + 60_000).toISOString());
    const res = await cancelTicket(order, ticket);
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ error: 'cancellation_closed' });
    expect((await office().order(order.id))?.tickets).toHaveLength(4);

    const organiser = await SELF.fetch(`${ORIGIN}/api/admin/orders/${order.id}/tickets/${ticket}/cancel`, {
      method: 'POST',
      headers: ADMIN,
    });
    expect(organiser.status, await organiser.clone().text()).toBe(200);
    expect((await office().order(order.id))?.tickets).toHaveLength(3);
  });

  it('refuses a ticket of another order (404) and a pending order (409 not_paid)', async () => {
    const order = await teamOrder();
    const other = await teamOrder();
    expect((await cancelTicket(order, other.tickets[0]?.id ?? '')).status).toBe(404);
    serial++;
    const id = `01PC${String(serial).padStart(22, '0')}`;
    const pending = await office().purchase({
      id,
      consent: { ...CONSENT_VERSIONS },
      items: [
        { product: 'onsite-pro', name: 'A' },
        { product: 'onsite-pro', name: 'B' },
      ],
      email: 'pending@example.com',
      lang: 'pl',
      provider: 'demo',
      tokenHash: await sha256Hex(SECRET),
      fingerprint: 'p',
      now: Date.now(),
    });
    if (pending.kind === 'refused') throw new Error(pending.error);
    const res = await cancelTicket(pending.order, pending.order.tickets[0]?.id ?? '');
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ error: 'not_paid', status: 'pending' });
  });
});

describe('a burst of cancels of one ticket paid by card', () => {
  it('refunds it once, and every request answers the same', async () => {
    const order = await teamOrder('stripe');
    const ticket = order.tickets[1];
    if (!ticket) throw new Error('four tickets');
    const refunds: { key: string | null; amount: string | null }[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init = {}) => {
      const url = String(input);
      if (!url.endsWith('/v1/refunds')) return Response.json({ id: 'cs_x', payment_intent: 'pi_1' });
      const body = new URLSearchParams(String(init.body ?? ''));
      refunds.push({ key: new Headers(init.headers).get('Idempotency-Key'), amount: body.get('amount') });
      await new Promise((resolve) => setTimeout(resolve, 30));
      return Response.json({ id: `re_${ticket.id}`, status: 'succeeded' });
    });
    const answers = await Promise.all(Array.from({ length: 8 }, () => cancelTicket(order, ticket.id, STRIPE)));
    expect(answers.map((res) => res.status)).toEqual(Array(8).fill(200));
    expect(refunds).toEqual([{ key: `refund-ticket_${ticket.id}`, amount: String(ticket.gross) }]);
    expect(await office().invoices(order.id)).toHaveLength(2);
    expect((await office().order(order.id))?.tickets).toHaveLength(3);
  });
});

describe('a paid transfer order cancelled by its buyer', () => {
  const recordRefund = (id: string, body: unknown) =>
    SELF.fetch(`${ORIGIN}/api/admin/refunds/${id}`, { method: 'POST', headers: ADMIN, body: JSON.stringify(body) });
  const owed = async (orderId: string) =>
    (
      (await (await SELF.fetch(`${ORIGIN}/api/admin/refunds`, { headers: ADMIN })).json()) as { refunds: RefundOwed[] }
    ).refunds.filter((refund) => refund.orderId === orderId);

  it('is cancelled at once, its refund owed until an organiser records it, once', async () => {
    const order = await teamOrder('transfer', false);
    const res = await callWorker(
      new Request(`${ORIGIN}/api/orders/${order.id}/cancel?token=${SECRET}`, { method: 'POST' }),
    );
    expect(res.status, await res.clone().text()).toBe(200);
    const view = (await res.json()) as OrderView;
    expect(view.status).toBe('refunded');
    expect(view.refunds).toEqual([{ ticketId: null, amount: order.gross, state: 'owed', sentOn: null }]);
    const [refund] = await owed(order.id);
    expect(refund).toMatchObject({ amount: order.gross, state: 'owed', ticketId: null });

    const wrong = await recordRefund(refund?.id ?? '', { amount: order.gross - 1, on: '2026-01-01', reference: 'x' });
    expect(wrong.status).toBe(409);
    expect(await wrong.json()).toMatchObject({ error: 'amount_mismatch', expected: order.gross });
    const bad = await recordRefund(refund?.id ?? '', { amount: order.gross, on: 'yesterday', reference: '' });
    expect(bad.status).toBe(422);

    const today = venueDay(Date.now() - 86_400_000);
    const recorded = await recordRefund(refund?.id ?? '', { amount: order.gross, on: today, reference: 'PRZELEW 1' });
    expect(recorded.status, await recorded.clone().text()).toBe(200);
    expect(await recorded.json()).toMatchObject({ state: 'recorded', recorded: { amount: order.gross, on: today } });
    const again = await recordRefund(refund?.id ?? '', { amount: order.gross, on: today, reference: 'PRZELEW 2' });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ error: 'already_recorded' });
    expect((await owed(order.id))[0]?.recorded?.reference).toBe('PRZELEW 1');
    // Asked to cancel again: the same answer, nothing owed twice.
    const twice = await callWorker(
      new Request(`${ORIGIN}/api/orders/${order.id}/cancel?token=${SECRET}`, { method: 'POST' }),
    );
    expect(twice.status).toBe(200);
    expect(await owed(order.id)).toHaveLength(1);
  });

  it("takes the venue's today as the day sent, also just after midnight in Warsaw (UTC still yesterday)", async () => {
    // 00:30 in Warsaw on 2 April 2027 is 22:30 UTC on 1 April.
    setClock('2027-04-01T22:30:00.000Z');
    const order = await teamOrder('transfer', false);
    const ticket = order.tickets[0];
    if (!ticket) throw new Error('four tickets');
    expect((await cancelTicket(order, ticket.id)).status).toBe(200);
    const [refund] = await owed(order.id);
    const body = (on: string) => ({ amount: ticket.gross, on, reference: 'ZW 1' });
    const tomorrow = await recordRefund(refund?.id ?? '', body('2027-04-03'));
    expect(tomorrow.status).toBe(422);
    expect(await tomorrow.json()).toEqual({ error: 'invalid_fields', fields: { on: 'in_future' } });
    const today = await recordRefund(refund?.id ?? '', body('2027-04-02'));
    expect(today.status, await today.clone().text()).toBe(200);
  });

  it('owes one ticket back when one ticket is cancelled', async () => {
    const order = await teamOrder('transfer', false);
    const ticket = order.tickets[2];
    if (!ticket) throw new Error('four tickets');
    const res = await cancelTicket(order, ticket.id);
    expect(res.status).toBe(200);
    expect(((await res.json()) as OrderView).refunds).toEqual([
      { ticketId: ticket.id, amount: ticket.gross, state: 'owed', sentOn: null },
    ]);
    expect((await cancelTicket(order, ticket.id)).status).toBe(200);
    expect(await owed(order.id)).toHaveLength(1);
  });
});
