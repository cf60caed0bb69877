// The door burst of `npm run load` (scripts/load.mjs): paid tickets whose holders change while the
// door scans their old codes, all at once. A change of holder gives the ticket a new code and
// retires the old one; the box office decides a scan in one transaction, so for each ticket either
// the old holder is admitted and the change is refused, or the change is made and the old code is
// refused. Counted here: old codes admitted after their change returned, tickets admitted twice
// (or both answers 200), and tickets lost (nobody admitted, and the code the ticket has now admits
// nobody either).

import { buyAndPayDemo } from './demo-order.mjs';
import { pool } from './pool.mjs';

/**
 * Buys `tickets` on-site tickets in orders of three through the demo checkout and pays them, then
 * races a change of holder against a scan of the old code for every ticket, `connections` tickets
 * at a time. Answers the orders it made (for the run's lost and duplicated counts) and the figures.
 */
export async function doorBurst({ base, adminToken, run, tickets, connections }) {
  const admin = { Authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' };
  const scan = async (code) => {
    const response = await fetch(`${base}/api/admin/check-in`, {
      method: 'POST',
      headers: admin,
      body: JSON.stringify({ ticket: code }),
    });
    const body = await response.json().catch(() => ({}));
    return { status: response.status, error: body.error ?? null };
  };
  const orderUrl = (order, path = '') => `${base}/api/orders/${order.orderId}${path}?token=${order.token}`;
  const view = async (order) => (await fetch(orderUrl(order))).json();

  // Orders of three named tickets, paid in the demo checkout.
  const orders = await pool(
    Array.from({ length: Math.ceil(tickets / 3) }, (_, i) => async () => {
      const items = Array.from({ length: Math.min(3, tickets - i * 3) }, (_, k) => ({
        product: 'onsite-pro',
        name: `Door ${i}-${k}`,
      }));
      const { orderId, token } = await buyAndPayDemo(base, {
        email: `door-${run}-${i}@example.com`,
        items,
        headers: { 'idempotency-key': `door-${run}-${i}-idempotency` },
        label: 'door burst',
      });
      return { orderId, token: encodeURIComponent(token) };
    }),
    connections,
  );
  const all = [];
  for (const order of orders) {
    for (const ticket of (await view(order)).tickets) all.push({ order, id: ticket.id, oldCode: ticket.code });
  }
  if (all.some((t) => !t.oldCode)) throw new Error('door burst: a paid ticket has no code');

  // The race: each ticket's change of holder and a scan of its old code, sent together.
  const raced = await pool(
    all.map((ticket, i) => async () => {
      const [changed, scanned] = await Promise.all([
        fetch(orderUrl(ticket.order, `/tickets/${ticket.id}`), {
          method: 'PATCH',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ name: `New Holder ${i}` }),
        }).then(async (r) => ({ status: r.status, body: await r.json().catch(() => ({})) })),
        scan(ticket.oldCode),
      ]);
      // The change has returned: from now on its old code must admit nobody.
      const after = changed.status === 200 ? await scan(ticket.oldCode) : null;
      return { ...ticket, changed: changed.status, scanned, after };
    }),
    connections,
  );

  // Then every holder comes to the door with the code the ticket has now; and once more.
  const figures = {
    tickets: raced.length,
    changed: 0,
    refusedChanges: 0,
    oldAdmitted: 0,
    bothAdmitted: 0,
    oldAdmittedAfterChange: 0,
    newAdmitted: 0,
    admittedTwice: 0,
    lost: 0,
    other: 0,
  };
  const current = new Map();
  for (const order of orders) for (const ticket of (await view(order)).tickets) current.set(ticket.id, ticket);
  for (const ticket of raced) {
    const now = current.get(ticket.id);
    const first = await scan(now.code);
    const second = await scan(now.code);
    let admissions = (ticket.scanned.status === 200 ? 1 : 0) + (ticket.after?.status === 200 ? 1 : 0);
    admissions += (first.status === 200 ? 1 : 0) + (second.status === 200 ? 1 : 0);
    if (ticket.changed === 200) figures.changed++;
    else if (ticket.changed === 409) figures.refusedChanges++;
    else figures.other++;
    if (ticket.scanned.status === 200) figures.oldAdmitted++;
    if (ticket.changed === 200 && ticket.scanned.status === 200) figures.bothAdmitted++;
    if (ticket.after && ticket.after.status !== 409) figures.oldAdmittedAfterChange++;
    if (ticket.changed === 200 && first.status === 200) figures.newAdmitted++;
    if (admissions > 1) figures.admittedTwice++;
    if (admissions === 0) figures.lost++;
  }
  return { orders, figures };
}
