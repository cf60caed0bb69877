// Load check of the box office: serves the production build with wrangler on loopback (its own
// port, fresh local state, the shop's clock inside the sales window), sends a burst of concurrent
// purchases across all six products with autocannon (some of them retries with the same
// Idempotency-Key), then reads every order back through the admin API. It reports purchases per
// second, also as a ratio to a static page served in the same run, and counts oversold places,
// lost orders (an answered order that is not stored, or the other way round) and duplicated ones
// (one key, two orders). Then late payments: a share of the burst's orders is paid in the demo
// checkout after their hold ran out, while new buyers race them for the same places; each late
// payment must either take a free place or be refunded, and nothing may oversell.
// Before all that, the door burst (scripts/load-door.mjs): DOOR_TICKETS paid tickets whose holders
// change while the door scans their old codes, all at once; no old code may be admitted after its
// change returned, and no ticket admitted twice or lost. Then the door lists run
// (scripts/load-lists.mjs): LISTS_TICKETS tickets admitted through 4 devices, two of them offline
// for part of it and synced later, 5% scanned twice: each admitted once, each repeat reported.
// payment must either take a free place or be refunded, and nothing may oversell. Before the burst,
// the hoarding attack of issue 43: one address asks for 20, 20 and 10 on-site VIP places by bank
// transfer with a private person's invoice data, then by card, then as many one-place orders as it
// may; the VIP dinner must stay on sale and a real buyer must still buy (site/holds.ts).
// Every simulated buyer has an address of its own (CF-Connecting-IP), as real buyers do.
// Exits non-zero unless all three counts are 0, the attack held no more than one buyer's share,
// and the ratio is at least MIN_RATIO.
//   npm run load                                  build, then 2,000 purchases over 50 connections
//   npm run load -- --no-build                    use the existing dist/
//   npm run load -- --requests 4000 --connections 100
//   npm run load -- --door 120                    the door burst's tickets (60)
//   npm run load -- --vouchers 100                purchases racing each of two limited vouchers (40)
// Vouchers and free tickets (scripts/load-vouchers.mjs): two limited vouchers raced by concurrent
// purchases and free-ticket batches sent twice with one key; no use may be redeemed over its
// voucher's uses, no free ticket issued twice, and their orders count as lost or duplicated as all.
//   npm run load -- --lists 3500 --lists-only     the door lists run alone, with the arena's 3,500 (350)
// LOAD_PORT (default 8823) moves the server; the whole run stops after LOAD_TIMEOUT seconds (300).
import { execFileSync, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { CONSENT } from './consent.mjs';
import { doorBurst } from './load-door.mjs';
import { doorLists, listsReport } from './load-lists.mjs';
import { voucherBurst } from './load-vouchers.mjs';
import { pool } from './pool.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const index = args.indexOf(name);
  const value = index >= 0 ? Number(args[index + 1]) : fallback;
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} needs a positive whole number`);
  return value;
};
const REQUESTS = option('--requests', 2000);
const CONNECTIONS = Math.min(option('--connections', 50), REQUESTS);
const DOOR_TICKETS = option('--door', 60);
const VOUCHER_REQUESTS = option('--vouchers', 40);
const LISTS_TICKETS = option('--lists', 350);
const LISTS_ONLY = args.includes('--lists-only');
const PORT = Number(process.env.LOAD_PORT ?? 8823);
const BASE = `http://127.0.0.1:${PORT}`;
// The run's throwaway local state: in RAM where the system has it, because the emulator syncs each
// Durable Object write to the local disk, which measures this machine's disk and not the box office
// (production storage is Cloudflare's). LOAD_STATE_DIR puts it elsewhere, e.g. .wrangler/load-state.
const PERSIST_DIR =
  process.env.LOAD_STATE_DIR ??
  (existsSync('/dev/shm') ? `/dev/shm/ai-congress-load-${process.pid}` : '.wrangler/load-state');
