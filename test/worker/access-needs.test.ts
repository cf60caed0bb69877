import { SELF } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { consentJson } from '../support/consent';
import { allOrders, freshBoxOfficeEachTest, office } from './box-office';
import { clientIps } from './client-ip';
import { ORIGIN } from './platform';

// The purchase's accessibility question: per ticket, optional "needs assistance", "wheelchair
// space" and a short note, stored with the ticket and shown on the organisers' lists.

const nextIp = clientIps(54);

const buy = (items: unknown[]) =>
  SELF.fetch(`${ORIGIN}/api/orders`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': nextIp() },
    body: consentJson({ email: 'dostep@example.com', items }),
  });

freshBoxOfficeEachTest();

describe('the accessibility answers of a purchase', () => {
  it('stores each holder’s answers with the ticket, and none where nothing was answered', async () => {
    const res = await buy([
      {
        product: 'onsite-pro',
        name: 'Ewa Rampa',
        access: { assistance: true, wheelchair: true, note: '  Pies asystujący.  ' },
      },
      { product: 'onsite-pro', name: 'Jan Bez', access: { assistance: false, wheelchair: false, note: ' ' } },
      { product: 'onsite-standard', name: 'Ola Nic' },
    ]);
    expect(res.status).toBe(201);
    const { orderId } = (await res.json()) as { orderId: string };
    const order = await office().order(orderId);
    expect(order?.tickets.map((ticket) => ticket.access)).toEqual([
      { assistance: true, wheelchair: true, note: 'Pies asystujący.' },
      undefined,
      undefined,
    ]);
  });

  it('refuses a note over 300 characters or answers of the wrong kind, naming the field, and holds nothing', async () => {
    const res = await buy([
      { product: 'onsite-pro', name: 'Ewa Rampa', access: { note: 'x'.repeat(301) } },
      { product: 'onsite-pro', name: 'Jan Bez', access: { wheelchair: 'yes' } },
    ]);
    expect(res.status).toBe(422);
    expect(((await res.json()) as { fields: Record<string, string> }).fields).toEqual({
      'items.0.access.note': 'too_long',
      'items.1.access.wheelchair': 'invalid',
    });
    expect(await allOrders()).toEqual([]);
  });

  it('lists the answers per ticket in the CSV export for the organisers', async () => {
    const res = await buy([
      { product: 'onsite-pro', name: 'Ewa Rampa', access: { wheelchair: true, note: 'Wejście, proszę' } },
    ]);
    expect(res.status).toBe(201);
    const csv = await SELF.fetch(`${ORIGIN}/api/admin/orders?format=csv&rows=tickets`, {
      headers: { Authorization: 'Bearer test-admin-token' },
    });
    const [header, row] = (await csv.text()).trim().split('\r\n');
    expect(header?.split(',').slice(-3)).toEqual(['access.assistance', 'access.wheelchair', 'access.note']);
    expect(row?.endsWith(',,yes,"Wejście, proszę"')).toBe(true);
  });

  it('clears the answers when the ticket goes to another holder: they were the old holder’s', async () => {
    const res = await buy([{ product: 'onsite-pro', name: 'Ewa Rampa', access: { assistance: true } }]);
    const { orderId } = (await res.json()) as { orderId: string };
    await office().settle(orderId, 'paid', Date.now(), { by: 'test' });
    const ticket = (await office().order(orderId))?.tickets[0];
    expect(ticket?.access).toEqual({ assistance: true });
    const changed = await office().reissueTicket(
      orderId,
      ticket?.id ?? '',
      { name: 'Piotr Nowy', email: null },
      Date.now(),
    );
    expect(changed.kind).not.toBe('refused');
    expect((await office().order(orderId))?.tickets[0]?.access).toBeUndefined();
  });
});
