// Load check of the purchase endpoint: serves the production build with wrangler on loopback
// (its own port and a fresh local KV), sends a bounded burst of concurrent valid purchases with
// autocannon, then reads the orders back through the admin API. Every 200/201 answer must be
// exactly one stored order and every stored order one such answer; prints p50/p99 latency and the
// counts, and exits non-zero on any mismatch.
//   npm run load                                  build, then 400 purchases over 20 connections
//   npm run load -- --no-build                    use the existing dist/
//   npm run load -- --requests 1000 --connections 50
// LOAD_PORT (default 8823) moves the server; the whole run stops after LOAD_TIMEOUT seconds (180).
import { execFileSync, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import autocannon from 'autocannon';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const index = args.indexOf(name);
  const value = index >= 0 ? Number(args[index + 1]) : fallback;
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} needs a positive whole number`);
  return value;
};
const REQUESTS = option('--requests', 400);
const CONNECTIONS = Math.min(option('--connections', 20), REQUESTS);
const PORT = Number(process.env.LOAD_PORT ?? 8823);
const BASE = `http://127.0.0.1:${PORT}`;
const PERSIST_DIR = '.wrangler/load-state';
const TIMEOUT_SECONDS = Number(process.env.LOAD_TIMEOUT ?? 180);
// A throwaway organiser token for this server only, to read the orders back.
const ADMIN_TOKEN = `load-${randomUUID()}`;
const RUN = Date.now().toString(36);

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
  ['scripts/serve.mjs', '--config', 'dist/ai_congress/wrangler.load.json', '--var', `ADMIN_TOKEN:${ADMIN_TOKEN}`],
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

async function storedOrders() {
  const response = await fetch(`${BASE}/api/admin/orders`, { headers: { Authorization: `Bearer ${ADMIN_TOKEN}` } });
  if (!response.ok) throw new Error(`GET /api/admin/orders answered ${response.status}`);
  return (await response.json()).orders;
}

try {
  await waitForServer();
  const before = await storedOrders();

  // One buyer, e-mail and Idempotency-Key per request, so each answer stands for its own order.
  let sent = 0;
  const answered = [];
  const result = await autocannon({
    url: BASE,
    connections: CONNECTIONS,
    amount: REQUESTS,
    timeout: 30,
    requests: [
      {
        method: 'POST',
        path: '/api/purchase/standard',
        setupRequest: (request) => {
          sent++;
          return {
            ...request,
            headers: {
              ...request.headers,
              'content-type': 'application/json',
              'idempotency-key': `load-${RUN}-${sent}`,
            },
            body: JSON.stringify({ email: `load-${RUN}-${sent}@example.com`, lang: 'pl' }),
          };
        },
        onResponse: (status, body) => {
          if (status === 200 || status === 201) {
            try {
              answered.push(JSON.parse(body).orderId);
            } catch {
              answered.push(null);
            }
          }
        },
      },
    ],
  });

  const statuses = Object.fromEntries(
    Object.entries(result.statusCodeStats ?? {}).map(([status, { count }]) => [status, Number(count)]),
  );
  const ok = (statuses[200] ?? 0) + (statuses[201] ?? 0);
  const known = new Set(before.map((order) => order.id));
  const created = (await storedOrders()).filter((order) => !known.has(order.id));
  const createdIds = new Set(created.map((order) => order.id));
  const answeredIds = new Set(answered);
  const unanswered = [...createdIds].filter((id) => !answeredIds.has(id));
  const missing = [...answeredIds].filter((id) => !createdIds.has(id));

  console.log(`\nPOST /api/purchase/standard: ${REQUESTS} requests over ${CONNECTIONS} connections`);
  console.log(
    `  latency        p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms`,
  );
  console.log(`  throughput     ${Math.round(result.requests.average)} req/s over ${result.duration} s`);
  console.log(`  answers        ${JSON.stringify(statuses)} (errors ${result.errors}, timeouts ${result.timeouts})`);
  console.log(`  200/201        ${ok}`);
  console.log(`  orders stored  ${created.length}`);

  const problems = [];
  if (ok === 0) problems.push('no purchase succeeded');
  if (created.length !== ok) problems.push(`${created.length} orders stored for ${ok} successful answers`);
  if (answered.length !== ok || answeredIds.size !== ok) problems.push('answers without a distinct order id');
  if (unanswered.length) problems.push(`${unanswered.length} stored orders no answer reported`);
  if (missing.length) problems.push(`${missing.length} answered order ids not in KV`);
  if (ok !== REQUESTS) console.warn(`  note: ${REQUESTS - ok} requests did not succeed (see answers above)`);

  clearTimeout(guard);
  if (problems.length) await finish(1, `\nMISMATCH: ${problems.join('; ')}`);
  console.log('\nEvery successful answer is exactly one stored order.');
  await finish(0);
} catch (error) {
  await finish(1, `load: ${error.message ?? error}`);
}
