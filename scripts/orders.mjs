// Prints the orders (or contact messages) for organisers, as a table or CSV.
//   npm run orders                         local KV of `npm start` (.wrangler/state)
//   npm run orders -- --csv                CSV instead of a table
//   npm run orders -- --messages           contact messages instead of orders
//   npm run orders -- --persist DIR        another local state folder
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

const ORDER_COLUMNS = ['createdAt', 'code', 'status', 'plan', 'gross', 'currency', 'email', 'lang', 'provider', 'id'];

async function fromRemote(base) {
  const token = process.env.ADMIN_TOKEN;
  if (!token) throw new Error('Set ADMIN_TOKEN to the site’s admin token to read remote orders.');
  const url = `${base.replace(/\/$/, '')}/api/admin/${kind}${csv ? '?format=csv' : ''}`;
  const response = await fetch(url, { headers: { Authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return csv ? await response.text() : (await response.json())[kind];
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

const records = remote ? await fromRemote(remote) : await fromLocal();
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