const TIMEOUT_SECONDS = Number(process.env.LOAD_TIMEOUT ?? 300);
/** Purchases per second through the box office, at least this share of a static page's requests. */
const MIN_RATIO = 0.5;
/** Every n-th request repeats an earlier one (same key, same body), as a client retrying would. */
const RETRY_EVERY = 10;
/** Requests of each kind sent before the timed bursts, untimed. */
const WARM_UP = Math.max(100, Math.round(REQUESTS / 10));
// The products, their own capacities and the arena's shared one, as in site/tickets.ts.
const PRODUCTS = ['online-standard', 'online-premium', 'online-vip', 'onsite-standard', 'onsite-pro', 'onsite-vip'];
// A throwaway organiser token for this server only, to read the orders back.
const ADMIN_TOKEN = `load-${randomUUID()}`;
const RUN = Date.now().toString(36);
// Inside the promotion of the current edition (worker/clock.ts), whatever today's date.
const CLOCK = process.env.LOAD_CLOCK ?? '2027-04-01T12:00:00.000Z';
/** The late phase's instant: every hold of the burst ran out (30 minutes and the Stripe margin). */
const LATER = new Date(Date.parse(CLOCK) + 40 * 60 * 1000).toISOString();
/** The share of the burst's orders paid late, racing as many new purchases of the limited products. */
const LATE_SHARE = 0.1;
/** The products whose places run out in the burst. */
const LIMITED = new Set(['online-vip', 'onsite-vip']);
/** The VIP dinner's places one buyer may hold unpaid (site/holds.ts: 10% of 50, at least 4). */
const VIP_SHARE = 5;

if (!args.includes('--no-build')) execFileSync('npm', ['run', 'build'], { stdio: 'inherit' });
if (!existsSync('dist/ai_congress/wrangler.json')) {
  console.error('No build found: run `npm run build` first, or drop --no-build.');
  process.exit(1);
}

// A copy of the built config with the per-IP limits raised: every request here comes from
// 127.0.0.1, and the point is to measure and count purchases, not to be refused.
const config = JSON.parse(readFileSync('dist/ai_congress/wrangler.json', 'utf8'));
for (const limiter of config.ratelimits ?? []) limiter.simple = { limit: 1_000_000, period: 60 };
writeFileSync('dist/ai_congress/wrangler.load.json', JSON.stringify(config));
rmSync(PERSIST_DIR, { recursive: true, force: true });

const server = spawn(
  'node',
  [
    'scripts/serve.mjs',
    '--config',
    'dist/ai_congress/wrangler.load.json',
    '--var',
    `ADMIN_TOKEN:${ADMIN_TOKEN}`,
    '--var',
    `TEST_CLOCK:${CLOCK}`,
  ],
  // A process group of its own: serve.mjs starts wrangler through npx, and stopping only the
  // first process can leave wrangler and workerd running on the port.
  { env: { ...process.env, PORT: String(PORT), PERSIST_DIR }, stdio: ['ignore', 'ignore', 'inherit'], detached: true },
);
let serverExited = false;
server.on('exit', () => {
  serverExited = true;
});

async function stopServer() {
  if (serverExited) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  try {
    process.kill(-server.pid, 'SIGTERM');
  } catch {
    server.kill('SIGTERM');
  }
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
}

async function finish(code, message) {
  if (message) console.error(message);
  await stopServer();
  rmSync(PERSIST_DIR, { recursive: true, force: true });
  process.exit(code);
}

const guard = setTimeout(() => finish(1, `load: gave up after ${TIMEOUT_SECONDS} s`), TIMEOUT_SECONDS * 1000);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => finish(130));

