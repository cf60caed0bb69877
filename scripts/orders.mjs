// Prints the orders (or contact messages) for organisers, as a table or CSV. Orders live in the box
// office (a Durable Object), so they are read through the admin API of a running site.
//   npm run orders                         the local `npm start` on 127.0.0.1:$PORT (8787); needs ADMIN_TOKEN
//   npm run orders -- --csv                CSV instead of a table
//   npm run orders -- --messages           contact messages instead of orders
//   npm run orders -- --messages --persist DIR   messages of another local state folder
//   npm run orders -- --remote URL         a deployed site, through GET /api/admin/...; needs ADMIN_TOKEN
import { getPlatformProxy } from 'wrangler';

const args = process.argv.slice(2);
const option = (name) => {
  const index = args.indexOf(name);
  return index >= 0 ? args[index + 1] : undefined;
};
const csv = args.includes('--csv');
const kind = args.includes('--messages') ? 'messages' : 'orders';
const remote = option('--remote');

const ORDER_COLUMNS = [
  'createdAt',
  'code',
  'status',
  'product',
  'gross',
  'currency',
  'email',
  'lang',
  'provider',
  'id',
];

async function fromRemote(base) {
  const token = process.env.ADMIN_TOKEN;
  if (!token) throw new Error('Set ADMIN_TOKEN to the site’s admin token (locally: the one in .dev.vars).');
  const root = `${base.replace(/\/$/, '')}/api/admin/${kind}`;
  const get = async (url) => {
    const response = await fetch(url, { headers: { Authorization: `Bearer ${token}` } });
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    return response;
  };
  if (csv) return (await get(`${root}?format=csv`)).text();
  if (kind === 'messages') return (await (await get(root)).json()).messages;
  // Orders come a page at a time.
  const orders = [];
  let cursor = null;
  do {
    const page = await (await get(`${root}?limit=1000${cursor ? `&cursor=${cursor}` : ''}`)).json();
    orders.push(...page.orders);
    cursor = page.cursor;
  } while (cursor);
  return orders;
}

async function fromLocal() {
  const persist = option('--persist') ?? '.wrangler/state';
  const proxy = await getPlatformProxy({ configPath: 'wrangler.toml', persist: { path: `${persist}/v3` } });
  try {
    const kv = proxy.env.ORDERS;
    const records = [];
    let cursor;
    do {
      const page = await kv.list({ prefix: kind === 'orders' ? 'order:' : 'message:', cursor });
      for (const key of page.keys) {
        const value = await kv.get(key.name, 'json');
        if (value) records.push(value);
      }
      cursor = page.list_complete ? undefined : page.cursor;
    } while (cursor);
    return records.map(({ tokenHash: _secret, ...record }) => record);
  } finally {
    await proxy.dispose();
  }
}

function toCsv(records, columns) {
  const cell = (value) => {
    let text =
      value === undefined || value === null ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value);
    if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
    return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
  };
  return [columns.join(','), ...records.map((r) => columns.map((c) => cell(r[c])).join(','))].join('\n');
}

const local = `http://127.0.0.1:${process.env.PORT || 8787}`;
const records = remote || kind === 'orders' ? await fromRemote(remote ?? local) : await fromLocal();
if (typeof records === 'string') {
  process.stdout.write(records);
} else {
  const columns = kind === 'orders' ? ORDER_COLUMNS : [...new Set(records.flatMap((r) => Object.keys(r)))];
  const rows = records.map((r) =>
    Object.fromEntries(
      columns.map((c) => [c, c === 'gross' && typeof r.gross === 'number' ? (r.gross / 100).toFixed(2) : r[c]]),
    ),
  );
  if (csv) console.log(toCsv(rows, columns));
  else if (rows.length === 0) console.log(`No ${kind} yet.`);
  else console.table(rows);
  if (!csv) console.log(`${records.length} ${kind}`);
}
