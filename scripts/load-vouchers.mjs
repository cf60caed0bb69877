// Vouchers and free tickets in `npm run load` (issue 47), run beside the purchase burst:
// - a limited voucher (10 uses) raced by VOUCHER_REQUESTS concurrent purchases, each from its own
//   address and e-mail, some of them retries of the same Idempotency-Key: no more than 10 may be
//   redeemed (the use is taken in the purchase's own transaction);
// - a free voucher (a 100% code, paid at once, no checkout) raced the same way on a product of its own;
// - a batch of free tickets sent twice at once with one Idempotency-Key, and a second batch under
//   another key: each row one order, never two.
// Answers the orders made (for the run's lost and duplicated counts) and a check that reads the
// stored orders and the vouchers back: over-redeemed uses and duplicated free tickets.

import { CONSENT } from './consent.mjs';
import { pool } from './pool.mjs';

/** Uses of the raced voucher, and of the free one. */
const USES = 10;
const FREE_USES = 5;
/** Rows of each free-ticket batch. */
const COMP_ROWS = 20;

export async function voucherBurst({ base, adminToken, run, requests, connections }) {
  const admin = { Authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' };
  const code = `LOAD-${run}`.toUpperCase();
  const freeCode = `FREE-${run}`.toUpperCase();
  const create = async (body) => {
    const response = await fetch(`${base}/api/admin/vouchers`, {
      method: 'POST',
      headers: admin,
      body: JSON.stringify(body),
    });
    if (response.status !== 201) throw new Error(`POST /api/admin/vouchers answered ${response.status}`);
  };
  await create({ code, kind: 'percent', value: 50, products: ['online-premium'], uses: USES, tag: 'load' });
  await create({ code: freeCode, kind: 'free', products: ['online-standard'], uses: FREE_USES, tag: 'load' });

  const orders = [];
  const statuses = {};
  const buy = (i, voucher, product) => async () => {
    // Every fifth request repeats the previous one's key and body, as a client retrying would.
    const n = i % 5 === 4 ? i - 1 : i;
    const response = await fetch(`${base}/api/purchase/${product}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'idempotency-key': `voucher-${run}-${voucher}-${n}-idempotency`,
        'cf-connecting-ip': `192.0.2.${n % 250}`,
      },
      body: JSON.stringify({
        email: `voucher-${run}-${voucher}-${n}@example.com`,
        lang: 'pl',
        voucher,
        consent: CONSENT,
      }),
    }).catch(() => null);
    const body = await response?.json().catch(() => ({}));
    const status = response?.status ?? 0;
    statuses[status] = (statuses[status] ?? 0) + 1;
    // No URL: the late phase pays only the burst's own orders.
    if (status === 200 || status === 201) orders.push({ status, orderId: body.orderId, url: null });
  };
  const tasks = [];
  for (let i = 0; i < requests; i++) {
    tasks.push(buy(i, code, 'online-premium'), buy(i, freeCode, 'online-standard'));
  }
  await pool(tasks, connections);

  // Free tickets: one batch sent twice at once with one key, then another batch with its own.
  const rows = (batch) =>
    Array.from({ length: COMP_ROWS }, (_, k) => ({
      name: `Gość ${batch}-${k}`,
      email: `comp-${run}-${batch}-${k}@example.com`,
    }));
  const issue = (batch, key) => async () => {
    const response = await fetch(`${base}/api/admin/comps`, {
      method: 'POST',
      headers: { ...admin, 'idempotency-key': key },
      body: JSON.stringify({ reason: 'guest', product: 'onsite-pro', rows: rows(batch) }),
    });
    const body = await response.json().catch(() => ({}));
    return { status: response.status, ids: (body.orders ?? []).map((o) => o.id) };
  };
  const comps = await Promise.all([
    issue(1, `comp-${run}-1-key`)(),
    issue(1, `comp-${run}-1-key`)(),
    issue(2, `comp-${run}-2-key`)(),
  ]);
  const compIds = new Set(comps.flatMap((c) => c.ids));
  for (const id of compIds) orders.push({ status: 201, orderId: id, url: null });

  /** What the stored orders and vouchers say after the whole run. */
  async function check(stored) {
    const response = await fetch(`${base}/api/admin/vouchers?tag=load`, { headers: admin });
    const vouchers = (await response.json()).vouchers;
    // Tickets priced with each code by orders that hold their places (paid, or pending).
    const redeemed = (c) =>
      stored
        .filter((o) => o.status === 'paid' || o.status === 'pending')
        .reduce((n, o) => n + o.tickets.filter((t) => t.voucher === c).length, 0);
    const overRedeemed =
      Math.max(0, redeemed(code) - USES) +
      Math.max(0, redeemed(freeCode) - FREE_USES) +
      vouchers.reduce((n, v) => n + Math.max(0, v.taken - v.uses), 0);
    const compOrders = stored.filter((o) => o.comp === 'guest');
    const compDuplicated = compOrders.length - new Set(compOrders.map((o) => o.email)).size;
    return {
      figures: {
        requests: tasks.length,
        statuses,
        redeemed: redeemed(code),
        freeRedeemed: redeemed(freeCode),
        comps: compOrders.length,
        compAnswers: comps.map((c) => c.status),
      },
      overRedeemed,
      compDuplicated,
      compExpected: 2 * COMP_ROWS,
    };
  }
  return { orders, check, uses: USES, freeUses: FREE_USES };
}
