// The event-day door run of `npm run load` (scripts/load.mjs, `--lists N`): N paid on-site tickets
// admitted at the entrance list through 4 simulated devices. Devices 1 and 2 stay online; devices 3
// and 4 go offline for the middle half of their queue, admit on their own, and send their scans
// later through /api/admin/check-in/sync (each batch sent twice, as a door does when an answer is
// lost). 5% of the tickets are scanned a second time at a random device. Online scans are sometimes
// sent twice with the same nonce. Counted from the box office's own record afterwards: every
// ticket admitted exactly once, every repeat answered "already" or recorded as a conflict, every
// scan sent recorded once (none lost, none doubled), and the same nonce always answered the same.

import { buyAndPayDemo } from './demo-order.mjs';
import { pool } from './pool.mjs';

/** Scans per /sync request, as an offline door sends its queue. */
const SYNC_BATCH = 200;

/**
 * Buys `tickets` on-site tickets (orders of up to 20, each paid in the demo checkout, each buyer
 * with an address of its own), then runs the door. Answers the figures and the problems found.
 */
export async function doorLists({ base, adminToken, run, tickets, connections, list = 'entrance' }) {
  const admin = { Authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' };
  const post = async (path, body) => {
    const response = await fetch(`${base}/api/admin${path}`, {
      method: 'POST',
      headers: admin,
      body: JSON.stringify(body),
    });
    return { status: response.status, body: await response.json().catch(() => ({})) };
  };

  // The tickets: paid orders of up to 20 on-site tickets.
  const bought = performance.now();
  const orderCount = Math.ceil(tickets / 20);
  const orders = await pool(
    Array.from({ length: orderCount }, (_, i) => async () => {
      const items = Array.from({ length: Math.min(20, tickets - i * 20) }, (_, k) => ({
        product: k % 3 === 0 ? 'onsite-standard' : 'onsite-pro',
        name: `Gate ${i}-${k}`,
      }));
      const { orderId, token } = await buyAndPayDemo(base, {
        email: `lists-${run}-${i}@example.com`,
        items,
        headers: {
          'idempotency-key': `lists-${run}-${i}-idempotency`,
          'CF-Connecting-IP': `10.200.${(i >> 8) & 255}.${i & 255}`,
        },
        label: 'door lists',
      });
      const view = await (await fetch(`${base}/api/orders/${orderId}?token=${encodeURIComponent(token)}`)).json();
      return { orderId, tickets: view.tickets.map((t) => ({ id: t.id, code: t.code })) };
    }),
    connections,
  );
  const all = orders.flatMap((o) => o.tickets);
  if (all.length !== tickets || all.some((t) => !t.code)) throw new Error('door lists: a paid ticket has no code');
  const buySeconds = (performance.now() - bought) / 1000;

  // The plan: each ticket at one device; 5% once more at a random device, spread through the queue.
  const DEVICES = ['gate-1', 'gate-2', 'gate-3-offline', 'gate-4-offline'];
  const plans = DEVICES.map(() => []);
  all.forEach((ticket, i) => {
    plans[i % 4].push({ ticket, repeat: false });
  });
  const repeats = Math.round(tickets * 0.05);
  for (let k = 0; k < repeats; k++) {
    const ticket = all[(k * 20 + 7) % all.length];
    const plan = plans[(k * 7 + 1) % 4];
    plan.splice(Math.floor((((k * 37) % 100) / 100) * plan.length) + 1, 0, { ticket, repeat: true });
  }

  let nonces = 0;
  const sent = new Map(); // nonce -> { ticketId, repeat }
  const figures = {
    retriesSame: 0,
    retriesDifferent: 0,
    syncBatches: 0,
    syncReplaysSame: 0,
    syncReplaysDifferent: 0,
    failed: 0,
  };
  const sameAnswer = (a, b) => JSON.stringify(a) === JSON.stringify(b);

  // What the list held before this run (the door burst before it admits at the entrance too): the
  // list's count is judged by what this run added.
  const listStats = async () =>
    (await (await fetch(`${base}/api/admin/check-in/lists`, { headers: admin })).json()).lists.find(
      (l) => l.id === list,
    );
  const admittedBefore = (await listStats())?.admitted ?? 0;

  const started = performance.now();
  await Promise.all(
    plans.map(async (plan, d) => {
      const device = DEVICES[d];
      const offline = d >= 2;
      const [from, to] = [Math.floor(plan.length / 4), Math.floor((plan.length * 3) / 4)];
      let queue = [];
      const flush = async () => {
        for (let i = 0; i < queue.length; i += SYNC_BATCH) {
          const scans = queue.slice(i, i + SYNC_BATCH);
          const first = await post('/check-in/sync', { list, device, scans });
          // The answer "was lost": the door sends the same batch again.
          const again = await post('/check-in/sync', { list, device, scans });
          figures.syncBatches++;
          if (first.status !== 200 || again.status !== 200) figures.failed++;
          else if (sameAnswer(first.body.results, again.body.results)) figures.syncReplaysSame++;
          else figures.syncReplaysDifferent++;
        }
        queue = [];
      };
      for (const [i, step] of plan.entries()) {
        const nonce = `${run}-${device}-${nonces++}`;
        sent.set(nonce, { ticketId: step.ticket.id, repeat: step.repeat });
        if (offline && i >= from && i < to) {
          queue.push({ code: step.ticket.code, nonce, at: new Date().toISOString() });
          // An offline door admits in a moment: nothing to wait for but the next person.
          continue;
        }
        if (queue.length) await flush();
        const body = { code: step.ticket.code, list, device, nonce };
        const answer = await post('/check-in', body);
        if (![200, 409].includes(answer.status)) figures.failed++;
        if (i % 50 === 0) {
          const retry = await post('/check-in', body);
          if (retry.status === answer.status && sameAnswer(retry.body, answer.body)) figures.retriesSame++;
          else figures.retriesDifferent++;
        }
      }
      if (queue.length) await flush();
    }),
  );
  const doorSeconds = (performance.now() - started) / 1000;

  // The box office's record: every scan, newest first, page by page.
  const records = [];
  let before = null;
  do {
    const url = `${base}/api/admin/check-in/scans?list=${list}&limit=200${before ? `&before=${before}` : ''}`;
    const page = await (await fetch(url, { headers: admin })).json();
    records.push(...page.scans);
    before = page.next;
  } while (before);
  const stats = await listStats();
  // Only this run's scans (by their nonces): an earlier phase's scans of the same list are not this run's.
  records.splice(0, records.length, ...records.filter((record) => sent.has(record.nonce)));

  const counted = new Map();
  const byNonce = new Map();
  const results = {};
  for (const record of records) {
    byNonce.set(record.nonce, (byNonce.get(record.nonce) ?? 0) + 1);
    results[record.result] = (results[record.result] ?? 0) + 1;
    if (record.result === 'admitted' && !record.undone)
      counted.set(record.ticket.id, (counted.get(record.ticket.id) ?? 0) + 1);
  }
  const notAdmitted = all.filter((t) => !counted.has(t.id)).length;
  const admittedTwice = [...counted.values()].filter((n) => n > 1).length;
  const lost = [...sent.keys()].filter((n) => !byNonce.has(n)).length;
  const doubled = [...byNonce.values()].filter((n) => n > 1).length;
  const reported = (results.already ?? 0) + (results.conflict ?? 0);
  const out = {
    tickets,
    devices: DEVICES.length,
    scans: sent.size,
    repeats,
    buySeconds,
    doorSeconds,
    scansPerSecond: sent.size / doorSeconds,
    results,
    admitted: (stats?.admitted ?? 0) - admittedBefore,
    insideNow: stats?.insideNow,
    conflicts: stats?.conflicts,
    notAdmitted,
    admittedTwice,
    lost,
    doubled,
    reported,
    ...figures,
  };
  const problems = [];
  if (notAdmitted) problems.push(`lists: ${notAdmitted} tickets never admitted`);
  if (admittedTwice) problems.push(`lists: ${admittedTwice} tickets admitted twice`);
  if (out.admitted !== tickets)
    problems.push(`lists: the list counts ${out.admitted} admitted by this run, not ${tickets}`);
  if (lost) problems.push(`lists: ${lost} scans lost`);
  if (doubled) problems.push(`lists: ${doubled} scans recorded twice`);
  if (reported !== repeats) problems.push(`lists: ${reported} repeats reported, not ${repeats}`);
  if (results.not_valid || results.unknown) problems.push('lists: valid tickets refused');
  if (figures.retriesDifferent || figures.syncReplaysDifferent)
    problems.push('lists: a nonce sent again answered otherwise');
  if (figures.failed) problems.push(`lists: ${figures.failed} requests failed`);
  return { figures: out, problems, orders: orders.map((o) => ({ orderId: o.orderId })) };
}

/** The figures as lines for the run's report. */
export function listsReport(f) {
  return [
    `  door lists     ${f.tickets} tickets, ${f.devices} devices (2 offline for half their queue), ${f.scans} scans ` +
      `(${f.repeats} repeats) in ${f.doorSeconds.toFixed(1)} s, ${Math.round(f.scansPerSecond)} scans/s ` +
      `(tickets bought in ${f.buySeconds.toFixed(1)} s)`,
    `  lists record   admitted ${f.admitted}, inside now ${f.insideNow}, conflicts ${f.conflicts}; results ` +
      `${JSON.stringify(f.results)}; repeats reported ${f.reported}/${f.repeats}`,
    `  lists checks   never admitted ${f.notAdmitted}, admitted twice ${f.admittedTwice}, scans lost ${f.lost}, ` +
      `recorded twice ${f.doubled}; ${f.syncBatches} sync batches sent twice, same answers ${f.syncReplaysSame}; ` +
      `online retries same ${f.retriesSame}`,
  ];
}
