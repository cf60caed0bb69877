// Serves the production build (dist/, made by `npm run build`) with wrangler in workerd:
// local KV persisted under .wrangler/state (or PERSIST_DIR), on 127.0.0.1:PORT (default 8787).
import { spawn } from 'node:child_process';
import { existsSync, openSync } from 'node:fs';
import { createRequire } from 'node:module';

if (!existsSync('dist/ai_congress/wrangler.json') && !process.argv.includes('--config')) {
  console.error('No build found: run `npm run build` first (npm start does both).');
  process.exit(1);
}
const port = process.env.PORT || '8787';
const persist = process.env.PERSIST_DIR || '.wrangler/state';
// A port of its own for the inspector, so several servers (tests, a dev run) can run side by side.
const inspector = process.env.INSPECTOR_PORT || String(Number(port) + 10000);
const args = ['dev', '--ip', '127.0.0.1', '--port', port, '--persist-to', persist, '--inspector-port', inspector];
args.push('--show-interactive-dev-session=false', '--log-level', process.env.WRANGLER_LOG || 'warn');
// The e-mails of local orders link to this server, not to the production site (worker/email/deliver.ts).
args.push('--var', `LOCAL_ORIGIN:http://127.0.0.1:${port}`);
// VAT numbers are checked against the VIES fake this server serves itself (worker/tax/vies-fake.ts).
args.push('--var', `VIES_API_BASE:http://127.0.0.1:${port}/_fake/vies`);
// Anything after the script name goes to wrangler dev, e.g. `--var ADMIN_TOKEN:local-secret`.
args.push(...process.argv.slice(2));
// wrangler's own script, not through npx: a signal then reaches wrangler, which stops workerd.
const wrangler = createRequire(import.meta.url).resolve('wrangler/bin/wrangler.js');
// wrangler's local explorer (/cdn-cgi/explorer) would show the local KV, Durable Object and queue
// state (contact messages, the purchase log) to anyone who can reach the port, without the
// organisers' token: off unless asked for with X_LOCAL_EXPLORER=true.
const env = { ...process.env, X_LOCAL_EXPLORER: process.env.X_LOCAL_EXPLORER ?? 'false' };
// SERVER_LOG=<file>: wrangler's and the worker's output go to that file (the browser tests keep
// it, so a failure can be read beside the worker's own account of it).
const output = process.env.SERVER_LOG ? openSync(process.env.SERVER_LOG, 'a') : 'inherit';
const child = spawn(process.execPath, [wrangler, ...args], { stdio: ['ignore', output, output], env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));

// Announce the URL once the worker answers.
const url = `http://127.0.0.1:${port}`;
for (let attempt = 0; attempt < 240; attempt++) {
  try {
    await fetch(`${url}/pl`, { redirect: 'manual' });
    console.log(`\nThe congress site is running at ${url}  (Ctrl+C stops it)\n`);
    break;
  } catch {
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