async function waitForServer() {
  for (let i = 0; i < 240; i++) {
    if (serverExited) throw new Error('the server stopped before it answered');
    try {
      await fetch(`${BASE}/pl`, { redirect: 'manual' });
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  throw new Error(`the server did not answer on ${BASE}`);
}

/** Every order, through the admin API's pages. */
async function storedOrders() {
  const orders = [];
  let cursor = null;
  do {
    const url = `${BASE}/api/admin/orders?limit=1000${cursor ? `&cursor=${cursor}` : ''}`;
    const response = await fetch(url, { headers: { Authorization: `Bearer ${ADMIN_TOKEN}` } });
    if (!response.ok) throw new Error(`GET /api/admin/orders answered ${response.status}`);
    const page = await response.json();
    orders.push(...page.orders);
    cursor = page.cursor;
  } while (cursor);
  return orders;
}

async function availability() {
  const response = await fetch(`${BASE}/api/availability`);
  return (await response.json()).products;
}

/**
 * A burst's result with its rate: answers per second from the start to the last answer.
 * (autocannon's own figures count whole seconds, so a burst of 2.1 s counted as 3.)
 */
async function timed(instance) {
  const start = performance.now();
  let last = start;
  instance.on('response', () => {
    last = performance.now();
  });
  const result = await instance;
  return { ...result, perSecond: result.requests.total / ((last - start) / 1000) };
}

/**
 * Request i's path, key and body; a retry repeats request i - RETRY_EVERY / 2 exactly. Three in four
 * are carts (`POST /api/orders`) of 1 to 5 tickets of mixed products, named where on site; the
 * fourth is the spec's one-ticket purchase.
 */
function purchaseFor(n) {
  const i = n % RETRY_EVERY === 0 && n > RETRY_EVERY ? n - RETRY_EVERY / 2 : n;
  const email = `load-${RUN}-${i}@example.com`;
  const key = `load-${RUN}-${i}-idempotency`;
  if (i % 4 === 0) {
    return {
      index: i,
      path: `/api/purchase/${PRODUCTS[i % PRODUCTS.length]}`,
      key,
      body: JSON.stringify({ email, lang: 'pl', consent: CONSENT }),
    };
  }
  const items = Array.from({ length: 1 + (i % 5) }, (_, k) => {
    const product = PRODUCTS[(i + k) % PRODUCTS.length];
    return product.startsWith('onsite') ? { product, name: `Load ${i}-${k}` } : { product };
  });
  return { index: i, path: '/api/orders', key, body: JSON.stringify({ email, lang: 'pl', items, consent: CONSENT }) };
}

/** Buyer i's own client address (a documentation range, 10.x for the burst). */
const addressOf = (i) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;

/** The hoarding attack's address and the invoice data of a private person (no tax number). */
const ATTACKER = '198.51.100.7';
const PERSON = { name: 'Jan Kowalski', street: 'ul. Długa 5', postalCode: '00-238', city: 'Warszawa', country: 'PL' };

/**
 * The hoarding attack of issue 43 against the VIP dinner, from one address: transfers of 20, 20
 * and 10 places with a private person's invoice data, the same by card, then one-place card orders
 * under new e-mails until refused. Then a real buyer from another address buys one place. Answers
 * what the attacker got and whether the dinner stayed on sale; every order made goes to `answered`.
 */
async function hoardingAttack(answered) {
  const post = async (body, address, key) => {
    const response = await fetch(`${BASE}/api/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'cf-connecting-ip': address, 'idempotency-key': key },
      body: JSON.stringify({ lang: 'pl', consent: CONSENT, ...body }),
    });
    const answer = await response.json().catch(() => ({}));
    answered.push({ status: response.status, orderId: answer.orderId ?? null, url: answer.url ?? null });
    return { status: response.status, error: answer.error };
  };
  const guests = (n) => Array.from({ length: n }, (_, k) => ({ product: 'onsite-vip', name: `Hoarder ${k}` }));
  const refusals = [];
  let held = 0;
  let n = 0;
  for (const payment of ['transfer', 'card']) {
    for (const size of [20, 20, 10]) {
      const body = { email: `hoarder-${RUN}-${++n}@example.com`, items: guests(size), invoice: PERSON };
      const result = await post(
        payment === 'transfer' ? { ...body, payment } : body,
        ATTACKER,
        `hoard-${RUN}-${n}-key`,
      );
      if (result.status === 201) held += size;
      else refusals.push(result.error);
    }
  }
  // One place at a time, a new e-mail each: the address's share, then refused.
  for (let i = 0; i < 20; i++) {
    const result = await post(
      { email: `hoarder-${RUN}-${++n}@example.com`, items: guests(1) },
      ATTACKER,
      `hoard-${RUN}-${n}-key`,
    );
    if (result.status !== 201) break;
    held++;
  }
  const vip = (await availability()).find((p) => p.id === 'onsite-vip');
  const buyer = await post(
    { email: `real-buyer-${RUN}@example.com`, items: [{ product: 'onsite-vip', name: 'Real Buyer' }] },
    '203.0.113.9',
    `real-buyer-${RUN}-key`,
  );
  return { held, refusals, onSale: vip?.status === 'on_sale', remaining: vip?.remaining, buyer: buyer.status };
}

/**
 * The late phase: a share of the burst's new orders is paid in the demo checkout at LATER, when
 * their holds have run out, interleaved with as many new purchases of the limited products (on-site
 * and online VIP) at the same instant, which race them for the places. Answers how many of each
 * were sent and what became of the late payments, read back from the orders.
 */
async function latePayments(answered) {
  const made = answered.filter((a) => a.status === 201 && a.url);
  // Every order of the limited products, whose places the new purchases fill, and a share of the rest.
  const productsOf = new Map((await storedOrders()).map((o) => [o.id, o.tickets.map((t) => t.product)]));
  const limited = (a) => (productsOf.get(a.orderId) ?? []).some((product) => LIMITED.has(product));
  const chosen = made.filter((a, i) => limited(a) || i % Math.round(1 / LATE_SHARE) === 0);
  const clock = { 'test-clock': LATER };
  let failed = 0;
  const payments = chosen.map((a) => async () => {
    const url = new URL(a.url);
    const response = await fetch(`${BASE}${url.pathname}/pay`, {
      method: 'POST',
      headers: { ...clock, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: url.searchParams.get('token') ?? '' }),
      redirect: 'manual',
    }).catch(() => null);
    if (response?.status !== 303) failed++;
    await response?.body?.cancel();
  });
  const purchases = chosen.map((_, i) => async () => {
    const product = i % 2 ? 'online-vip' : 'onsite-vip';
    const key = `late-${RUN}-${i}-idempotency`;
    const response = await fetch(`${BASE}/api/purchase/${product}`, {
      method: 'POST',
      headers: {
        ...clock,
        'content-type': 'application/json',
        'idempotency-key': key,
        'cf-connecting-ip': `172.16.${(i >> 8) & 255}.${i & 255}`,
      },
      body: JSON.stringify({ email: `late-${RUN}-${i}@example.com`, lang: 'pl', consent: CONSENT }),
    }).catch(() => null);
    const body = await response?.json().catch(() => ({}));
    if (!response || ![201, 409].includes(response.status)) failed++;
    answered.push({ status: response?.status ?? 0, orderId: body?.orderId ?? null, url: body?.url ?? null });
  });
  // A new buyer first, then a late payer, so that both win some of the races.
  await pool(
    payments.flatMap((pay, i) => [purchases[i], pay]),
    CONNECTIONS,
  );
  const ids = new Set(chosen.map((a) => a.orderId));
  const outcomes = { paid: 0, refunded: 0, other: 0 };
  for (const order of await storedOrders()) {
    if (!ids.has(order.id)) continue;
    if (order.status === 'paid') outcomes.paid++;
    else if (order.status === 'refunded') outcomes.refunded++;
    else outcomes.other++;
  }
  return { payments: payments.length, purchases: purchases.length, outcomes, failed };
}

try {
  await waitForServer();
  if (LISTS_ONLY) {
    const lists = await doorLists({
      base: BASE,
      adminToken: ADMIN_TOKEN,
      run: RUN,
      tickets: LISTS_TICKETS,
      connections: CONNECTIONS,
    });
    for (const line of listsReport(lists.figures)) console.log(line);
    clearTimeout(guard);
    if (lists.problems.length) await finish(1, `\nMISSED: ${lists.problems.join('; ')}`);
    console.log('\nEvery ticket admitted once, every repeat reported, no scan lost.');
    await finish(0);
  }
  const capacities = Object.fromEntries((await availability()).map((p) => [p.id, p.remaining]));
  // The door burst first, while on-site places are still free; its orders are counted below too.
  const door = await doorBurst({
    base: BASE,
    adminToken: ADMIN_TOKEN,
    run: RUN,
    tickets: DOOR_TICKETS,
    connections: CONNECTIONS,
  });
  const lists = LISTS_TICKETS
    ? await doorLists({
        base: BASE,
        adminToken: ADMIN_TOKEN,
        run: RUN,
        tickets: LISTS_TICKETS,
        connections: CONNECTIONS,
      })
    : null;

  // The yardstick: a prerendered page from the assets layer, same connections, same machine.
  const staticPage = (amount) =>
    timed(autocannon({ url: `${BASE}/pl/program`, connections: CONNECTIONS, amount, timeout: 30 }));
  // Both paths warm up first (the JIT, the Durable Object's start, SQLite's caches), untimed; the
  // warm-up's purchases are real orders and counted below like all the others.
  await staticPage(WARM_UP);
  const page = await staticPage(REQUESTS);

  let sent = 0;
  const answers = [...door.orders, ...(lists?.orders ?? [])].map((o) => ({
    status: 201,
    orderId: o.orderId,
    url: null,
  })); // { status, orderId, url }
  const attack = await hoardingAttack(answers);
  const vouchers = await voucherBurst({
    base: BASE,
    adminToken: ADMIN_TOKEN,
    run: RUN,
    requests: VOUCHER_REQUESTS,
    connections: CONNECTIONS,
  });
  answers.push(...vouchers.orders);
  const purchases = (amount) =>
    timed(
      autocannon({
        url: BASE,
        connections: CONNECTIONS,
        amount,
        timeout: 30,
        requests: [
          {
            method: 'POST',
            setupRequest: (request) => {
              const purchase = purchaseFor(++sent);
              return {
                ...request,
                path: purchase.path,
                headers: {
                  ...request.headers,
                  'content-type': 'application/json',
                  'idempotency-key': purchase.key,
                  'cf-connecting-ip': addressOf(purchase.index),
                },
                body: purchase.body,
              };
            },
            onResponse: (status, body) => {
              let orderId = null;
              let url = null;
              try {
                ({ orderId = null, url = null } = JSON.parse(body));
              } catch {}
              answers.push({ status, orderId, url });
            },
          },
        ],
      }),
    );
  await purchases(WARM_UP);
  const result = await purchases(REQUESTS);

  const statuses = Object.fromEntries(
    Object.entries(result.statusCodeStats ?? {}).map(([status, { count }]) => [status, Number(count)]),
  );
  const late = await latePayments(answers);
  const stored = await storedOrders();
  const voucherCheck = await vouchers.check(stored);
  const storedIds = new Set(stored.map((o) => o.id));
  const answeredIds = new Set(answers.filter((a) => a.status === 200 || a.status === 201).map((a) => a.orderId));
  const lost =
    [...answeredIds].filter((id) => !storedIds.has(id)).length +
    [...storedIds].filter((id) => !answeredIds.has(id)).length;
  // Each key has its own e-mail address, so two stored orders with one address are one key's two orders.
  const emails = stored.map((o) => o.email);
  const duplicated = emails.length - new Set(emails).size;
  // Places held at the late phase's instant: the tickets of paid orders, and of pending ones whose
  // hold runs past it.
  const holding = (ids) =>
    stored
      .filter((o) => o.status === 'paid' || (o.status === 'pending' && o.holdUntil > LATER))
      .reduce((n, o) => n + o.tickets.filter((t) => ids.includes(t.product)).length, 0);
  let oversold = 0;
  for (const product of PRODUCTS) {
    const capacity = capacities[product];
    if (capacity !== null && product !== 'onsite-standard' && product !== 'onsite-pro') {
      oversold += Math.max(0, holding([product]) - capacity);
    }
  }
  const arena = Math.max(capacities['onsite-standard'] ?? 0, capacities['onsite-pro'] ?? 0);
  oversold += Math.max(0, holding(['onsite-standard', 'onsite-pro', 'onsite-vip']) - arena);

  const purchasesPerSecond = result.perSecond;
  const ratio = purchasesPerSecond / page.perSecond;
  const perProduct = PRODUCTS.map((p) => `${p} ${holding([p])}`).join(', ');
  console.log(
    `\nPurchases: ${REQUESTS} timed requests over ${CONNECTIONS} connections after ${WARM_UP} untimed, every ${RETRY_EVERY}th a retry`,
  );
  console.log(`  local state    ${PERSIST_DIR}`);
  console.log(`  static page    ${Math.round(page.perSecond)} req/s (GET /pl/program)`);
  console.log(
    `  box office     ${Math.round(purchasesPerSecond)} purchases/s, ratio ${ratio.toFixed(2)} (line ${MIN_RATIO})`,
  );
  console.log(
    `  latency        p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms`,
  );
  console.log(`  answers        ${JSON.stringify(statuses)} (errors ${result.errors}, timeouts ${result.timeouts})`);
  console.log(
    `  late payments  ${late.payments} sent after the hold beside ${late.purchases} new purchases: ` +
      `${late.outcomes.paid} took a free place, ${late.outcomes.refunded} refunded, ${late.outcomes.other} other`,
  );
  const d = door.figures;
  console.log(
    `  door burst     ${d.tickets} holder changes raced scans of the old codes: ${d.changed} changes made, ` +
      `${d.refusedChanges} refused (409, the old holder admitted: ${d.oldAdmitted}), both 200: ${d.bothAdmitted}`,
  );
  console.log(
    `  door after     old codes admitted after their change: ${d.oldAdmittedAfterChange}; ` +
      `new holders admitted: ${d.newAdmitted}; admitted twice: ${d.admittedTwice}; lost: ${d.lost}`,
  );
  console.log(
    `  hoarding       one address held ${attack.held} VIP dinner places (share ${VIP_SHARE}); refused ` +
      `${attack.refusals.join(', ')}; dinner ${attack.onSale ? 'on sale' : 'OFF SALE'} with ${attack.remaining} left; ` +
      `a real buyer got ${attack.buyer}`,
  );
  if (lists) for (const line of listsReport(lists.figures)) console.log(line);
  const v = voucherCheck.figures;
  console.log(
    `  vouchers       ${v.requests} purchases raced two vouchers (${vouchers.uses} and ${vouchers.freeUses} uses): ` +
      `${v.redeemed} and ${v.freeRedeemed} redeemed; answers ${JSON.stringify(v.statuses)}`,
  );
  console.log(
    `  free tickets   ${v.comps} issued of ${voucherCheck.compExpected} rows (one batch sent twice with one key: ${v.compAnswers.join(', ')})`,
  );
  console.log(`  orders         ${stored.length} stored, holding at ${LATER}: ${perProduct}`);
  console.log(`  oversold       ${oversold}`);
  console.log(`  lost           ${lost}`);
  console.log(`  duplicated     ${duplicated + voucherCheck.compDuplicated}`);
  console.log(`  over-redeemed  ${voucherCheck.overRedeemed}`);

  const problems = [];
  if (answeredIds.size === 0) problems.push('no purchase succeeded');
  if (attack.held > VIP_SHARE) problems.push(`the hoarding attack held ${attack.held} VIP places, over ${VIP_SHARE}`);
  if (!attack.onSale || attack.buyer !== 201) problems.push('the hoarding attack took the VIP dinner off sale');
  if (oversold) problems.push(`${oversold} places oversold`);
  if (lost) problems.push(`${lost} orders lost`);
  if (duplicated) problems.push(`${duplicated} duplicated orders`);
  if (voucherCheck.overRedeemed) problems.push(`${voucherCheck.overRedeemed} voucher uses over their limit`);
  if (voucherCheck.compDuplicated) problems.push(`${voucherCheck.compDuplicated} free tickets issued twice`);
  if (v.comps !== voucherCheck.compExpected)
    problems.push(`${v.comps} free tickets of ${voucherCheck.compExpected} rows`);
  if (v.redeemed !== vouchers.uses || v.freeRedeemed !== vouchers.freeUses) {
    problems.push(`vouchers redeemed ${v.redeemed} and ${v.freeRedeemed}, not all of their uses`);
  }
  if (result.errors || result.timeouts) problems.push(`${result.errors} errors, ${result.timeouts} timeouts`);
  if (late.outcomes.other) problems.push(`${late.outcomes.other} late payments neither paid nor refunded`);
  if (late.failed) problems.push(`${late.failed} requests of the late phase failed`);
  if (d.bothAdmitted || d.admittedTwice)
    problems.push(`door: ${d.bothAdmitted + d.admittedTwice} tickets admitted twice`);
  if (d.oldAdmittedAfterChange) problems.push(`door: ${d.oldAdmittedAfterChange} old codes admitted after the change`);
  if (d.lost) problems.push(`door: ${d.lost} tickets admit nobody`);
  if (d.other) problems.push(`door: ${d.other} holder changes answered neither 200 nor 409`);
  if (lists) problems.push(...lists.problems);
  if (ratio < MIN_RATIO) problems.push(`purchases/s is ${ratio.toFixed(2)} of a static page's, under ${MIN_RATIO}`);

  clearTimeout(guard);
  if (problems.length) await finish(1, `\nMISSED: ${problems.join('; ')}`);
  console.log('\nNothing oversold, over-redeemed, lost or duplicated; the box office kept up.');
  await finish(0);
} catch (error) {
  await finish(1, `load: ${error.message ?? error}`);
}
